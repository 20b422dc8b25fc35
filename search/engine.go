package search

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
)

// SpareProcs is how many Go processors (GOMAXPROCS) a program should keep
// beyond its search threads. Search threads never block, so with no
// processor to spare the goroutines that read input, answer ping and
// deliver stop wait for the runtime to preempt one, up to 10 ms a
// hand-over. Measured on two cores during a two-thread search: ping
// answered in a median 24 ms with GOMAXPROCS 2, 0.1 ms with 4; search
// speed unchanged. The package never changes GOMAXPROCS itself, a setting
// of the whole process: the program does, once (cmd/crown's main).
const SpareProcs = 2

// Errors of an engine that cannot do what is asked.
var (
	// ErrBusy is returned by SetOptions while a search runs.
	ErrBusy = errors.New("search: engine is searching")
	// ErrClosed is returned by Search and SetOptions after Close.
	ErrClosed = errors.New("search: engine is closed")
	// ErrNoMove is Search's answer to a position without a legal move,
	// which has nothing to search: what it means for the game is the
	// caller's to say (play.Session.Choose: a loss).
	ErrNoMove = errors.New("search: the position has no legal move")
)

// Engine searches positions. It owns the transposition table and one worker
// per thread; its tables persist between searches until Clear, and are
// released by Close.
type Engine struct {
	searchMu sync.Mutex // held for the whole of a search: one at a time
	optMu    sync.Mutex // guards opt, so Options answers during a search
	running  atomic.Bool
	opt      Options
	tt       *table
	// written says the table may hold entries: a search has run since it
	// was made or cleared. Clearing a table no search has written would
	// only fault in its pages (a second for a few GiB).
	written bool
	closed  bool // Close has released the tables (under searchMu)
	workers []*worker
	lmr     *lmrTable // the reductions of opt's parameters
}

// New returns an engine ready to search, with the weights opt.Eval and
// probing the database opt.EGDB if any. Zero options take the defaults;
// values out of range are clamped into it. For the rest of the program to
// stay responsive while every search thread runs, GOMAXPROCS should be at
// least the thread count plus SpareProcs.
func New(opt Options) *Engine {
	e := &Engine{}
	e.apply(opt.withDefaults().clamp())
	return e
}

// apply sets the options, with their database and weights. A change of
// database or weights clears the table, whose entries may hold the old
// scores.
func (e *Engine) apply(opt Options) {
	if e.tt == nil || opt.HashMiB != e.opt.HashMiB {
		e.tt, e.written = newTable(opt.HashMiB), false
	} else if opt.EGDB != e.opt.EGDB || opt.Eval != e.opt.Eval {
		e.clearTable()
	}
	for len(e.workers) < opt.Threads {
		e.workers = append(e.workers, newWorker(len(e.workers)))
	}
	e.workers = e.workers[:opt.Threads]
	if e.lmr == nil || opt.params() != e.opt.params() {
		e.lmr = newLMRTable(opt.params())
	}
	e.optMu.Lock()
	e.opt = opt
	e.optMu.Unlock()
}

// Options returns the engine's current options.
func (e *Engine) Options() Options {
	e.optMu.Lock()
	defer e.optMu.Unlock()
	return e.opt
}

// SetOptions resizes the transposition table (clearing it when the size
// changes), sets the thread count, the database to probe and the weights.
// Zero fields take the defaults. It fails if a search is running, the
// engine is closed or a value is out of range.
func (e *Engine) SetOptions(opt Options) error {
	opt = opt.withDefaults()
	if err := opt.validate(); err != nil {
		return err
	}
	if e.running.Load() || !e.searchMu.TryLock() {
		return ErrBusy
	}
	defer e.searchMu.Unlock()
	if e.closed {
		return ErrClosed
	}
	e.apply(opt)
	return nil
}

// Close releases what the engine holds: its transposition table and its
// threads' tables, and its reference to the database (which stays open:
// its opener closes it). It waits for a running search to end (cancel it
// first). After Close, Search and SetOptions return ErrClosed and Clear
// does nothing; closing again is harmless.
func (e *Engine) Close() {
	e.searchMu.Lock()
	defer e.searchMu.Unlock()
	e.closed, e.tt, e.workers, e.written = true, nil, nil, false
	e.optMu.Lock()
	e.opt.EGDB = nil
	e.optMu.Unlock()
}

// Eval returns the evaluation's weights in use.
func (e *Engine) Eval() *eval.WeightFile {
	e.optMu.Lock()
	defer e.optMu.Unlock()
	return e.opt.Eval
}

// EGDB returns the endgame database in use, nil if none.
func (e *Engine) EGDB() *egdb.DB {
	e.optMu.Lock()
	defer e.optMu.Unlock()
	return e.opt.EGDB
}

// Clear forgets the transposition table and the move-ordering tables, as
// for a new game; a table no search has written since it was made or
// cleared is left as it is (it holds nothing). It waits for a running
// search to end.
func (e *Engine) Clear() {
	e.searchMu.Lock()
	defer e.searchMu.Unlock()
	if e.closed {
		return
	}
	e.clearAll()
}

// clearAll clears the table and the threads' tables; searchMu is held.
func (e *Engine) clearAll() {
	e.clearTable()
	for _, w := range e.workers {
		w.clear()
	}
}

// TryClear is Clear for a caller that must not wait: while a search runs
// it fails at once with ErrBusy and clears nothing (a host's GUI thread
// changing the game type while the engine thinks).
func (e *Engine) TryClear() error {
	if e.running.Load() || !e.searchMu.TryLock() {
		return ErrBusy
	}
	defer e.searchMu.Unlock()
	if !e.closed {
		e.clearAll()
	}
	return nil
}

// clearTable clears the table if a search has written it; searchMu is
// held (or the engine is being made).
func (e *Engine) clearTable() {
	if e.written {
		e.tt.clear()
		e.written = false
	}
}

// Search blocks until a limit in req.Limits is reached or ctx is cancelled
// (that is "stop"); after cancellation it returns the best move so far
// within a few milliseconds. One search runs at a time per Engine; a second
// call waits for the first.
//
// A panic in one of its threads (a bug) stops the search and is its
// error (a *fault.PanicError inside, with the thread's stack), and so is
// a failed build of the database's distance tables that the search needed
// (egdb's StartDTC): the Result then holds the best move found before the
// failure, if there is one (HasMove), or none. After Close the error is
// ErrClosed.
func (e *Engine) Search(ctx context.Context, req Request) (Result, error) {
	e.searchMu.Lock()
	defer e.searchMu.Unlock()
	if e.closed {
		return Result{}, ErrClosed
	}
	e.running.Store(true)
	defer e.running.Store(false)

	start := time.Now()
	var ml movegen.MoveList
	req.Pos.GenerateMoves(&ml)
	if ml.N == 0 {
		return Result{}, ErrNoMove
	}
	moves := ml.N
	if only := rootMoves(&ml, req.SearchMoves); only != nil {
		moves = len(only)
	}
	return e.run(ctx, &req, newTimeManager(req.Limits, start, moves, req.PonderHit))
}

// newShared returns the state the workers share in a search of req
// under tm, without a database.
func (e *Engine) newShared(req *Request, tm timeManager) *shared {
	opt := e.Options()
	s := &shared{tt: e.tt, ev: e.Eval(), limits: req.Limits, disable: opt.Disable, p: opt.params().forVariant(req.Pos.Variant), lmr: e.lmr, tm: tm, maxDepth: depthCap(req.Limits),
		nodes: make([]atomic.Uint64, len(e.workers)), dbHits: make([]atomic.Uint64, len(e.workers))}
	var ml movegen.MoveList
	req.Pos.GenerateMoves(&ml)
	s.rootMoves = rootMoves(&ml, req.SearchMoves)
	s.multiPV = opt.MultiPV
	if req.MultiPV > 0 {
		s.multiPV = req.MultiPV
	}
	moves := ml.N
	if s.rootMoves != nil {
		moves = len(s.rootMoves)
	}
	s.multiPV = max(min(s.multiPV, moves), 1)
	return s
}

// run searches req, whose root has a legal move, under the time policy tm.
func (e *Engine) run(ctx context.Context, req *Request, tm timeManager) (Result, error) {
	s := e.newShared(req, tm)
	var dtcErr error
	if db := e.EGDB(); db != nil {
		s.db, s.dbPieces = db, db.Pieces(req.Pos.Variant)
		var v movegen.Result
		if req.Pos.Occupied().Count() <= s.dbPieces && !req.Pos.HasCapture() {
			v = db.Probe(&req.Pos)
		}
		s.convert = v == movegen.Win
		s.resist = !s.convert && req.Pos.Occupied().Count() <= s.dbPieces+resistPieces
		if v == movegen.Loss {
			s.rootLost, s.lostScore = true, dbScore(s.ev, v, &req.Pos, 0)
		}
		if s.convert {
			dtcErr = db.StartDTC(&req.Pos) // a failed build: searched without distances, and said
			// The distances give one move: a search of several lines, or
			// of named moves, searches instead.
			if mv, plies, ok := db.DTCMove(&req.Pos); ok && s.multiPV == 1 && s.rootMoves == nil {
				return dtcResult(ctx, req, tm, mv, plies), nil
			}
		}
	}
	e.tt.newSearch()
	e.written = true
	for _, w := range e.workers {
		w.setup(s, req)
	}
	stopWatch := context.AfterFunc(ctx, func() { s.stop.Store(true) })
	defer stopWatch()

	errs := make([]error, len(e.workers))
	var wg sync.WaitGroup
	for _, w := range e.workers[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w.id] = s.iterate(w)
		}()
	}
	main := e.workers[0]
	errs[0] = s.iterate(main) // it sets stop as it ends
	wg.Wait()
	err := errors.Join(dtcErr, errors.Join(errs...))
	if errs[0] == nil {
		s.tm.hold(ctx)
	}

	res := s.result(main)
	for _, w := range e.workers {
		res.Nodes += w.nodes
		res.EGDBHits += w.dbHits
		res.SelDepth = max(res.SelDepth, w.seldepth)
	}
	res.Time = tm.elapsed()
	switch {
	case err != nil && !req.Pos.IsLegal(res.Move):
		res.Move, res.HasMove, res.PV, res.Lines, res.Claim = movegen.Move{}, false, nil, nil, movegen.Unknown
	case err == nil && (main.rootDrawn() || main.forcedDraw()):
		res.Score, res.Claim = DrawScore, movegen.Draw
		for i := range res.Lines {
			res.Lines[i].Score = DrawScore
		}
	}
	return res, err
}

// iterate runs w's iterations. A panic in them (a bug) stops the search's
// other threads and is returned as an error.
func (s *shared) iterate(w *worker) (err error) {
	defer func() {
		if err != nil {
			s.stop.Store(true)
		}
	}()
	defer fault.Recover(&err, "search thread "+strconv.Itoa(w.id))
	if w.id > 0 {
		fault.Hit(fault.SearchHelper)
	}
	w.iterate()
	return nil
}
