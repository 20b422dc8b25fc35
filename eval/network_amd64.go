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

// layer2 returns bucket b's output before its bias from the first units'
// sums acc, through the second layer: its sums by the AVX2 kernel where
// the processor has it.
func (n *Network) layer2(acc []int16, b int) int32 {
	if !hasAVX2 {
		return n.layer2Go(acc, b)
	}
	var sums [MaxHidden2]int32
	layer2AVX2(&acc[0], &n.WH[0], &sums[0], n.H, n.H2)
	return n.layer2Out(sums[:n.H2], b)
}

// layer2AVX2 is layer2's kernel (assembly): the second units' sums before
// their biases into sums, h a multiple of 16 and h2 of 4.
//
//go:noescape
func layer2AVX2(acc, wh *int16, sums *int32, h, h2 int)

// netForwardAVX2 is forward's kernel for rows at byte offsets (assembly);
// dst or w2 may be nil, add and sub nil when their counts are 0.
//
//go:noescape
func netForwardAVX2(w1, base, dst, w2 *int16, add *uint32, nadd int, sub *uint32, nsub, chunks int) int32

// hasAVX2 reports whether the kernel can run here; tests turn it off to
// check the plain Go against it.
var hasAVX2 = cpufeat.AVX2()
