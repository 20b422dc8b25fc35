package search

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// TestParamRanges checks every search parameter's range: it holds the
// default and a step of at least 1, and fields lists the parameters in
// the order Params declares them, so that a range check names the right
// one.
func TestParamRanges(t *testing.T) {
	def, lo, hi, step := DefaultParams.fields(), MinParams.fields(), MaxParams.fields(), ParamSteps.fields()
	for i := range def {
		if *lo[i] > *def[i] || *def[i] > *hi[i] || *step[i] < 1 {
			t.Errorf("parameter %d: default %d out of %d..%d, or step %d", i, *def[i], *lo[i], *hi[i], *step[i])
		}
	}
	var p Params
	rv := reflect.ValueOf(&p).Elem()
	if len(def) != rv.NumField() {
		t.Fatalf("fields lists %d parameters, Params has %d", len(def), rv.NumField())
	}
	for i, f := range p.fields() {
		if f != rv.Field(i).Addr().Interface().(*int) {
			t.Errorf("fields()[%d] is not Params.%s", i, rv.Type().Field(i).Name)
		}
	}
	bad := DefaultParams
	bad.LMRDivisor = MaxParams.LMRDivisor + 1
	if err := (Options{Params: &bad}).withDefaults().validate(); err == nil || !strings.Contains(err.Error(), "LMRDivisor") {
		t.Errorf("LMRDivisor out of range: %v", err)
	}
	if got := (Options{Params: &bad}).clamp().Params.LMRDivisor; got != MaxParams.LMRDivisor || bad.LMRDivisor == got {
		t.Errorf("LMRDivisor clamped to %d, want %d, the set given unchanged", got, MaxParams.LMRDivisor)
	}
}

// withParams returns o with its parameters changed by set, in a new set.
func withParams(o Options, set func(*Params)) Options {
	p := *o.params()
	set(&p)
	o.Params = &p
	return o
}

// TestParamsChangeSearch checks that the parameters reach the search: a
// different LMR divisor, singular extensions or the continuation history
// search another tree, and the defaults set explicitly search the same one
// as none. Depth 13, with -short 10.
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
	o := withParams(Options{}, func(p *Params) { p.LMRDivisor = 400 })
	if n := nodes(o); n == base {
		t.Errorf("lmrdivisor 400: %d nodes, the same as the default", n)
	}
	se := withParams(Options{}, func(p *Params) { p.SEMinDepth = 4 })
	if n := nodes(se); n == base {
		t.Errorf("singular extensions from depth 4: %d nodes, the same as without", n)
	}
	ch := withParams(Options{}, func(p *Params) { p.ContHistory = 100 })
	if n := nodes(ch); n == base {
		t.Errorf("continuation history at 100: %d nodes, the same as without", n)
	}
	e := newEngine(t, Options{HashMiB: 4})
	if err := e.SetOptions(o); err != nil {
		t.Fatal(err)
	}
	if e.lmr[20][10] != newLMRTable(o.Params)[20][10] {
		t.Error("SetOptions kept the old reductions")
	}
}

// TestEval checks that an engine evaluates with the weights it is given:
// weights whose men are worth twice as much score the same quiet
// position's material twice, and nil is the built-in weights.
func TestEval(t *testing.T) {
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
	e := newEngine(t, Options{Eval: wf})
	if got := e.Eval().Provenance; got != wf.Provenance {
		t.Fatalf("engine evaluates with %q, want %q", got, wf.Provenance)
	}
	p := mustFEN(t, "B:W20,24,28:B1,5", movegen.American)
	if a, b := eval.Evaluate(&p), e.Eval().Evaluate(&p); a == b {
		t.Errorf("the file's weights score %d, the same as the built-in ones", b)
	}
	if newEngine(t, Options{}).Eval() != eval.Default() {
		t.Error("an engine without weights does not use the built-in ones")
	}
	if err := e.SetOptions(Options{}); err != nil || e.Eval() != eval.Default() {
		t.Errorf("SetOptions without weights: %v, evaluates with %q", err, e.Eval().Provenance)
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
		o := withParams(Options{HashMiB: 1}, func(p *Params) { p.Contempt = c })
		res := searchOK(t, newEngine(t, o), context.Background(), Request{Pos: k4, History: []movegen.Position{k0, k1, k2, k3},
			SearchMoves: []movegen.Move{m1}, Limits: Limits{Depth: 6}})
		if res.Score != DrawScore-c {
			t.Errorf("contempt %d: score %d, want %d", c, res.Score, DrawScore-c)
		}
	}
	// Two plies on, the repetition is the root's side's draw: the
	// opponent, offered 30 centi-men by it, takes it (a level king ending
	// scores far less).
	o := withParams(Options{}, func(p *Params) { p.Contempt = 30 })
	res := searchOK(t, newEngine(t, o), context.Background(), Request{Pos: k2, History: []movegen.Position{k0, k1},
		SearchMoves: []movegen.Move{m3}, Limits: Limits{Depth: 6}})
	if res.Score != DrawScore-30 {
		t.Errorf("contempt 30, repetition at ply 2: score %d, want %d", res.Score, DrawScore-30)
	}
}

// TestMarginScale: the margins are American's where a game's scale is
// 100 (the same Params), and four times as wide in Russian but for the
// singular extension's.
func TestMarginScale(t *testing.T) {
	p := DefaultParams
	if q := p.forVariant(movegen.American); q != &p {
		t.Errorf("American: a copy, want p itself")
	}
	if q := p.forVariant(movegen.Thai); q != &p {
		t.Errorf("Thai: a copy, want p itself")
	}
	q := p.forVariant(movegen.Russian)
	if q.RFPMargin != 4*p.RFPMargin || q.ProbCutMargin != 4*p.ProbCutMargin || q.AspirationDelta != 4*p.AspirationDelta ||
		q.SEMargin != p.SEMargin || q.LMRBase != p.LMRBase || p.RFPMargin != DefaultParams.RFPMargin {
		t.Errorf("Russian: %+v from %+v", *q, p)
	}
}
