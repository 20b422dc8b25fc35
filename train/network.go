package train

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
)

// The network the trainer fits (eval.Network): piece-square inputs seen
// from the side to move, one hidden layer of clipped ReLUs (activation
// clipped to [0, 1]), a linear output in men, one for each bucket of piece
// counts (eval.NetBucket).

// netSample is a training position in the network's terms: the inputs
// that are on, its output bucket, and the target from the side to move's
// view.
type netSample struct {
	inputs [movegen.NumSquares]uint8
	n      uint8
	bucket uint8
	target float32
}

// netInit is the spread of the first layer's starting weights, about one
// over the root of the inputs that are on; hidden units start half open
// (bias netBias) so that every unit learns from the first step; output
// weights start within netOutInit, small beside a man (1).
const (
	netInit    = 0.22
	netBias    = 0.5
	netOutInit = 0.1
	// netWorkers splits each batch's gradient; the sum is taken in a fixed
	// order, so a run is repeatable.
	netWorkers = 2
)

// netModel is the network in float32 while it trains.
type netModel struct {
	h      int
	w1, b1 []float32 // w1: [inputs][h]
	// h2, if not 0, is a second hidden layer's width: its units are the
	// clipped sums of bh and the first layer's units times wh ([h][h2]),
	// and the outputs read them instead of the first layer's.
	h2     int
	wh, bh []float32
	w2     []float32 // [buckets][width()]
	b2     []float32 // [buckets]
}

// width returns the number of units the outputs read.
func (m *netModel) width() int {
	if m.h2 > 0 {
		return m.h2
	}
	return m.h
}

// newNetModel returns a network of h hidden units and buckets outputs at
// its starting weights. Every bucket starts with the same output weights,
// so that the random draws do not depend on the buckets.
func newNetModel(h, h2, buckets int, rng *rand.Rand) *netModel {
	m := &netModel{h: h, w1: make([]float32, eval.NetInputs*h), b1: make([]float32, h),
		w2: make([]float32, h), b2: make([]float32, 1)}
	for i := range m.w1 {
		m.w1[i] = (rng.Float32()*2 - 1) * netInit
	}
	for j := range m.b1 {
		m.b1[j] = netBias
		m.w2[j] = (rng.Float32()*2 - 1) * netOutInit
	}
	if h2 > 0 {
		// A second unit's sum starts within a few tenths of its bias: the
		// first units are about half open. wh: [h][h2].
		init := float32(1 / math.Sqrt(float64(h)))
		m.h2, m.wh, m.bh, m.w2 = h2, make([]float32, h*h2), make([]float32, h2), make([]float32, h2)
		for i := range m.wh {
			m.wh[i] = (rng.Float32()*2 - 1) * init
		}
		for k := range m.bh {
			m.bh[k] = netBias
			m.w2[k] = (rng.Float32()*2 - 1) * netOutInit
		}
	}
	m.spread(buckets)
	return m
}

// spread copies m's one output to buckets outputs, so that each starts
// where the one was and learns its own.
func (m *netModel) spread(buckets int) {
	for b := 1; b < buckets; b++ {
		m.w2, m.b2 = append(m.w2, m.w2[:m.width()]...), append(m.b2, m.b2[0])
	}
}

// startModel returns the model of n, its single output copied to every
// bucket when the fit has buckets and n one: the fit then starts from n's
// scores exactly.
func startModel(n *eval.Network, buckets int) (*netModel, error) {
	if n.H2 > 0 {
		return nil, fmt.Errorf("train: fitting on from a network of two hidden layers is not supported")
	}
	m := &netModel{h: n.H}
	m.w1, m.b1, m.w2, m.b2 = n.Float()
	switch len(m.b2) {
	case buckets:
	case 1:
		m.spread(buckets)
	default:
		return nil, fmt.Errorf("train: the starting network has %d output buckets, the fit %d", len(m.b2), buckets)
	}
	return m, nil
}

// netInputsOf lists p's inputs that are on (eval.NetInputsOf) into s and
// sets its bucket of buckets.
func netInputsOf(p *movegen.Position, s *netSample, buckets int) {
	var in [movegen.NumSquares]uint32
	n := eval.NetInputsOf(p, &in)
	for i, x := range in[:n] {
		s.inputs[i] = uint8(x)
	}
	s.n = uint8(n)
	s.bucket = uint8(eval.NetBucket(n, buckets))
}

// netBuf holds a sample's unit sums while it is scored: the first
// layer's, and the second's if the network has one.
type netBuf struct{ acc, acc2 []float32 }

func newNetBuf(m *netModel) netBuf {
	return netBuf{acc: make([]float32, m.h), acc2: make([]float32, m.h2)}
}

// clip is a unit's activation: its sum clipped to [0, 1].
func clip(a float32) float32 { return min(max(a, 0), 1) }

// forward returns the winning chance of the side to move, leaving the
// hidden units' sums in buf.
func (m *netModel) forward(s *netSample, k float32, buf *netBuf) float32 {
	acc := buf.acc
	copy(acc, m.b1)
	for _, in := range s.inputs[:s.n] {
		addRow(acc, m.w1[int(in)*m.h:])
	}
	if m.h2 > 0 {
		// Closed units add nothing: about half of them.
		copy(buf.acc2, m.bh)
		for j, a := range acc {
			if a <= 0 {
				continue
			}
			a = min(a, 1)
			addScaled(buf.acc2, m.wh[j*m.h2:], a)
		}
		acc = buf.acc2
	}
	out := m.b2[s.bucket]
	w := m.width()
	w2 := m.w2[int(s.bucket)*w : int(s.bucket+1)*w]
	for j, a := range acc {
		out += w2[j] * clip(a)
	}
	return float32(sigmoid(float64(100 * out / k)))
}

// netGrad is one worker's gradient of a batch.
type netGrad struct {
	w1, b1, wh, bh, w2, b2 []float32
	loss                   float64
	buf                    netBuf
}

func newNetGrad(m *netModel, buckets int) *netGrad {
	return &netGrad{w1: make([]float32, eval.NetInputs*m.h), b1: make([]float32, m.h),
		wh: make([]float32, m.h2*m.h), bh: make([]float32, m.h2), w2: make([]float32, buckets*m.width()),
		b2: make([]float32, buckets), buf: newNetBuf(m)}
}

// outputGrad adds to gw2 the output's gradient d times the activations
// of the sums acc, and leaves in acc each unit's gradient (0 where the
// clip holds it).
func outputGrad(acc, w2, gw2 []float32, d float32) {
	for j, a := range acc {
		switch {
		case a <= 0:
			acc[j] = 0
		case a >= 1:
			gw2[j] += d
			acc[j] = 0
		default:
			gw2[j] += d * a
			acc[j] = d * w2[j]
		}
	}
}

// backward adds s's gradient, times scale, to g.
func (m *netModel) backward(s *netSample, k float32, g *netGrad, scale float32) {
	buf := &g.buf
	p := m.forward(s, k, buf)
	g.loss += crossEntropy(float64(p), float64(s.target))
	d := (p - s.target) * 100 / k * scale
	g.b2[s.bucket] += d
	w := m.width()
	lo, hi := int(s.bucket)*w, int(s.bucket+1)*w
	if m.h2 == 0 {
		outputGrad(buf.acc, m.w2[lo:hi], g.w2[lo:hi], d)
	} else {
		// The second units' gradients, then each open first unit's: its
		// share of the second layer's gradient, and its sum's gradient
		// where the clip lets it through.
		outputGrad(buf.acc2, m.w2[lo:hi], g.w2[lo:hi], d)
		for k, dk := range buf.acc2 {
			g.bh[k] += dk
		}
		for j, a := range buf.acc {
			if a <= 0 {
				buf.acc[j] = 0
				continue
			}
			addScaled(g.wh[j*m.h2:(j+1)*m.h2], buf.acc2, min(a, 1))
			sum := dot(buf.acc2, m.wh[j*m.h2:])
			if a >= 1 {
				sum = 0
			}
			buf.acc[j] = sum
		}
	}
	for j, da := range buf.acc {
		g.b1[j] += da
	}
	for _, in := range s.inputs[:s.n] {
		addRow(g.w1[int(in)*m.h:int(in)*m.h+m.h], buf.acc)
	}
}

// adam is Adam's state for one array of weights.
type adam struct{ m, v []float32 }

// step moves w against gradient g (then zeroed) by Adam's rule.
func (a *adam) step(w, g []float32, rate float32, c1, c2 float64) {
	if a.m == nil {
		a.m, a.v = make([]float32, len(w)), make([]float32, len(w))
	}
	for i, gi := range g {
		a.m[i] = beta1*a.m[i] + (1-beta1)*gi
		a.v[i] = beta2*a.v[i] + (1-beta2)*gi*gi
		w[i] -= rate * float32(float64(a.m[i])/c1/(math.Sqrt(float64(a.v[i])/c2)+epsilon))
		g[i] = 0
	}
}

// netTrainer holds a network run: the model, its optimiser and the
// workers' gradients.
type netTrainer struct {
	m                            *netModel
	k                            float32
	grads                        [netWorkers]*netGrad
	aw1, ab1, awh, abh, aw2, ab2 adam
	steps                        int
}

// step takes one Adam step on a batch and returns its summed loss.
func (t *netTrainer) step(batch []netSample, rate float32) float64 {
	scale := 1 / float32(len(batch))
	var wg sync.WaitGroup
	per := (len(batch) + netWorkers - 1) / netWorkers
	for w := range t.grads {
		part := batch[min(w*per, len(batch)):min((w+1)*per, len(batch))]
		wg.Add(1)
		go func(g *netGrad) {
			defer wg.Done()
			for i := range part {
				t.m.backward(&part[i], t.k, g, scale)
			}
		}(t.grads[w])
	}
	wg.Wait()
	g := t.grads[0]
	for _, o := range t.grads[1:] {
		for i := range g.w1 {
			g.w1[i] += o.w1[i]
			o.w1[i] = 0
		}
		for _, xs := range [][2][]float32{{g.b1, o.b1}, {g.wh, o.wh}, {g.bh, o.bh}, {g.w2, o.w2}, {g.b2, o.b2}} {
			for j, x := range xs[1] {
				xs[0][j] += x
				xs[1][j] = 0
			}
		}
		g.loss += o.loss
		o.loss = 0
	}
	loss := g.loss
	g.loss = 0
	t.steps++
	c1 := 1 - math.Pow(beta1, float64(t.steps))
	c2 := 1 - math.Pow(beta2, float64(t.steps))
	t.aw1.step(t.m.w1, g.w1, rate, c1, c2)
	t.ab1.step(t.m.b1, g.b1, rate, c1, c2)
	t.awh.step(t.m.wh, g.wh, rate, c1, c2)
	t.abh.step(t.m.bh, g.bh, rate, c1, c2)
	t.aw2.step(t.m.w2, g.w2, rate, c1, c2)
	t.ab2.step(t.m.b2, g.b2, rate, c1, c2)
	return loss
}

// loss returns the mean cross-entropy over samples.
func (t *netTrainer) loss(samples []netSample) float64 {
	var wg sync.WaitGroup
	var sums [netWorkers]float64
	for w := range sums {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := newNetBuf(t.m)
			for i := w; i < len(samples); i += netWorkers {
				sums[w] += crossEntropy(float64(t.m.forward(&samples[i], t.k, &buf)), float64(samples[i].target))
			}
		}()
	}
	wg.Wait()
	sum := 0.0
	for _, s := range sums {
		sum += s
	}
	return sum / float64(len(samples))
}

// netSamples turns samples into the network's terms, targets as the
// linear fit's (trainer.target) from the side to move's view.
func netSamples(in []Sample, tr *trainer, buckets int) []netSample {
	out := make([]netSample, len(in))
	for i := range in {
		s := &in[i]
		p := s.position(tr.cfg.Variant)
		netInputsOf(&p, &out[i], buckets)
		y := tr.target(s)
		if p.Turn == movegen.White {
			y = 1 - y
		}
		out[i].target = float32(y)
	}
	return out
}

// trainNetwork fits a network of cfg.Hidden units (Train's other half).
func trainNetwork(trainSet, validSet []Sample, cfg FitConfig, fit *Fit) (*Fit, error) {
	tr := &trainer{cfg: cfg, k: fit.K}
	buckets := max(cfg.Buckets, 1)
	ts, vs := netSamples(trainSet, tr, buckets), netSamples(validSet, tr, buckets)
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5eed))
	// The random start is drawn even when Start replaces it, so that one
	// seed shuffles the positions alike either way.
	m := newNetModel(cfg.Hidden, cfg.Hidden2, buckets, rng)
	if cfg.Start != nil {
		var err error
		if m, err = startModel(cfg.Start, buckets); err != nil {
			return nil, err
		}
	}
	t := &netTrainer{m: m, k: float32(fit.K)}
	for w := range t.grads {
		t.grads[w] = newNetGrad(m, buckets)
	}
	rate := float32(cfg.NetRate)
	err := passes(cfg, fit, rng, len(ts),
		func(i, j int) { ts[i], ts[j] = ts[j], ts[i] },
		func() float64 {
			loss := 0.0
			for i := 0; i < len(ts); i += cfg.Batch {
				loss += t.step(ts[i:min(i+cfg.Batch, len(ts))], rate)
			}
			rate *= float32(cfg.Decay)
			return loss
		},
		func() float64 { return t.loss(vs) },
		func() error {
			n, err := eval.TwoLayersFromFloat(t.m.h, t.m.h2, t.m.w1, t.m.b1, t.m.wh, t.m.bh, t.m.w2, t.m.b2)
			fit.Net = n
			return err
		})
	if err != nil {
		return nil, err
	}
	return fit, nil
}
