// Package eval scores checkers positions statically for the search: a
// hand-written evaluation per rule set, in centi-men (one man = 100).
//
// Evaluate returns the score from the side to move's view. Explain breaks
// the same score into named terms; each Term's Value is from Black's view
// (positive favours Black) and the terms sum to the score seen from Black,
// so the side to move's total is that sum, negated when White is to move.
//
// The terms: material (a king is worth more in Pool, where it flies), an
// exchange bonus for the side ahead, the back-row guard, advancement by
// game phase, centre and edges, king placement, runaway men, mobility and
// the endings of kings only that material misjudges (more kings against
// fewer is a win in American checkers, where the lone king is driven from
// the double corner; in Pool three kings beat one only off the long
// diagonal). Every side is scored from its own side of the board, so the
// score is exactly symmetric under movegen's Flip. The weights are a table
// (weights.go) that tuning can replace.
package eval

import (
	"math/bits"

	"github.com/crown-checkers/crown/movegen"
)

// Term is one named part of the evaluation, from Black's view (positive
// favours Black).
type Term struct {
	Name  string
	Value int
}

// The terms, in Explain's order.
const (
	termMaterial = iota
	termExchange
	termBackRank
	termAdvance
	termCentre
	termKings
	termRunaway
	termMobility
	termEnding
	numTerms
)

var termNames = [numTerms]string{"material", "exchange", "back rank", "advancement", "centre", "kings", "runaway", "mobility", "ending"}

// Square sets seen from Black (bit s is PDN square s+1); White's pieces are
// mirrored onto them by rel.
const (
	centre4     movegen.Bitboard = 1<<13 | 1<<14 | 1<<17 | 1<<18 // 14, 15, 18, 19
	centreRing  movegen.Bitboard = 1<<9 | 1<<10 | 1<<21 | 1<<22  // 10, 11, 22, 23
	sideFiles   movegen.Bitboard = 1<<3 | 1<<4 | 1<<11 | 1<<12 | 1<<19 | 1<<20 | 1<<27 | 1<<28
	mainRoad    movegen.Bitboard = 1<<3 | 1<<7 | 1<<10 | 1<<14 | 1<<17 | 1<<21 | 1<<24 | 1<<28 // 4-29
	doubleRoad1 movegen.Bitboard = 1<<0 | 1<<5 | 1<<9 | 1<<14 | 1<<18 | 1<<23 | 1<<27          // 1-28
	doubleRoad2 movegen.Bitboard = 1<<4 | 1<<8 | 1<<13 | 1<<17 | 1<<22 | 1<<26 | 1<<31         // 5-32
	nextToMain  movegen.Bitboard = 1<<2 | 1<<6 | 1<<9 | 1<<13 | 1<<16 | 1<<20 |                // 3-21
		1<<11 | 1<<15 | 1<<18 | 1<<22 | 1<<25 | 1<<29 // 12-30
	bridge movegen.Bitboard = 1<<0 | 1<<2 // 1 and 3
)

// doubleCorners are the squares of the two double corners: 1, 5 and 28, 32.
var doubleCorners = [4]movegen.Square{0, 4, 27, 31}

// Phase interpolation: full middle-game weight with phaseFull pieces or
// more, full ending weight with phaseEmpty or fewer.
const (
	phaseFull  = 24
	phaseEmpty = 6
	phaseScale = 256
)

var (
	// rowMask[r] is row r (squares 4r+1 .. 4r+4).
	rowMask [8]movegen.Bitboard
	// cone[s] is every square a Black man on s could reach on its way to
	// the crowning row; an empty cone means nothing can stop it.
	cone [movegen.NumSquares]movegen.Bitboard
)

func init() {
	for r := range rowMask {
		rowMask[r] = 0xF << (4 * r)
	}
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		for t := movegen.Square(0); t < movegen.NumSquares; t++ {
			dr := t.Row() - s.Row()
			if dr > 0 && abs(t.Col()-s.Col()) <= dr {
				cone[s] |= t.Bit()
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// rel returns b seen from colour c's side of the board: White's squares
// turned half a turn (s to 31-s), so both sides share the Black tables.
func rel(c movegen.Color, b movegen.Bitboard) movegen.Bitboard {
	if c == movegen.White {
		return movegen.Bitboard(bits.Reverse32(uint32(b)))
	}
	return b
}

// Evaluate returns the static score of p from the side to move's view,
// one man = 100.
func Evaluate(p *movegen.Position) int {
	var t [numTerms]int
	s := evaluate(p, &t)
	if p.Turn == movegen.White {
		return -s
	}
	return s
}

// Explain returns the evaluation's terms (from Black's view) and the total
// from the side to move's view, equal to Evaluate(p).
func Explain(p *movegen.Position) (total int, terms []Term) {
	var t [numTerms]int
	total = evaluate(p, &t)
	if p.Turn == movegen.White {
		total = -total
	}
	terms = make([]Term, numTerms)
	for i := range terms {
		terms[i] = Term{Name: termNames[i], Value: t[i]}
	}
	return total, terms
}

// side is one colour's pieces seen from its own side of the board.
type side struct {
	men, kings   movegen.Bitboard
	nMen, nKings int
}

func sideOf(p *movegen.Position, c movegen.Color) side {
	s := side{men: rel(c, p.Men(c)), kings: rel(c, p.KingsOf(c))}
	s.nMen, s.nKings = s.men.Count(), s.kings.Count()
	return s
}

// evaluate fills t with the terms from Black's view and returns their sum.
func evaluate(p *movegen.Position, t *[numTerms]int) int {
	flying := p.Rules().FlyingKings // first: it panics on an unknown variant
	w := &weights[p.Variant]
	b, wh := sideOf(p, movegen.Black), sideOf(p, movegen.White)
	n := b.nMen + b.nKings + wh.nMen + wh.nKings
	ph := min(max((n-phaseEmpty)*phaseScale/(phaseFull-phaseEmpty), 0), phaseScale)

	mat := (b.nMen-wh.nMen)*w.Man + (b.nKings-wh.nKings)*w.King
	t[termMaterial] = mat
	t[termExchange] = mat * (phaseFull - n) / (phaseFull * w.Exchange)
	t[termBackRank] = backRank(w, &b, wh.nMen) - backRank(w, &wh, b.nMen)
	at := &advanceTables[p.Variant]
	bMg, bEg := at.sum(b.men)
	wMg, wEg := at.sum(wh.men)
	t[termAdvance] = taper(bMg-wMg, bEg-wEg, ph)
	t[termCentre] = taper(w.CentreMg*((b.men&centre4).Count()-(wh.men&centre4).Count()),
		w.CentreEg*((b.men&centre4).Count()-(wh.men&centre4).Count()), ph) +
		w.CentreRing*((b.men&centreRing).Count()-(wh.men&centreRing).Count()) +
		w.EdgeMan*((b.men&sideFiles).Count()-(wh.men&sideFiles).Count())
	t[termKings] = kingPlace(w, b.kings) - kingPlace(w, wh.kings)
	occ := p.Occupied()
	t[termRunaway] = runaway(w, &b, wh.nKings, rel(movegen.Black, occ), flying) - runaway(w, &wh, b.nKings, rel(movegen.White, occ), flying)
	mb, mw := mobility(p, movegen.Black), mobility(p, movegen.White)
	t[termMobility] = taper(w.MobilityMg*(mb-mw), w.MobilityEg*(mb-mw), ph)

	sum := 0
	for i := 0; i < termEnding; i++ {
		sum += t[i]
	}
	if b.nMen == 0 && wh.nMen == 0 {
		t[termEnding] = kingsEnding(w, p.KingsOf(movegen.Black), p.KingsOf(movegen.White), flying, sum)
		sum += t[termEnding]
	}
	return sum
}

// taper blends a middle-game and an ending value by phase ph.
func taper(mg, eg, ph int) int {
	return (mg*ph + eg*(phaseScale-ph)) / phaseScale
}

func backRank(w *Weights, s *side, oppMen int) int {
	if oppMen == 0 {
		return 0 // nobody left to crown: the guard is idle
	}
	v := 0
	for i := 0; i < 4; i++ {
		if s.men.Has(movegen.Square(i)) {
			v += w.BackRank[i]
		}
	}
	if s.men&bridge == bridge {
		v += w.Bridge
	}
	return v
}

// advanceTable holds, for each byte of a side's men (two rows) and each
// value of it, the middle-game and ending advancement bonus of those men,
// so the term costs four lookups instead of a count per row.
type advanceTable [4][256][2]int32

var advanceTables [movegen.NumVariants]advanceTable

func init() {
	for v := range weights {
		buildAdvance(&advanceTables[v], &weights[v])
	}
}

func buildAdvance(t *advanceTable, w *Weights) {
	for k := range t {
		for b := range t[k] {
			var mg, eg int32
			for i := 0; i < 8; i++ {
				if b&(1<<i) != 0 {
					row := (8*k + i) / 4
					mg += int32(w.ManRowMg[row])
					eg += int32(w.ManRowEg[row])
				}
			}
			t[k][b] = [2]int32{mg, eg}
		}
	}
}

// sum returns the advancement bonus of men, middle game and ending.
func (t *advanceTable) sum(men movegen.Bitboard) (mg, eg int) {
	var m, e int32
	for k := 0; k < 4; k++ {
		v := &t[k][uint8(men>>(8*k))]
		m += v[0]
		e += v[1]
	}
	return int(m), int(e)
}

func kingPlace(w *Weights, k movegen.Bitboard) int {
	return w.KingCentre*(k&(centre4|centreRing)).Count() + w.KingEdge*(k&sideFiles).Count() +
		w.KingMainRoad*(k&mainRoad).Count() + w.KingDoubleRoad*(k&(doubleRoad1|doubleRoad2)).Count()
}

// runaway scores s's men whose way to the crowning row is empty. Flying
// enemy kings catch any man, so then nothing counts; short kings might, so
// the bonus is halved.
// occ is the occupied squares seen from s's side.
func runaway(w *Weights, s *side, oppKings int, occ movegen.Bitboard, flying bool) int {
	if oppKings > 0 && flying {
		return 0
	}
	v := 0
	for m := s.men &^ (rowMask[0] | rowMask[1] | rowMask[2]); m != 0; m &= m - 1 {
		sq := m.First()
		if cone[sq]&occ == 0 {
			v += w.Runaway - w.RunawayStep*(7-sq.Row())
		}
	}
	if oppKings > 0 {
		v /= 2
	}
	return v
}

// mobility counts c's one-step quiet moves (men forward, kings both ways;
// a flying king's longer moves are left out as a cheap approximation).
func mobility(p *movegen.Position, c movegen.Color) int {
	empty := p.Empty()
	men, kings := p.Men(c), p.KingsOf(c)
	if c == movegen.Black {
		return movegen.CountStepsDown(men|kings, empty) + movegen.CountStepsUp(kings, empty)
	}
	return movegen.CountStepsUp(men|kings, empty) + movegen.CountStepsDown(kings, empty)
}

// distance is the number of king steps between two squares.
func distance(a, b movegen.Square) int {
	return max(abs(a.Row()-b.Row()), abs(a.Col()-b.Col()))
}

// kingsEnding adjusts sum (Black's view) in an ending of kings only, given
// each side's kings on the real board: a won ending gets a bonus and a
// guide for driving the weak king out of the double corners; a drawn one is
// shrunk towards zero. Distances and the marked squares are the same from
// both sides, so the real board serves both.
func kingsEnding(w *Weights, black, white movegen.Bitboard, flying bool, sum int) int {
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
		// Pool: three kings beat a lone king, unless it holds the long
		// diagonal; fewer kings, or more defenders, draw.
		wins = strong.Count() >= 3 && weak.Count() == 1 && weak&mainRoad == 0
	}
	if !wins {
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
