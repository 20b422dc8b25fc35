package search

import (
	"github.com/crown-checkers/crown/movegen"
)

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

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
func (w *worker) search(ply, depth, alpha, beta int, pvNode bool) int {
	w.pvLen[ply] = ply
	s := w.s
	if w.stopped() {
		return 0
	}
	w.nodes++
	if w.nodes&pollMask == 0 {
		w.poll()
	}
	if ply > w.seldepth {
		w.seldepth = ply
	}
	f := &w.stack[ply]
	p := &f.pos
	idx := w.rootIdx + ply
	w.keys[idx] = p.Hash

	// Step 1. The rules that end the game while moves remain, before the
	// table, pruning or the static evaluation can score the node: a
	// position they draw is drawn whatever its score (and table entries
	// come from other paths, with other counts). A side without a legal
	// move has lost even on a ply that would also draw, as in
	// movegen.Adjudicate: a repeated position had a move the first time,
	// but a count may run out on one without, so only then are moves
	// generated here. Then the mate-distance bounds.
	if ply > 0 {
		if w.repeated(idx, p.Hash) {
			return s.drawScore(ply)
		}
		if w.ruleDraw(idx, p) {
			if p.GenerateMoves(&f.moves); f.moves.N == 0 {
				return -WinScore + ply
			}
			return s.drawScore(ply)
		}
		alpha = max(alpha, -WinScore+ply)
		beta = min(beta, WinScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}

	// Step 2. Quiet leaf: the static evaluation, unless the opponent
	// threatens a capture; then one more ply lets the side to move answer
	// the threat, which the evaluation cannot see.
	capture := p.HasCapture()

	// The endgame database holds quiet positions (no capture pending) of
	// few pieces: at a leaf its score is the node's; inside the tree it
	// is probed after the table (step 3b).
	useDB := s.db != nil && ply > 0 && !capture && !f.singular
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
		if depth < 0 || s.disable&DisableExtensions != 0 || !p.Threatened() {
			return w.evals.evaluate(ply, p, key)
		}
		depth = 1
	}
	depth = max(depth, 0)

	// Step 3. Transposition table.
	// Capture sequences below the nominal depth (depth 0) skip the table:
	// they are many, cheap to search again, and their probes and stores
	// cost more in cache misses than they save (time to depth 23, four
	// opening positions, 64 MiB: 36% less).
	var tte ttData
	hit := false
	if depth > 0 {
		tte, hit = s.tt.probe(key)
	}
	if hit && !pvNode && tte.depth >= depth && s.disable&DisableTTCutoffs == 0 && !f.singular {
		ts := scoreFromTT(tte.score, ply)
		switch {
		case tte.bound == boundExact,
			tte.bound == boundLower && ts >= beta,
			tte.bound == boundUpper && ts <= alpha:
			return ts
		}
	}

	// Step 3b. The endgame database: its score is exact and goes into the
	// table as such, unless convert mode searches on from a position won
	// for the root's side (probeDB).
	if useDB {
		if score, cont, ok := w.probeDB(p, ply); ok && !cont {
			s.tt.store(key, scoreToTT(score, ply), maxPly, boundExact, movegen.Move{}, false)
			return score
		}
	}

	// Internal iterative reduction: a node the table knows no move for is
	// searched a ply shallower; the next iteration finds it with a move.
	// Not a root searched without some of its moves: it stores no entry
	// (step 7), so it would lose the ply at every iteration.
	if depth >= s.p.IIRMinDepth && (!hit || !tte.hasMove) && s.disable&DisableIIR == 0 && (ply > 0 || !w.rootFilter) {
		depth--
	}

	// Step 4. Reverse futility: a shallow quiet node whose static score
	// clears beta by a margin a ply is cut unsearched, unless the
	// opponent threatens a capture the score cannot see. Then ProbCut: a
	// quiet position whose static score clears beta by a margin is cut
	// if a shallower search confirms it; not under a threat either, for
	// the shallower search then misses the shots behind it (a sacrifice
	// whose king run it cut away, search's TestProbCutShots). The
	// shallower search tries no ProbCut of its own at this node (frame's
	// probCut), else the static score alone would decide at every depth
	// (the same test).
	if !pvNode && ply > 0 && !capture && depth <= s.p.RFPMaxDepth && s.p.RFPMargin > 0 && s.disable&DisableRFP == 0 && abs(beta) < WinThreshold &&
		p.Occupied().Count() > fullWidthPieces {
		if v := w.evals.evaluate(ply, p, key); v-s.p.RFPMargin*depth >= beta && !p.Threatened() {
			return v
		}
	}
	if !pvNode && ply > 0 && !capture && depth >= s.p.ProbCutMinDepth && abs(beta) < WinThreshold && s.disable&DisableProbCut == 0 &&
		!f.probCut && p.Occupied().Count() > fullWidthPieces &&
		w.evals.evaluate(ply, p, key) >= beta+s.p.ProbCutMargin && !p.Threatened() {
		f.probCut = true
		v := w.search(ply, depth-s.p.ProbCutReduction, beta-1, beta, false)
		f.probCut = false
		if v >= beta && !w.stopped() {
			return v
		}
	}

	// Step 5. Moves; none means a loss. At the root, a multi-PV line skips
	// the moves of the lines found before it, and a request may name the
	// moves to search.
	p.GenerateMoves(&f.moves)
	if ply == 0 && w.rootFilter {
		w.filterRoot(f)
	}
	n := f.moves.N
	if n == 0 {
		return -WinScore + ply
	}

	// Step 5b. Singular extension: the table's move is searched a ply
	// deeper if every other move, searched at half the depth, stays below
	// its score by a margin. The check regenerates this node's moves in
	// its frame: the same list, searched in another order.
	singular := false
	if ply > 0 && s.p.SEMinDepth > 0 && depth >= s.p.SEMinDepth && n > 1 && !f.singular && hit && tte.hasMove &&
		tte.bound != boundUpper && tte.depth >= depth-3 && ply < 2*w.iter {
		if ts := scoreFromTT(tte.score, ply); abs(ts) < WinThreshold {
			sBeta := ts - s.p.SEMargin*depth
			f.singular, f.skip = true, tte
			v := w.search(ply, (depth-1)/2, sBeta-1, sBeta, false)
			f.singular = false
			if w.stopped() {
				return 0
			}
			singular = v < sBeta
			p.GenerateMoves(&f.moves)
		}
	}

	// Step 6. Extension: a forced move costs no depth on the principal
	// variation and in endings.
	newDepth := depth - 1
	if n == 1 && ply > 0 && (pvNode || p.Occupied().Count() <= fullWidthPieces) && s.disable&DisableExtensions == 0 {
		newDepth = depth
	}

	counter := w.counterOf(f, ply)
	w.scoreMoves(f, &tte, hit, capture, counter)
	origAlpha := alpha
	best := -infinity
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
			if !capture && depth >= s.p.LMRMinDepth && i >= s.p.LMRMinMoves && f.order[i] < orderKiller1 && p.Occupied().Count() > fullWidthPieces &&
				s.disable&DisableLMR == 0 {
				r = int(s.lmr[min(depth, maxPly-1)][min(i, lmrMoves-1)])
				if pvNode {
					r--
				}
				if s.p.LMRHistory != 0 && f.order[i] < orderCounter {
					r -= s.p.LMRHistory * int(f.order[i]) / (100 * historyMax)
				}
				r = min(max(r, 0), newDepth-1)
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
		w.pv[ply][ply] = m
		copy(w.pv[ply][ply+1:], w.pv[ply+1][ply+1:w.pvLen[ply+1]])
		w.pvLen[ply] = w.pvLen[ply+1]
		if ply == 0 && w.excluded == 0 {
			w.rootMove, w.rootIter = m, w.iter
		}
		if score >= beta {
			if !capture {
				w.rewardQuiet(f, m, i, depth, counter)
			}
			break
		}
	}

	bd := boundUpper
	switch {
	case best >= beta:
		bd = boundLower
	case best > origAlpha:
		bd = boundExact
	}
	// Step 7. The table. A root searched without some of its moves has no
	// score of its own to store.
	if f.singular {
		return best
	}
	if depth > 0 && (ply > 0 || !w.rootFilter) {
		s.tt.store(key, scoreToTT(best, ply), depth, bd, bestMove, true)
	}
	return best
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
