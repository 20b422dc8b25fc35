package movegen

import "math/bits"

// Move generation. Each rule set has its own functions: jumpers (the pieces
// that can capture, a few shifts over whole bitboards), captures (a
// depth-first search per capturing piece), quiets and countQuiets. The entry
// points below pick them with one switch on the variant per call. Function
// values would serve too, but every pointer passed through a function value
// escapes, which would put each caller's Position and MoveList on the heap;
// a switch keeps generation free of allocations.

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
	switch p.Variant {
	case Pool:
		if j := poolJumpers(p); j != 0 {
			poolCaptures(p, j, ml, unique)
		} else {
			poolQuiets(p, ml)
		}
	case American:
		if j := americanJumpers(p); j != 0 {
			americanCaptures(p, j, ml, unique)
		} else {
			shortQuiets(p, ml)
		}
	default:
		if j := genericJumpers(p); j != 0 {
			genericCaptures(p, j, ml, unique)
		} else {
			genericQuiets(p, ml)
		}
	}
}

// HasCapture reports whether the side to move has a capture (and so must take).
func (p *Position) HasCapture() bool {
	switch p.Variant {
	case Pool:
		return poolJumpers(p) != 0
	case American:
		return americanJumpers(p) != 0
	}
	return genericJumpers(p) != 0
}

// Threatened reports whether the opponent of the side to move would have
// a capture if it were its turn: a threat the side to move must meet.
func (p *Position) Threatened() bool {
	q := *p
	q.Turn = q.Turn.Other()
	return q.HasCapture()
}

// CountMoves returns the number of legal moves, counting each distinct result
// once. Without a capture it counts quiet moves from bitboards without
// listing them; scratch is used only to list captures.
func (p *Position) CountMoves(scratch *MoveList) int {
	switch p.Variant {
	case Pool:
		return poolCountMoves(p, scratch, true)
	case American:
		return americanCountMoves(p, scratch, true)
	}
	return genericCountMoves(p, scratch, true)
}

// americanCountMoves and poolCountMoves count the legal moves of p, distinct
// results only (unique) or every jump path, listing captures in scratch.
// American men's captures are counted without listing them (countManCaptures);
// only kings' captures, which may need merging, go through scratch.
func americanCountMoves(p *Position, scratch *MoveList, unique bool) int {
	us := p.Turn & 1
	own, opp := p.Pieces[us], p.Pieces[us^1]
	empty := ^(own | opp)
	kings := own & p.Kings
	n := countManCaptures(own&^kings, opp, empty, us)
	if kings == 0 {
		if n != 0 {
			return n
		}
		if us == Black {
			return CountStepsDown(own, empty)
		}
		return CountStepsUp(own, empty)
	}
	if j := kings & (jumpFromDown(opp, empty) | jumpFromUp(opp, empty)); j != 0 {
		scratch.N = 0
		americanCaptures(p, j, scratch, unique)
		n += scratch.N
	}
	if n != 0 {
		return n
	}
	down, up := p.movers(kings)
	return CountStepsDown(down, empty) + CountStepsUp(up, empty)
}

// countManCaptures counts the capture routes of the American men of colour
// c. A man jumps forward only, so every piece it has taken lies behind it
// and whether it can jump on from a square depends on the board alone, not
// on the route there: with cont the squares a man can jump on from (its
// crowning row excluded, where the move ends), the first jumps that land
// outside cont are single-jump moves, counted from bitboards in one go. Two
// routes of a man never capture the same set, so routes are moves.
func countManCaptures(men, opp, empty Bitboard, c Colour) int {
	var left, right, cont Bitboard // landings of first jumps, by direction
	var dirs dirSet
	if c == Black {
		fromL, fromR := shiftUR(opp&shiftUR(empty)), shiftUL(opp&shiftUL(empty))
		left, right = (men&fromL)<<jumpDL, (men&fromR)<<jumpDR
		cont = (fromL | fromR) &^ rowBlackCrown
		dirs = downDirs
	} else {
		fromL, fromR := shiftDR(opp&shiftDR(empty)), shiftDL(opp&shiftDL(empty))
		left, right = (men&fromL)>>jumpDR, (men&fromR)>>jumpDL
		cont = (fromL | fromR) &^ rowWhiteCrown
		dirs = upDirs
	}
	if left|right == 0 {
		return 0
	}
	n := (left &^ cont).Count() + (right &^ cont).Count()
	for b := left & cont; b != 0; b &= b - 1 {
		n += manRoutes(b.First(), opp, empty, cont, dirs)
	}
	for b := right & cont; b != 0; b &= b - 1 {
		n += manRoutes(b.First(), opp, empty, cont, dirs)
	}
	return n
}

// manRoutes counts the routes an American man on s, in cont, goes on with.
func manRoutes(s Square, opp, empty, cont Bitboard, dirs dirSet) int {
	n := 0
	for ds := dirs; ds != 0; ds &= ds - 1 {
		st := &jumps[s][bits.TrailingZeros8(uint8(ds))]
		if st.over&opp == 0 || st.land&empty == 0 {
			continue
		}
		if st.land&cont != 0 {
			n += manRoutes(st.to, opp, empty, cont, dirs)
		} else {
			n++
		}
	}
	return n
}

func poolCountMoves(p *Position, scratch *MoveList, unique bool) int {
	j := poolJumpers(p)
	if j == 0 {
		return countPoolQuiets(p)
	}
	scratch.N = 0
	poolCaptures(p, j, scratch, unique)
	return scratch.N
}

// movers splits the pieces of the side to move into those that move or
// capture downward (Black's men and kings, White's kings) and upward, given
// the pieces that move backward as well as forward.
func (p *Position) movers(both Bitboard) (down, up Bitboard) {
	own := p.Pieces[p.Turn]
	if p.Turn == Black {
		return own, both
	}
	return both, own
}

// americanJumpers returns the pieces of the side to move that can capture:
// men forward, kings both ways, one square at a time.
func americanJumpers(p *Position) Bitboard {
	opp := p.Pieces[p.Turn^1]
	empty := ^(p.Pieces[Black] | p.Pieces[White])
	down, up := p.movers(p.Pieces[p.Turn] & p.Kings)
	return down&jumpFromDown(opp, empty) | up&jumpFromUp(opp, empty)
}

// poolJumpers returns the pieces of the side to move that can capture: men
// one square in any direction, flying kings at any distance.
func poolJumpers(p *Position) Bitboard {
	own, opp := p.Pieces[p.Turn], p.Pieces[p.Turn^1]
	occ := own | opp
	empty := ^occ
	j := own &^ p.Kings & (jumpFromDown(opp, empty) | jumpFromUp(opp, empty))
	for k := own & p.Kings; k != 0; k &= k - 1 {
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

// nearest returns the square of b closest to the origin of a ray in
// direction d (rays going down hold higher squares), or NoSquare if b is empty.
func nearest(b Bitboard, d Direction) Square {
	if b == 0 {
		return NoSquare
	}
	if d <= DownRight {
		return b.First()
	}
	return Square(NumSquares - 1 - bits.LeadingZeros32(uint32(b)))
}

// Quiet moves of short-moving pieces, by the three step offsets (board.go):
// a step down is stepStraight from any square, stepNarrow from odd rows not
// on the left edge and stepWide from even rows not on the right edge (and
// the mirror for steps up). Shifting by a constant keeps the from square a
// constant offset from the target.
func addDown(ml *MoveList, b, empty Bitboard) {
	addTargets(ml, b<<stepStraight&empty, stepStraight)
	addTargets(ml, (b&oddNotLeft)<<stepNarrow&empty, stepNarrow)
	addTargets(ml, (b&evenNotRight)<<stepWide&empty, stepWide)
}

func addUp(ml *MoveList, b, empty Bitboard) {
	addTargets(ml, b>>stepStraight&empty, -stepStraight)
	addTargets(ml, (b&evenNotRight)>>stepNarrow&empty, -stepNarrow)
	addTargets(ml, (b&oddNotLeft)>>stepWide&empty, -stepWide)
}

func addTargets(ml *MoveList, targets Bitboard, delta int) {
	for ; targets != 0; targets &= targets - 1 {
		to := targets.First()
		ml.add(NewQuietMove(Square(int(to)-delta), to))
	}
}

// shortQuiets lists quiet moves where every piece steps one square: men
// forward, kings both ways (American).
func shortQuiets(p *Position, ml *MoveList) {
	empty := p.Empty()
	down, up := p.movers(p.Pieces[p.Turn] & p.Kings)
	addDown(ml, down, empty)
	addUp(ml, up, empty)
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
	kings := p.Pieces[p.Turn] & p.Kings
	occ := p.Occupied()
	down, up := p.movers(0)
	addDown(ml, down&^kings, ^occ)
	addUp(ml, up&^kings, ^occ)
	for k := kings; k != 0; k &= k - 1 {
		s := k.First()
		for d := Direction(0); d < numDirs; d++ {
			for t := flyTargets(s, d, occ); t != 0; t &= t - 1 {
				ml.add(NewQuietMove(s, t.First()))
			}
		}
	}
}

func countPoolQuiets(p *Position) int {
	kings := p.Pieces[p.Turn] & p.Kings
	occ := p.Occupied()
	down, up := p.movers(0)
	n := CountStepsDown(down&^kings, ^occ) + CountStepsUp(up&^kings, ^occ)
	for k := kings; k != 0; k &= k - 1 {
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
	allDirs  dirSet = 1<<DownLeft | 1<<DownRight | 1<<UpLeft | 1<<UpRight
	downDirs dirSet = 1<<DownLeft | 1<<DownRight
	upDirs   dirSet = 1<<UpLeft | 1<<UpRight
)

// manDirs[c] are the forward directions of colour c.
var manDirs = [2]dirSet{Black: downDirs, White: upDirs}

// jumper generates the capture sequences of one piece. Captured pieces stay
// on the board until the move ends (they block and cannot be jumped twice);
// the moving piece's start square counts as empty.
type jumper struct {
	ml    *MoveList
	from  Square
	opp   Bitboard // enemy pieces
	empty Bitboard // empty squares, the mover's start square included
	stop  Bitboard // landing here ends the move (American men on the crown row)
	dirs  dirSet
	// dedup makes emit drop a result already listed for this piece: set
	// when counting unique results and two routes can reach one result.
	dedup bool
	start int // index in ml of this piece's first capture, for merging duplicates
}

func (j *jumper) emit(to Square, captured Bitboard, path uint64) {
	if j.dedup {
		for i := j.start; i < j.ml.N; i++ {
			if m := &j.ml.Moves[i]; m.To == to && m.Captured == captured {
				return
			}
		}
	}
	j.ml.add(Move{From: j.from, To: to, Captured: captured, path: path})
}

// short continues a sequence of one-square jumps from s after the landings
// already in path (shift advances landingBits per landing); it emits the
// move when no jump is left.
func (j *jumper) short(s Square, captured Bitboard, path uint64, shift uint) {
	found := false
	avail := j.opp &^ captured
	steps := &jumps[s]
	for ds := j.dirs; ds != 0; ds &= ds - 1 {
		st := &steps[bits.TrailingZeros8(uint8(ds))]
		if st.over&avail == 0 || st.land&j.empty == 0 {
			continue
		}
		found = true
		np := path | uint64(st.to)<<shift
		if st.land&j.stop != 0 {
			j.emit(st.to, captured|st.over, np)
		} else {
			j.short(st.to, captured|st.over, np, shift+landingBits)
		}
	}
	if !found && shift > 0 {
		j.emit(s, captured, path)
	}
}

// fly continues a flying king's capture from s after the landings in path,
// the last jump made in direction came (numDirs before the first jump). It
// reports whether it found a jump. The landing rule: beyond a captured piece
// the king must land on a square from which the capture goes on, if there
// is one; it may stop only where nothing more can be taken. Going on along
// the same diagonal is the same move from every landing square, so it is
// tried from the first landing square only (first).
func (j *jumper) fly(s Square, captured Bitboard, path uint64, shift uint, came Direction, first bool) bool {
	found := false
	occ := ^j.empty
	for d := Direction(0); d < numDirs; d++ {
		if d == came.Opposite() || (d == came && !first) {
			continue
		}
		e := nearest(ray[d][s]&occ, d)
		if !(j.opp &^ captured).Has(e) {
			continue
		}
		landings := flyTargets(e, d, occ)
		if landings == 0 {
			continue
		}
		found = true
		c := captured | e.Bit()
		goesOn := false
		for i, l := 0, landings; l != 0; i++ {
			t := nearest(l, d)
			l &^= t.Bit()
			if j.fly(t, c, path|uint64(t)<<shift, shift+landingBits, d, i == 0) {
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

// americanCaptures lists the captures of the pieces in jumpers. A man's
// jumps all go forward, so two of its routes never capture the same set and
// only kings need duplicates merged.
func americanCaptures(p *Position, jumpers Bitboard, ml *MoveList, unique bool) {
	us := p.Turn
	j := jumper{ml: ml, opp: p.Pieces[us^1]}
	empty := p.Empty()
	for b := jumpers; b != 0; b &= b - 1 {
		s := b.First()
		j.from, j.empty, j.start = s, empty|s.Bit(), ml.N
		if p.Kings.Has(s) {
			j.dirs, j.stop, j.dedup = allDirs, 0, unique
		} else {
			j.dirs, j.stop, j.dedup = manDirs[us], crownRow[us], false
		}
		j.short(s, 0, 0, 0)
	}
}

// poolCaptures lists the captures of the pieces in jumpers: men jump one
// square in any direction and go on past the crowning row, kings fly.
func poolCaptures(p *Position, jumpers Bitboard, ml *MoveList, unique bool) {
	j := jumper{ml: ml, opp: p.Pieces[p.Turn^1], dirs: allDirs, dedup: unique}
	empty := p.Empty()
	for b := jumpers; b != 0; b &= b - 1 {
		s := b.First()
		j.from, j.empty, j.start = s, empty|s.Bit(), ml.N
		if p.Kings.Has(s) {
			j.fly(s, 0, 0, 0, numDirs, true)
		} else {
			j.short(s, 0, 0, 0)
		}
	}
}

// IsLegal reports whether m is a legal move of p (the same move as one
// GenerateMoves lists, whatever its landing path).
func (p *Position) IsLegal(m Move) bool {
	var ml MoveList
	p.GenerateMoves(&ml)
	for _, o := range ml.Slice() {
		if o.Same(m) {
			return true
		}
	}
	return false
}
