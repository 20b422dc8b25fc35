package train

// The fit's inner loop over a layer's units: a row of weights added to the
// units' sums, and a gradient to a row. On amd64 with AVX2 it runs eight
// units at a time (kernel_amd64.s) and gives the same float32 results as
// this: each unit's additions are the same, in the same order.

// addRowGo adds src to dst, unit by unit.
func addRowGo(dst, src []float32) {
	src = src[:len(dst)]
	for j := range dst {
		dst[j] += src[j]
	}
}
