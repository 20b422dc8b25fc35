package train

import "github.com/crown-checkers/crown/internal/cpufeat"

// hasAVX2 reports whether the kernels can run here; tests turn it off to
// check them against the plain Go.
var hasAVX2 = cpufeat.AVX2()

// kernelStep is the kernels' granularity: four YMM registers of eight
// float32 units. Widths that are not a multiple of it take the plain Go.
const kernelStep = 32

// kernelTakes reports whether the kernels run for n units: AVX2 here and
// a whole number of kernel steps.
func kernelTakes(n int) bool { return hasAVX2 && n > 0 && n%kernelStep == 0 }

// addRow adds src to dst (len(src) at least len(dst)).
func addRow(dst, src []float32) {
	if !kernelTakes(len(dst)) {
		addRowGo(dst, src)
		return
	}
	src = src[:len(dst)]
	addRowAVX2(&dst[0], &src[0], len(dst))
}

// addScaled adds a times src to dst (len(src) at least len(dst)).
func addScaled(dst, src []float32, a float32) {
	if !kernelTakes(len(dst)) {
		addScaledGo(dst, src, a)
		return
	}
	src = src[:len(dst)]
	addScaledAVX2(&dst[0], &src[0], len(dst), a)
}

// dot returns the sum of a[j] b[j] (len(b) at least len(a)), in dotGo's
// order.
func dot(a, b []float32) float32 {
	if !kernelTakes(len(a)) {
		if len(a)%dotLanes == 0 {
			return dotGo(a, b)
		}
		return dotPlain(a, b)
	}
	b = b[:len(a)]
	return dotAVX2(&a[0], &b[0], len(a))
}

// addRowAVX2, addScaledAVX2 and dotAVX2 are the kernels (assembly) for n units, a
// multiple of kernelStep.
//
//go:noescape
func addRowAVX2(dst, src *float32, n int)

//go:noescape
func addScaledAVX2(dst, src *float32, n int, a float32)

//go:noescape
func dotAVX2(a, b *float32, n int) float32
