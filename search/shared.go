package search

import (
	"sync"
	"sync/atomic"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
)

// shared is the state every worker of one search sees.
type shared struct {
	tt       *table
	ev       *eval.WeightFile // the evaluation's weights
	stop     atomic.Bool
	limits   Limits
	tm       timeManager
	maxDepth int
	disable  int             // Options.Disable: the features switched off
	p        *Params         // the numeric parameters
	lmr      *lmrTable       // late-move reductions by depth and move number, from p
	nodes    []atomic.Uint64 // each worker's published node count
	dbHits   []atomic.Uint64 // each worker's published database hits

	// The endgame database, if any: db holds every position of up to
	// dbPieces pieces of the root's rule set. convert is set when the root
	// is a database win: then positions won for the root's side are
	// searched on and scored by progress at the leaves (see probeDB).
	// rootLost is set when it is a database loss: the search resists (see
	// resistPieces), and its scores are shown as lostScore, the database's
	// score of the root, unless it finds a forced loss.
	db        *egdb.DB
	dbPieces  int
	convert   bool
	rootLost  bool
	lostScore int
	resist    bool // resist mode: the root side's losses are searched on (see resistPieces)

	mu        sync.Mutex
	best      bestLine     // the deepest iteration any worker finished (under mu)
	bestDepth atomic.Int32 // best.depth, for reading without the lock
}

// bestLine is a finished iteration.
type bestLine struct {
	depth, score, seldepth int
	pv                     []movegen.Move
}

// finish records a worker's finished iteration if it is the deepest yet.
func (s *shared) finish(depth, score, seldepth int, pv []movegen.Move) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if depth <= s.best.depth || len(pv) == 0 {
		return
	}
	s.best.depth, s.best.score, s.best.seldepth = depth, score, seldepth
	s.best.pv = append(s.best.pv[:0], pv...)
	s.bestDepth.Store(int32(depth))
}

// bestSoFar returns the deepest finished iteration and its score.
func (s *shared) bestSoFar() (depth, score int) {
	if s.bestDepth.Load() == 0 {
		return 0, 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.best.depth, s.best.score
}

// info describes the deepest finished iteration.
func (s *shared) info() Info {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Info{
		Depth:    s.best.depth,
		SelDepth: s.best.seldepth,
		Score:    s.shown(s.best.score),
		Nodes:    s.totalNodes(),
		EGDBHits: s.totalDBHits(),
		Time:     s.tm.elapsed(),
		PV:       append([]movegen.Move(nil), s.best.pv...),
	}
}

// result is the search's answer: the deepest finished iteration, or the
// main worker's new best move if its unfinished iteration, deeper still,
// has found one.
func (s *shared) result(main *worker) Result {
	b := &s.best
	r := Result{Move: main.rootMove, HasMove: true, Score: s.shown(b.score), Depth: b.depth, SelDepth: b.seldepth}
	if b.depth > 0 && main.rootIter <= b.depth {
		r.Move = b.pv[0]
	}
	r.PV = append([]movegen.Move(nil), b.pv...)
	if len(r.PV) == 0 || !r.PV[0].Same(r.Move) {
		r.PV = []movegen.Move{r.Move}
	}
	switch {
	case r.Score >= WinThreshold:
		r.Claim = movegen.Win
	case r.Score <= -WinThreshold:
		r.Claim = movegen.Loss
	}
	return r
}

// shown is the score a front end sees for score, the search's: at a root
// the database says is lost, the database's score unless the search found
// a forced loss (resist mode's own scores say how well it holds out).
func (s *shared) shown(score int) int {
	if s.rootLost && score > -WinThreshold {
		return s.lostScore
	}
	return score
}

// publish records worker id's node count and database hits for the
// others to read.
func (s *shared) publish(id int, n, hits uint64) {
	s.nodes[id].Store(n)
	if s.db != nil {
		s.dbHits[id].Store(hits)
	}
}

// totalDBHits sums the published database hits.
func (s *shared) totalDBHits() uint64 {
	var t uint64
	for i := range s.dbHits {
		t += s.dbHits[i].Load()
	}
	return t
}

// totalNodes sums the published node counts.
func (s *shared) totalNodes() uint64 {
	var t uint64
	for i := range s.nodes {
		t += s.nodes[i].Load()
	}
	return t
}
