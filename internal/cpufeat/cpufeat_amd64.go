package cpufeat

// cpuid and xgetbv are the instructions (assembly).
func cpuid(eax, ecx uint32) (a, b, c, d uint32)

func xgetbv() (eax, edx uint32)

// AVX2 reports whether the processor and the operating system support
// AVX2 (the YMM registers saved by the OS).
func AVX2() bool {
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
}
