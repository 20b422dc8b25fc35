package train

// The fit's inner loops over a layer's units: a row of weights added to
// the units' sums (and a gradient to a row), and a row times a unit's
// activation or gradient. On amd64 with AVX2 they run eight units at a
// time (kernel_amd64.s) and give the same float32 results as these: each
// unit's operations are the same, in the same order.

// addRowGo adds src to dst, unit by unit.
func addRowGo(dst, src []float32) {
	src = src[:len(dst)]
	for j := range dst {
		dst[j] += src[j]
	}
}

// addScaledGo adds a times src to dst, unit by unit (the product rounded
// before the sum, as Go computes it).
func addScaledGo(dst, src []float32, a float32) {
	src = src[:len(dst)]
	for j := range dst {
		dst[j] += a * src[j]
	}
}

// dotLanes is the number of partial sums dotGo keeps, the kernel's four
// YMM registers of eight: the order of its sums is the kernel's.
const dotLanes = 32

// dotGo returns the sum of a[j] b[j], len(a) a multiple of dotLanes: the
// products summed in dotLanes partial sums, which are then added as the
// kernel adds its registers and their lanes, so that both give the same
// float32.
func dotGo(a, b []float32) float32 {
	var p [dotLanes]float32
	b = b[:len(a)]
	for j := range a {
		p[j%dotLanes] += a[j] * b[j]
	}
	var r [8]float32 // (Y0+Y1) + (Y2+Y3), lane by lane
	for l := range r {
		r[l] = (p[l] + p[8+l]) + (p[16+l] + p[24+l])
	}
	var q [4]float32 // the upper half onto the lower
	for l := range q {
		q[l] = r[l] + r[4+l]
	}
	return (q[0] + q[2]) + (q[1] + q[3])
}

// dotPlain returns the sum of a[j] b[j] in order, for lengths the kernel
// does not take.
func dotPlain(a, b []float32) float32 {
	var sum float32
	b = b[:len(a)]
	for j := range a {
		sum += a[j] * b[j]
	}
	return sum
}
