//go:build !amd64

package eval

// sum is forward: no assembly kernel on this architecture.
func (n *Network) sum(rows []uint32) int32 { return n.forward(rows) }
