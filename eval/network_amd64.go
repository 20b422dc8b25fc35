package eval

import (
	"unsafe"

	"github.com/crown-checkers/crown/internal/cpufeat"
)

// sum is forward, in AVX2 where the processor has it. It turns the input
// numbers of add and sub into the kernel's byte offsets in place. A second
// layer (dst required) is layer2's, in plain Go.
func (n *Network) sum(base, dst []int16, add, sub []uint32, b int) int32 {
	if !hasAVX2 {
		return n.forward(base, dst, add, sub, b)
	}
	for i := range add {
		add[i] *= uint32(n.H) * 2
	}
	for i := range sub {
		sub[i] *= uint32(n.H) * 2
	}
	var d *int16
	if dst != nil {
		d = &dst[0]
	}
	if n.H2 > 0 {
		netForwardAVX2(&n.W1[0], &base[0], d, nil, unsafe.SliceData(add), len(add), unsafe.SliceData(sub), len(sub), n.H/NetHiddenStep)
		return n.layer2(dst, b)
	}
	return netForwardAVX2(&n.W1[0], &base[0], d, &n.W2[b*n.H], unsafe.SliceData(add), len(add), unsafe.SliceData(sub), len(sub), n.H/NetHiddenStep)
}

// netForwardAVX2 is forward's kernel for rows at byte offsets (assembly);
// dst or w2 may be nil, add and sub nil when their counts are 0.
//
//go:noescape
func netForwardAVX2(w1, base, dst, w2 *int16, add *uint32, nadd int, sub *uint32, nsub, chunks int) int32

// hasAVX2 reports whether the kernel can run here; tests turn it off to
// check the plain Go against it.
var hasAVX2 = cpufeat.AVX2()
