package eval

// sum is forward, in AVX2 where the processor has it.
func (n *Network) sum(rows []uint32) int32 {
	if !hasAVX2 || len(rows) == 0 {
		return n.forward(rows)
	}
	for i := range rows {
		rows[i] *= uint32(n.H) * 2 // the kernel takes byte offsets
	}
	return netForwardAVX2(&n.W1[0], &n.B1[0], &n.W2[0], &rows[0], len(rows), n.H/NetHiddenStep)
}

// netForwardAVX2 is forward's kernel for rows at byte offsets (assembly).
//
//go:noescape
func netForwardAVX2(w1, b1, w2 *int16, rows *uint32, n, chunks int) int32

// cpuid and xgetbv are the instructions (assembly).
func cpuid(eax, ecx uint32) (a, b, c, d uint32)

func xgetbv() (eax, edx uint32)

// hasAVX2 reports whether the processor and the operating system support
// AVX2 (the YMM registers saved by the OS).
var hasAVX2 = func() bool {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, c, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if c&osxsave == 0 || c&avx == 0 {
		return false
	}
	if eax, _ := xgetbv(); eax&6 != 6 {
		return false
	}
	_, b, _, _ := cpuid(7, 0)
	return b&(1<<5) != 0
}()
