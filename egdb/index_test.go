package egdb

import (
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// TestIndexRoundTrip unranks every index of every slice up to four pieces
// (three with -short) and checks the position is legal for the slice, ranks
// back to the same index, and differs from every other one.
func TestIndexRoundTrip(t *testing.T) {
	n := 4
	if testing.Short() {
		n = 3
	}
	for _, m := range Slices(n) {
		size := Size(m)
		seen := make(map[[3]movegen.Bitboard]bool, size)
		for i := int64(0); i < size; i++ {
			p := Unindex(m, i, movegen.American)
			if err := p.Validate(); err != nil {
				t.Fatalf("%v #%d: %v (%s)", m, i, err, p.FEN())
			}
			if MaterialOf(&p) != m || p.Turn != movegen.Black {
				t.Fatalf("%v #%d: position %s has material %v", m, i, p.FEN(), MaterialOf(&p))
			}
			if men := p.Men(movegen.Black); men&rowBlackCrown != 0 {
				t.Fatalf("%v #%d: Black man on its crowning row: %s", m, i, p.FEN())
			}
			if men := p.Men(movegen.White); men&rowBlackBack != 0 {
				t.Fatalf("%v #%d: White man on its crowning row: %s", m, i, p.FEN())
			}
			key := [3]movegen.Bitboard{p.Pieces[0], p.Pieces[1], p.Kings}
			if seen[key] {
				t.Fatalf("%v #%d: position %s twice", m, i, p.FEN())
			}
			seen[key] = true
			if gm, j, ok := Index(&p); !ok || gm != m || j != i {
				t.Fatalf("%v #%d: %s indexes to %v #%d (ok %v)", m, i, p.FEN(), gm, j, ok)
			}
		}
	}
}

// TestSizes checks slice sizes against counts made by enumerating squares
// directly, for a few slices of each kind.
func TestSizes(t *testing.T) {
	tests := []struct {
		name string
		want int64
	}{
		{"0m1k-0m1k", 32 * 31},
		{"0m2k-0m1k", 32 * 31 * 30 / 2},
		{"1m0k-0m1k", 28 * 31},
		{"1m0k-1m0k", 4*28 + 24*27}, // Black man on row 0: 28 squares for White's; in the middle: 27
		{"0m1k-1m0k", 28 * 31},
		{"2m0k-0m0k", 0},
	}
	for _, tt := range tests {
		m, err := ParseMaterial(tt.name)
		if tt.want == 0 {
			if err == nil {
				t.Errorf("ParseMaterial(%q) accepted a side with no pieces", tt.name)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := Size(m); got != tt.want {
			t.Errorf("Size(%s) = %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestTurnRound: turnRound is movegen's Flip without the hash.
func TestTurnRound(t *testing.T) {
	for _, fen := range []string{"W:WK19,K23:BK28,12", "B:W21-32:B1-12", "B:WK1:B27", "W:W5,K9:B28,K30"} {
		p, err := movegen.ParseFEN(fen, movegen.Pool)
		if err != nil {
			t.Fatal(err)
		}
		got, want := turnRound(&p), p.Flip()
		want.Hash = 0
		if got != want {
			t.Errorf("%s: turnRound %s, Flip %s", fen, got.FEN(), want.FEN())
		}
	}
}
