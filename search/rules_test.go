package search

import (
	"context"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// TestRepetitionDraw: Black's only move reaches, for the third time, a
// position of the game history, so the search claims a draw although
// White is two men up; after a single earlier occurrence it scores the
// return as a draw but claims nothing, as the rules draw only the third.
func TestRepetitionDraw(t *testing.T) {
	v := movegen.American
	root := mustFEN(t, "B:WK30,32,21,22:BK4,28", v)
	cycle := []movegen.Position{
		mustFEN(t, "W:WK30,32,21,22:BK8,28", v),
		mustFEN(t, "B:WK26,32,21,22:BK8,28", v),
		mustFEN(t, "W:WK26,32,21,22:BK4,28", v),
	}
	hist := append(append(append([]movegen.Position{}, cycle...), root), cycle...)
	e := newEngine(t, Options{HashMiB: 1})
	res := searchOK(t, e, context.Background(), Request{Pos: root, History: cycle, Limits: Limits{Depth: 8}})
	if res.Score != DrawScore || res.Claim != movegen.Unknown {
		t.Errorf("after one occurrence: score %d claim %v, want a draw score and no claim", res.Score, res.Claim)
	}
	e.Clear()
	res = searchOK(t, e, context.Background(), Request{Pos: root, History: hist, Limits: Limits{Depth: 8}})
	if res.Score != DrawScore || res.Claim != movegen.Draw {
		t.Errorf("after two occurrences: score %d claim %v, want a proven draw", res.Score, res.Claim)
	}
	e.Clear()
	res = searchOK(t, e, context.Background(), Request{Pos: root, Limits: Limits{Depth: 8}})
	if res.Score >= -100 {
		t.Errorf("without history: score %d, want White's material lead", res.Score)
	}
}

// kingWalk returns n made-up positions of kings only before root, with
// alternating sides to move, none equal to root or its successors: a
// history of reversible moves for the count rules. own are the squares of
// the side to move at the root (fixed), the opponent's single king walks.
func kingWalk(t *testing.T, root movegen.Position, n int, own []int) []movegen.Position {
	t.Helper()
	var free []movegen.Square
	var ownSet movegen.Bitboard
	for _, s := range own {
		ownSet |= movegen.Square(s - 1).Bit()
	}
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		if !ownSet.Has(s) {
			free = append(free, s)
		}
	}
	us := root.Turn
	var hist []movegen.Position
	for i := 0; i < n; i++ {
		p := movegen.Position{Variant: root.Variant, Turn: us ^ movegen.Colour((n-i)&1)}
		p.Pieces[us] = ownSet
		p.Pieces[us^1] = free[i%len(free)].Bit()
		p.Kings = p.Occupied()
		p.Hash = p.ComputeHash()
		if p.Hash == root.Hash {
			t.Fatal("made-up history repeats the root")
		}
		hist = append(hist, p)
	}
	return hist
}

// TestMoveCountDraw: two kings against one is won, but not when the
// move-count rule runs out first.
func TestMoveCountDraw(t *testing.T) {
	v := movegen.American
	root := mustFEN(t, "B:WK14:BK1,K3", v)
	limit := v.Rules().DrawPlies()
	tests := []struct {
		name    string
		history int
		draw    bool
		claim   movegen.Result
	}{
		{"fresh count", 0, false, movegen.Unknown},
		{"count expires in two plies", limit - 2, true, movegen.Unknown},
		{"count expired", limit, true, movegen.Draw},
	}
	for _, tt := range tests {
		hist := kingWalk(t, root, tt.history, []int{2, 4})
		e := newEngine(t, Options{HashMiB: 1})
		res := searchOK(t, e, context.Background(), Request{Pos: root, History: hist, Limits: Limits{Depth: 10}})
		if drawn := res.Score == DrawScore; drawn != tt.draw || (tt.claim == movegen.Draw) != (res.Claim == movegen.Draw) {
			t.Errorf("%s: score %d claim %v, want draw=%v claim %v", tt.name, res.Score, res.Claim, tt.draw, tt.claim)
		}
		if !tt.draw && res.Score < 300 {
			t.Errorf("%s: score %d, want a winning score", tt.name, res.Score)
		}
	}
}

// TestRuleDrawFirst: a node where the move-count rule has just run out is
// a draw whatever the static evaluation or a table entry from another path
// says, but a side without a move there has still lost. Each case searches
// the position after the given root move, one ply before the limit, as a
// non-PV node at ply 1.
func TestRuleDrawFirst(t *testing.T) {
	v := movegen.American
	tests := []struct {
		name  string
		root  string
		own   []int // the squares of the side to move at the root (kingWalk)
		move  string
		depth int
		warm  bool // search the node first without history, filling the table
		want  int
	}{
		{"quiet leaf", "B:WK14:BK1,K3", []int{1, 3}, "1-6", 0, false, DrawScore},
		{"table entry", "B:WK14:BK1,K3", []int{1, 3}, "1-6", 4, true, DrawScore},
		{"no move", "B:WK4:BK11,K12", []int{11, 12}, "12-8", 4, false, -WinScore + 1},
	}
	for _, tt := range tests {
		root := mustFEN(t, tt.root, v)
		m, err := root.ParseMove(tt.move)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		e := newEngine(t, Options{HashMiB: 1})
		if tt.warm {
			child := root
			child.MakeMove(m)
			if res := searchOK(t, e, context.Background(), Request{Pos: child, Limits: Limits{Depth: 8}}); res.Score == DrawScore {
				t.Fatalf("%s: without history the node scores a draw already", tt.name)
			}
		}
		req := Request{Pos: root, History: kingWalk(t, root, v.Rules().DrawPlies()-1, tt.own), Limits: Limits{Depth: 1}}
		s := e.newShared(&req, timeManager{})
		w := e.workers[0]
		w.setup(s, &req)
		w.enter(&w.stack[0].pos, m, w.rootIdx)
		if got := w.search(1, tt.depth, -infinity, infinity, false); got != tt.want {
			t.Errorf("%s: scored %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestThreeKingsCount: in Pool three kings against one must win within 13
// moves of their own; after 12 of them with no win in one, it is a draw.
// Searched to depth 10, with -short 6 (a thirtieth of the nodes): both
// are well short of the count's 26 plies, and both see its end.
func TestThreeKingsCount(t *testing.T) {
	v := movegen.Pool
	root := mustFEN(t, "B:WK13:BK1,K3,K32", v)
	l := Limits{Depth: 10}
	if testing.Short() {
		l.Depth = 6
	}
	e := newEngine(t, Options{HashMiB: 1})
	res := searchOK(t, e, context.Background(), Request{Pos: root, Limits: l})
	if res.Score < 300 {
		t.Errorf("fresh count: score %d, want a winning score", res.Score)
	}
	// 24 plies of history, Black to move at the start of it: Black has
	// made 12 moves with this material and makes its 13th now.
	hist := kingWalk(t, root, 2*(movegen.Pool.Rules().ThreeKingsMoves-1), []int{2, 4, 31})
	e.Clear()
	res = searchOK(t, e, context.Background(), Request{Pos: root, History: hist, Limits: l})
	if res.Score != DrawScore {
		t.Errorf("count nearly out: score %d, want a draw", res.Score)
	}
}

// TestSearchAllocs: the search loop itself allocates nothing.
func TestSearchAllocs(t *testing.T) {
	for _, v := range []movegen.Variant{movegen.American, movegen.Pool} {
		e := newEngine(t, Options{HashMiB: 1})
		p := movegen.StartPosition(v)
		req := Request{Pos: p, Limits: Limits{Depth: 6}}
		s := e.newShared(&req, timeManager{})
		w := e.workers[0]
		w.setup(s, &req)
		n := testing.AllocsPerRun(20, func() {
			w.search(0, 6, -infinity, infinity, true)
		})
		if n != 0 {
			t.Errorf("%v: search allocates %v times per run", v, n)
		}
	}
}
