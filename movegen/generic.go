package movegen

import "math/bits"

// The generator of the games other than American and Pool: one set of
// functions that reads the switches of Rules (men capturing backward,
// flying kings, crowning during a capture, men that spare kings, kings that
// land just behind, pieces taken at once) and then keeps the captures the
// game's precedence allows. American and Pool keep their own generators,
// which the benchmarks show faster (gen.go).

// crownedInCapture is the bit of Move.path that marks a man crowned during
// its capture (Russian): the landings use at most landingBits*12 = 60 bits.
const crownedInCapture = 1 << 63

// genericJumpers returns the pieces of the side to move that can capture.
func genericJumpers(p *Position) Bitboard {
	r := p.Rules()
	own, opp := p.Pieces[p.Turn], p.Pieces[p.Turn^1]
	occ := own | opp
	empty := ^occ
	kings := own & p.Kings
	men := own &^ kings
	prey := opp
	if r.MenSpareKings {
		prey &^= p.Kings
	}
	var j Bitboard
	switch {
	case r.MenCaptureBack:
		j = men & (jumpFromDown(prey, empty) | jumpFromUp(prey, empty))
	case p.Turn == Black:
		j = men & jumpFromDown(prey, empty)
	default:
		j = men & jumpFromUp(prey, empty)
	}
	if !r.FlyingKings {
		return j | kings&(jumpFromDown(opp, empty)|jumpFromUp(opp, empty))
	}
	for k := kings; k != 0; k &= k - 1 {
		s := k.First()
		for d := Direction(0); d < numDirs; d++ {
			e := nearest(ray[d][s]&occ, d)
			if e != NoSquare && opp.Has(e) && empty.Has(neighbour[d][e]) {
				j |= s.Bit()
				break
			}
		}
	}
	return j
}

// genericJumper generates the capture sequences of one piece under the
// rules r.
type genericJumper struct {
	r     *Rules
	ml    *MoveList
	from  Square
	opp   Bitboard // enemy pieces
	prey  Bitboard // the enemy pieces a man may take
	empty Bitboard // empty squares, the mover's start square included
	dirs  dirSet   // a man's capture directions
	crown Bitboard // the row where the side's men are crowned
	dedup bool
	start int
}

func (j *genericJumper) emit(to Square, captured Bitboard, path uint64) {
	if j.dedup {
		for i := j.start; i < j.ml.N; i++ {
			if m := &j.ml.Moves[i]; m.To == to && m.Captured == captured && m.path&crownedInCapture == path&crownedInCapture {
				return
			}
		}
	}
	j.ml.add(Move{From: j.from, To: to, Captured: captured, path: path})
}

// vacant returns the squares a capture may land on or pass over, given
// the pieces it has taken: the empty squares, and where pieces come off at
// once the squares of those taken.
func (j *genericJumper) vacant(captured Bitboard) Bitboard {
	if j.r.TakeAtOnce {
		return j.empty | captured
	}
	return j.empty
}

// man continues a man's capture from s after the landings in path and
// reports whether it found a jump; with none, the caller emits.
func (j *genericJumper) man(s Square, captured Bitboard, path uint64, shift uint) bool {
	found := false
	avail := j.prey &^ captured
	vacant := j.vacant(captured)
	for ds := j.dirs; ds != 0; ds &= ds - 1 {
		d := Direction(bits.TrailingZeros8(uint8(ds)))
		st := &jumps[s][d]
		if st.over&avail == 0 || st.land&vacant == 0 {
			continue
		}
		found = true
		c, np := captured|st.over, path|uint64(st.to)<<shift
		if st.land&j.crown != 0 && j.r.CrownInCapture {
			np |= crownedInCapture
			if !j.king(st.to, c, np, shift+landingBits, d, true) {
				j.emit(st.to, c, np)
			}
			continue
		}
		if !j.man(st.to, c, np, shift+landingBits) {
			j.emit(st.to, c, np)
		}
	}
	return found
}

// king continues a king's capture from s after the landings in path, the
// last jump made in direction came (numDirs before the first), and reports
// whether it found a jump. A flying king must land where the capture goes
// on if any landing square allows it; going on along the same diagonal is
// the same move from every landing square, so it is tried from the first
// landing square only (first), as in Pool.
func (j *genericJumper) king(s Square, captured Bitboard, path uint64, shift uint, came Direction, first bool) bool {
	found := false
	vacant := j.vacant(captured)
	avail := j.opp &^ captured
	for d := Direction(0); d < numDirs; d++ {
		if (d == came.Opposite() && !j.r.TakeAtOnce) || (d == came && !first) {
			continue
		}
		var e Square
		var landings Bitboard
		if j.r.FlyingKings {
			e = nearest(ray[d][s]&^vacant, d)
			if !avail.Has(e) {
				continue
			}
			if j.r.LandBehind {
				if t := neighbour[d][e]; t != NoSquare && vacant.Has(t) {
					landings = t.Bit()
				}
			} else {
				landings = flyTargets(e, d, ^vacant)
			}
		} else {
			st := &jumps[s][d]
			if st.over&avail == 0 || st.land&vacant == 0 {
				continue
			}
			e, landings = neighbour[d][s], st.land
		}
		if landings == 0 {
			continue
		}
		found = true
		c := captured | e.Bit()
		goesOn := false
		for i, l := 0, landings; l != 0; i++ {
			t := nearest(l, d)
			l &^= t.Bit()
			if j.king(t, c, path|uint64(t)<<shift, shift+landingBits, d, i == 0) {
				goesOn = true
			}
		}
		if !goesOn {
			for l := landings; l != 0; l &= l - 1 {
				t := l.First()
				j.emit(t, c, path|uint64(t)<<shift)
			}
		}
	}
	return found
}

// genericCaptures lists the captures of the pieces in jumpers, then keeps
// those the game's precedence allows.
func genericCaptures(p *Position, jumpers Bitboard, ml *MoveList, unique bool) {
	r := p.Rules()
	us := p.Turn
	j := genericJumper{r: r, ml: ml, opp: p.Pieces[us^1], prey: p.Pieces[us^1], dirs: manDirs[us], crown: crownRow[us], dedup: unique}
	if r.MenSpareKings {
		j.prey &^= p.Kings
	}
	if r.MenCaptureBack {
		j.dirs = allDirs
	}
	empty := p.Empty()
	for b := jumpers; b != 0; b &= b - 1 {
		s := b.First()
		j.from, j.empty, j.start = s, empty|s.Bit(), ml.N
		if p.Kings.Has(s) {
			j.king(s, 0, 0, 0, numDirs, true)
		} else {
			j.man(s, 0, 0, 0)
		}
	}
	if r.Precedence != AnyCapture {
		keepPreferred(p, ml, r.Precedence)
	}
}

// keepPreferred drops from ml the captures that precedence rule pr puts
// behind another: each capture gets a key whose larger values win.
func keepPreferred(p *Position, ml *MoveList, pr Precedence) {
	var best uint64
	for i := range ml.N {
		best = max(best, precedenceKey(p, &ml.Moves[i], pr))
	}
	n := 0
	for i := range ml.N {
		if precedenceKey(p, &ml.Moves[i], pr) == best {
			ml.Moves[n] = ml.Moves[i]
			n++
		}
	}
	ml.N = n
}

// precedenceKey orders the captures of p under rule pr: the pieces taken
// (bits 24 up), a king capturing (bit 20), the kings taken (bits 16-19),
// and in Italian the order of the kings met (bits 0-15, the first capture
// the highest bit, so kings met earlier give a larger number).
func precedenceKey(p *Position, m *Move, pr Precedence) uint64 {
	withKing := uint64(b2i(p.Kings.Has(m.From)))
	switch pr {
	case KingFirst:
		return withKing
	case MostPieces:
		return uint64(m.Captured.Count())
	case MostThenKings:
		return uint64(m.Captured.Count())<<24 | uint64((m.Captured&p.Kings).Count())<<16
	}
	key := uint64(m.Captured.Count())<<24 | withKing<<20 | uint64((m.Captured&p.Kings).Count())<<16
	if m.Captured&p.Kings == 0 {
		return key
	}
	// Italian kings are short: the piece taken by each jump lies between
	// two landings.
	prev := m.From
	for i := range m.Landings() {
		t := m.Landing(i)
		if p.Kings.Has(jumpedOver(prev, t)) {
			key |= 1 << (15 - i)
		}
		prev = t
	}
	return key
}

// jumpedOver returns the square between s and t, a short jump apart.
func jumpedOver(s, t Square) Square {
	for d := Direction(0); d < numDirs; d++ {
		if jumps[s][d].to == t {
			return neighbour[d][s]
		}
	}
	return NoSquare
}

// genericQuiets lists the quiet moves: men forward one square, kings
// flying or one square.
func genericQuiets(p *Position, ml *MoveList) {
	if p.Rules().FlyingKings {
		poolQuiets(p, ml)
	} else {
		shortQuiets(p, ml)
	}
}

// genericCountMoves counts the legal moves of p, listing captures in
// scratch.
func genericCountMoves(p *Position, scratch *MoveList, unique bool) int {
	if j := genericJumpers(p); j != 0 {
		scratch.N = 0
		genericCaptures(p, j, scratch, unique)
		return scratch.N
	}
	if p.Rules().FlyingKings {
		return countPoolQuiets(p)
	}
	down, up := p.movers(p.Pieces[p.Turn] & p.Kings)
	empty := p.Empty()
	return CountStepsDown(down, empty) + CountStepsUp(up, empty)
}
