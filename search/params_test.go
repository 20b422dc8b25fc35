package search

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// TestTunables checks every search parameter as an option: its default in
// range, set and read back by key in any case, a change seen only by the
// Options it was made in, and out-of-range values refused.
func TestTunables(t *testing.T) {
	defaults := DefaultParams
	for i := range Tunables {
		op := &Tunables[i]
		if op.Check(op.Default) != nil || op.Step < 1 || op.Help == "" {
			t.Errorf("%s: default %d out of %d..%d, or no step or help", op.Key, op.Default, op.Min, op.Max)
		}
		if _, ok := LookupTunable(strings.ToUpper(op.Key)); !ok {
			t.Errorf("%s: not found by its key in upper case", op.Key)
		}
		var a Options
		b := a
		v := op.Min
		if v == op.Default {
			v = op.Max
		}
		if err := a.Set(op.Key, strconv.Itoa(v)); err != nil {
			t.Fatalf("%s=%d: %v", op.Key, v, err)
		}
		if got := op.Get(a); got != v {
			t.Errorf("%s: set %d, read %d", op.Key, v, got)
		}
		if got := op.Get(b); got != op.Default {
			t.Errorf("%s: a copy made before the change reads %d, want the default %d", op.Key, got, op.Default)
		}
		if DefaultParams != defaults {
			t.Fatalf("%s: setting the option changed DefaultParams", op.Key)
		}
		if err := a.Set(op.Key, strconv.Itoa(op.Max+1)); err == nil {
			t.Errorf("%s=%d accepted, above %d", op.Key, op.Max+1, op.Max)
		}
	}
	if _, ok := LookupOption("lmrdivisor"); !ok {
		t.Error("LookupOption does not find a tunable")
	}
}

// TestParamsChangeSearch checks that the parameters reach the search: a
// different LMR divisor or singular extensions search another tree, and the defaults set
// explicitly search the same one as none. Depth 13, with -short 10.
func TestParamsChangeSearch(t *testing.T) {
	schedtest.SkipUnderRace(t, "searches on one thread")
	p := mustFEN(t, "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15", movegen.American)
	depth := 13
	if testing.Short() {
		depth = 10
	}
	nodes := func(o Options) uint64 {
		o.HashMiB = 4
		return search(t, newEngine(t, o), p, Limits{Depth: depth}).Nodes
	}
	base := nodes(Options{})
	def := DefaultParams
	if n := nodes(Options{Params: &def}); n != base {
		t.Errorf("explicit default parameters: %d nodes, want %d", n, base)
	}
	var o Options
	if err := o.Set("lmrdivisor", "400"); err != nil {
		t.Fatal(err)
	}
	if n := nodes(o); n == base {
		t.Errorf("lmrdivisor 400: %d nodes, the same as the default", n)
	}
	var se Options
	if err := se.Set("semindepth", "4"); err != nil {
		t.Fatal(err)
	}
	if n := nodes(se); n == base {
		t.Errorf("singular extensions from depth 4: %d nodes, the same as without", n)
	}
	e := newEngine(t, Options{HashMiB: 4})
	if err := e.SetOptions(o); err != nil {
		t.Fatal(err)
	}
	if e.lmr[20][10] != newLMRTable(o.Params)[20][10] {
		t.Error("SetOptions kept the old reductions")
	}
}

// TestEvalFile checks that an engine evaluates with the weight file it is
// given: a file whose men are worth twice as much scores the same quiet
// position's material twice, a file that does not load is refused by
// SetOptions and left out by New, and "" is the built-in weights.
func TestEvalFile(t *testing.T) {
	schedtest.SkipUnderRace(t, "searches on one thread")
	lwf, err := eval.LoadWeights("../testdata/linear-weights.bin") // a linear table (testdata/linear-weights.txt)
	if err != nil {
		t.Fatal(err)
	}
	wf := &eval.WeightFile{Provenance: "test: men doubled"}
	for v := range wf.Tables {
		tb := *lwf.Tables[movegen.Pool]
		tb[eval.ScalarIndex(eval.ScalarMen)][0] *= 2
		tb[eval.ScalarIndex(eval.ScalarMen)][1] *= 2
		wf.Tables[v] = &tb
	}
	path := filepath.Join(t.TempDir(), "doubled.bin")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := wf.Write(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	var o Options
	if err := o.Set("evalfile", path); err != nil {
		t.Fatal(err)
	}
	e := newEngine(t, o)
	if got := e.Eval().Provenance; got != wf.Provenance {
		t.Fatalf("engine evaluates with %q, want %q", got, wf.Provenance)
	}
	p := mustFEN(t, "B:W20,24,28:B1,5", movegen.American)
	if a, b := eval.Evaluate(&p), e.Eval().Evaluate(&p); a == b {
		t.Errorf("the file's weights score %d, the same as the built-in ones", b)
	}
	if newEngine(t, Options{}).Eval() != eval.Default() {
		t.Error("an engine without a file does not use the built-in weights")
	}
	bad := filepath.Join(t.TempDir(), "bad.bin")
	if err := os.WriteFile(bad, []byte("not weights"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := (&Options{}).Set("evalfile", bad); err == nil {
		t.Error("a bad weight file accepted by Set")
	}
	if err := e.SetOptions(Options{EvalFile: bad}); err == nil {
		t.Error("a bad weight file accepted by SetOptions")
	}
	if _, err := New(Options{EvalFile: bad}); err == nil {
		t.Error("New took a weight file that does not load")
	}
}

// TestContempt checks that a draw by repetition scores Contempt below level
// for the root's side: the root's one move allowed returns to a position of
// the game, so the search's score is the draw's, whatever the depth.
func TestContempt(t *testing.T) {
	k0 := mustFEN(t, "B:WK30:BK3", movegen.American)
	var ml movegen.MoveList
	play := func(p movegen.Position, from, to movegen.Square) (movegen.Position, movegen.Move) {
		p.GenerateMoves(&ml)
		for _, m := range ml.Moves[:ml.N] {
			if from == movegen.NoSquare && to == movegen.NoSquare || m.From == from && m.To == to {
				p.MakeMove(m)
				return p, m
			}
		}
		t.Fatalf("%s: no move %v-%v", p.FEN(), from, to)
		return p, movegen.Move{}
	}
	k1, m1 := play(k0, movegen.NoSquare, movegen.NoSquare) // Black's king out
	k2, m2 := play(k1, movegen.NoSquare, movegen.NoSquare) // White's king out
	k3, m3 := play(k2, m1.To, m1.From)                     // and both back
	k4, _ := play(k3, m2.To, m2.From)
	if k4.Hash != k0.Hash {
		t.Fatalf("%s is not %s again", k4.FEN(), k0.FEN())
	}
	for _, c := range []int{0, 30} {
		var o Options
		if err := o.Set("contempt", strconv.Itoa(c)); err != nil {
			t.Fatal(err)
		}
		o.HashMiB = 1
		res := searchOK(t, newEngine(t, o), context.Background(), Request{Pos: k4, History: []movegen.Position{k0, k1, k2, k3},
			SearchMoves: []movegen.Move{m1}, Limits: Limits{Depth: 6}})
		if res.Score != DrawScore-c {
			t.Errorf("contempt %d: score %d, want %d", c, res.Score, DrawScore-c)
		}
	}
	// Two plies on, the repetition is the root's side's draw: the
	// opponent, offered 30 centi-men by it, takes it (a level king ending
	// scores far less).
	var o Options
	if err := o.Set("contempt", "30"); err != nil {
		t.Fatal(err)
	}
	res := searchOK(t, newEngine(t, o), context.Background(), Request{Pos: k2, History: []movegen.Position{k0, k1},
		SearchMoves: []movegen.Move{m3}, Limits: Limits{Depth: 6}})
	if res.Score != DrawScore-30 {
		t.Errorf("contempt 30, repetition at ply 2: score %d, want %d", res.Score, DrawScore-30)
	}
}
