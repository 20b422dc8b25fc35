package egdb

import (
	"math/bits"

	"github.com/crown-checkers/crown/movegen"
)

// A position's value is a movegen.Result for its side to move, ignoring
// the move-count rules. It takes two bits, stored as the Result's number
// (1 loss, 2 draw, 3 win; docs/egdb.md): movegen.Unknown, 0, is no value
// (a position the database does not hold, or one not yet resolved while
// building) and is never stored. TestStoredValues pins the numbers.

// valuesPerByte is how many two-bit values a packed byte holds.
const valuesPerByte = 4

// table is one slice's values: unpacked (one byte each) while the slice is
// being built, packed two bits each once it is finished.
type table struct {
	l      layout
	vals   []movegen.Result // while building
	packed []byte           // when finished
}

func (t *table) get(i int64) movegen.Result {
	if t.vals != nil {
		return t.vals[i]
	}
	return movegen.Result(t.packed[i/valuesPerByte] >> (2 * (i % valuesPerByte)) & 3)
}

// pack returns vals packed two bits each.
func pack(vals []movegen.Result) []byte {
	out := make([]byte, (len(vals)+valuesPerByte-1)/valuesPerByte)
	for i, v := range vals {
		out[i/valuesPerByte] |= byte(v) << (2 * (i % valuesPerByte))
	}
	return out
}

// tables holds the slices of one rule set known so far, indexed by material
// code, for looking up successors.
type tables struct {
	variant movegen.Variant
	slices  [numCodes]*table
}

// turnRound is movegen's Flip without the hash, which nothing here reads:
// the board turned half a turn, colours swapped, the other side to move.
func turnRound(p *movegen.Position) movegen.Position {
	return movegen.Position{
		Pieces: [2]movegen.Bitboard{
			movegen.Bitboard(bits.Reverse32(uint32(p.Pieces[movegen.White]))),
			movegen.Bitboard(bits.Reverse32(uint32(p.Pieces[movegen.Black]))),
		},
		Kings:   movegen.Bitboard(bits.Reverse32(uint32(p.Kings))),
		Turn:    p.Turn ^ 1,
		Variant: p.Variant,
	}
}

// after returns the value, for the side then to move, of q: a position
// reached by a move of Black, so White is to move. A side left without
// pieces has lost. It panics when q's slice is not in t, which the build
// order rules out.
func (t *tables) after(q *movegen.Position) movegen.Result {
	f := turnRound(q)
	return t.value(&f)
}

// value returns the value of p (Black to move). A position with a capture
// pending is resolved from its captures' successors, as a probe does: its
// stored value is a don't-care (see docs/egdb.md).
func (t *tables) value(p *movegen.Position) movegen.Result {
	if p.Pieces[movegen.Black] == 0 {
		return movegen.Loss
	}
	if p.HasCapture() {
		var ml movegen.MoveList
		return t.solve(p, &ml)
	}
	s := t.slices[materialCode(p)]
	if s == nil {
		panic("egdb: successor slice " + MaterialOf(p).String() + " is not built")
	}
	return s.get(s.l.index(p))
}

// solve returns p's value (Black to move) from its successors' values as t
// knows them (see bestMove). Every successor's slice must be in t. ml is
// scratch space.
func (t *tables) solve(p *movegen.Position, ml *movegen.MoveList) movegen.Result {
	_, v := bestMove(p, ml, successors{t: t})
	return v
}

// successors says where bestMove finds successors' values: in the tables
// t of a build or verify, else by probing db. A branch rather than a
// function value, so that the calls stay direct and a successor stays on
// the stack.
type successors struct {
	t  *tables
	db *DB
}

// value returns q's value for its side to move.
func (s successors) value(q *movegen.Position) movegen.Result {
	if s.t != nil {
		return s.t.after(q)
	}
	return s.db.Probe(q)
}

// bestMove returns p's value from its successors' values, each for the side
// then to move as src gives it, and a move that keeps it: movegen.Win by the
// first move that reaches a loss for the opponent, else movegen.Draw by the
// first that reaches a draw, else movegen.Loss (by the first move, or the
// zero Move if p has none). movegen.Unknown, with the zero Move, if src does
// not know a successor. ml is scratch space.
func bestMove(p *movegen.Position, ml *movegen.MoveList, src successors) (best movegen.Move, v movegen.Result) {
	p.GenerateMoves(ml)
	v = movegen.Loss
	for i, mv := range ml.Slice() {
		q := *p
		q.MakeMove(mv)
		w := src.value(&q)
		if w == movegen.Unknown {
			return movegen.Move{}, movegen.Unknown
		}
		if w = w.Negate(); i == 0 || w > v {
			v, best = w, mv
		}
		if v == movegen.Win {
			break
		}
	}
	return best, v
}
