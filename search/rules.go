package search

import "github.com/crown-checkers/crown/movegen"

// The rules that end a game while moves remain: repetition, the move count
// and Pool's three-kings count, tracked along the game line.

// quietKingMove reports whether b follows a by a king move without capture:
// the same men on both sides and the same number of pieces.
func quietKingMove(a, b *movegen.Position) bool {
	return a.Men(movegen.Black) == b.Men(movegen.Black) && a.Men(movegen.White) == b.Men(movegen.White) &&
		a.Occupied().Count() == b.Occupied().Count()
}

// rootDrawn reports whether the root position is already drawn by a rule.
func (w *worker) rootDrawn() bool {
	return w.ruleDraw(w.rootIdx, &w.stack[0].pos)
}

// forcedDraw reports whether every root move ends the game in a draw by
// a rule at once: then the draw is proven whatever the evaluation says,
// and the engine claims it. A return to a position of the game counts
// only at its third occurrence, as the rules draw it.
func (w *worker) forcedDraw() bool {
	root := &w.stack[0]
	root.pos.GenerateMoves(&root.moves)
	child := &w.stack[1]
	idx := w.rootIdx + 1
	for i := 0; i < root.moves.N; i++ {
		m := root.moves.Moves[i]
		w.enter(&root.pos, m, idx-1)
		child.pos.GenerateMoves(&child.moves)
		if child.moves.N == 0 || !w.repeated(idx, child.pos.Hash, true) && !w.ruleDraw(idx, &child.pos) {
			return false
		}
	}
	return true
}

// enter makes move m of p, the position at game index idx, into the next
// stack frame and updates the counts of the rules for it.
func (w *worker) enter(p *movegen.Position, m movegen.Move, idx int) {
	child := &w.stack[idx-w.rootIdx+1]
	child.pos = *p
	child.pos.MakeMove(m)
	w.keys[idx+1] = child.pos.Hash
	w.clocks[idx+1] = 0
	if p.IsReversible(m) {
		w.clocks[idx+1] = w.clocks[idx] + 1
	}
	w.kvk[idx+1] = -1
	if child.pos.ThreeKingsAgainstOne() {
		w.kvk[idx+1] = idx + 1
		if w.kvk[idx] >= 0 {
			w.kvk[idx+1] = w.kvk[idx]
		}
	}
}

// repeated reports whether the position at game index idx, with the given
// hash, occurred before since the last irreversible move. A return inside
// the tree is a draw at once: the search's own choice to repeat. A
// position of the game before the root counts at once too, unless
// threefold is set; then only once it occurred twice, the rules'
// threefold repetition. The claim (forcedDraw) asks for the rule; convert
// mode (a database win at the root) does too, because a won ending
// revisits positions, and taking every return as a draw lets the loser
// "draw" by reaching any of them, after which nothing seems to win.
// Elsewhere the single return stays a draw: it is what drives a winner
// on (TestConvertEndings).
func (w *worker) repeated(idx int, hash uint64, threefold bool) bool {
	seen := 0
	for j := idx - 4; j >= idx-w.clocks[idx] && j >= 0; j -= 2 {
		if w.keys[j] != hash {
			continue
		}
		if seen++; j >= w.rootIdx || !threefold || seen == 2 {
			return true
		}
	}
	return false
}

// ruleDraw reports whether the position at game index idx is drawn by the
// move-count rule or the Pool three-kings count, provided it has a legal
// move (without one, its side has lost).
func (w *worker) ruleDraw(idx int, p *movegen.Position) bool {
	if w.clocks[idx] >= w.drawPlies {
		return true
	}
	if start := w.kvk[idx]; start >= 0 {
		// The strong side moved at start, start+2, ... if it moved first.
		plies := idx - start
		strongFirst := (p.Pieces[p.Turn].Count() == 3) == ((plies & 1) == 0)
		moves := plies / 2
		if strongFirst {
			moves = (plies + 1) / 2
		}
		if moves >= p.Rules().ThreeKingsMoves {
			return true
		}
	}
	return false
}
