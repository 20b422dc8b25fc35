package movegen

import (
	"slices"
	"testing"
)

// mustSquares reads a path written "10x17x26" (or with '-') into squares.
func mustSquares(t testing.TB, s string) []Square {
	t.Helper()
	sq, err := ParsePath(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

func pathStrings(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.PathString()
	}
	return out
}

// TestResolvePath checks full matches, ambiguous paths and unfinished ones,
// with the duplicate-capture cases of both rule sets: two routes to one
// result, one from and to with different captured sets, a short capture
// that a ring repeats, the Pool landing rule, the Pool man that jumps on
// past the crowning row, and a flying king capturing twice along one
// diagonal (any square between the two captured pieces may be named).
func TestResolvePath(t *testing.T) {
	const (
		ring       = "W:WK10:B14,15,22,23"    // American king ring, two routes
		twoCapture = "W:W18:B1,6,K7,14,15,24" // 18x2 takes 14 and 6 or 15 and 7
		twoRings   = "W:W5,K9,23:BK6,7,K8,K14,15,K17,K30"
		shortRing  = "B:WK4,7,K8,15,16,18,23:B5,K19" // 19x26 and a ring ending with it
		kingRing   = "W:WK15:B11,18,19,26,27"        // 15x8, and rings back to 15 then x8
		poolRing   = "B:W14,15,22,23:BK10"           // 6 routes, 5 moves
		landing    = "W:WK29:B22,19"                 // the landing rule forces 15
		straight   = "W:WK29:B22,11"                 // two captures along the long diagonal
		straight3  = "W:WK29:B25,18,11"              // three
	)
	tests := []struct {
		v      Variant
		fen    string
		path   string
		status PathStatus
		want   []string // the move's path (PathMove) or the candidates
	}{
		{American, "B:W21-32:B1-12", "11-15", PathMove, []string{"11-15"}},
		{American, "B:W21-32:B1-12", "11x16", PathMove, []string{"11-16"}},
		{American, "B:W21-32:B1-12", "11-17", PathIllegal, nil},
		{American, "B:W21-32:B1-12", "11-15-19", PathIllegal, nil},
		{American, "B:W21-32:B1-12", "22-18", PathIllegal, nil},

		{American, ring, "10x17x26x19x10", PathMove, []string{"10x17x26x19x10"}},
		{American, ring, "10x19x26x17x10", PathMove, []string{"10x17x26x19x10"}}, // GenerateMoves' route
		{American, ring, "10x10", PathMove, []string{"10x17x26x19x10"}},
		{American, ring, "10x26x10", PathMove, []string{"10x17x26x19x10"}},
		{American, ring, "10x17", PathUnfinished, []string{"10x17x26x19x10", "10x19x26x17x10"}},
		{American, ring, "10x17x19", PathUnfinished, []string{"10x17x26x19x10"}},
		{American, ring, "10x26", PathUnfinished, []string{"10x17x26x19x10", "10x19x26x17x10"}},
		{American, ring, "10x17x10x26", PathIllegal, nil},
		{American, "B:W25,26:B23", "23x30", PathMove, []string{"23x30"}},
		{American, "B:W25,26:B23", "23x30x21", PathIllegal, nil},

		{American, twoCapture, "18x2", PathAmbiguous, []string{"18x9x2", "18x11x2"}},
		{American, twoCapture, "18x11x2", PathMove, []string{"18x11x2"}},
		{American, twoCapture, "18x9", PathUnfinished, []string{"18x9x2"}},
		{American, twoRings, "9x4", PathAmbiguous, []string{"9x18x11x4", "9x2x11x4"}},
		{American, twoRings, "9x11x4", PathAmbiguous, []string{"9x18x11x4", "9x2x11x4"}},
		{American, twoRings, "9x2x4", PathMove, []string{"9x2x11x4"}},
		{American, twoRings, "9x9", PathMove, []string{"9x18x11x2x9"}},
		{American, twoRings, "9x2x11x18x9", PathMove, []string{"9x18x11x2x9"}},
		{American, twoRings, "9x18", PathUnfinished, []string{"9x18x11x2x9", "9x18x11x4", "9x2x11x18x9"}},
		{American, shortRing, "19x26", PathMove, []string{"19x26"}},
		{American, shortRing, "19x10x3x12x19x26", PathMove, []string{"19x10x3x12x19x26"}},
		{American, shortRing, "19x12x26", PathMove, []string{"19x10x3x12x19x26"}},
		{American, kingRing, "15x8", PathMove, []string{"15x8"}},
		{American, kingRing, "15x22x31x24x15x8", PathMove, []string{"15x22x31x24x15x8"}},
		{American, kingRing, "15x24x31x22x15x8", PathMove, []string{"15x22x31x24x15x8"}},
		{American, kingRing, "15x31x8", PathMove, []string{"15x22x31x24x15x8"}},

		{Pool, poolRing, "10x10", PathMove, []string{"10x17x26x19x10"}},
		{Pool, poolRing, "10x19x10", PathMove, []string{"10x17x26x19x10"}},
		{Pool, poolRing, "10x6", PathMove, []string{"10x17x26x19x6"}},
		{Pool, poolRing, "10x19x26x17x3", PathMove, []string{"10x19x26x17x3"}},
		{Pool, poolRing, "10x17x26x19", PathUnfinished, []string{"10x17x26x19x1", "10x17x26x19x6", "10x17x26x19x10"}},
		{Pool, landing, "29x15", PathUnfinished, []string{"29x15x24", "29x15x28"}},
		{Pool, landing, "29x24", PathMove, []string{"29x15x24"}},
		{Pool, landing, "29x18", PathIllegal, nil},
		{Pool, landing, "29x11", PathIllegal, nil},
		{Pool, "W:W9:B6,7", "9x2", PathUnfinished, []string{"9x2x11"}},
		{Pool, "W:W9:B6,7", "9x11", PathMove, []string{"9x2x11"}},
		{Pool, "W:W9:B6,16", "9x2", PathMove, []string{"9x2"}},
		{Pool, "W:WK29:B22,10,9,26", "29x13", PathMove, []string{"29x15x6x13"}},
		{Pool, "W:WK29:B22,10,9,26", "29x18x5", PathMove, []string{"29x18x5"}},
		{Pool, straight, "29x8", PathMove, []string{"29x18x8"}},
		{Pool, straight, "29x18x8", PathMove, []string{"29x18x8"}},
		{Pool, straight, "29x15x8", PathMove, []string{"29x18x8"}},
		{Pool, straight, "29x15", PathUnfinished, []string{"29x18x4", "29x18x8"}},
		{Pool, straight, "29x25x8", PathIllegal, nil},
		{Pool, straight, "29x22x8", PathIllegal, nil},
		{Pool, straight, "29x15x18x8", PathIllegal, nil},
		{Pool, straight3, "29x22x11x4", PathIllegal, nil},
		{Pool, straight3, "29x22x15x4", PathMove, []string{"29x22x15x4"}},
		{Pool, straight3, "29x22x8", PathMove, []string{"29x22x15x8"}},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen, tc.v)
		r := p.ResolvePath(mustSquares(t, tc.path))
		got := pathStrings(r.Candidates)
		if r.Status == PathMove {
			got = []string{r.Move.PathString()}
		}
		if r.Status != tc.status || !slices.Equal(got, tc.want) {
			t.Errorf("%v %s: ResolvePath(%s) = status %d %q, want %d %q", tc.v, tc.fen, tc.path, r.Status, got, tc.status, tc.want)
		}
		if r.Status == PathMove && !p.IsLegal(r.Move) {
			t.Errorf("%v %s: ResolvePath(%s) = %v, not legal", tc.v, tc.fen, tc.path, r.Move)
		}
	}
}

// TestResolvePathBadInput checks that paths too short or off the board are
// refused without a panic.
func TestResolvePathBadInput(t *testing.T) {
	p := StartPosition(American)
	for _, path := range [][]Square{nil, {10}, {40, 41}, {10, 200}, {NoSquare, 14}} {
		if r := p.ResolvePath(path); r.Status != PathIllegal || r.Candidates != nil {
			t.Errorf("ResolvePath(%v) = %+v, want PathIllegal", path, r)
		}
	}
}

// TestResolvePathAllocs checks that naming a legal move allocates nothing.
func TestResolvePathAllocs(t *testing.T) {
	tests := []struct {
		v         Variant
		fen, path string
	}{
		{American, "B:W21-32:B1-12", "11-15"},
		{American, "W:WK10:B14,15,22,23", "10x19x26x17x10"},
		{Pool, "W:WK29:B22,11", "29x15x8"},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen, tc.v)
		path := mustSquares(t, tc.path)
		if n := testing.AllocsPerRun(100, func() { _ = p.ResolvePath(path) }); n != 0 {
			t.Errorf("%s ResolvePath(%s): %.1f allocations, want 0", tc.fen, tc.path, n)
		}
	}
}

// FuzzResolvePath checks that no path makes ResolvePath panic and that what
// it reports holds: a named move is legal and runs from the path's first
// square to its last, ambiguous candidates are different moves each named
// by its own full path, and unfinished candidates start where the path does
// and stop elsewhere.
func FuzzResolvePath(f *testing.F) {
	seeds := []struct {
		fen  string
		path []byte
		pool bool
	}{
		{"B:W21-32:B1-12", []byte{10, 14}, false},
		{"W:WK10:B14,15,22,23", []byte{9, 9}, false},
		{"W:WK10:B14,15,22,23", []byte{9, 16}, false},
		{"W:W5,K9,23:BK6,7,K8,K14,15,K17,K30", []byte{8, 3}, false},
		{"B:W14,15,22,23:BK10", []byte{9, 18, 9}, true},
		{"W:WK29:B22,11", []byte{28, 14, 7}, true},
		{"W:WK29:B22,19", []byte{28, 14}, true},
		{"B:W21-32:B1-12", []byte{255, 0, 31, 32}, false},
	}
	for _, s := range seeds {
		f.Add(s.fen, s.path, s.pool)
	}
	f.Fuzz(func(t *testing.T, fen string, raw []byte, pool bool) {
		v := American
		if pool {
			v = Pool
		}
		p, err := ParseFEN(fen, v)
		if err != nil || len(raw) > 1+MaxPiecesPerSide {
			return
		}
		path := make([]Square, len(raw))
		for i, b := range raw {
			path[i] = Square(b)
		}
		r := p.ResolvePath(path)
		switch r.Status {
		case PathMove:
			m := r.Move
			if !p.IsLegal(m) || m.From != path[0] || m.To != path[len(path)-1] || r.Candidates != nil {
				t.Fatalf("%s: ResolvePath(%v) = %v %v", fen, path, m, r.Candidates)
			}
		case PathAmbiguous:
			for i, m := range r.Candidates {
				back := p.ResolvePath(mustSquares(t, m.PathString()))
				if back.Status != PathMove || !back.Move.Same(m) || i > 0 && m.Same(r.Candidates[0]) {
					t.Fatalf("%s: ResolvePath(%v): ambiguous candidate %v resolves to %+v", fen, path, m, back)
				}
			}
			if len(r.Candidates) < 2 {
				t.Fatalf("%s: ResolvePath(%v): ambiguous with %v", fen, path, r.Candidates)
			}
		case PathUnfinished:
			for _, m := range r.Candidates {
				if m.From != path[0] || m.To == path[len(path)-1] || !p.IsLegal(m) {
					t.Fatalf("%s: ResolvePath(%v): unfinished candidate %v", fen, path, m)
				}
			}
			if len(r.Candidates) == 0 {
				t.Fatalf("%s: ResolvePath(%v): unfinished without candidates", fen, path)
			}
		case PathIllegal:
			if r.Candidates != nil {
				t.Fatalf("%s: ResolvePath(%v): illegal with candidates %v", fen, path, r.Candidates)
			}
		default:
			t.Fatalf("%s: ResolvePath(%v): status %d", fen, path, r.Status)
		}
	})
}
