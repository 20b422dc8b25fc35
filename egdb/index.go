package egdb

import (
	"math/bits"

	"github.com/crown-checkers/crown/movegen"
)

// Square sets the index works with (Black to move).
const (
	// rowBlackBack is row 0, squares 1-4: White's crowning row, where White
	// men never stand and Black men may.
	rowBlackBack movegen.Bitboard = 0x0000000F
	// rowBlackCrown is row 7, squares 29-32: Black's crowning row, where
	// Black men never stand.
	rowBlackCrown movegen.Bitboard = 0xF0000000
	// middle is rows 1-6, where men of both sides may stand.
	middle movegen.Bitboard = ^(rowBlackBack | rowBlackCrown)
	// middleSquares and rowSquares count those squares.
	middleSquares = 24
	rowSquares    = 4
)

// binom[n][k] is n choose k for n, k <= 32.
var binom [movegen.NumSquares + 1][movegen.NumSquares + 1]int64

func init() {
	for n := 0; n <= movegen.NumSquares; n++ {
		binom[n][0] = 1
		for k := 1; k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
}

// layout is a slice's index arithmetic: the positions are split by the
// number r of Black men on row 0 (White's crowning row), because that
// decides how many squares White's men have; within one r the index is a
// mixed-radix number of five combinatorial ranks.
type layout struct {
	m      Material
	offset [rowSquares + 2]int64 // offset[r]: first index with r Black men on row 0; offset[last] is the size
}

func newLayout(m Material) layout {
	l := layout{m: m}
	var off int64
	for r := 0; r <= rowSquares; r++ {
		l.offset[r] = off
		off += l.count(r)
	}
	l.offset[rowSquares+1] = off
	return l
}

// count is the number of positions with r Black men on row 0.
func (l *layout) count(r int) int64 {
	m := l.m
	if r > m.BM || m.BM-r > middleSquares {
		return 0
	}
	free := movegen.NumSquares - m.BM - m.WM
	if free < 0 {
		return 0
	}
	return binom[rowSquares][r] * binom[middleSquares][m.BM-r] *
		binom[rowSquares+middleSquares-(m.BM-r)][m.WM] *
		binom[free][m.BK] * binom[free-m.BK][m.WK]
}

// size is the number of positions in the slice.
func (l *layout) size() int64 { return l.offset[rowSquares+1] }

// Size returns the number of positions in slice m.
func Size(m Material) int64 {
	l := newLayout(m)
	return l.size()
}

// rankSet is the colex rank of set among the squares of avail (set must be
// a subset of avail): the sum of C(i-th relative square, i) over its
// squares in increasing order, i counted from 1.
func rankSet(set, avail movegen.Bitboard) int64 {
	var r int64
	i := 1
	for b := set; b != 0; b &= b - 1 {
		s := b.First()
		rel := bits.OnesCount32(uint32(avail & (s.Bit() - 1)))
		r += binom[rel][i]
		i++
	}
	return r
}

// unrankSet is the inverse of rankSet: the k-square subset of avail with
// colex rank r. Each square is the largest c with C(c, i) <= r, found by
// binary search (the builder unranks every position).
func unrankSet(r int64, k int, avail movegen.Bitboard) movegen.Bitboard {
	var set movegen.Bitboard
	n := avail.Count()
	for i := k; i >= 1; i-- {
		c := int(r) // C(c, 1) = c
		if i > 1 {
			lo, hi := i-1, n-1 // C(lo, i) = 0 <= r; the answer is in lo..hi
			for lo < hi {
				mid := (lo + hi + 1) / 2
				if binom[mid][i] <= r {
					lo = mid
				} else {
					hi = mid - 1
				}
			}
			c = lo
		}
		r -= binom[c][i]
		n = c
		set |= nthSquare(avail, c)
	}
	return set
}

// selectBit[b][n] is the position of the n-th (0-based) set bit of byte b.
var selectBit [256][8]uint8

func init() {
	for b := range 256 {
		n := 0
		for i := range 8 {
			if b&(1<<i) != 0 {
				selectBit[b][n] = uint8(i)
				n++
			}
		}
	}
}

// nthSquare returns the one-square set of the n-th (0-based) square of
// avail (a byte at a time: the builder unranks every position).
func nthSquare(avail movegen.Bitboard, n int) movegen.Bitboard {
	for sh := 0; sh < movegen.NumSquares; sh += 8 {
		b := uint8(avail >> sh)
		if c := bits.OnesCount8(b); n >= c {
			n -= c
			continue
		}
		return 1 << (sh + int(selectBit[b][n]))
	}
	return 0
}

// index returns the rank of p, which must have Black to move and l's
// material.
func (l *layout) index(p *movegen.Position) int64 {
	m := &l.m
	bm := p.Pieces[movegen.Black] &^ p.Kings
	wm := p.Pieces[movegen.White] &^ p.Kings
	bk := p.Pieces[movegen.Black] & p.Kings
	wk := p.Pieces[movegen.White] & p.Kings
	back := bm & rowBlackBack
	r := back.Count()
	mid := bm & middle
	wAvail := (middle | rowBlackCrown) &^ mid
	free := ^(bm | wm)
	kAvail := free &^ bk
	i := rankSet(back, rowBlackBack)
	i = i*binom[middleSquares][m.BM-r] + rankSet(mid, middle)
	i = i*binom[rowSquares+middleSquares-(m.BM-r)][m.WM] + rankSet(wm, wAvail)
	i = i*binom[free.Count()][m.BK] + rankSet(bk, free)
	i = i*binom[kAvail.Count()][m.WK] + rankSet(wk, kAvail)
	return l.offset[r] + i
}

// position returns the position with index i (0 <= i < size), Black to
// move, in variant v. Its Hash is left zero: the builder reads no hash.
func (l *layout) position(i int64, v movegen.Variant) movegen.Position {
	m := &l.m
	r := 0
	for l.offset[r+1] <= i {
		r++
	}
	i -= l.offset[r]
	free := movegen.NumSquares - m.BM - m.WM
	nWK := binom[free-m.BK][m.WK]
	nBK := binom[free][m.BK]
	nWM := binom[rowSquares+middleSquares-(m.BM-r)][m.WM]
	nMid := binom[middleSquares][m.BM-r]
	iWK := i % nWK
	i /= nWK
	iBK := i % nBK
	i /= nBK
	iWM := i % nWM
	i /= nWM
	iMid := i % nMid
	iBack := i / nMid
	back := unrankSet(iBack, r, rowBlackBack)
	mid := unrankSet(iMid, m.BM-r, middle)
	wm := unrankSet(iWM, m.WM, (middle|rowBlackCrown)&^mid)
	freeSet := ^(back | mid | wm)
	bk := unrankSet(iBK, m.BK, freeSet)
	wk := unrankSet(iWK, m.WK, freeSet&^bk)
	return movegen.Position{
		Pieces:  [2]movegen.Bitboard{back | mid | bk, wm | wk},
		Kings:   bk | wk,
		Turn:    movegen.Black,
		Variant: v,
	}
}

// Index returns the slice and the index within it of p, turning the
// position round first when White is to move. ok is false when p's
// material is no valid slice.
func Index(p *movegen.Position) (m Material, i int64, ok bool) {
	q := *p
	if q.Turn == movegen.White {
		q = q.Flip()
	}
	m = MaterialOf(&q)
	if !m.Valid() {
		return m, 0, false
	}
	l := newLayout(m)
	return m, l.index(&q), true
}

// Unindex returns the position with index i in slice m of variant v, with
// Black to move. It panics if i is out of range.
func Unindex(m Material, i int64, v movegen.Variant) movegen.Position {
	l := newLayout(m)
	if i < 0 || i >= l.size() {
		panic("egdb: index out of range")
	}
	p := l.position(i, v)
	p.Hash = p.ComputeHash()
	return p
}
