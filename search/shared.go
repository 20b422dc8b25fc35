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
	// multiPV is the number of lines each iteration finds (1 but in a
	// multi-PV search), at most the root's moves; rootMoves are the root
	// moves the request names, nil for all.
	multiPV   int
	rootMoves []movegen.Move

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

// bestLine is a finished iteration: its depth, its selective depth and
// its lines, best first (one but in a multi-PV search).
type bestLine struct {
	depth, seldepth int
	lines           []rootLine
}

// score is the best line's score, 0 before any iteration.
func (b *bestLine) score() int {
	if len(b.lines) == 0 {
		return 0
	}
	return b.lines[0].score
}

// pv is the best line's principal variation, nil before any iteration.
func (b *bestLine) pv() []movegen.Move {
	if len(b.lines) == 0 {
		return nil
	}
	return b.lines[0].pv
}

// finish records a worker's finished iteration, with its lines best
// first, if it is the deepest yet.
func (s *shared) finish(depth, seldepth int, lines []rootLine) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if depth <= s.best.depth || len(lines) == 0 || len(lines[0].pv) == 0 {
		return
	}
	s.best.depth, s.best.seldepth = depth, seldepth
	if len(s.best.lines) < len(lines) {
		s.best.lines = append(s.best.lines, make([]rootLine, len(lines)-len(s.best.lines))...)
	}
	s.best.lines = s.best.lines[:len(lines)]
	for i := range lines {
		s.best.lines[i].score = lines[i].score
		s.best.lines[i].pv = append(s.best.lines[i].pv[:0], lines[i].pv...)
	}
	s.bestDepth.Store(int32(depth))
}

// bestSoFar returns the deepest finished iteration and its score.
func (s *shared) bestSoFar() (depth, score int) {
	if s.bestDepth.Load() == 0 {
		return 0, 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.best.depth, s.best.score()
}

// lines returns copies of the deepest finished iteration's lines, their
// scores as shown (shown), best first; mu is held, or the workers have
// ended.
func (s *shared) lines() []Line {
	ls := make([]Line, len(s.best.lines))
	for i, l := range s.best.lines {
		ls[i] = Line{Score: s.shown(l.score), PV: append([]movegen.Move(nil), l.pv...)}
	}
	return ls
}

// info describes the deepest finished iteration.
func (s *shared) info() Info {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := Info{
		Depth:    s.best.depth,
		SelDepth: s.best.seldepth,
		Score:    s.shown(s.best.score()),
		Nodes:    s.totalNodes(),
		EGDBHits: s.totalDBHits(),
		Time:     s.tm.elapsed(),
		Lines:    s.lines(),
	}
	if len(in.Lines) > 0 {
		in.PV = in.Lines[0].PV
	}
	return in
}

// result is the search's answer: the deepest finished iteration, or the
// main worker's new best move if its unfinished iteration, deeper still,
// has found one.
func (s *shared) result(main *worker) Result {
	b := &s.best
	r := Result{Move: main.rootMove, HasMove: true, Score: s.shown(b.score()), Depth: b.depth, SelDepth: b.seldepth, Lines: s.lines()}
	if b.depth > 0 && main.rootIter <= b.depth {
		r.Move = b.pv()[0]
	}
	r.PV = append([]movegen.Move(nil), b.pv()...)
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
