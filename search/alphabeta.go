package search

import (
	"github.com/crown-checkers/crown/movegen"
)

// aspiration searches the root to depth d in a window around prev,
// widening it until the score falls inside.
func (w *worker) aspiration(d, prev int) int {
	alpha, beta := -infinity, infinity
	delta := w.s.p.AspirationDelta
	if d >= w.s.p.AspirationMinDepth && abs(prev) < WinThreshold {
		alpha, beta = max(prev-delta, -infinity), min(prev+delta, infinity)
	}
	for {
		score := w.search(0, d, alpha, beta, true)
		if w.stopped() {
			return score
		}
		switch {
		case score <= alpha && alpha > -infinity:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -infinity)
		case score >= beta && beta < infinity:
			beta = min(score+delta, infinity)
		default:
			return score
		}
		delta *= 2
		if delta > aspirationMaxDelta {
			alpha, beta = -infinity, infinity
		}
	}
}

// poll publishes the node count and enforces the hard time limit and
// (in the main worker) the node budget: every worker reads the clock, so
// the search stops on time without a timer goroutine to wake up.
// An iteration another worker has already finished is abandoned.
func (w *worker) poll() {
	w.s.publish(w.id, w.nodes, w.dbHits)
	if w.s.tm.overHard() || w.id == 0 && w.s.limits.Nodes > 0 && w.s.totalNodes() >= w.s.limits.Nodes {
		w.s.stop.Store(true)
	}
	if int(w.s.bestDepth.Load()) >= w.iter {
		w.abort = true
	}
}

// stopped reports whether the search or this worker's iteration is over.
func (w *worker) stopped() bool { return w.abort || w.s.stop.Load() }

// search is the principal-variation alpha-beta search of the position at
// stack[ply] to depth plies; at depth 0 or less it goes on only while a
// capture is pending (captures are forced, so there is no stand-pat then).
// Each step's guard is named in guards.go.
func (w *worker) search(ply, depth, alpha, beta int, pvNode bool) int {
	w.pvLen[ply] = ply
	s := w.s
	if w.stopped() {
		return 0
	}
	w.count(ply)
	f := &w.stack[ply]
	p := &f.pos
	idx := w.rootIdx + ply
	w.keys[idx] = p.Hash

	// Step 1. The rules that end the game while moves remain, before the
	// table, pruning or the static evaluation can score the node: a
	// position they draw is drawn whatever its score (and table entries
	// come from other paths, with other counts). Then the mate-distance
	// bounds.
	if ply > 0 {
		if w.repeated(idx, p.Hash, s.convert) {
			return s.drawScore(ply)
		}
		if w.ruleDraw(idx, p) {
			return w.ruleDrawScore(f, ply)
		}
		if alpha, beta = mateBounds(alpha, beta, ply); alpha >= beta {
			return alpha
		}
	}

	// Step 2. Quiet leaf: the static evaluation, unless the opponent
	// threatens a capture; then one more ply lets the side to move answer
	// the threat. At a leaf, the endgame database's score is the node's;
	// inside the tree it is probed after the table (step 3b).
	capture := p.HasCapture()
	useDB := w.usesDB(f, ply, capture)
	if useDB && (depth <= 0 || ply >= maxPly-1) {
		if score, _, ok := w.probeDB(p, ply); ok {
			return score
		}
	}
	key := p.Hash ^ w.variantKey
	if ply >= maxPly-1 {
		return w.evals.evaluate(ply, p, key)
	}
	if depth <= 0 && !capture {
		if !w.canExtendThreat(depth) || !p.Threatened() {
			return w.evals.evaluate(ply, p, key)
		}
		depth = 1
	}
	depth = max(depth, 0)
	return w.searchInterior(f, ply, depth, alpha, beta, pvNode, capture)
}

// searchInterior goes on with search's node at stack[ply] when it is no
// leaf: the table, the database, the cuts on the static score, then the
// moves.
func (w *worker) searchInterior(f *frame, ply, depth, alpha, beta int, pvNode, capture bool) int {
	p := &f.pos
	key := p.Hash ^ w.variantKey

	// Step 3. Transposition table. Capture sequences below the nominal
	// depth (depth 0) skip it: they are many, cheap to search again, and
	// their probes and stores cost more in cache misses than they save
	// (time to depth 23, four opening positions, 64 MiB: 36% less).
	var tte ttData
	hit := false
	if depth > 0 {
		tte, hit = w.s.tt.probe(key)
	}
	if hit && w.canCutOnTT(f, &tte, depth, pvNode) {
		if ts := scoreFromTT(tte.score, ply); tte.cuts(ts, alpha, beta) {
			return ts
		}
	}

	// Step 3b. The endgame database, then internal iterative reduction.
	if w.usesDB(f, ply, capture) {
		if score, ok := w.probeDBInTree(p, key, ply); ok {
			return score
		}
	}
	if w.canReduceIIR(&tte, hit, ply, depth) {
		depth--
	}

	// Step 4. Cuts on the static score: reverse futility, then ProbCut,
	// neither under a threat the score cannot see.
	if canPrune(p, ply, beta, pvNode, capture) {
		if w.canReverseFutility(depth) {
			if v := w.evals.evaluate(ply, p, key); v-w.rfpMargin(depth) >= beta && !p.Threatened() {
				return v
			}
		}
		if w.canProbCut(f, depth) && w.evals.evaluate(ply, p, key) >= beta+w.probCutMargin() && !p.Threatened() {
			if v := w.probCut(f, ply, depth, beta); v >= beta && !w.stopped() {
				return v
			}
		}
	}

	// Step 5. Moves; none means a loss. At the root, a multi-PV line skips
	// the moves of the lines found before it, and a request may name the
	// moves to search. Then the singular-extension check.
	p.GenerateMoves(&f.moves)
	if ply == 0 && w.rootFilter {
		w.filterRoot(f)
	}
	if f.moves.N == 0 {
		return -WinScore + ply
	}
	singular := false
	if w.canSingularExtend(f, &tte, hit, ply, depth, f.moves.N) {
		var ok bool
		if singular, ok = w.singularCheck(f, &tte, ply, depth); !ok {
			return 0
		}
	}
	return w.searchChildren(f, &tte, hit, key, ply, depth, alpha, beta, pvNode, capture, singular)
}

// count counts a node at ply: the node count, its poll, the selective
// depth.
func (w *worker) count(ply int) {
	w.nodes++
	if w.nodes&pollMask == 0 {
		w.poll()
	}
	if ply > w.seldepth {
		w.seldepth = ply
	}
}

// ruleDrawScore is the score of the position of f, at ply, which a rule's
// count draws. A side without a legal move has lost even on a ply that
// would also draw, as in movegen.Adjudicate: a repeated position had a
// move the first time, but a count may run out on one without, so only
// here are moves generated before the draw is scored.
func (w *worker) ruleDrawScore(f *frame, ply int) int {
	if f.pos.GenerateMoves(&f.moves); f.moves.N == 0 {
		return -WinScore + ply
	}
	return w.s.drawScore(ply)
}

// probeDBInTree probes the endgame database at a node inside the tree: its
// score is exact and goes into the table as such, unless convert mode
// searches on from a position won for the root's side (probeDB).
func (w *worker) probeDBInTree(p *movegen.Position, key uint64, ply int) (int, bool) {
	score, cont, ok := w.probeDB(p, ply)
	if !ok || cont {
		return 0, false
	}
	w.s.tt.store(key, scoreToTT(score, ply), maxPly, boundExact, movegen.Move{}, false)
	return score, true
}

// probCut is ProbCut's shallower search of the node at ply with the null
// window at beta. The search tries no ProbCut of its own at this node
// (frame's probCut), else the static score alone would decide at every
// depth. Under a threat the node is not tried: the shallower search then
// misses the shots behind it (a sacrifice whose king run it cut away,
// search's TestProbCutShots).
func (w *worker) probCut(f *frame, ply, depth, beta int) int {
	f.probCut = true
	v := w.search(ply, depth-w.s.p.ProbCutReduction, beta-1, beta, false)
	f.probCut = false
	return v
}

// singularCheck is the singular-extension check of the node at ply: it
// reports whether every move but the table's, searched at half the depth,
// stays below the table's score by a margin (seBeta); the table's move is
// then searched a ply deeper. A proven score is not checked. The check
// searches this node's moves in its frame, skipping the table's move, and
// generates them again after (it searched them in another order); false
// if the search stopped.
func (w *worker) singularCheck(f *frame, tte *ttData, ply, depth int) (singular, ok bool) {
	ts := scoreFromTT(tte.score, ply)
	if abs(ts) >= WinThreshold {
		return false, true
	}
	sBeta := w.seBeta(ts, depth)
	f.singular, f.skip = true, *tte
	v := w.search(ply, (depth-1)/2, sBeta-1, sBeta, false)
	f.singular = false
	if w.stopped() {
		return false, false
	}
	f.pos.GenerateMoves(&f.moves)
	return v < sBeta, true
}

// searchChildren searches the moves of the node at stack[ply], of depth
// plies and table key key, with the window alpha, beta, and stores the
// result in the table. The table's move is searched a ply deeper if the
// singular-extension check finds it singular; a forced move costs no
// depth on the principal variation and in endings; the later moves are
// searched with a null window, the late quiet ones reduced (late-move
// reductions), and again with the whole window if they may be better.
func (w *worker) searchChildren(f *frame, tte *ttData, hit bool, key uint64, ply, depth, alpha, beta int, pvNode, capture, singular bool) int {
	p := &f.pos
	idx := w.rootIdx + ply
	n := f.moves.N

	// Step 6. The moves.
	newDepth := depth - 1
	if w.extendsForced(p, ply, n, pvNode) {
		newDepth = depth
	}
	reduce := w.canReduceLate(p, depth, capture)
	counter, cont := w.counterOf(f, ply), w.contOf(f, ply)
	w.scoreMoves(f, tte, hit, capture, counter, cont)
	best, origAlpha := -infinity, alpha
	var bestMove movegen.Move
	for i := 0; i < n; i++ {
		m := w.pick(f, i, n)
		if f.singular && f.skip.matches(m) {
			continue
		}
		f.move = m
		w.enter(p, m, idx)

		var score int
		if i == 0 {
			d := newDepth
			if singular && tte.matches(m) { // the table's move is ordered first
				d++
			}
			score = -w.search(ply+1, d, -beta, -alpha, pvNode)
		} else {
			r := 0
			if reduce && w.lateQuiet(f, i) {
				r = w.lmrReduction(f, i, depth, newDepth, pvNode)
			}
			score = -w.search(ply+1, newDepth-r, -alpha-1, -alpha, false)
			if score > alpha && r > 0 {
				score = -w.search(ply+1, newDepth, -alpha-1, -alpha, false)
			}
			if score > alpha && score < beta && pvNode {
				score = -w.search(ply+1, newDepth, -beta, -alpha, true)
			}
		}
		if w.stopped() {
			return 0
		}
		if score <= best {
			continue
		}
		best, bestMove = score, m
		if score <= alpha {
			continue
		}
		alpha = score
		w.updatePV(ply, m)
		if score >= beta {
			if !capture {
				w.rewardQuiet(f, m, i, depth, counter, cont)
			}
			break
		}
	}

	// Step 7. The table, but not for a check that skipped the table's
	// move, nor for a root searched without some of its moves.
	if !f.singular && depth > 0 && w.wholeNode(ply) {
		w.s.tt.store(key, scoreToTT(best, ply), depth, nodeBound(best, origAlpha, beta), bestMove, true)
	}
	return best
}

// updatePV makes m, then the line below it, the principal variation at
// ply, and at the root of a line's search the iteration's best move.
func (w *worker) updatePV(ply int, m movegen.Move) {
	w.pv[ply][ply] = m
	copy(w.pv[ply][ply+1:], w.pv[ply+1][ply+1:w.pvLen[ply+1]])
	w.pvLen[ply] = w.pvLen[ply+1]
	if ply == 0 && w.excluded == 0 {
		w.rootMove, w.rootIter = m, w.iter
	}
}

// drawScore is the score of a draw by repetition or count at ply, from
// the side to move's view: Params.Contempt below level for the root's side
// (even plies), as much above for its opponent.
func (s *shared) drawScore(ply int) int {
	if ply&1 == 0 {
		return DrawScore - s.p.Contempt
	}
	return DrawScore + s.p.Contempt
}

// scoreToTT makes win scores, forced or by the database (both count plies
// from the root), relative to the node before storing.
func scoreToTT(s, ply int) int {
	switch {
	case s >= DBWinThreshold:
		return s + ply
	case s <= -DBWinThreshold:
		return s - ply
	}
	return s
}

// scoreFromTT undoes scoreToTT at the probing node's ply.
func scoreFromTT(s, ply int) int {
	switch {
	case s >= DBWinThreshold:
		return s - ply
	case s <= -DBWinThreshold:
		return s + ply
	}
	return s
}
