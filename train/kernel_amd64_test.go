package train

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKernelMatchesGo checks the AVX2 kernel against the plain Go bit for
// bit, at the widths a fit uses and at widths the kernel leaves to Go.
func TestKernelMatchesGo(t *testing.T) {
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
		dst, src := vec(n), vec(n+5)
		want, got := slices.Clone(dst), slices.Clone(dst)
		addRowGo(want, src)
		addRow(got, src)
		if !slices.Equal(got, want) {
			t.Errorf("addRow of %d units differs from Go", n)
		}
	}
}

// TestFitSameWithoutKernel checks that a network's steps give the same
// losses with the kernel and without.
func TestFitSameWithoutKernel(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 here")
	}
	samples := playoutSamples(300, 4)
	tr := &trainer{cfg: DefaultFit, k: 50}
	ns := netSamples(samples, tr, 2)
	defer func() { hasAVX2 = true }()
	var losses [2][]float64
	for run, kernel := range []bool{true, false} {
		hasAVX2 = kernel
		m := newNetModel(128, 2, rand.New(rand.NewPCG(5, 6)))
		tn := &netTrainer{m: m, k: 50}
		for w := range tn.grads {
			tn.grads[w] = newNetGrad(128, 2)
		}
		for i := 0; i+64 <= len(ns); i += 64 {
			losses[run] = append(losses[run], tn.step(ns[i:i+64], 0.01))
		}
		losses[run] = append(losses[run], tn.loss(ns))
	}
	if !slices.Equal(losses[0], losses[1]) {
		t.Errorf("losses with the kernel %v, without %v", losses[0], losses[1])
	}
}

// BenchmarkNetBackward times one position's gradient, the fit's inner
// step, for 512 hidden units and four buckets, in plain Go and with the
// kernel.
func BenchmarkNetBackward(b *testing.B) {
	samples := playoutSamples(200, 3)
	tr := &trainer{cfg: DefaultFit, k: 50}
	ns := netSamples(samples, tr, 4)
	avx := hasAVX2
	defer func() { hasAVX2 = avx }()
	for _, kernel := range []bool{false, true} {
		b.Run(map[bool]string{false: "go", true: "avx2"}[kernel], func(b *testing.B) {
			if kernel && !avx {
				b.Skip("no AVX2 here")
			}
			hasAVX2 = kernel
			m := newNetModel(512, 4, rand.New(rand.NewPCG(1, 2)))
			g := newNetGrad(512, 4)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				m.backward(&ns[i%len(ns)], 50, g, 1e-3)
			}
		})
	}
}
