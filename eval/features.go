package eval

import (
	"math/bits"

	"github.com/crown-checkers/crown/movegen"
)

// The model's inputs. Each side is seen from its own side of the board
// (White's squares turned half a turn, see rel) and scored with the same
// weights; the score from Black's view is Black's sum minus White's, so it
// is exactly antisymmetric under movegen's Flip whatever the weights.
//
// A side's sum has three kinds of inputs:
//   - patterns: regions of eight squares, each indexed in base 3 by what
//     stands on them (empty, own man, enemy man; kings count as empty, they
//     have their own inputs). Row regions are two whole rows (rows r and
//     r+1, r = 0..6); strip regions are four rows of two neighbouring
//     square columns (the squares 4i+k and 4i+k+1 of rows r..r+3, k = 0..2,
//     r = 0, 2, 4), about a quarter of the board each. Both sets map onto
//     themselves under the half turn.
//   - king squares: one input per square an own king stands on.
//   - scalars: counts from the side's view (men, kings, runaway men,
//     mobility), plus two that are differences (tempo: the side to move;
//     exchange: the material lead scaled by the pieces gone).
//
// Every input has a middle-game and an ending weight; the sum blends them by
// the number of pieces on the board.
const (
	regionSquares = 8
	regionSize    = 6561 // 3^8
	numRowRegions = 7
	numStrips     = 9
	numRegions    = numRowRegions + numStrips

	offRows    = 0
	offStrips  = offRows + numRowRegions*regionSize
	offKings   = offStrips + numStrips*regionSize
	offScalars = offKings + movegen.NumSquares

	// NumWeights is the number of inputs, each with a middle-game and an
	// ending weight, of one rule set's model.
	NumWeights = offScalars + numScalars
)

// The scalar inputs, after the king squares.
const (
	scMen          = iota // men of the side
	scKings               // kings of the side
	scRunaway             // men with a free path to the crowning row, no enemy king
	scRunawayGuard        // the same while the enemy has a king to catch them
	scMobility            // one-step quiet moves
	scTempo               // +1 for the side to move (a difference input)
	scExchange            // material lead x pieces gone / 24 (a difference input)
	numScalars
)

// Phase interpolation: full middle-game weight with phaseFull pieces or
// more, full ending weight with phaseEmpty or fewer.
const (
	phaseFull  = 24
	phaseEmpty = 6
	// PhaseScale is the phase of a full board: a Features' Phase is the
	// middle-game share of the weights in 1/PhaseScale.
	PhaseScale = 256
)

// tern8[b] is the byte b read as eight base-3 digits 0 or 1: the index
// contribution of the squares marked in b.
var tern8 [256]int32

func init() {
	for b := range tern8 {
		v, p := int32(0), int32(1)
		for i := 0; i < 8; i++ {
			if b&(1<<i) != 0 {
				v += p
			}
			p *= 3
		}
		tern8[b] = v
	}
}

// rowBits returns the eight squares of rows r and r+1 of b as a byte.
func rowBits(b movegen.Bitboard, r int) uint8 { return uint8(b >> (4 * r)) }

// stripBits returns the eight squares of strip region i of b as a byte:
// two bits from each of four rows. Strip k of rows r..r+3 is i = 3*(r/2) + k,
// its first square 4r+k.
func stripBits(b movegen.Bitboard, i int) uint8 {
	return uint8(stripLanes(uint32(b >> (8*(i/3) + i%3))))
}

// stripLanes gathers bits 0, 1, 4, 5, 8, 9, 12 and 13 of each 16-bit half
// of x into the low byte of that half, so one call serves a side's men
// and the enemy's.
func stripLanes(x uint32) uint32 {
	x &= 0x33333333
	x = (x | x>>2) & 0x0F0F0F0F
	return (x | x>>4) & 0x00FF00FF
}

// regionIndex returns the base-3 index of a region's contents: own men
// are digit 1, enemy men digit 2.
func regionIndex(own, enemy uint8) int32 { return tern8[own] + 2*tern8[enemy] }

// rel returns b seen from colour c's side of the board: White's squares
// turned half a turn (s to 31-s), so both sides share the same weights.
func rel(c movegen.Colour, b movegen.Bitboard) movegen.Bitboard {
	if c == movegen.White {
		return movegen.Bitboard(bits.Reverse32(uint32(b)))
	}
	return b
}

var (
	// rowMask[r] is row r (squares 4r+1 .. 4r+4).
	rowMask [8]movegen.Bitboard
	// cone[s] is every square a man on s could reach on its way to the
	// crowning row; an empty cone means nothing can stop it.
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

// side is one colour's pieces seen from its own side of the board.
type side struct {
	men, kings, enemyMen movegen.Bitboard
}

func sideOf(p *movegen.Position, c movegen.Colour) side {
	return side{men: rel(c, p.Men(c)), kings: rel(c, p.KingsOf(c)), enemyMen: rel(c, p.Men(c^1))}
}

// runaways counts s's men past the third row whose way to the crowning
// row is empty; occ is the occupied squares from s's view.
func runaways(s *side, occ movegen.Bitboard) int32 {
	n := int32(0)
	for m := s.men &^ (rowMask[0] | rowMask[1] | rowMask[2]); m != 0; m &= m - 1 {
		if cone[m.First()]&occ == 0 {
			n++
		}
	}
	return n
}

// mobility counts c's one-step quiet moves (men forward, kings both ways;
// a flying king's longer moves are left out as a cheap approximation).
func mobility(p *movegen.Position, c movegen.Colour) int32 {
	empty := p.Empty()
	men, kings := p.Men(c), p.KingsOf(c)
	if c == movegen.Black {
		return int32(movegen.CountStepsDown(men|kings, empty) + movegen.CountStepsUp(kings, empty))
	}
	return int32(movegen.CountStepsUp(men|kings, empty) + movegen.CountStepsDown(kings, empty))
}

// phase returns the middle-game share of the weights, 0..PhaseScale, for
// n pieces on the board.
func phase(n int) int32 {
	return int32(min(max((n-phaseEmpty)*PhaseScale/(phaseFull-phaseEmpty), 0), PhaseScale))
}

// scalars returns the scalar inputs of p from Black's view: Black's
// counts minus White's, and the two difference inputs.
func scalars(p *movegen.Position, b, w *side) [numScalars]int32 {
	var x [numScalars]int32
	bm, wm := int32(b.men.Count()), int32(w.men.Count())
	bk, wk := int32(b.kings.Count()), int32(w.kings.Count())
	x[scMen] = bm - wm
	x[scKings] = bk - wk
	rb, rw := runaways(b, rel(movegen.Black, p.Occupied())), runaways(w, rel(movegen.White, p.Occupied()))
	if wk == 0 {
		x[scRunaway] += rb
	} else {
		x[scRunawayGuard] += rb
	}
	if bk == 0 {
		x[scRunaway] -= rw
	} else {
		x[scRunawayGuard] -= rw
	}
	x[scMobility] = mobility(p, movegen.Black) - mobility(p, movegen.White)
	x[scTempo] = 1
	if p.Turn == movegen.White {
		x[scTempo] = -1
	}
	n := bm + wm + bk + wk
	x[scExchange] = (bm + bk - wm - wk) * max(phaseFull-n, 0) / phaseFull
	return x
}

// MaxFeatures bounds the inputs Extract lists for one position.
const MaxFeatures = 2*(numRegions+12) + numScalars

// Feature is one input of a position: a weight index and the input's value
// from Black's view.
type Feature struct {
	Index int32
	Value int32
}

// Features are the inputs of one position, as Extract lists them for a
// trainer: the score from Black's view is the sum over List[:N] of Value
// times the weight, middle-game weights counting Phase/PhaseScale and
// ending weights the rest.
type Features struct {
	List  [MaxFeatures]Feature
	N     int
	Phase int32
}

// add appends an input.
func (f *Features) add(i, v int32) {
	f.List[f.N] = Feature{i, v}
	f.N++
}

// Extract lists the inputs of p, the linear part of the evaluation: the
// kings-only ending adjustment Evaluate makes on top is not an input.
func Extract(p *movegen.Position, f *Features) {
	f.N = 0
	b, w := sideOf(p, movegen.Black), sideOf(p, movegen.White)
	f.Phase = phase(p.Occupied().Count())
	for i, s := range [2]*side{&b, &w} {
		v := int32(1 - 2*i)
		for r := 0; r < numRowRegions; r++ {
			f.add(offRows+int32(r)*regionSize+regionIndex(rowBits(s.men, r), rowBits(s.enemyMen, r)), v)
		}
		for k := 0; k < numStrips; k++ {
			f.add(offStrips+int32(k)*regionSize+regionIndex(stripBits(s.men, k), stripBits(s.enemyMen, k)), v)
		}
		for k := s.kings; k != 0; k &= k - 1 {
			f.add(offKings+int32(k.First()), v)
		}
	}
	for i, x := range scalars(p, &b, &w) {
		if x != 0 {
			f.add(offScalars+int32(i), x)
		}
	}
}

// The material inputs, for a trainer's starting weights (see ScalarIndex).
const (
	ScalarMen   = scMen
	ScalarKings = scKings
)

// ScalarIndex returns the weight index of scalar input i.
func ScalarIndex(i int) int { return offScalars + i }

// IsScalar reports whether weight index i is a scalar input's rather than
// a pattern's or a king square's.
func IsScalar(i int) bool { return i >= offScalars }
