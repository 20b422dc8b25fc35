package search

import "github.com/crown-checkers/crown/movegen"

// Search-wide sizes and tunables.
const (
	// maxPly bounds the search stack: nominal depth plus extensions and
	// capture sequences.
	maxPly = 128
	// maxDepth is the deepest nominal iteration, leaving maxPly room for
	// extensions beyond it.
	maxDepth = 96
	infinity = WinScore + 1
	// aspirationMaxDelta: once the half-width, doubled at each failure,
	// passes ten men, the score is swinging by whole pieces or to a proven
	// result, and further narrow windows would only cost re-searches: the
	// root is searched with the full window.
	aspirationMaxDelta = 1000
	// pollMask: every pollMask+1 nodes a worker publishes its node count
	// and the main worker checks the node budget.
	pollMask = 1023
	// fullWidthPieces: with this many pieces or fewer, endings are searched
	// without reductions or ProbCut, since their wins need exact play.
	fullWidthPieces = 6
	// historyMax bounds history scores (they age by gravity towards it).
	historyMax = 1 << 14
)

// variantKey separates the rule sets in the transposition table: 0 for
// American, then multiples of an odd constant (the golden ratio's, as in
// splitmix64), which differ in their high bits, those the table indexes
// and verifies by.
var variantKey = func() (k [movegen.NumVariants]uint64) {
	for v := range k {
		k[v] = uint64(v) * 0x9E3779B97F4A7C15
	}
	return k
}()

// frame is one ply of the search stack.
type frame struct {
	pos     movegen.Position
	moves   movegen.MoveList
	order   [movegen.MaxMoves]int32
	killers [2]movegen.Move
	move    movegen.Move // the move being searched from this position
	// probCut: the node's own ProbCut check is searching it, shallower;
	// that search must not try ProbCut again, or each check would hand
	// the decision to a shallower one, down to the static score.
	probCut bool
	// singular: the node's singular-extension check is searching it
	// without the table's move skip; the check's search neither cuts on
	// nor stores the table entry of a position it did not search whole.
	singular bool
	skip     ttData
}

// worker is one search thread with its own stack and ordering tables.
type worker struct {
	id int
	s  *shared

	nodes    uint64
	dbHits   uint64 // endgame database probes that found their position
	seldepth int
	stack    [maxPly + 1]frame
	pv       [maxPly + 1][maxPly + 1]movegen.Move
	pvLen    [maxPly + 1]int
	history  [2][movegen.NumSquares][movegen.NumSquares]int32
	// counter[turn][from][to] is the quiet reply that last refuted the
	// opponent's move from-to.
	counter [2][movegen.NumSquares][movegen.NumSquares]movegen.Move
	// cont[turn][to][from][to'] is the history of the quiet move from-to'
	// played after the opponent's move to square to (continuation
	// history; kept only with Params.ContHistory). int16 holds historyMax
	// and halves the table's cache footprint.
	cont [2][movegen.NumSquares]contRow
	// evals caches the static evaluations of this worker's searches.
	evals evalCache

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

	// The root's moves and lines (multipv.go): lines holds the lines of
	// the iteration being searched (nLines of them in a multi-PV search,
	// best first once it is finished); the root's search skips the moves
	// of the first excluded (the lines found so far in this iteration)
	// and, when the request names some, the moves it does not name.
	// rootFilter says whether either applies.
	nLines     int
	lines      []rootLine
	excluded   int
	rootFilter bool
}

func newWorker(id int) *worker { return &worker{id: id} }

// clear resets the ordering tables.
func (w *worker) clear() {
	w.history = [2][movegen.NumSquares][movegen.NumSquares]int32{}
	w.counter = [2][movegen.NumSquares][movegen.NumSquares]movegen.Move{}
	w.cont = [2][movegen.NumSquares]contRow{}
	for i := range w.stack {
		w.stack[i].killers = [2]movegen.Move{}
	}
}

// setup prepares the worker for a search of req.
func (w *worker) setup(s *shared, req *Request) {
	w.s = s
	w.evals.use(s.ev, s.p.EvalGrain)
	w.nodes, w.dbHits = 0, 0
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
			if p.ThreeKingsAgainstOne() {
				w.kvk[i] = i
				if w.kvk[i-1] >= 0 {
					w.kvk[i] = w.kvk[i-1]
				}
			}
		} else if p.ThreeKingsAgainstOne() {
			w.kvk[i] = i
		}
	}
	w.rootIdx = len(req.History)
	w.stack[0].pos = req.Pos
	w.variantKey = variantKey[req.Pos.Variant]
	if s.convert {
		w.variantKey ^= convertKey
	}
	if s.resist {
		w.variantKey ^= resistKey[req.Pos.Turn]
	}
	w.drawPlies = req.Pos.Rules().DrawPlies()
	w.setupLines()
	root := &w.stack[0]
	req.Pos.GenerateMoves(&root.moves)
	if w.rootFilter {
		w.filterRoot(root)
	}
	w.rootMove, w.rootIter, w.iter = root.moves.Moves[0], 0, 0
}

// iterate runs iterative deepening until the depth cap or a stop. Every
// worker records its finished iterations in the shared best line and
// skips depths another worker has already finished (lazy SMP); helpers
// (id > 0) start one ply deeper on odd ids so the threads spread over
// depths. The main worker reports and, after each iteration it finished or
// gave up to another worker, asks the time manager whether to go on.
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
		var score int
		if w.nLines > 1 {
			score = w.searchLines(d)
		} else {
			score = w.aspiration(d, prev)
		}
		if s.stop.Load() {
			break
		}
		if !w.abort { // else another worker finished this depth first
			prev = score
			w.finish(d, score)
			if d == s.maxDepth {
				s.stop.Store(true)
				break
			}
		}
		if w.id != 0 {
			continue
		}
		reported = w.reportBest(reported)
		if done, best := s.bestSoFar(); !s.tm.startNext(done, best) {
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
	w.s.publish(w.id, w.nodes, w.dbHits)
	w.report(w.s.info())
	return done
}
