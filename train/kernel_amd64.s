#include "textflag.h"

// func addRowAVX2(dst, src *float32, n int)
//
// dst[j] += src[j] for j < n, n a multiple of 32: 32 units a loop.
TEXT ·addRowAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $5, CX

row:
	VMOVUPS 0(DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	VADDPS  0(SI), Y0, Y0
	VADDPS  32(SI), Y1, Y1
	VADDPS  64(SI), Y2, Y2
	VADDPS  96(SI), Y3, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, SI
	DECQ    CX
	JNZ     row
	VZEROUPPER
	RET

// func addScaledAVX2(dst, src *float32, n int, a float32)
//
// dst[j] += a * src[j] for j < n, n a multiple of 32: the product rounded
// before the sum (no fused multiply-add), as Go's own code computes it.
TEXT ·addScaledAVX2(SB), NOSPLIT, $0-28
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS a+24(FP), Y8
	SHRQ         $5, CX

scaled:
	VMULPS  0(SI), Y8, Y4
	VMULPS  32(SI), Y8, Y5
	VMULPS  64(SI), Y8, Y6
	VMULPS  96(SI), Y8, Y7
	VADDPS  0(DI), Y4, Y4
	VADDPS  32(DI), Y5, Y5
	VADDPS  64(DI), Y6, Y6
	VADDPS  96(DI), Y7, Y7
	VMOVUPS Y4, 0(DI)
	VMOVUPS Y5, 32(DI)
	VMOVUPS Y6, 64(DI)
	VMOVUPS Y7, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, SI
	DECQ    CX
	JNZ     scaled
	VZEROUPPER
	RET

// func dotAVX2(a, b *float32, n int) float32
//
// The sum of a[j] * b[j] for j < n, n a multiple of 32: products rounded
// before their sums into four registers of eight lanes, added as dotGo
// adds them: (Y0+Y1) + (Y2+Y3), the upper four lanes onto the lower, then
// (lane 0 + lane 2) + (lane 1 + lane 3).
TEXT ·dotAVX2(SB), NOSPLIT, $0-28
	MOVQ   a+0(FP), SI
	MOVQ   b+8(FP), DI
	MOVQ   n+16(FP), CX
	SHRQ   $5, CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3

products:
	VMOVUPS 0(SI), Y4
	VMOVUPS 32(SI), Y5
	VMOVUPS 64(SI), Y6
	VMOVUPS 96(SI), Y7
	VMULPS  0(DI), Y4, Y4
	VMULPS  32(DI), Y5, Y5
	VMULPS  64(DI), Y6, Y6
	VMULPS  96(DI), Y7, Y7
	VADDPS  Y4, Y0, Y0
	VADDPS  Y5, Y1, Y1
	VADDPS  Y6, Y2, Y2
	VADDPS  Y7, Y3, Y3
	ADDQ    $128, SI
	ADDQ    $128, DI
	DECQ    CX
	JNZ     products

	VADDPS       Y1, Y0, Y0
	VADDPS       Y3, Y2, Y2
	VADDPS       Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPS       X1, X0, X0
	VMOVHLPS     X0, X0, X1
	VADDPS       X1, X0, X0
	VMOVSHDUP    X0, X1
	VADDSS       X1, X0, X0
	VZEROUPPER
	MOVSS        X0, ret+24(FP)
	RET
