package egdb

import "testing"

// TestParseMaterial reads slice names back and refuses bad ones.
func TestParseMaterial(t *testing.T) {
	tests := []struct {
		name string
		want Material
		ok   bool
	}{
		{"1m2k-0m1k", Material{1, 2, 0, 1}, true},
		{"0m1k-0m1k", Material{0, 1, 0, 1}, true},
		{"4m0k-4m0k", Material{4, 0, 4, 0}, true},
		{"0m0k-0m1k", Material{}, false}, // the side to move has no piece
		{"5m0k-4m0k", Material{}, false}, // more than MaxPieces
		{"1m2k-0m1kx", Material{}, false},
		{"01m2k-0m1k", Material{}, false}, // not as String writes it
		{"1m2k0m1k", Material{}, false},
		{"", Material{}, false},
	}
	for _, tt := range tests {
		got, err := ParseMaterial(tt.name)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseMaterial(%q) = %v, %v; want %v, ok %v", tt.name, got, err, tt.want, tt.ok)
		}
		if tt.ok && got.String() != tt.name {
			t.Errorf("%v.String() = %q, want %q", got, got.String(), tt.name)
		}
	}
}

// TestBuildOrder: in Slices(n) every slice comes after every slice a
// capture or a promotion can lead into (seen from the side then to move,
// so mirrored), and right next to its mirror.
func TestBuildOrder(t *testing.T) {
	const n = 6
	ms := Slices(n)
	pos := map[Material]int{}
	for i, m := range ms {
		pos[m] = i
	}
	for i, m := range ms {
		var next []Material
		if m.BM > 0 { // a man of the side to move promotes
			next = append(next, Material{m.BM - 1, m.BK + 1, m.WM, m.WK}.Mirror())
		}
		if m.WM > 0 { // a capture takes a man
			next = append(next, Material{m.BM, m.BK, m.WM - 1, m.WK}.Mirror())
		}
		if m.WK > 0 { // or a king
			next = append(next, Material{m.BM, m.BK, m.WM, m.WK - 1}.Mirror())
		}
		for _, s := range next {
			if !s.Valid() {
				continue // the capture took the last piece
			}
			if j, ok := pos[s]; !ok || j >= i {
				t.Errorf("%v (at %d) leads into %v (at %d)", m, i, s, j)
			}
		}
		if j := pos[m.Mirror()]; j != i && j != i+1 && j != i-1 {
			t.Errorf("%v at %d, its mirror at %d", m, i, j)
		}
	}
	for _, p := range pairs(n) {
		if len(p) == 2 && p[1] != p[0].Mirror() || len(p) == 1 && p[0] != p[0].Mirror() {
			t.Errorf("pair %v is no slice and its mirror", p)
		}
	}
}
