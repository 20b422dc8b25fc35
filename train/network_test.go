package train

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// TestTrainNetworkRecovers labels random positions with the scores of
// known linear weights (material and king squares, which a network over
// piece squares can represent) and checks that a network fit scores
// held-out positions close to them.
func TestTrainNetworkRecovers(t *testing.T) {
	if testing.Short() {
		t.Skip("a fit of some seconds")
	}
	known := knownTable()
	samples := playoutSamples(30000, 1)
	for i := range samples {
		samples[i].Score = int16(math.Round(scoreWith(known, &samples[i])))
	}
	cfg := DefaultFit
	cfg.Variant, cfg.Lambda, cfg.K, cfg.Epochs, cfg.Patience, cfg.Hidden = movegen.American, 0, 100, 40, 4, 128
	cfg.Batch, cfg.NetRate, cfg.Decay = 256, 0.01, 0.95
	fit, err := Train(samples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d passes, best %d, validation loss %.5f", len(fit.Epochs), fit.Best, fit.Epochs[fit.Best-1].ValidLoss)
	// Far from equality the sigmoid is flat and the loss says little about
	// the score: the check is on positions within two men of it.
	errSum, n := 0.0, 0
	held := playoutSamples(4000, 99)
	for i := range held {
		want := scoreWith(known, &held[i])
		if math.Abs(want) > 200 {
			continue
		}
		p := held[i].position(movegen.American)
		got := float64(fit.Net.Evaluate(&p))
		if p.Turn == movegen.White {
			got = -got
		}
		errSum += math.Abs(got - want)
		n++
	}
	if mean := errSum / float64(n); mean > 10 {
		t.Errorf("the network's scores are %.1f centi-men off the known ones on average, want at most 10", mean)
	} else {
		t.Logf("%d positions within two men of equality: %.1f centi-men off on average", n, mean)
	}
}

// TestTrainNetworkDeterministic checks that one seed gives one network
// although the gradient is summed by several goroutines, and that the
// training loss falls.
func TestTrainNetworkDeterministic(t *testing.T) {
	schedtest.SkipUnderRace(t, "fits on two goroutines")
	samples := playoutSamples(3000, 2)
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range samples {
		samples[i].Score = int16(60 * (samples[i].Black.Count() - samples[i].White.Count()))
		samples[i].Result = movegen.Loss + movegen.Result(rng.IntN(3))
	}
	cfg := DefaultFit
	cfg.Variant, cfg.Epochs, cfg.Hidden, cfg.Batch = movegen.American, 3, 128, 256
	a, err := Train(append([]Sample(nil), samples...), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Train(append([]Sample(nil), samples...), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Net.W1, b.Net.W1) || !slices.Equal(a.Net.W2, b.Net.W2) || a.Net.B2 != b.Net.B2 {
		t.Error("two runs with one seed gave different networks")
	}
	if first, last := a.Epochs[0].TrainLoss, a.Epochs[len(a.Epochs)-1].TrainLoss; !(last < first) {
		t.Errorf("training loss went from %.5f to %.5f", first, last)
	}
}

// TestTrainNetworkStart checks that a fit started from a network (Start)
// begins where that network is: started from a first fit, one pass on the
// same data is already at that fit's validation loss, where one pass from
// random weights is not; and that a start of another width is refused.
func TestTrainNetworkStart(t *testing.T) {
	samples := playoutSamples(3000, 4)
	for i := range samples {
		samples[i].Score = int16(60 * (samples[i].Black.Count() - samples[i].White.Count()))
	}
	cfg := DefaultFit
	cfg.Variant, cfg.Lambda, cfg.K, cfg.Epochs, cfg.Hidden, cfg.Batch = movegen.American, 0, 100, 20, 128, 256
	first, err := Train(samples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Epochs = 1
	cold, err := Train(samples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Start = first.Net
	warm, err := Train(samples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	best, c, w := first.Epochs[first.Best-1].ValidLoss, cold.Epochs[0].ValidLoss, warm.Epochs[0].ValidLoss
	t.Logf("validation loss after one pass: %.5f from the first fit (%.5f at its best), %.5f from random weights", w, best, c)
	if !(w < c) || w > best*1.01 {
		t.Errorf("validation loss after one pass: %.5f from the first fit (%.5f at its best), %.5f from random weights", w, best, c)
	}
	cfg.Hidden = 256
	if _, err := Train(samples, cfg); err == nil {
		t.Error("a start of 128 units for a fit of 256: no error")
	}
}

func TestTrainNetworkConfigErrors(t *testing.T) {
	samples := playoutSamples(100, 3)
	for _, h := range []int{-128, 100} {
		cfg := DefaultFit
		cfg.Hidden = h
		if _, err := Train(samples, cfg); err == nil {
			t.Errorf("hidden %d: no error", h)
		}
	}
}
