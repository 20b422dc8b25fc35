package search

import (
	"math"
	"time"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
)

// Search-wide sizes and tunables.
const (
	// maxPly bounds the search stack: nominal depth plus extensions and
	// capture sequences.
	maxPly = 128
	// maxDepth is the deepest nominal iteration, leaving maxPly room for
	// extensions beyond it.
	maxDepth = 96
	infinity = WinScore + 1
	// aspirationDelta is the first half-width of the aspiration window
	// around the previous iteration's score, and aspirationMinDepth the
	// first iteration that uses one (earlier scores swing too much).
	aspirationDelta    = 30
	aspirationMinDepth = 5
	// pollMask: every pollMask+1 nodes a worker publishes its node count
	// and the main worker checks the node budget.
	pollMask = 1023
	// lmrMinDepth and lmrMinMoves: late quiet moves at this depth or more,
	// after this many moves, are searched shallower first, by
	// ln(depth)*ln(moves)/lmrDivisor plies (one less at PV nodes).
	lmrMinDepth = 3
	lmrMinMoves = 2
	lmrDivisor  = 1.5
	// fullWidthPieces: with this many pieces or fewer, endings are searched
	// without reductions or ProbCut, since their wins need exact play.
	fullWidthPieces = 6
	// historyMax bounds history scores (they age by gravity towards it).
	historyMax = 1 << 14
	// threeKingsMoves: in Pool, three kings against a lone king must win
	// within this many of their own moves.
	threeKingsMoves = 13
	// ProbCut: from probcutMinDepth, a non-PV node whose static score is
	// probcutMargin above beta is verified by a search probcutReduction
	// plies shallower and cut when that holds.
	probcutMinDepth  = 4
	probcutMargin    = 30
	probcutReduction = 4
	// drawPliesEarly: the move-count draw is scored one ply before the
	// rule's 2*DrawMoves plies, because CheckerBoard adjudicates it after
	// 79 plies rather than 80.
	drawPliesEarly = 1
)

// Move ordering bands: each kind sorts above the next whatever the history.
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 24
	orderKiller0 = 1 << 22
	orderKiller1 = 1 << 21
)

// lmrTable[depth][moves] is the late-move reduction in plies.
var lmrTable [maxPly][movegen.MaxMoves]int8

func init() {
	for d := 1; d < maxPly; d++ {
		for m := 1; m < movegen.MaxMoves; m++ {
			lmrTable[d][m] = int8(0.5 + math.Log(float64(d))*math.Log(float64(m))/lmrDivisor)
		}
	}
}

// variantKey separates the rule sets in the transposition table.
var variantKey = [2]uint64{0, 0x9E3779B97F4A7C15}

// frame is one ply of the search stack.
type frame struct {
	pos     movegen.Position
	moves   movegen.MoveList
	order   [movegen.MaxMoves]int32
	killers [2]movegen.Move
}

// worker is one search thread with its own stack and ordering tables.
type worker struct {
	id int
	s  *shared

	nodes    uint64
	seldepth int
	stack    [maxPly + 1]frame
	pv       [maxPly + 1][maxPly + 1]movegen.Move
	pvLen    [maxPly + 1]int
	history  [2][movegen.NumSquares][movegen.NumSquares]int32

	// Game line: keys[i] is the hash of the position at game index i
	// (history first, then the search path), clocks[i] its count of plies
	// without a man move or capture, kvk[i] the index where a Pool three
	// kings against one began (-1 if not that material).
	keys    []uint64
	clocks  []int
	kvk     []int
	rootIdx int

	variantKey uint64
	drawPlies  int

	iter     int          // the iteration being searched
	abort    bool         // iter was finished by another worker: give it up
	rootMove movegen.Move // best root move so far in the current iteration
	rootIter int          // the iteration that found rootMove
	report   func(Info)
}

func newWorker(id int) *worker { return &worker{id: id} }

// clear resets the ordering tables.
func (w *worker) clear() {
	w.history = [2][movegen.NumSquares][movegen.NumSquares]int32{}
	for i := range w.stack {
		w.stack[i].killers = [2]movegen.Move{}
	}
}

// setup prepares the worker for a search of req.
func (w *worker) setup(s *shared, req *Request) {
	w.s = s
	w.nodes = 0
	w.seldepth = 0
	w.report = nil
	if w.id == 0 {
		w.report = req.Report
	}
	n := len(req.History) + 1 + maxPly + 1
	if cap(w.keys) < n {
		w.keys = make([]uint64, n)
		w.clocks = make([]int, n)
		w.kvk = make([]int, n)
	}
	w.keys, w.clocks, w.kvk = w.keys[:n], w.clocks[:n], w.kvk[:n]
	for i := 0; i <= len(req.History); i++ {
		p := &req.Pos
		if i < len(req.History) {
			p = &req.History[i]
		}
		w.keys[i] = p.Hash
		w.clocks[i], w.kvk[i] = 0, -1
		if i > 0 {
			prev := &req.History[i-1]
			if quietKingMove(prev, p) {
				w.clocks[i] = w.clocks[i-1] + 1
			}
			if threeVsOne(p) {
				w.kvk[i] = i
				if w.kvk[i-1] >= 0 {
					w.kvk[i] = w.kvk[i-1]
				}
			}
		} else if threeVsOne(p) {
			w.kvk[i] = i
		}
	}
	w.rootIdx = len(req.History)
	w.stack[0].pos = req.Pos
	w.variantKey = variantKey[req.Pos.Variant&1]
	w.drawPlies = 2*req.Pos.Rules().DrawMoves - drawPliesEarly
	req.Pos.GenerateMoves(&w.stack[0].moves)
	w.rootMove, w.rootIter, w.iter = w.stack[0].moves.Moves[0], 0, 0
}

// quietKingMove reports whether b follows a by a king move without capture:
// the same men on both sides and the same number of pieces.
func quietKingMove(a, b *movegen.Position) bool {
	return a.Men(movegen.Black) == b.Men(movegen.Black) && a.Men(movegen.White) == b.Men(movegen.White) &&
		a.Occupied().Count() == b.Occupied().Count()
}

// threeVsOne reports whether p is a Pool ending of three kings against a
// lone king, where the count rule applies.
func threeVsOne(p *movegen.Position) bool {
	if p.Variant != movegen.Pool || p.Kings != p.Occupied() {
		return false
	}
	b, w := p.Pieces[movegen.Black].Count(), p.Pieces[movegen.White].Count()
	return b == 3 && w == 1 || b == 1 && w == 3
}

// rootDrawn reports whether the root position is already drawn by a rule.
func (w *worker) rootDrawn() bool {
	return w.ruleDraw(w.rootIdx, &w.stack[0].pos)
}

// forcedDraw reports whether every root move ends the game in a draw by
// a rule at once: then the draw is proven whatever the evaluation says.
func (w *worker) forcedDraw() bool {
	root := &w.stack[0]
	root.pos.GenerateMoves(&root.moves)
	child := &w.stack[1]
	idx := w.rootIdx + 1
	for i := 0; i < root.moves.N; i++ {
		m := root.moves.Moves[i]
		w.enter(&root.pos, m, idx-1)
		child.pos.GenerateMoves(&child.moves)
		if child.moves.N == 0 || !w.repeated(idx, child.pos.Hash) && !w.ruleDraw(idx, &child.pos) {
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
	if threeVsOne(&child.pos) {
		w.kvk[idx+1] = idx + 1
		if w.kvk[idx] >= 0 {
			w.kvk[idx+1] = w.kvk[idx]
		}
	}
}

// repeated reports whether the position at game index idx, with the given
// hash, occurred before since the last irreversible move.
func (w *worker) repeated(idx int, hash uint64) bool {
	for j := idx - 4; j >= idx-w.clocks[idx] && j >= 0; j -= 2 {
		if w.keys[j] == hash {
			return true
		}
	}
	return false
}

// ruleDraw reports whether the position at game index idx, which has a
// legal move, is drawn by the move-count rule or the Pool three-kings count.
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
		if moves >= threeKingsMoves {
			return true
		}
	}
	return false
}

// iterate runs iterative deepening until the depth cap or a stop. Every
// worker records its finished iterations in the shared best line and
// skips depths another worker has already finished (lazy SMP); helpers
// (id > 0) start one ply deeper on odd ids so the threads spread over
// depths. The main worker reports and manages time.
func (w *worker) iterate() {
	s := w.s
	prev, reported := 0, 0
	for d := 1 + w.id&1; d <= s.maxDepth; d++ {
		if done, score := s.bestSoFar(); d <= done+w.id&1 {
			d, prev = min(done+1+w.id&1, s.maxDepth), score
			if d <= done {
				break
			}
		}
		w.iter, w.abort = d, false
		score := w.aspiration(d, prev)
		if s.stop.Load() {
			break
		}
		if w.abort {
			continue // another worker finished this depth first
		}
		prev = score
		s.finish(d, score, w.seldepth, w.pv[0][:w.pvLen[0]])
		if w.id == 0 {
			reported = w.reportBest(reported)
		}
		if d == s.maxDepth {
			s.stop.Store(true)
			break
		}
		if w.id != 0 {
			continue
		}
		if s.single || s.soft > 0 && time.Since(s.start) > s.soft {
			break
		}
		if _, best := s.bestSoFar(); WinScore-abs(best) < 1000 && d > WinScore-abs(best)+2 && s.limits.Depth == 0 {
			break
		}
	}
	if w.id == 0 {
		w.reportBest(reported) // a helper may have finished the last iterations
		s.stop.Store(true)
	}
}

// reportBest reports the deepest finished iteration if it is deeper than
// the one last reported, and returns the depth reported.
func (w *worker) reportBest(reported int) int {
	done, _ := w.s.bestSoFar()
	if w.report == nil || done <= reported {
		return reported
	}
	w.s.publish(w.id, w.nodes)
	w.report(w.s.info())
	return done
}

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
	delta := aspirationDelta
	if d >= aspirationMinDepth && abs(prev) < WinThreshold {
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
		if delta > 1000 {
			alpha, beta = -infinity, infinity
		}
	}
}

// poll publishes the node count and enforces the node budget.
// An iteration another worker has already finished is abandoned.
func (w *worker) poll() {
	w.s.publish(w.id, w.nodes)
	if w.id == 0 && w.s.limits.Nodes > 0 && w.s.totalNodes() >= w.s.limits.Nodes {
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

	// Step 1. Repetition and mate-distance bounds.
	if ply > 0 {
		if w.repeated(idx, p.Hash) {
			return DrawScore
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
	if ply >= maxPly-1 {
		return eval.Evaluate(p)
	}
	if depth <= 0 && !capture {
		if depth < 0 || !threatened(p) {
			return eval.Evaluate(p)
		}
		depth = 1
	}
	depth = max(depth, 0)

	// Step 3. Transposition table.
	key := p.Hash ^ w.variantKey
	tte, hit := s.tt.probe(key)
	if hit && !pvNode && tte.depth >= depth {
		ts := scoreFromTT(tte.score, ply)
		switch {
		case tte.bound == boundExact,
			tte.bound == boundLower && ts >= beta,
			tte.bound == boundUpper && ts <= alpha:
			return ts
		}
	}

	// Step 4. ProbCut: a quiet position whose static score clears beta by
	// a margin is cut if a shallower search confirms it.
	if !pvNode && ply > 0 && !capture && depth >= probcutMinDepth && abs(beta) < WinThreshold &&
		p.Occupied().Count() > fullWidthPieces &&
		eval.Evaluate(p) >= beta+probcutMargin {
		if v := w.search(ply, depth-probcutReduction, beta-1, beta, false); v >= beta && !w.stopped() {
			return v
		}
	}

	// Step 5. Moves; none means a loss. Then the draw rules.
	p.GenerateMoves(&f.moves)
	n := f.moves.N
	if n == 0 {
		return -WinScore + ply
	}
	if ply > 0 && w.ruleDraw(idx, p) {
		return DrawScore
	}

	// Step 6. Extension: a forced move costs no depth on the principal
	// variation and in endings.
	newDepth := depth - 1
	if n == 1 && ply > 0 && (pvNode || p.Occupied().Count() <= fullWidthPieces) {
		newDepth = depth
	}

	w.scoreMoves(f, &tte, hit, capture)
	origAlpha := alpha
	best := -infinity
	var bestMove movegen.Move
	for i := 0; i < n; i++ {
		m := w.pick(f, i, n)
		w.enter(p, m, idx)

		var score int
		if i == 0 {
			score = -w.search(ply+1, newDepth, -beta, -alpha, pvNode)
		} else {
			r := 0
			if !capture && depth >= lmrMinDepth && i >= lmrMinMoves && f.order[i] < orderKiller1 && p.Occupied().Count() > fullWidthPieces {
				r = int(lmrTable[min(depth, maxPly-1)][min(i, movegen.MaxMoves-1)])
				if pvNode {
					r--
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
		if ply == 0 {
			w.rootMove, w.rootIter = m, w.iter
		}
		if score >= beta {
			if !capture {
				w.rewardQuiet(f, m, i, depth)
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
	s.tt.store(key, scoreToTT(best, ply), depth, bd, bestMove, true)
	return best
}

// threatened reports whether the opponent of the side to move would have
// a capture if it were its turn.
func threatened(p *movegen.Position) bool {
	q := *p
	q.Turn ^= 1
	return q.HasCapture()
}

// scoreMoves gives each move of f an ordering key.
func (w *worker) scoreMoves(f *frame, tte *ttData, hit, capture bool) {
	turn := f.pos.Turn
	for i := 0; i < f.moves.N; i++ {
		m := f.moves.Moves[i]
		var o int32
		switch {
		case hit && tte.matches(m):
			o = orderTT
		case capture:
			o = orderCapture + int32(m.Captured.Count())*64 + int32((m.Captured&f.pos.Kings).Count())*16
		case m.Same(f.killers[0]):
			o = orderKiller0
		case m.Same(f.killers[1]):
			o = orderKiller1
		default:
			o = w.history[turn][m.From][m.To]
		}
		f.order[i] = o
	}
}

// pick moves the best-ordered of moves i..n-1 to place i and returns it.
func (w *worker) pick(f *frame, i, n int) movegen.Move {
	b := i
	for j := i + 1; j < n; j++ {
		if f.order[j] > f.order[b] {
			b = j
		}
	}
	f.moves.Moves[i], f.moves.Moves[b] = f.moves.Moves[b], f.moves.Moves[i]
	f.order[i], f.order[b] = f.order[b], f.order[i]
	return f.moves.Moves[i]
}

// rewardQuiet updates killers and history after quiet move m, the i-th
// tried, caused a cutoff; the quiet moves tried before it are penalised.
func (w *worker) rewardQuiet(f *frame, m movegen.Move, i, depth int) {
	if !m.Same(f.killers[0]) {
		f.killers[1] = f.killers[0]
		f.killers[0] = m
	}
	turn := f.pos.Turn
	bonus := int32(min(depth*depth, historyMax/4))
	h := &w.history[turn][m.From][m.To]
	*h += bonus - *h*bonus/historyMax
	for j := 0; j < i; j++ {
		o := f.moves.Moves[j]
		h := &w.history[turn][o.From][o.To]
		*h -= bonus + *h*bonus/historyMax
	}
}

// scoreToTT makes win scores relative to the node before storing.
func scoreToTT(s, ply int) int {
	switch {
	case s >= WinThreshold:
		return s + ply
	case s <= -WinThreshold:
		return s - ply
	}
	return s
}

// scoreFromTT undoes scoreToTT at the probing node's ply.
func scoreFromTT(s, ply int) int {
	switch {
	case s >= WinThreshold:
		return s - ply
	case s <= -WinThreshold:
		return s + ply
	}
	return s
}
