package train

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crown-checkers/crown/eval"
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
	if !slices.Equal(a.Net.W1, b.Net.W1) || !slices.Equal(a.Net.W2, b.Net.W2) || !slices.Equal(a.Net.B2, b.Net.B2) {
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
	if schedtest.Race {
		cfg.Epochs = 6 // the detector slows the fit tenfold; a start from six passes shows as well
	}
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
	// One output fitted on by four buckets starts where it was too.
	cfg.Buckets = 4
	warm4, err := Train(samples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if w4 := warm4.Epochs[0].ValidLoss; !(w4 < c) || w4 > best*1.01 || warm4.Net.Buckets() != 4 {
		t.Errorf("four buckets from the first fit: validation loss %.5f after one pass, %d buckets", w4, warm4.Net.Buckets())
	}
	cfg.Start, cfg.Buckets = warm4.Net, 3
	if _, err := Train(samples, cfg); err == nil {
		t.Error("a start of 4 buckets for a fit of 3: no error")
	}
	cfg.Start, cfg.Buckets, cfg.Hidden = first.Net, 0, 256
	if _, err := Train(samples, cfg); err == nil {
		t.Error("a start of 128 units for a fit of 256: no error")
	}
}

// TestStartModelBuckets checks that a network of one output, copied to
// every bucket, scores every position as before.
func TestStartModelBuckets(t *testing.T) {
	samples := playoutSamples(500, 5)
	rng := rand.New(rand.NewPCG(8, 9))
	one := newNetModel(128, 0, 1, rng)
	one.b2[0] = 0.1
	n, err := eval.NetworkFromFloat(one.h, one.w1, one.b1, one.w2, one.b2)
	if err != nil {
		t.Fatal(err)
	}
	m, err := startModel(n, 5)
	if err != nil {
		t.Fatal(err)
	}
	n5, err := eval.NetworkFromFloat(m.h, m.w1, m.b1, m.w2, m.b2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range samples {
		p := samples[i].position(movegen.American)
		if a, b := n.Evaluate(&p), n5.Evaluate(&p); a != b {
			t.Fatalf("%s: %d with one output, %d with five buckets", p.FEN(), a, b)
		}
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
	for _, b := range []int{-1, 13} {
		cfg := DefaultFit
		cfg.Hidden, cfg.Buckets = 128, b
		if _, err := Train(samples, cfg); err == nil {
			t.Errorf("%d buckets: no error", b)
		}
	}
}

// TestNetGradient checks backward's gradient against the loss's finite
// differences, with and without a second layer, on weights of every
// array: a wrong term in the chain rule shows as a mismatch.
func TestNetGradient(t *testing.T) {
	samples := playoutSamples(200, 3)
	tr := &trainer{cfg: DefaultFit, k: 50}
	ns := netSamples(samples, tr, 2)
	k := float32(tr.k)
	for _, h2 := range []int{0, 32} {
		rng := rand.New(rand.NewPCG(3, uint64(h2)))
		m := newNetModel(128, h2, 2, rng)
		for i := range m.b2 {
			m.b2[i] = 0.05
		}
		s := &ns[len(ns)/2]
		g := newNetGrad(m, 2)
		m.backward(s, k, g, 1)
		buf := newNetBuf(m)
		loss := func() float64 { return crossEntropy(float64(m.forward(s, k, &buf)), float64(s.target)) }
		arrays := []struct {
			name string
			w, g []float32
		}{{"w1", m.w1, g.w1}, {"b1", m.b1, g.b1}, {"wh", m.wh, g.wh}, {"bh", m.bh, g.bh}, {"w2", m.w2, g.w2}, {"b2", m.b2, g.b2}}
		checked := 0
		for _, a := range arrays {
			for i := 0; i < len(a.w); i += max(1, len(a.w)/97) {
				if a.g[i] == 0 && a.name == "w1" {
					continue // an input that is off
				}
				const eps = 1e-3
				old := a.w[i]
				a.w[i] = old + eps
				up := loss()
				a.w[i] = old - eps
				down := loss()
				a.w[i] = old
				num := (up - down) / (2 * eps)
				if math.Abs(num-float64(a.g[i])) > 1e-3+0.05*math.Abs(num) {
					t.Errorf("h2 %d, %s[%d]: gradient %g, finite difference %g", h2, a.name, i, a.g[i], num)
				}
				checked++
			}
		}
		if checked < 200 {
			t.Errorf("h2 %d: only %d weights checked", h2, checked)
		}
	}
}

// TestTwoLayersQuantised checks a fitted two-layer network, quantised by
// eval.TwoLayersFromFloat, against the fit's float model: the scores
// within a few centi-men, and within the file's bounds.
func TestTwoLayersQuantised(t *testing.T) {
	samples := playoutSamples(400, 6)
	tr := &trainer{cfg: DefaultFit, k: 50}
	ns := netSamples(samples, tr, 2)
	m := newNetModel(128, 16, 2, rand.New(rand.NewPCG(9, 9)))
	tn := &netTrainer{m: m, k: 50}
	for w := range tn.grads {
		tn.grads[w] = newNetGrad(m, 2)
	}
	for range 5 {
		for i := 0; i+64 <= len(ns); i += 64 {
			tn.step(ns[i:i+64], 0.01)
		}
	}
	n, err := eval.TwoLayersFromFloat(m.h, m.h2, m.w1, m.b1, m.wh, m.bh, m.w2, m.b2)
	if err != nil {
		t.Fatal(err)
	}
	worst := 0.0
	for i := range samples {
		p := samples[i].position(movegen.American)
		s := &ns[i]
		act := make([]float64, m.h)
		for j := range act {
			a := float64(m.b1[j])
			for _, in := range s.inputs[:s.n] {
				a += float64(m.w1[int(in)*m.h+j])
			}
			act[j] = min(max(a, 0), 1)
		}
		out := float64(m.b2[s.bucket])
		for k := range m.h2 {
			a := float64(m.bh[k])
			for j := range act {
				a += act[j] * float64(m.wh[j*m.h2+k])
			}
			out += min(max(a, 0), 1) * float64(m.w2[int(s.bucket)*m.h2+k])
		}
		worst = max(worst, math.Abs(float64(n.Evaluate(&p))-100*out))
	}
	// Rounding the first units to 1/255 and the second layer's weights to
	// 1/256 moves the score by a few centi-men at most here.
	if worst > 8 {
		t.Errorf("quantised scores up to %.1f centi-men from the floats", worst)
	}
	t.Logf("worst difference %.2f centi-men", worst)
}
