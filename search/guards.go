package search

import "github.com/crown-checkers/crown/movegen"

// The guards and margins of the main search's steps (alphabeta.go): each
// says when a step applies, so that the step reads as one line. They are
// small enough for the compiler to inline where the search calls them.

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// on reports whether the search feature the Disable* bit names is on.
func (s *shared) on(feature int) bool { return s.disable&feature == 0 }

// fullWidth reports whether p is an ending searched without reductions or
// ProbCut (fullWidthPieces).
func fullWidth(p *movegen.Position) bool { return p.Occupied().Count() <= fullWidthPieces }

// wholeNode reports whether the node at ply is searched with all its
// moves: every node but a root that skips some (multi-PV lines found
// before, moves a request leaves out), which has no score of its own for
// the table.
func (w *worker) wholeNode(ply int) bool { return ply > 0 || !w.rootFilter }

// mateBounds narrows the window to the scores still possible at ply: no
// win sooner than the next ply, no loss sooner than this one.
func mateBounds(alpha, beta, ply int) (int, int) {
	return max(alpha, -WinScore+ply), min(beta, WinScore-ply-1)
}

// usesDB reports whether the node at ply is scored by the endgame
// database: it holds quiet positions (no capture pending), and a
// singular-extension check searches on past the table's move.
func (w *worker) usesDB(f *frame, ply int, capture bool) bool {
	return w.s.db != nil && ply > 0 && !capture && !f.singular
}

// canExtendThreat reports whether a quiet leaf at depth may be searched
// a ply more if the opponent threatens a capture, which the static
// evaluation cannot see: only at the nominal depth (0), not in the
// capture sequences below it.
func (w *worker) canExtendThreat(depth int) bool {
	return depth == 0 && w.s.on(DisableExtensions)
}

// canCutOnTT reports whether the table's entry tte, found at a node of
// depth plies, may decide the node: not on the principal variation, not in
// a singular-extension check (its node skips the entry's move), and only
// from a search as deep.
func (w *worker) canCutOnTT(f *frame, tte *ttData, depth int, pvNode bool) bool {
	return !pvNode && tte.depth >= depth && w.s.on(DisableTTCutoffs) && !f.singular
}

// cuts reports whether the entry's score ts (at the probing ply) settles
// a node searched with the window alpha, beta.
func (d *ttData) cuts(ts, alpha, beta int) bool {
	switch d.bound {
	case boundExact:
		return true
	case boundLower:
		return ts >= beta
	case boundUpper:
		return ts <= alpha
	}
	return false
}

// canReduceIIR reports whether a node the table knows no move for is
// searched a ply shallower (internal iterative reduction): the next
// iteration finds it with a move. Not a root searched without some of its
// moves: it stores no entry, so it would lose the ply at every iteration.
func (w *worker) canReduceIIR(tte *ttData, hit bool, ply, depth int) bool {
	return depth >= w.s.p.IIRMinDepth && (!hit || !tte.hasMove) && w.s.on(DisableIIR) && w.wholeNode(ply)
}

// canPrune reports whether a node may be cut on its static score (reverse
// futility, ProbCut): a quiet node off the principal variation, not the
// root, whose beta is no proven result, and no ending (fullWidth).
func canPrune(p *movegen.Position, ply, beta int, pvNode, capture bool) bool {
	return !pvNode && ply > 0 && !capture && abs(beta) < WinThreshold && !fullWidth(p)
}

// canReverseFutility reports whether a prunable node (canPrune) is shallow
// enough for reverse futility: if its static score clears beta by
// rfpMargin, it is cut unsearched, unless the opponent threatens a
// capture the score cannot see.
func (w *worker) canReverseFutility(depth int) bool {
	return depth <= w.s.p.RFPMaxDepth && w.s.p.RFPMargin > 0 && w.s.on(DisableRFP)
}

// rfpMargin is how far a static score must clear beta for reverse
// futility to cut a node of depth plies.
func (w *worker) rfpMargin(depth int) int { return w.s.p.RFPMargin * depth }

// canProbCut reports whether a prunable node (canPrune) is deep enough for
// ProbCut: if its static score clears beta by probCutMargin, a shallower
// search (probCut) may confirm the cut. Not at a node whose own check is
// searching it: the static score alone would then decide at every depth.
func (w *worker) canProbCut(f *frame, depth int) bool {
	return depth >= w.s.p.ProbCutMinDepth && w.s.on(DisableProbCut) && !f.probCut
}

// probCutMargin is how far a static score must clear beta for ProbCut to
// try the shallower search.
func (w *worker) probCutMargin() int { return w.s.p.ProbCutMargin }

// canSingularExtend reports whether the table's move at a node of depth
// plies, n moves, may get the singular-extension check: the entry has a
// move, is no upper bound and is nearly as deep; not in a check already,
// and not beyond twice the iteration's depth (the extensions would feed
// on themselves).
func (w *worker) canSingularExtend(f *frame, tte *ttData, hit bool, ply, depth, n int) bool {
	least := w.s.p.SEMinDepth
	return ply > 0 && least > 0 && depth >= least && n > 1 && !f.singular && hit && tte.hasMove &&
		tte.bound != boundUpper && tte.depth >= depth-seDepthSlack && ply < 2*w.iter
}

// seDepthSlack: a table entry this many plies shallower than the node
// still starts a singular-extension check.
const seDepthSlack = 3

// seBeta is the bound every other move must stay below for the table's
// move, of score ts, to be singular at a node of depth plies.
func (w *worker) seBeta(ts, depth int) int { return ts - w.s.p.SEMargin*depth }

// extendsForced reports whether the only move of a node costs no depth:
// on the principal variation and in endings.
func (w *worker) extendsForced(p *movegen.Position, ply, n int, pvNode bool) bool {
	return n == 1 && ply > 0 && (pvNode || fullWidth(p)) && w.s.on(DisableExtensions)
}

// canReduceLate reports whether the late quiet moves of a node of depth
// plies may be reduced (late-move reductions): not in a capture sequence,
// nor in an ending.
func (w *worker) canReduceLate(p *movegen.Position, depth int, capture bool) bool {
	return !capture && depth >= w.s.p.LMRMinDepth && !fullWidth(p) && w.s.on(DisableLMR)
}

// lateQuiet reports whether the i-th move of f is late and quiet enough to
// reduce: after the first LMRMinMoves, ordered below the killers.
func (w *worker) lateQuiet(f *frame, i int) bool {
	return i >= w.s.p.LMRMinMoves && f.order[i] < orderKiller1
}

// lmrReduction is the late-move reduction of the i-th move of f at a node
// of depth plies whose moves are searched newDepth plies deep: the table's
// (lmrTable), a ply less on the principal variation, adjusted by the
// move's history (LMRHistory), and always leaving a ply.
func (w *worker) lmrReduction(f *frame, i, depth, newDepth int, pvNode bool) int {
	r := int(w.s.lmr[min(depth, maxPly-1)][min(i, lmrMoves-1)])
	if pvNode {
		r--
	}
	if h := w.s.p.LMRHistory; h != 0 && f.order[i] < orderCounter {
		r -= h * int(f.order[i]) / (100 * historyMax)
	}
	return min(max(r, 0), newDepth-1)
}

// nodeBound is how the best score of a node searched with the window
// alpha, beta bounds its true score.
func nodeBound(best, alpha, beta int) bound {
	switch {
	case best >= beta:
		return boundLower
	case best > alpha:
		return boundExact
	}
	return boundUpper
}
