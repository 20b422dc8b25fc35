package eval

import "github.com/crown-checkers/crown/movegen"

// Endings of kings only, which the learned inputs see too rarely to price:
// more kings against fewer win in American checkers, where the lone king is
// driven from the double corner; in Pool three kings beat one only off the
// long diagonal, and fewer draw.

// endingWeights are the numbers of the kings-only knowledge, in
// centi-men. KingsWin is the bonus for the side with more kings where that
// wins; Hunt rewards driving the weak king from the double corners (per
// square of distance) and HuntApproach bringing the kings closer (per
// square). A drawish ending's score is divided by 2^DrawShift (see DrawKing).
// HuntMobility is taken off per move the weak king has; HuntRoad is for
// holding the long diagonal and HuntDoubles for each double diagonal held
// (Pool's winning set-up); HuntOffDoubles and HuntOffNext reward having
// driven the weak king off the double diagonals and off the two diagonals
// beside the long one. DrawKing, where it is not 0 (Pool), replaces the
// learned score of a drawish ending with that many centi-men a king ahead:
// a network scores these endings level give or take a few centi-men that
// differ from one placement to the next, and that noise costs the search
// its cutoffs (Pool's three kings held on the long diagonal took 43
// million nodes to depth 18, 2.8 million flat).
type endingWeights struct {
	KingsWin, Hunt, HuntApproach, HuntMobility, HuntRoad, HuntDoubles, HuntOffDoubles, HuntOffNext, DrawShift, DrawKing int
}

// endings holds each rule set's ending weights, indexed by movegen.Variant.
var endings = [movegen.NumVariants]endingWeights{
	movegen.American: {KingsWin: 250, Hunt: 8, HuntApproach: 4, DrawShift: 2},
	movegen.Pool:     {KingsWin: 250, HuntApproach: 2, HuntMobility: 4, HuntRoad: 40, HuntDoubles: 20, HuntOffDoubles: 20, HuntOffNext: 20, DrawKing: 2},
}

// Square sets of the real board (bit s is PDN square s+1); each maps onto
// itself under the half turn, so they serve both sides.
const (
	mainRoad    movegen.Bitboard = 1<<3 | 1<<7 | 1<<10 | 1<<14 | 1<<17 | 1<<21 | 1<<24 | 1<<28 // 4-29
	doubleRoad1 movegen.Bitboard = 1<<0 | 1<<5 | 1<<9 | 1<<14 | 1<<18 | 1<<23 | 1<<27          // 1-28
	doubleRoad2 movegen.Bitboard = 1<<4 | 1<<8 | 1<<13 | 1<<17 | 1<<22 | 1<<26 | 1<<31         // 5-32
	nextToMain  movegen.Bitboard = 1<<2 | 1<<6 | 1<<9 | 1<<13 | 1<<16 | 1<<20 |                // 3-21
		1<<11 | 1<<15 | 1<<18 | 1<<22 | 1<<25 | 1<<29 // 12-30
)

// doubleCorners are the squares of the two double corners: 1, 5 and 28, 32.
var doubleCorners = [4]movegen.Square{0, 4, 27, 31}

// distance is the number of king steps between two squares.
func distance(a, b movegen.Square) int {
	return max(abs(a.Row()-b.Row()), abs(a.Col()-b.Col()))
}

// kingsEnding returns what to add to sum, the learned score from Black's
// view, in an ending of kings only: a won ending gets a bonus and a guide
// for driving the weak king out of the double corners; a drawn one is
// shrunk towards zero.
func kingsEnding(p *movegen.Position, sum int) int {
	w := &endings[p.Variant]
	flying := p.Rules().FlyingKings
	black, white := p.KingsOf(movegen.Black), p.KingsOf(movegen.White)
	nb, nw := black.Count(), white.Count()
	if nb == 0 || nw == 0 {
		return 0
	}
	strong, weak, sign := black, white, 1
	if nw > nb {
		strong, weak, sign = white, black, -1
	}
	wins := strong.Count() > weak.Count()
	if flying {
		wins = strong.Count() >= 3 && weak.Count() == 1 && weak&mainRoad == 0
	}
	if !wins {
		if w.DrawKing != 0 {
			return w.DrawKing*(nb-nw) - sum
		}
		return sum/(1<<w.DrawShift) - sum
	}
	v := w.KingsWin
	if strong&mainRoad != 0 {
		v += w.HuntRoad
	}
	if strong&doubleRoad1 != 0 {
		v += w.HuntDoubles
	}
	if strong&doubleRoad2 != 0 {
		v += w.HuntDoubles
	}
	occ := strong | weak
	for k := weak; k != 0; k &= k - 1 {
		wk := k.First()
		corner := 8
		for _, dc := range doubleCorners {
			corner = min(corner, distance(wk, dc))
		}
		v += w.Hunt*corner - w.HuntMobility*kingMoves(wk, occ, flying)
		if !(doubleRoad1 | doubleRoad2).Has(wk) {
			v += w.HuntOffDoubles
		}
		if !nextToMain.Has(wk) {
			v += w.HuntOffNext
		}
		for s := strong; s != 0; s &= s - 1 {
			v -= w.HuntApproach * distance(s.First(), wk)
		}
	}
	return sign * v
}

// kingMoves counts the quiet moves of a king on s: one step each way, or
// any distance along free diagonals when kings fly.
func kingMoves(s movegen.Square, occ movegen.Bitboard, flying bool) int {
	n := 0
	for d := movegen.DownLeft; d <= movegen.UpRight; d++ {
		for t := movegen.Neighbour(s, d); t != movegen.NoSquare && !occ.Has(t); t = movegen.Neighbour(t, d) {
			n++
			if !flying {
				break
			}
		}
	}
	return n
}
