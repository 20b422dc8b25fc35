//go:build !amd64

package train

// addRow adds src to dst (len(src) at least len(dst)): no assembly kernel
// on this architecture.
func addRow(dst, src []float32) { addRowGo(dst, src) }
