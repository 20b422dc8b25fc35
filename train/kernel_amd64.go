package train

import "github.com/crown-checkers/crown/internal/cpufeat"

// hasAVX2 reports whether the kernel can run here; tests turn it off to
// check it against the plain Go.
var hasAVX2 = cpufeat.AVX2()

// kernelStep is the kernel's granularity: four YMM registers of eight
// float32 units. Widths that are not a multiple of it take the plain Go.
const kernelStep = 32

// addRow adds src to dst (len(src) at least len(dst)).
func addRow(dst, src []float32) {
	if !hasAVX2 || len(dst)%kernelStep != 0 || len(dst) == 0 {
		addRowGo(dst, src)
		return
	}
	src = src[:len(dst)]
	addRowAVX2(&dst[0], &src[0], len(dst))
}

// addRowAVX2 is the kernel (assembly) for n units, a multiple of
// kernelStep.
//
//go:noescape
func addRowAVX2(dst, src *float32, n int)
