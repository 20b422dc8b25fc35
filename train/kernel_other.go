//go:build !amd64

package train

// addRow adds src to dst (len(src) at least len(dst)): no assembly kernel
// on this architecture.
func addRow(dst, src []float32) { addRowGo(dst, src) }

// addScaled adds a times src to dst (len(src) at least len(dst)).
func addScaled(dst, src []float32, a float32) { addScaledGo(dst, src, a) }

// dot returns the sum of a[j] b[j] (len(b) at least len(a)).
func dot(a, b []float32) float32 {
	if len(a)%dotLanes == 0 {
		return dotGo(a, b)
	}
	return dotPlain(a, b)
}
