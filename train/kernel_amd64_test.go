package train

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKernelsMatchGo checks the AVX2 kernels against the plain Go bit for
// bit, at the widths a fit uses and at widths the kernels leave to Go.
func TestKernelsMatchGo(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 here")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	vec := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = (rng.Float32()*2 - 1) * float32(1+rng.IntN(1000))
		}
		return v
	}
	for _, n := range []int{0, 8, 31, 32, 64, 100, 128, 512, 1024} {
		dst, src, a := vec(n), vec(n+5), rng.Float32()*3-1.5
		want, got := slices.Clone(dst), slices.Clone(dst)
		addRowGo(want, src)
		addRow(got, src)
		if !slices.Equal(got, want) {
			t.Errorf("addRow of %d units differs from Go", n)
		}
		want, got = slices.Clone(dst), slices.Clone(dst)
		addScaledGo(want, src, a)
		addScaled(got, src, a)
		if !slices.Equal(got, want) {
			t.Errorf("addScaled of %d units differs from Go", n)
		}
		if n%dotLanes == 0 {
			if d, g := dotGo(dst, src), dot(dst, src); d != g {
				t.Errorf("dot of %d units: %g, Go %g", n, g, d)
			}
		}
	}
}

// TestFitSameWithoutKernels checks that a network fit, one and two hidden
// layers, gives the same losses with the kernels and without.
func TestFitSameWithoutKernels(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 here")
	}
	samples := playoutSamples(300, 4)
	tr := &trainer{cfg: DefaultFit, k: 50}
	ns := netSamples(samples, tr, 2)
	defer func() { hasAVX2 = true }()
	for _, h2 := range []int{0, 32} {
		var losses [2][]float64
		for run, kernels := range []bool{true, false} {
			hasAVX2 = kernels
			m := newNetModel(128, h2, 2, rand.New(rand.NewPCG(5, 6)))
			tn := &netTrainer{m: m, k: 50}
			for w := range tn.grads {
				tn.grads[w] = newNetGrad(m, 2)
			}
			for i := 0; i+64 <= len(ns); i += 64 {
				losses[run] = append(losses[run], tn.step(ns[i:i+64], 0.01))
			}
			losses[run] = append(losses[run], tn.loss(ns))
		}
		if !slices.Equal(losses[0], losses[1]) {
			t.Errorf("h2 %d: losses with the kernels %v, without %v", h2, losses[0], losses[1])
		}
	}
}

// BenchmarkNetBackward times one position's gradient, the fit's inner
// step, with the kernels and in plain Go: one hidden layer of 512 units,
// and 512 then 32.
func BenchmarkNetBackward(b *testing.B) {
	samples := playoutSamples(200, 3)
	tr := &trainer{cfg: DefaultFit, k: 50}
	ns := netSamples(samples, tr, 4)
	avx := hasAVX2
	defer func() { hasAVX2 = avx }()
	for _, kernels := range []bool{false, true} {
		for _, h2 := range []int{0, 32} {
			name := map[bool]string{false: "go", true: "avx2"}[kernels] + map[int]string{0: "/512", 32: "/512x32"}[h2]
			b.Run(name, func(b *testing.B) {
				if kernels && !avx {
					b.Skip("no AVX2 here")
				}
				hasAVX2 = kernels
				m := newNetModel(512, h2, 4, rand.New(rand.NewPCG(1, 2)))
				g := newNetGrad(m, 4)
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					m.backward(&ns[i%len(ns)], 50, g, 1e-3)
				}
			})
		}
	}
}
