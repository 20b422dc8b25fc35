#include "textflag.h"

// REDUCE sums the eight int32 lanes of y (x its lower half) into dst.
#define REDUCE(y, x, dst) \
	VEXTRACTI128 $1, y, X10; \
	VPADDD X10, x, x; \
	VPSHUFD $0x4E, x, X10; \
	VPADDD X10, x, x; \
	VPSHUFD $0xB1, x, X10; \
	VPADDD X10, x, x; \
	VMOVD x, dst

// CLAMPMADD clamps the 16 sums in y to [0, 255], multiplies them pairwise
// into the output weights at off(R8) and adds the int32 results to Y15.
#define CLAMPMADD(y, off) \
	VPMAXSW Y8, y, y; \
	VPMINSW Y9, y, y; \
	VPMADDWD off(R8), y, y; \
	VPADDD y, Y15, Y15

// ROWS adds (op VPADDW) or subtracts (VPSUBW) the rows of w1 (SI) at the
// n (cnt) byte offsets at list to the accumulator Y0-Y7.
#define ROWS(op, list, cnt, lbl, done) \
	XORQ CX, CX; \
lbl: \
	CMPQ CX, cnt; \
	JGE  done; \
	MOVL (list)(CX*4), AX; \
	LEAQ (SI)(AX*1), DX; \
	op 0(DX), Y0, Y0; \
	op 32(DX), Y1, Y1; \
	op 64(DX), Y2, Y2; \
	op 96(DX), Y3, Y3; \
	op 128(DX), Y4, Y4; \
	op 160(DX), Y5, Y5; \
	op 192(DX), Y6, Y6; \
	op 224(DX), Y7, Y7; \
	INCQ CX; \
	JMP  lbl; \
done:

// func netForwardAVX2(w1, base, dst, w2 *int16, add *uint32, nadd int, sub *uint32, nsub, chunks int) int32
//
// For each chunk of 128 hidden units: the accumulator (Y0-Y7, 16 int16
// lanes each) starts at base, adds the nadd rows of w1 at the byte offsets
// add[0..nadd) and subtracts the nsub rows at sub[0..nsub); it is stored
// at dst unless dst is nil, then clamped to [0, 255] and multiplied into
// w2 pairwise (VPMADDWD), the int32 products summed in Y15, unless w2 is
// nil. Returns the sum (0 without w2).
TEXT ·netForwardAVX2(SB), NOSPLIT, $0-76
	MOVQ w1+0(FP), SI
	MOVQ base+8(FP), DI
	MOVQ dst+16(FP), BX
	MOVQ w2+24(FP), R8
	MOVQ add+32(FP), R9
	MOVQ nadd+40(FP), R10
	MOVQ sub+48(FP), R12
	MOVQ nsub+56(FP), R13
	MOVQ chunks+64(FP), R11
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
	ROWS(VPADDW, R9, R10, addrow, added)
	ROWS(VPSUBW, R12, R13, subrow, subbed)
	TESTQ BX, BX
	JZ    out
	VMOVDQU Y0, 0(BX)
	VMOVDQU Y1, 32(BX)
	VMOVDQU Y2, 64(BX)
	VMOVDQU Y3, 96(BX)
	VMOVDQU Y4, 128(BX)
	VMOVDQU Y5, 160(BX)
	VMOVDQU Y6, 192(BX)
	VMOVDQU Y7, 224(BX)
	ADDQ $256, BX

out:
	TESTQ R8, R8
	JZ    next
	CLAMPMADD(Y0, 0)
	CLAMPMADD(Y1, 32)
	CLAMPMADD(Y2, 64)
	CLAMPMADD(Y3, 96)
	CLAMPMADD(Y4, 128)
	CLAMPMADD(Y5, 160)
	CLAMPMADD(Y6, 192)
	CLAMPMADD(Y7, 224)
	ADDQ $256, R8

next:
	ADDQ $256, SI
	ADDQ $256, DI
	DECQ R11
	JNZ  chunk

	REDUCE(Y15, X15, AX)
	VZEROUPPER
	MOVL AX, ret+72(FP)
	RET

// func layer2AVX2(acc, wh *int16, sums *int32, h, h2 int)
//
// For each second unit k < h2 (a multiple of 4), sums[k] is the sum over
// the first units j < h (a multiple of 16) of acc[j] clamped to [0, 255]
// times wh[k*h+j]: four second units at a time (Y0-Y3), sixteen first
// units a step, each clamped once for the four (VPMADDWD pairs them).
TEXT ·layer2AVX2(SB), NOSPLIT, $0-40
	MOVQ acc+0(FP), DI
	MOVQ wh+8(FP), R8
	MOVQ sums+16(FP), R9
	MOVQ h+24(FP), R12
	MOVQ h2+32(FP), R11
	SHLQ $1, R12
	SHRQ $2, R11
	VPXOR Y8, Y8, Y8
	MOVL $255, AX
	VMOVD AX, X9
	VPBROADCASTW X9, Y9

units:
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	LEAQ  (R8)(R12*1), AX
	LEAQ  (AX)(R12*1), BX
	LEAQ  (BX)(R12*1), DX
	XORQ  R10, R10

inner:
	VMOVDQU  (DI)(R10*1), Y4
	VPMAXSW  Y8, Y4, Y4
	VPMINSW  Y9, Y4, Y4
	VPMADDWD (R8)(R10*1), Y4, Y5
	VPADDD   Y5, Y0, Y0
	VPMADDWD (AX)(R10*1), Y4, Y6
	VPADDD   Y6, Y1, Y1
	VPMADDWD (BX)(R10*1), Y4, Y7
	VPADDD   Y7, Y2, Y2
	VPMADDWD (DX)(R10*1), Y4, Y5
	VPADDD   Y5, Y3, Y3
	ADDQ     $32, R10
	CMPQ     R10, R12
	JL       inner

	REDUCE(Y0, X0, 0(R9))
	REDUCE(Y1, X1, 4(R9))
	REDUCE(Y2, X2, 8(R9))
	REDUCE(Y3, X3, 12(R9))
	ADDQ $16, R9
	LEAQ (DX)(R12*1), R8
	DECQ R11
	JNZ  units
	VZEROUPPER
	RET
