package search

import (
	"context"
	"slices"
	"testing"

	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// exactOptions make the search plain alpha-beta over a tree fixed by the
// position and the depth (DisableAll): every score inside its window is
// the tree's minimax value, whatever the table and the history hold.
var exactOptions = Options{HashMiB: 1, Threads: 1, Disable: DisableAll}

// exactPositions are the positions of the multi-PV exactness test: both
// rule sets, quiet roots and roots with a choice of captures, a middle
// game, king endings with many moves, forced wins (scores counted in
// plies) and a root with fewer moves than the lines asked for.
// With -short (make test) only those marked short are checked, a third
// of the time with one of each kind; make test-long checks them all.
var exactPositions = []struct {
	v     movegen.Variant
	fen   string
	depth int
	short bool
}{
	{movegen.American, "B:W21-32:B1-12", 6, true},
	{movegen.Pool, "B:W21-32:B1-12", 6, true},
	{movegen.American, "W:W17,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,16", 7, false},
	{movegen.American, "W:W13,14,24,26,27,31,32:B1,2,3,4,5,18", 7, true},
	{movegen.American, "W:W26,28:B6,K10,11,19", 10, false},
	{movegen.Pool, "W:W20,24:BK2,K4,9", 10, false},
	{movegen.American, "W:WK15,18,20,21,22:B8,12,13,K23", 5, false},
	{movegen.Pool, "W:W13,K15,21,25,32:B5,12,16,20,K31", 4, true},
	{movegen.Pool, "W:WK29:B22,10,9,26", 5, true},
	{movegen.American, "B:W24,28:B11,12,18,19", 10, true},
	{movegen.American, "B:W7,26,28:B2,6,K10,19", 10, false},
	{movegen.Pool, "B:W15,20,24:BK2,9,K29", 10, false},
	{movegen.Pool, "W:WK20,25,27,28:B3,17", 7, false},
	{movegen.American, "W:W17,20,27,29,30,31:B2,9,10,12,18,28", 6, false},
}

// TestMultiPVExact checks every line of a multi-PV search against
// separate searches of its move, on one thread and on two (whichever
// thread finishes the last iteration first gives the lines). What "agree
// exactly" can mean: a search
// with pruning depends on what its table and history hold, and a
// multi-PV search's later lines run on the table its earlier lines
// filled, so with pruning no separate search has the same tree. With
// exactOptions the tree depends on the position and the depth alone, and
// a score inside its window is that tree's minimax value: then each
// line's score must equal, to the centi-man and to the ply of a forced
// result, (a) a search of the root restricted to that move
// (Request.SearchMoves) with a cleared table, and (b) the negated search
// of the position after the move at one ply less, with the root as its
// history (a forced result one ply further from the root); the lines must
// be the best moves by those scores, in order; and a bound passed off as
// an exact score would differ. Every legal move's two references are
// compared too, N is every move and 3, and the search of one line must
// give the best score.
func TestMultiPVExact(t *testing.T) {
	schedtest.SkipUnderRace(t, "searches on one thread")
	e := newEngine(t, exactOptions)
	for _, tc := range exactPositions {
		if testing.Short() && !tc.short {
			continue
		}
		p := mustFEN(t, tc.fen, tc.v)
		depth := tc.depth
		var ml movegen.MoveList
		p.GenerateMoves(&ml)
		ref := make([]int, ml.N) // each move's score by (a)
		for i, m := range ml.Slice() {
			e.Clear()
			res := searchOK(t, e, context.Background(), Request{Pos: p, Limits: Limits{Depth: depth}, SearchMoves: []movegen.Move{m}})
			if !res.Move.Same(m) || len(res.Lines) != 1 {
				t.Fatalf("%s: the search of %s alone played %s with %d lines", tc.fen, p.FormatMove(m), p.FormatMove(res.Move), len(res.Lines))
			}
			ref[i] = res.Score
			child := p
			child.MakeMove(m)
			e.Clear()
			cres := searchOK(t, e, context.Background(), Request{Pos: child, History: []movegen.Position{p}, Limits: Limits{Depth: depth - 1}})
			if got := fromChild(cres.Score); got != ref[i] {
				t.Errorf("%v %s, %s: %d searched alone, %d as the position after it (%d)", tc.v, tc.fen, p.FormatMove(m), ref[i], got, cres.Score)
			}
		}
		t.Logf("%v %s depth %d: %d moves, scores %v", tc.v, tc.fen, depth, ml.N, ref)
		best := slices.Clone(ref)
		slices.Sort(best)
		slices.Reverse(best)

		e.Clear()
		one := searchOK(t, e, context.Background(), Request{Pos: p, Limits: Limits{Depth: depth}})
		if one.Score != best[0] {
			t.Errorf("%v %s: one line scores %d, the best move %d", tc.v, tc.fen, one.Score, best[0])
		}
		for _, c := range []struct{ n, threads int }{{MaxMultiPV, 1}, {3, 1}, {MaxMultiPV, 2}} {
			n := c.n
			opt := exactOptions
			opt.Threads = c.threads
			e := newEngine(t, opt)
			var last Info
			res := searchOK(t, e, context.Background(), Request{Pos: p, Limits: Limits{Depth: depth}, MultiPV: n,
				Report: func(in Info) { last = in }})
			want := min(n, ml.N)
			if len(res.Lines) != want || len(last.Lines) != want || res.Depth != depth {
				t.Fatalf("%v %s, %d lines: %d lines at depth %d (last report %d), want %d", tc.v, tc.fen, n, len(res.Lines), res.Depth, len(last.Lines), want)
			}
			var seen []movegen.Move
			for k, l := range res.Lines {
				checkPV(t, p, l.PV)
				m := l.PV[0]
				if containsMove(seen, m) {
					t.Errorf("%v %s: line %d repeats %s", tc.v, tc.fen, k+1, p.FormatMove(m))
				}
				seen = append(seen, m)
				i := slices.IndexFunc(ml.Slice(), m.Same)
				if l.Score != ref[i] || l.Score != best[k] {
					t.Errorf("%v %s, %d lines: line %d %s scores %d; searched alone %d; the %d-th best score is %d",
						tc.v, tc.fen, n, k+1, p.FormatMove(m), l.Score, ref[i], k+1, best[k])
				}
				if rep := last.Lines[k]; rep.Score != l.Score || !slices.Equal(rep.PV, l.PV) {
					t.Errorf("%v %s: line %d reported as %d %v, answered as %d %v", tc.v, tc.fen, k+1, rep.Score, rep.PV, l.Score, l.PV)
				}
			}
			if res.Score != res.Lines[0].Score || !res.Move.Same(res.Lines[0].PV[0]) || !slices.Equal(res.PV, res.Lines[0].PV) {
				t.Errorf("%v %s: result %s %d, line 1 %v %d", tc.v, tc.fen, p.FormatMove(res.Move), res.Score, res.Lines[0].PV, res.Lines[0].Score)
			}
		}
	}
}

// fromChild turns the score of a search of the position after a root move
// into the root's view: negated, and a forced result one ply further.
func fromChild(score int) int {
	switch s := -score; {
	case s >= WinThreshold:
		return s - 1
	case s <= -WinThreshold:
		return s + 1
	default:
		return s
	}
}

// TestMultiPVOne: one line, asked for by the option, by the request or not
// at all, is the same search node for node (the bench signature checks
// the search itself), and its one line is the result's.
func TestMultiPVOne(t *testing.T) {
	schedtest.SkipUnderRace(t, "searches on one thread")
	depth := 12
	if testing.Short() {
		depth = 9
	}
	for _, fen := range []struct {
		v   movegen.Variant
		fen string
	}{
		{movegen.American, "B:W21-32:B1-12"},
		{movegen.Pool, "W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,14,15"},
		{movegen.American, "W:WK15,18,20,21,22:B8,12,13,K23"},
	} {
		p := mustFEN(t, fen.fen, fen.v)
		var results []Result
		for _, c := range []struct {
			opt, req int
		}{{0, 0}, {1, 0}, {0, 1}, {5, 1}} {
			e := newEngine(t, Options{HashMiB: 4, MultiPV: c.opt})
			results = append(results, searchOK(t, e, context.Background(), Request{Pos: p, Limits: Limits{Depth: depth}, MultiPV: c.req}))
		}
		for i, r := range results {
			r0 := results[0]
			if r.Nodes != r0.Nodes || !r.Move.Same(r0.Move) || r.Score != r0.Score || !slices.Equal(r.PV, r0.PV) {
				t.Errorf("%s: search %d: %s %d, %d nodes; without multipv %s %d, %d nodes", fen.fen, i, r.Move, r.Score, r.Nodes, r0.Move, r0.Score, r0.Nodes)
			}
			if len(r.Lines) != 1 || r.Lines[0].Score != r.Score || !slices.Equal(r.Lines[0].PV, r.PV) {
				t.Errorf("%s: search %d: lines %+v, want the one of the result", fen.fen, i, r.Lines)
			}
		}
	}
}

// TestMultiPVSearch: lines with the search's pruning, on one thread and
// on two, stopped or not: as many as asked for (or as there are moves),
// different root moves, legal lines, best first; and the named moves of
// a request are the only ones searched.
func TestMultiPVSearch(t *testing.T) {
	depth, nodes := 12, uint64(50000)
	if testing.Short() {
		depth, nodes = 9, 20000
	}
	p := mustFEN(t, "W:W17,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,16", movegen.American)
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	for _, tc := range []struct {
		name    string
		threads int
		lines   int
		only    []movegen.Move
		l       Limits
	}{
		{"3 lines", 1, 3, nil, Limits{Depth: depth}},
		{"3 lines, 2 threads", 2, 3, nil, Limits{Depth: depth}},
		{"every line, 2 threads", 2, MaxMultiPV, nil, Limits{Depth: depth - 2}},
		{"2 lines of 3 moves", 1, 2, ml.Moves[2:5], Limits{Depth: depth}},
		{"3 lines by nodes", 1, 3, nil, Limits{Nodes: nodes}},
	} {
		e := newEngine(t, Options{HashMiB: 4, Threads: tc.threads, MultiPV: tc.lines})
		res := searchOK(t, e, context.Background(), Request{Pos: p, Limits: tc.l, SearchMoves: tc.only})
		want := min(tc.lines, ml.N)
		if tc.only != nil {
			want = min(tc.lines, len(tc.only))
		}
		if len(res.Lines) != want {
			t.Errorf("%s: %d lines, want %d", tc.name, len(res.Lines), want)
		}
		var seen []movegen.Move
		for k, l := range res.Lines {
			checkPV(t, p, l.PV)
			if containsMove(seen, l.PV[0]) || tc.only != nil && !containsMove(tc.only, l.PV[0]) {
				t.Errorf("%s: line %d plays %s", tc.name, k+1, p.FormatMove(l.PV[0]))
			}
			seen = append(seen, l.PV[0])
			if k > 0 && l.Score > res.Lines[k-1].Score {
				t.Errorf("%s: line %d scores %d, more than line %d", tc.name, k+1, l.Score, k)
			}
		}
		if tc.only != nil && !containsMove(tc.only, res.Move) {
			t.Errorf("%s: plays %s, not a move named", tc.name, p.FormatMove(res.Move))
		}
	}
}

// TestMultiPVAllocs: searching an iteration's lines allocates nothing.
func TestMultiPVAllocs(t *testing.T) {
	e := newEngine(t, Options{HashMiB: 1, MultiPV: 4})
	req := Request{Pos: movegen.StartPosition(movegen.American), Limits: Limits{Depth: 6}}
	s := e.newShared(&req, timeManager{})
	w := e.workers[0]
	w.setup(s, &req)
	if n := testing.AllocsPerRun(10, func() { w.searchLines(6) }); n != 0 {
		t.Errorf("an iteration of 4 lines allocates %v times", n)
	}
}

// TestSearchMovesDepth: a root searched without some of its moves stores
// no table entry, and is searched to the full depth all the same (not
// reduced for want of one): naming the only legal move of a position
// searches exactly what the search of the position does.
func TestSearchMovesDepth(t *testing.T) {
	p := mustFEN(t, "W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,14,15", movegen.American)
	var ml movegen.MoveList
	if p.GenerateMoves(&ml); ml.N != 1 {
		t.Fatalf("%d moves, want one", ml.N)
	}
	var results []Result
	for _, only := range [][]movegen.Move{nil, ml.Slice()} {
		e := newEngine(t, Options{HashMiB: 4})
		results = append(results, searchOK(t, e, context.Background(), Request{Pos: p, Limits: Limits{Depth: 14}, SearchMoves: only}))
	}
	if a, b := results[0], results[1]; a.Nodes != b.Nodes || a.Score != b.Score || !slices.Equal(a.PV, b.PV) {
		t.Errorf("searched %d nodes, score %d; its one move named, %d nodes, score %d", a.Nodes, a.Score, b.Nodes, b.Score)
	}
}
