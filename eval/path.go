package eval

import (
	"math/bits"

	"github.com/crown-checkers/crown/movegen"
)

// pathReach is how far up a Path looks for first-layer sums to start
// from: the same ply (its last position, often a sibling's) and two and
// four plies up, where the same side is to move and few pieces differ.
// The plies in between see the board from the other side: nearly every
// input differs.
const pathReach = 4

// Path scores the positions of a search path exactly as its WeightFile's
// Evaluate does, faster where a network scores them: it keeps, for each
// ply, the first-layer sums of the last position it scored there, and
// computes a position's sums from the nearest of those by the inputs that
// differ (a move changes a few) instead of from every piece. Its zero
// value is ready once Use has given it weights; it is one goroutine's.
type Path struct {
	f   *WeightFile
	net *Network // the network the sums are of
	// sums holds each ply's first-layer sums, net.H of them a ply, and at
	// the inputs they are of.
	sums []int16
	at   []pathSlot
	// add and sub list the inputs to add and subtract; kept here, not
	// zeroed at every call.
	add, sub [NetInputs]uint32
}

// pathSlot is the position whose first-layer sums a ply holds: the
// network's inputs, as NetInputsOf's four boards.
type pathSlot struct {
	boards [4]uint32
	ok     bool
}

// Use readies e to score with f the positions of up to plies plies (0 to
// plies-1). The sums kept so far stay if f and plies are those already
// in use.
func (e *Path) Use(f *WeightFile, plies int) {
	if e.f == f && len(e.at) == plies {
		return
	}
	e.f, e.net = f, nil
	e.at = make([]pathSlot, plies)
}

// Evaluate returns f.Evaluate(p) for the weights f of Use, p standing at
// ply of the path. A ply out of Use's range is scored from scratch.
func (e *Path) Evaluate(ply int, p *movegen.Position) int {
	n := e.f.network(p)
	if n == nil || uint(ply) >= uint(len(e.at)) {
		return e.f.Evaluate(p)
	}
	if n != e.net {
		e.net = n
		if len(e.sums) < len(e.at)*n.H {
			e.sums = make([]int16, len(e.at)*n.H)
		}
		clear(e.at)
	}
	var cur [4]uint32
	inputBoards(p, &cur)
	// The cost of a start is the rows it adds and subtracts; from the
	// biases, every piece's.
	from, cost := -1, (p.Pieces[movegen.Black] | p.Pieces[movegen.White]).Count()
	for j := ply; j >= 0 && j >= ply-pathReach; j -= 2 {
		if s := &e.at[j]; s.ok {
			c := 0
			for k, b := range s.boards {
				c += bits.OnesCount32(b ^ cur[k])
			}
			if c < cost {
				from, cost = j, c
			}
		}
	}
	add, sub := &e.add, &e.sub
	na, ns := 0, 0
	base := n.B1
	var old [4]uint32
	if from >= 0 {
		base = e.sums[from*n.H : (from+1)*n.H]
		old = e.at[from].boards
	}
	for k := range cur {
		for x := cur[k] &^ old[k]; x != 0; x &= x - 1 {
			add[na] = uint32(k*movegen.NumSquares + bits.TrailingZeros32(x))
			na++
		}
		for x := old[k] &^ cur[k]; x != 0; x &= x - 1 {
			sub[ns] = uint32(k*movegen.NumSquares + bits.TrailingZeros32(x))
			ns++
		}
	}
	b := n.bucket(p)
	out := n.sum(base, e.sums[ply*n.H:(ply+1)*n.H], add[:na], sub[:ns], b)
	e.at[ply] = pathSlot{boards: cur, ok: true}
	return e.f.networkScore(p, n.score(out, b))
}

// inputBoards sets b to p's network inputs as four boards, in NetInputsOf's
// order and orientation: the side to move's men and kings, then the other
// side's.
func inputBoards(p *movegen.Position, b *[4]uint32) {
	own, opp, kings := uint32(p.Pieces[p.Turn]), uint32(p.Pieces[p.Turn^1]), uint32(p.Kings)
	if p.Turn == movegen.White {
		own, opp, kings = bits.Reverse32(own), bits.Reverse32(opp), bits.Reverse32(kings)
	}
	*b = [4]uint32{own &^ kings, own & kings, opp &^ kings, opp & kings}
}
