package movegen

import "math/bits"

// GenerateMoves fills ml with the legal moves of p, each distinct result
// (from, to, captured set) once. Captures are compulsory: when there is one,
// only captures are listed.
func (p *Position) GenerateMoves(ml *MoveList) {
	p.generate(ml, true)
}

// GeneratePaths is GenerateMoves but lists every jump path, so a capture that
// can be made along two routes appears twice. Perft uses it to count paths;
// notation uses it to accept any route the player names.
func (p *Position) GeneratePaths(ml *MoveList) {
	p.generate(ml, false)
}

func (p *Position) generate(ml *MoveList, unique bool) {
	ml.N = 0
	r := p.Rules()
	if r.hasCapture(p) {
		r.captures(p, ml, unique)
		return
	}
	r.quiets(p, ml)
}

// HasCapture reports whether the side to move has a capture (and so must take).
func (p *Position) HasCapture() bool { return p.Rules().hasCapture(p) }

// CountMoves returns the number of legal moves, counting each distinct result
// once. Without a capture it counts quiet moves from bitboards without
// listing them; scratch is used only to list captures.
func (p *Position) CountMoves(scratch *MoveList) int {
	r := p.Rules()
	if r.hasCapture(p) {
		scratch.N = 0
		r.captures(p, scratch, true)
		return scratch.N
	}
	return r.countQuiets(p)
}

// forward returns b moved one step in the forward directions of colour c
// (down for Black, up for White), left and right kept apart.
func forwardLeft(b Bitboard, c Color) Bitboard {
	if c == Black {
		return shiftDL(b)
	}
	return shiftUL(b)
}

func forwardRight(b Bitboard, c Color) Bitboard {
	if c == Black {
		return shiftDR(b)
	}
	return shiftUR(b)
}

func backwardLeft(b Bitboard, c Color) Bitboard { return forwardLeft(b, c^1) }

func backwardRight(b Bitboard, c Color) Bitboard { return forwardRight(b, c^1) }

// shortJumpers reports whether any piece of b can make a short jump in the
// forward (fwd) or backward directions of colour c.
func shortJumps(b, opp, empty Bitboard, c Color, back bool) bool {
	var t Bitboard
	if back {
		t = backwardLeft(backwardLeft(b, c)&opp, c)&empty | backwardRight(backwardRight(b, c)&opp, c)&empty
	} else {
		t = forwardLeft(forwardLeft(b, c)&opp, c)&empty | forwardRight(forwardRight(b, c)&opp, c)&empty
	}
	return t != 0
}

func americanHasCapture(p *Position) bool {
	us := p.Turn
	own, opp := p.Pieces[us], p.Pieces[us^1]
	empty := ^(own | opp)
	return shortJumps(own, opp, empty, us, false) || shortJumps(own&p.Kings, opp, empty, us, true)
}

func poolHasCapture(p *Position) bool {
	us := p.Turn
	own, opp := p.Pieces[us], p.Pieces[us^1]
	occ := own | opp
	empty := ^occ
	men := own &^ p.Kings
	if shortJumps(men, opp, empty, us, false) || shortJumps(men, opp, empty, us, true) {
		return true
	}
	for k := own & p.Kings; k != 0; k &= k - 1 {
		s := k.First()
		for d := Direction(0); d < numDirs; d++ {
			e := nearest(ray[d][s]&occ, d)
			if e != NoSquare && opp.Has(e) && empty.Has(neighbour[d][e]) {
				return true
			}
		}
	}
	return false
}

// nearest returns the square of b closest to the origin of a ray in
// direction d (rays going down hold higher squares), or NoSquare if b is empty.
func nearest(b Bitboard, d Direction) Square {
	if b == 0 {
		return NoSquare
	}
	if d <= DownRight {
		return b.First()
	}
	return Square(31 - bits.LeadingZeros32(uint32(b)))
}

// Quiet moves of short-moving pieces, by the three shift amounts: on the
// 32-square layout a step down is +4 from any square, +3 from odd rows not on
// the left edge and +5 from even rows not on the right edge (and the mirror
// for steps up).
func addDown(ml *MoveList, b, empty Bitboard) {
	addTargets(ml, b<<4&empty, 4)
	addTargets(ml, (b&oddNotLeft)<<3&empty, 3)
	addTargets(ml, (b&evenNotRight)<<5&empty, 5)
}

func addUp(ml *MoveList, b, empty Bitboard) {
	addTargets(ml, b>>4&empty, -4)
	addTargets(ml, (b&evenNotRight)>>3&empty, -3)
	addTargets(ml, (b&oddNotLeft)>>5&empty, -5)
}

func addTargets(ml *MoveList, targets Bitboard, delta int) {
	for ; targets != 0; targets &= targets - 1 {
		to := targets.First()
		ml.add(NewQuietMove(Square(int(to)-delta), to))
	}
}

func countDown(b, empty Bitboard) int {
	return (b<<4&empty).Count() + ((b&oddNotLeft)<<3&empty).Count() + ((b&evenNotRight)<<5&empty).Count()
}

func countUp(b, empty Bitboard) int {
	return (b>>4&empty).Count() + ((b&evenNotRight)>>3&empty).Count() + ((b&oddNotLeft)>>5&empty).Count()
}

// shortQuiets lists quiet moves where every piece steps one square: men
// forward, kings both ways (American).
func shortQuiets(p *Position, ml *MoveList) {
	us := p.Turn
	own := p.Pieces[us]
	empty := p.Empty()
	if us == Black {
		addDown(ml, own, empty)
		addUp(ml, own&p.Kings, empty)
	} else {
		addUp(ml, own, empty)
		addDown(ml, own&p.Kings, empty)
	}
}

func countShortQuiets(p *Position) int {
	us := p.Turn
	own := p.Pieces[us]
	empty := p.Empty()
	if us == Black {
		return countDown(own, empty) + countUp(own&p.Kings, empty)
	}
	return countUp(own, empty) + countDown(own&p.Kings, empty)
}

// flyTargets returns the empty squares a flying king on s reaches in
// direction d before the first occupied square.
func flyTargets(s Square, d Direction, occ Bitboard) Bitboard {
	r := ray[d][s]
	b := nearest(r&occ, d)
	if b == NoSquare {
		return r
	}
	return r &^ (ray[d][b] | b.Bit())
}

// poolQuiets lists quiet moves with men stepping forward and flying kings.
func poolQuiets(p *Position, ml *MoveList) {
	us := p.Turn
	men := p.Pieces[us] &^ p.Kings
	occ := p.Occupied()
	if us == Black {
		addDown(ml, men, ^occ)
	} else {
		addUp(ml, men, ^occ)
	}
	for k := p.Pieces[us] & p.Kings; k != 0; k &= k - 1 {
		s := k.First()
		for d := Direction(0); d < numDirs; d++ {
			for t := flyTargets(s, d, occ); t != 0; t &= t - 1 {
				ml.add(NewQuietMove(s, t.First()))
			}
		}
	}
}

func countPoolQuiets(p *Position) int {
	us := p.Turn
	men := p.Pieces[us] &^ p.Kings
	occ := p.Occupied()
	n := 0
	if us == Black {
		n = countDown(men, ^occ)
	} else {
		n = countUp(men, ^occ)
	}
	for k := p.Pieces[us] & p.Kings; k != 0; k &= k - 1 {
		s := k.First()
		for d := Direction(0); d < numDirs; d++ {
			n += flyTargets(s, d, occ).Count()
		}
	}
	return n
}

// dirSet is a set of directions, bit d for Direction d.
type dirSet uint8

const (
	allDirs   dirSet = 1<<DownLeft | 1<<DownRight | 1<<UpLeft | 1<<UpRight
	downDirs  dirSet = 1<<DownLeft | 1<<DownRight
	upDirs    dirSet = 1<<UpLeft | 1<<UpRight
)

// manDirs[c] are the forward directions of colour c.
var manDirs = [2]dirSet{Black: downDirs, White: upDirs}

// jumper generates the capture sequences of one piece. Captured pieces stay
// on the board until the move ends (they block and cannot be jumped twice);
// the moving piece's start square counts as empty.
type jumper struct {
	ml     *MoveList
	from   Square
	opp    Bitboard // enemy pieces
	occ    Bitboard // occupied squares, the mover's start square excluded
	stop   Bitboard // landing here ends the move (American men on the crown row)
	dirs   dirSet
	unique bool
	start  int // index in ml of this piece's first capture, for merging duplicates
}

func (j *jumper) emit(to Square, captured Bitboard, path uint64) {
	if j.unique {
		for i := j.start; i < j.ml.N; i++ {
			if m := &j.ml.Moves[i]; m.To == to && m.Captured == captured {
				return
			}
		}
	}
	j.ml.add(Move{From: j.from, To: to, Captured: captured, path: path})
}

// short continues a sequence of one-square jumps from s after n jumps; it
// emits the move when no jump is left.
func (j *jumper) short(s Square, captured Bitboard, path uint64, n uint) {
	found := false
	for d := Direction(0); d < numDirs; d++ {
		if j.dirs&(1<<d) == 0 {
			continue
		}
		m := neighbour[d][s]
		if !(j.opp &^ captured).Has(m) {
			continue
		}
		l := neighbour[d][m]
		if j.occ.Has(l) || l == NoSquare {
			continue
		}
		found = true
		np := path | uint64(l)<<(5*n)
		if j.stop.Has(l) {
			j.emit(l, captured|m.Bit(), np)
		} else {
			j.short(l, captured|m.Bit(), np, n+1)
		}
	}
	if !found && n > 0 {
		j.emit(s, captured, path)
	}
}

// fly continues a flying king's capture from s after n jumps, the last one
// made in direction came (numDirs before the first jump). It reports whether
// it found a jump. The landing rule: beyond a captured piece the king must
// land on a square from which the capture goes on, if there is one; it may
// stop only where nothing more can be taken. Going on along the same
// diagonal is the same move from every landing square, so it is tried from
// the first landing square only (first).
func (j *jumper) fly(s Square, captured Bitboard, path uint64, n uint, came Direction, first bool) bool {
	found := false
	for d := Direction(0); d < numDirs; d++ {
		if d == came.Opposite() || (d == came && !first) {
			continue
		}
		e := nearest(ray[d][s]&j.occ, d)
		if !(j.opp &^ captured).Has(e) {
			continue
		}
		landings := flyTargets(e, d, j.occ)
		if landings == 0 {
			continue
		}
		found = true
		c := captured | e.Bit()
		goesOn := false
		for i, l := 0, landings; l != 0; i++ {
			t := nearest(l, d)
			l &^= t.Bit()
			if j.fly(t, c, path|uint64(t)<<(5*n), n+1, d, i == 0) {
				goesOn = true
			}
		}
		if !goesOn {
			for l := landings; l != 0; l &= l - 1 {
				t := l.First()
				j.emit(t, c, path|uint64(t)<<(5*n))
			}
		}
	}
	return found
}

func americanCaptures(p *Position, ml *MoveList, unique bool) {
	us := p.Turn
	own := p.Pieces[us]
	for b := own; b != 0; b &= b - 1 {
		s := b.First()
		j := jumper{ml: ml, from: s, opp: p.Pieces[us^1], occ: p.Occupied() &^ s.Bit(), unique: unique, start: ml.N}
		if p.Kings.Has(s) {
			j.dirs = allDirs
		} else {
			j.dirs = manDirs[us]
			j.stop = crownRow[us]
		}
		j.short(s, 0, 0, 0)
	}
}

func poolCaptures(p *Position, ml *MoveList, unique bool) {
	us := p.Turn
	own := p.Pieces[us]
	for b := own; b != 0; b &= b - 1 {
		s := b.First()
		j := jumper{ml: ml, from: s, opp: p.Pieces[us^1], occ: p.Occupied() &^ s.Bit(), dirs: allDirs, unique: unique, start: ml.N}
		if p.Kings.Has(s) {
			j.fly(s, 0, 0, 0, numDirs, true)
		} else {
			j.short(s, 0, 0, 0)
		}
	}
}
