package egdb

import (
	"math/bits"

	"github.com/crown-checkers/crown/movegen"
)

// Value is a position's game-theoretic value for the side to move, ignoring
// the move-count rules. It takes two bits, as stored.
type Value uint8

// The values. Unknown is no value: a position the database does not hold,
// or (while building) one not yet resolved. It is never stored.
const (
	Unknown Value = iota
	Loss
	Draw
	Win
)

// String returns "unknown", "loss", "draw" or "win".
func (v Value) String() string {
	switch v {
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	case Win:
		return "win"
	}
	return "unknown"
}

// Negate returns the value for the other side: a win for one is a loss for
// the other.
func (v Value) Negate() Value {
	switch v {
	case Loss:
		return Win
	case Win:
		return Loss
	}
	return v
}

// valuesPerByte is how many two-bit values a packed byte holds.
const valuesPerByte = 4

// table is one slice's values: unpacked (one byte each) while the slice is
// being built, packed two bits each once it is finished.
type table struct {
	l      layout
	vals   []Value // while building
	packed []byte  // when finished
}

func (t *table) get(i int64) Value {
	if t.vals != nil {
		return t.vals[i]
	}
	return Value(t.packed[i/valuesPerByte] >> (2 * (i % valuesPerByte)) & 3)
}

// pack returns vals packed two bits each.
func pack(vals []Value) []byte {
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
func (t *tables) after(q *movegen.Position) Value {
	f := turnRound(q)
	return t.value(&f)
}

// value returns the value of p (Black to move). A position with a capture
// pending is resolved from its captures' successors, as a probe does: its
// stored value is a don't-care (see docs/egdb.md).
func (t *tables) value(p *movegen.Position) Value {
	if p.Pieces[movegen.Black] == 0 {
		return Loss
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
func (t *tables) solve(p *movegen.Position, ml *movegen.MoveList) Value {
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
func (s successors) value(q *movegen.Position) Value {
	if s.t != nil {
		return s.t.after(q)
	}
	return s.db.Probe(q)
}

// bestMove returns p's value from its successors' values, each for the
// side then to move as src gives it, and a move that keeps it: Win by the
// first move that reaches a loss for the opponent, else Draw by the first
// that reaches a draw, else Loss (by the first move, or the zero Move if p
// has none). Unknown, with the zero Move, if src does not know a
// successor. ml is scratch space.
func bestMove(p *movegen.Position, ml *movegen.MoveList, src successors) (best movegen.Move, v Value) {
	p.GenerateMoves(ml)
	v = Loss
	for i, mv := range ml.Slice() {
		q := *p
		q.MakeMove(mv)
		w := src.value(&q)
		if w == Unknown {
			return movegen.Move{}, Unknown
		}
		if w = w.Negate(); i == 0 || w > v {
			v, best = w, mv
		}
		if v == Win {
			break
		}
	}
	return best, v
}
