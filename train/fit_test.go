package train

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// playoutSamples plays seeded random American games and returns their
// positions with men on the board as samples, twenty positions a game, the
// score (0) and result (a loss for Black) left for the caller.
func playoutSamples(n int, seed uint64) []Sample {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []Sample
	var ml movegen.MoveList
	for game := int32(0); len(out) < n; game++ {
		p := movegen.StartPosition(movegen.American)
		for ply := 0; ply < 80 && len(out) < n; ply++ {
			p.GenerateMoves(&ml)
			if ml.N == 0 || p.Men(movegen.Black)|p.Men(movegen.White) == 0 {
				break
			}
			if ply >= 4 && !p.HasCapture() {
				out = append(out, Sample{Black: p.Pieces[movegen.Black], White: p.Pieces[movegen.White], Kings: p.Kings, Turn: p.Turn, Result: movegen.Loss, Game: game})
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
		}
	}
	return out
}

// knownTable returns weights for the scalar inputs and king squares only:
// what a fit of the full model must find again.
func knownTable() *weights {
	w := new(weights)
	set := func(i int, mg, eg float64) { w[eval.ScalarIndex(i)] = [2]float64{mg, eg} }
	set(eval.ScalarMen, 90, 120)
	set(eval.ScalarKings, 140, 190)
	// King squares sum to zero: their mean and the king weight cannot be
	// told apart, and the pull towards zero puts it in the king weight.
	rng := rand.New(rand.NewPCG(3, 4))
	var ks [movegen.NumSquares][2]float64
	var mean [2]float64
	for i := range ks {
		for j := range ks[i] {
			ks[i][j] = rng.Float64()*40 - 20
			mean[j] += ks[i][j] / movegen.NumSquares
		}
	}
	for i := range ks {
		w[eval.ScalarIndex(0)-movegen.NumSquares+i] = [2]float64{ks[i][0] - mean[0], ks[i][1] - mean[1]}
	}
	return w
}

// scoreWith returns the score from Black's view of s under w.
func scoreWith(w *weights, s *Sample) float64 {
	var f eval.Features
	p := s.position(movegen.American)
	eval.Extract(&p, &f)
	ph := float64(f.Phase) / eval.PhaseScale
	e := 0.0
	for _, x := range f.List[:f.N] {
		e += float64(x.Value) * (ph*w[x.Index][0] + (1-ph)*w[x.Index][1])
	}
	return e
}

// TestTrainRecoversWeights labels random positions with the scores of
// known weights and checks that a fit of the whole model finds those
// weights again: material within a few centi-men, and scores close.
func TestTrainRecoversWeights(t *testing.T) {
	if testing.Short() {
		t.Skip("a fit of some seconds")
	}
	known := knownTable()
	samples := playoutSamples(30000, 1)
	for i := range samples {
		samples[i].Score = int16(math.Round(scoreWith(known, &samples[i])))
	}
	cfg := DefaultFit
	cfg.Variant, cfg.Lambda, cfg.K, cfg.Epochs, cfg.Patience = movegen.American, 0, 100, 60, 5
	cfg.L2 = 1e-6 // enough pull to make the king weight the one solution
	fit, err := Train(samples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	last := fit.Epochs[len(fit.Epochs)-1]
	t.Logf("%d passes, best %d, validation loss %.5f", len(fit.Epochs), fit.Best, last.ValidLoss)
	// Random games crown late, with few pieces left: a king's middle-game
	// weight is seen too little to pin down, so only its ending weight is
	// checked.
	for _, c := range []struct {
		name   string
		i, low int
	}{{"man", eval.ScalarMen, 0}, {"king", eval.ScalarKings, 1}} {
		got, want := fit.Table[eval.ScalarIndex(c.i)], known[eval.ScalarIndex(c.i)]
		for j := c.low; j < 2; j++ {
			if g := float64(got[j]) / eval.WeightScale; math.Abs(g-want[j]) > 8 {
				t.Errorf("%s weight %d: %.1f, want %.0f", c.name, j, g, want[j])
			}
		}
	}
	var fitted weights
	for i := range fit.Table {
		fitted[i] = [2]float64{float64(fit.Table[i][0]) / eval.WeightScale, float64(fit.Table[i][1]) / eval.WeightScale}
	}
	errSum := 0.0
	held := playoutSamples(2000, 99)
	for i := range held {
		errSum += math.Abs(scoreWith(&fitted, &held[i]) - scoreWith(known, &held[i]))
	}
	if mean := errSum / float64(len(held)); mean > 5 {
		t.Errorf("fitted scores are %.1f centi-men off the known ones on average, want at most 5", mean)
	}
}

// TestTrainDeterministic checks that one seed gives one table, and that
// the training loss falls.
func TestTrainDeterministic(t *testing.T) {
	schedtest.SkipUnderRace(t, "fits on one goroutine")
	samples := playoutSamples(3000, 2)
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range samples {
		m := samples[i].Black.Count() - samples[i].White.Count()
		samples[i].Score = int16(60 * m)
		samples[i].Result = movegen.Loss + movegen.Result(rng.IntN(3))
	}
	cfg := DefaultFit
	cfg.Variant, cfg.Epochs = movegen.American, 4
	a, err := Train(append([]Sample(nil), samples...), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Train(append([]Sample(nil), samples...), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if *a.Table != *b.Table {
		t.Error("two runs with one seed gave different weights")
	}
	if first, last := a.Epochs[0].TrainLoss, a.Epochs[len(a.Epochs)-1].TrainLoss; !(last < first) {
		t.Errorf("training loss went from %.5f to %.5f", first, last)
	}
}

func TestTrainConfigErrors(t *testing.T) {
	samples := playoutSamples(100, 3)
	for _, mod := range []func(*FitConfig){
		func(c *FitConfig) { c.Batch = 0 },
		func(c *FitConfig) { c.Lambda = 2 },
		func(c *FitConfig) { c.ValidEvery = 1 },
	} {
		cfg := DefaultFit
		mod(&cfg)
		if _, err := Train(samples, cfg); err == nil {
			t.Errorf("config %+v: no error", cfg)
		}
	}
	if _, err := Train(nil, DefaultFit); err == nil {
		t.Error("no samples: no error")
	}
}

// TestFitK draws results from a known winning-chance curve and checks that
// FitK finds its scale.
func TestFitK(t *testing.T) {
	schedtest.SkipUnderRace(t, "fits on one goroutine")
	const k = 80
	rng := rand.New(rand.NewPCG(8, 9))
	samples := make([]Sample, 100000)
	for i := range samples {
		s := int16(rng.IntN(600) - 300)
		samples[i].Score, samples[i].Result = s, movegen.Loss
		if rng.Float64() < sigmoid(float64(s)/k) {
			samples[i].Result = movegen.Win
		}
	}
	if got := FitK(samples); math.Abs(got-k) > 4 {
		t.Errorf("FitK = %.1f, want about %d", got, k)
	}
}

// TestLoadSamples checks the turn to Black's view, the rule-set filter and
// the game split on a falling ply.
func TestLoadSamples(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.bin")
	w, err := OpenWriter(path)
	if err != nil {
		t.Fatal(err)
	}
	am := movegen.StartPosition(movegen.American)
	white := am
	white.Turn = movegen.White
	pool := movegen.StartPosition(movegen.Pool)
	recs := []Record{
		{Pos: am, Score: 30, Ply: 5, Result: movegen.Win},
		{Pos: white, Score: 40, Ply: 6, Result: movegen.Win},
		{Pos: pool, Score: 50, Ply: 7, Result: movegen.Draw},
		{Pos: am, Score: -20, Ply: 4, Result: movegen.Loss}, // a new game
	}
	if err := w.Write(recs); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := LoadSamples([]string{path, path}, movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		score  int16
		result movegen.Result
		game   int32
	}{{30, movegen.Win, 0}, {-40, movegen.Loss, 0}, {-20, movegen.Loss, 1}, {30, movegen.Win, 2}, {-40, movegen.Loss, 2}, {-20, movegen.Loss, 3}}
	if len(got) != len(want) {
		t.Fatalf("%d samples, want %d", len(got), len(want))
	}
	for i, w := range want {
		if g := got[i]; g.Score != w.score || g.Result != w.result || g.Game != w.game {
			t.Errorf("sample %d: score %d result %v game %d, want %d %v %d", i, g.Score, g.Result, g.Game, w.score, w.result, w.game)
		}
	}
}

func TestFitString(t *testing.T) {
	epochs := []Epoch{{N: 1, ValidLoss: 0.5}, {N: 2, ValidLoss: 0.25}}
	tests := []struct {
		fit  Fit
		want string
	}{
		{Fit{K: 55.25, Epochs: epochs, Best: 2, Train: 90, Valid: 10},
			"100 positions (10 held out), K 55.2, pass 2 of 2, validation loss 0.25000"},
		{Fit{K: 50, Epochs: epochs, Best: 1, Train: 9, Valid: 1, Net: &eval.Network{H: 128, B2: make([]int32, 1)}},
			"10 positions (1 held out), K 50.0, pass 1 of 2, validation loss 0.50000, a network of 128 hidden units"},
		{Fit{K: 50, Epochs: epochs, Best: 1, Train: 9, Valid: 1, Net: &eval.Network{H: 512, B2: make([]int32, 4)}},
			"10 positions (1 held out), K 50.0, pass 1 of 2, validation loss 0.50000, a network of 512 hidden units and 4 output buckets"},
	}
	for _, tt := range tests {
		if got := tt.fit.String(); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
}
