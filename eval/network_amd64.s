#include "textflag.h"

// CLAMPMADD clamps the 16 sums in y to [0, 255], multiplies them pairwise
// into the output weights at off(R8) and adds the int32 results to Y15.
#define CLAMPMADD(y, off) \
	VPMAXSW Y8, y, y; \
	VPMINSW Y9, y, y; \
	VPMADDWD off(R8), y, y; \
	VPADDD y, Y15, Y15

// func netForwardAVX2(w1, b1, w2 *int16, rows *uint32, n, chunks int) int32
//
// For each chunk of 128 hidden units: the accumulator (Y0-Y7, 16 int16
// lanes each) starts at b1 and adds the n rows of w1 at the byte offsets
// rows[0..n); it is clamped to [0, 255] and multiplied into w2 pairwise
// (VPMADDWD), the int32 products summed in Y15. Returns the sum.
TEXT ·netForwardAVX2(SB), NOSPLIT, $0-52
	MOVQ w1+0(FP), SI
	MOVQ b1+8(FP), DI
	MOVQ w2+16(FP), R8
	MOVQ rows+24(FP), R9
	MOVQ n+32(FP), R10
	MOVQ chunks+40(FP), R11
	VPXOR Y15, Y15, Y15
	VPXOR Y8, Y8, Y8
	MOVL $255, AX
	VMOVD AX, X9
	VPBROADCASTW X9, Y9

chunk:
	VMOVDQU 0(DI), Y0
	VMOVDQU 32(DI), Y1
	VMOVDQU 64(DI), Y2
	VMOVDQU 96(DI), Y3
	VMOVDQU 128(DI), Y4
	VMOVDQU 160(DI), Y5
	VMOVDQU 192(DI), Y6
	VMOVDQU 224(DI), Y7
	XORQ CX, CX

feat:
	CMPQ CX, R10
	JGE  out
	MOVL (R9)(CX*4), AX
	LEAQ (SI)(AX*1), DX
	VPADDW 0(DX), Y0, Y0
	VPADDW 32(DX), Y1, Y1
	VPADDW 64(DX), Y2, Y2
	VPADDW 96(DX), Y3, Y3
	VPADDW 128(DX), Y4, Y4
	VPADDW 160(DX), Y5, Y5
	VPADDW 192(DX), Y6, Y6
	VPADDW 224(DX), Y7, Y7
	INCQ CX
	JMP  feat

out:
	CLAMPMADD(Y0, 0)
	CLAMPMADD(Y1, 32)
	CLAMPMADD(Y2, 64)
	CLAMPMADD(Y3, 96)
	CLAMPMADD(Y4, 128)
	CLAMPMADD(Y5, 160)
	CLAMPMADD(Y6, 192)
	CLAMPMADD(Y7, 224)
	ADDQ $256, SI
	ADDQ $256, DI
	ADDQ $256, R8
	DECQ R11
	JNZ  chunk

	VEXTRACTI128 $1, Y15, X10
	VPADDD X10, X15, X15
	VPSHUFD $0x4E, X15, X10
	VPADDD X10, X15, X15
	VPSHUFD $0xB1, X15, X10
	VPADDD X10, X15, X15
	VMOVD X15, AX
	VZEROUPPER
	MOVL AX, ret+48(FP)
	RET

// func cpuid(eax, ecx uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eax+0(FP), AX
	MOVL ecx+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET
