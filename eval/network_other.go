//go:build !amd64

package eval

// hasAVX2 is false: the kernel is amd64's. Tests that compare the kernel
// with the plain Go set it on every architecture alike.
var hasAVX2 = false

// sum is forward: no assembly kernel on this architecture.
func (n *Network) sum(base, dst []int16, add, sub []uint32, b int) int32 {
	return n.forward(base, dst, add, sub, b)
}

// layer2 is layer2Go: no assembly kernel on this architecture.
func (n *Network) layer2(acc []int16, b int) int32 { return n.layer2Go(acc, b) }
