//go:build !amd64

package eval

// sum is forward: no assembly kernel on this architecture.
func (n *Network) sum(base, dst []int16, add, sub []uint32, b int) int32 {
	return n.forward(base, dst, add, sub, b)
}
