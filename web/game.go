package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// human says which sides the person at the board plays; the engine plays
// the others.
type human int

// The choices of colour.
const (
	humanBlack human = iota
	humanWhite
	humanBoth // no engine moves: two players, or an analysis board
)

var humanNames = [...]string{humanBlack: "black", humanWhite: "white", humanBoth: "both"}

func parseHuman(s string) (human, error) {
	for h, name := range humanNames {
		if s == name {
			return human(h), nil
		}
	}
	return 0, fmt.Errorf("unknown colour %s (want black, white or both)", play.Echo(s))
}

// plays reports whether the person plays colour c.
func (h human) plays(c movegen.Colour) bool {
	return h == humanBoth || h == humanBlack && c == movegen.Black || h == humanWhite && c == movegen.White
}

// task is what a game's engine is doing.
type task int

const (
	taskNone     task = iota
	taskMove          // choosing the engine's move
	taskAnalysis      // analysing the person's position
	taskHint          // finding the best move for the person (Hint)
	taskDraw          // weighing the person's draw offer
)

// info is the engine's latest report, as the browser shows it.
type info struct {
	Depth    int
	Score    int // from the analysed position's side to move
	Nodes    uint64
	Time     time.Duration
	PV       string
	Turn     movegen.Colour // side to move in the analysed position
	Final    bool           // the search has ended
	Position string         // FEN of the analysed position
	Lines    []lineView     // the best moves with their scores and lines
	Best     *moveView      // the line's first move, for the board's arrow; nil for none
}

// game is one game at one board. Its mutex guards everything below it;
// searches run in their own goroutine and publish through it, and a
// handler never waits for a search while holding it.
type game struct {
	id  string
	srv *Server

	mu       sync.Mutex
	variant  movegen.Variant
	hum      human
	moveTime time.Duration
	level    int // the engine's playing level (play.Levels), set in its session
	// line holds the game: every move played, including those after the
	// position shown (undone, or stepped back from), which redo and the
	// record's navigation bring back; a move played at ply replaces them.
	// ply is the position the board shows, after the first ply moves.
	line *movegen.Game
	ply  int
	date time.Time
	// loaded is what a game read from PDN brings of its own: its tags,
	// kept in its record, and its result, kept while its moves are
	// unchanged and the rules do not end it (a resignation, say).
	loaded   loadedGame
	analysis bool
	lines    int // the lines analysis shows (multi-PV), 1 and up
	// rev is the review of the game (Review), nil for none: while it is
	// there the engine does not move by itself, and a move played drops it.
	rev *gameReview
	// hint is the engine's best move for the person at a ply (Hint).
	hint *hint
	// verdict ends the game at the end of its line other than by the rules
	// (a resignation, a draw agreed, a time out); nil for none. A move
	// played drops it, as it gives the line another end.
	verdict *outcome
	// offer is the person's draw offer and the engine's answer, nil for
	// none; a move played drops it.
	offer *drawOffer
	// clock is the game's clock, nil for a game without one.
	clock *gameClock
	// gen counts changes of position or task; a search started under an
	// older gen has lost its purpose and its results are dropped.
	gen      uint64
	task     task
	cancel   context.CancelFunc // drops the running search
	hurry    context.CancelFunc // makes the running search answer now
	clear    bool               // the engine's tables are to be cleared before its next search
	info     *info
	play     *play.Session // the engine, made at the first search, let go of when the game is over
	version  uint64
	changed  chan struct{} // closed and replaced on every change
	lastUsed time.Time
}

// setup holds what a new game needs.
type setup struct {
	variant  movegen.Variant
	start    movegen.Position
	moves    []movegen.Move
	hum      human
	moveTime time.Duration
	level    int // the engine's playing level (play.Levels)
	loaded   loadedGame
	clock    clockSetting
}

// loadedGame is the identity of a game read from PDN: its tags and its
// result; zero for a game started on the board.
type loadedGame struct {
	tags   []movegen.Tag
	result string // "" once a move has changed the game
}

// reset starts a new game; mu is held.
func (g *game) reset(st setup) {
	if st.level != g.level { // the engine of another level is made at the next search
		g.stop()
		g.release()
	}
	g.variant, g.hum, g.moveTime, g.level = st.variant, st.hum, st.moveTime, st.level
	g.line = movegen.NewGame(st.start)
	g.ply = 0
	g.date = time.Now()
	g.clear = true
	g.dropReview()
	g.hint, g.verdict, g.offer = nil, nil, nil
	g.stopClock()
	g.clock = nil
	for _, m := range st.moves {
		if g.push(m) != nil {
			break // read from PDN, so legal: cannot happen
		}
	}
	g.loaded = st.loaded
	g.clock = newClock(st.clock)
	g.schedule()
}

// push plays m on the board, dropping the moves that redo would have
// brought back and the game's review, unless m is not legal there; mu is
// held.
func (g *game) push(m movegen.Move) error {
	g.line.Truncate(g.ply)
	mover := g.pos().Turn
	g.settleClock()
	if err := g.line.Play(m); err != nil {
		return err
	}
	g.ply++
	g.moved(mover)
	g.dropReview()
	g.loaded.result = ""
	g.verdict, g.offer = nil, nil
	return nil
}

// pos returns the position on the board; mu is held.
func (g *game) pos() *movegen.Position { return &g.line.Positions()[g.ply] }

// outcome judges the position on the board; mu is held.
func (g *game) outcome() outcome { return g.outcomeAt(g.ply) }

// outcomeAt judges the position after the first n moves of the line; mu
// is held.
func (g *game) outcomeAt(n int) outcome {
	ps := g.line.Positions()[:n+1]
	o := outcomeOf(movegen.Adjudicate(ps, g.line.Moves[:n]), &ps[n])
	if !o.Over && n == len(g.line.Moves) && g.verdict != nil {
		return *g.verdict
	}
	return o
}

// atEnd reports whether the board shows the last position of the line,
// where the game goes on; mu is held.
func (g *game) atEnd() bool { return g.ply == len(g.line.Moves) }

// outcome is how a game stands: still going, or over with a result and why.
type outcome struct {
	Over   bool
	Result string // "1-0" (Black won), "0-1", "1/2-1/2", or "*" while going
	Reason string
	// Ending is the reason as a stable code for the page to put in the
	// player's language: "no_moves", "no_pieces" (no legal move, for
	// want of pieces), "repetition", "move_count" or "three_kings" by the
	// rules, "resigned", "agreed" (a draw) or "time" (a flag fell) by a
	// verdict; empty while the game goes on.
	Ending string
	// Side is the side a verdict concerns: who resigned, whose time ran
	// out; empty for an ending by the rules (which concern the side to
	// move) and a draw agreed.
	Side string
}

// endingCodes are the codes of outcome.Ending.
var endingCodes = [...]string{
	movegen.NotOver:    "",
	movegen.NoMoves:    "no_moves",
	movegen.Repetition: "repetition",
	movegen.MoveCount:  "move_count",
	movegen.ThreeKings: "three_kings",
}

// endingNoPieces is outcome.Ending of a side that has no legal move
// because it has no piece left.
const endingNoPieces = "no_pieces"

// outcomeOf is the rules' verdict on position p as the browser sees it:
// a side left with no piece has its own ending code, so that the page
// can say it has none rather than that it has no move.
func outcomeOf(o movegen.Outcome, p *movegen.Position) outcome {
	out := outcome{Over: o.Over(), Result: o.Result, Reason: o.Detail, Ending: endingCodes[o.Ending]}
	if o.Ending == movegen.NoMoves && p.Pieces[p.Turn] == 0 {
		out.Ending = endingNoPieces
	}
	return out
}

// engineToMove reports whether the engine is to move at ply i; mu is held.
func (g *game) engineToMove(i int) bool { return !g.hum.plays(g.line.Positions()[i].Turn) }

// engineMoves reports whether the engine plays the position on the board
// by itself: its side to move, at the end of the line, with no review on
// the board; mu is held.
func (g *game) engineMoves() bool { return g.engineToMove(g.ply) && g.atEnd() && g.rev == nil }

// touch records a change for the event streams; mu is held.
func (g *game) touch() {
	g.version++
	close(g.changed)
	g.changed = make(chan struct{})
}

// stop drops the running search, if any; mu is held.
func (g *game) stop() {
	g.gen++
	if g.cancel != nil {
		g.cancel()
		g.cancel, g.hurry = nil, nil
	}
	g.task = taskNone
	g.info = nil
}

// schedule stops any search and starts the one the new position calls
// for: the engine's move on its turn at the end of the line (a position
// stepped back to is looked at, and the game stays whole), else analysis
// if it is on; mu is held.
func (g *game) schedule() {
	g.settleClock()
	defer g.runClock()
	g.stop()
	g.touch()
	if g.outcome().Over {
		g.release()
		return
	}
	switch {
	case g.engineMoves():
		g.start(taskMove)
	case g.analysis:
		g.start(taskAnalysis)
	}
}

// start runs a search of the position on the board in its own goroutine,
// unless the server is closing or the engine cannot be made (the server's
// log says why); mu is held.
func (g *game) start(t task) {
	if g.srv.ctx.Err() != nil {
		return
	}
	if g.play == nil {
		opt := g.srv.opt.Engine
		opt.Level = g.level
		ps, err := play.New(play.Config{Options: opt, Pool: g.srv.opt.Pool, BookLevel: g.srv.opt.Book})
		if err != nil {
			g.srv.logf("game %s: the engine: %v", g.id, err)
			return
		}
		g.play = ps
	}
	ctx, cancel := context.WithCancel(g.srv.ctx)
	now, hurry := context.WithCancel(ctx)
	g.task, g.cancel, g.hurry = t, cancel, hurry
	gen := g.gen
	p := *g.pos()
	ps := g.play
	req := play.Request{Request: search.Request{Pos: p, History: append([]movegen.Position(nil), g.line.Positions()[:g.ply]...)}, Analysis: t != taskMove}
	switch t {
	case taskMove:
		req.Limits = g.moveLimits(p.Turn)
	case taskHint, taskDraw:
		req.Limits = search.Limits{MoveTime: min(g.moveTime, maxHintTime), Exact: true}
	default:
		req.Limits = search.Limits{MoveTime: g.srv.opt.AnalysisTime, Exact: true}
		req.MultiPV = g.lines
	}
	req.Report = func(in search.Info) { g.report(gen, &p, in, false) }
	plan := ps.Decide(req)
	a, known := plan.Now() // a book move (or none) needs no search slot
	clear := g.clear && !known
	g.clear = g.clear && known
	what := "game " + g.id + ": search"
	if known {
		what = "game " + g.id + ": book move"
	}
	g.srv.background(what, func(err error) { g.failed(gen, err) }, func() error {
		defer cancel()
		if !known {
			if !g.srv.acquire(ctx) {
				return nil
			}
			defer g.srv.release()
			if clear {
				ps.ClearTable()
			}
			var serr error
			a, serr = plan.Run(now)
			if serr != nil && !errors.Is(serr, search.ErrClosed) { // closed: the game let its engine go, the search was dropped
				g.srv.logf("game %s: %v", g.id, serr)
			}
		}
		g.finish(gen, t, &p, a.Result)
		return nil
	})
}

// failed takes the panic of a search's goroutine (a bug, err; nil is
// none): the server's log says what it was, and the game stops thinking,
// so that the person can go on (or ask the engine again).
func (g *game) failed(gen uint64, err error) {
	if err == nil {
		return
	}
	g.srv.logf("game %s: %v\n%s", g.id, err, fault.Stack(err))
	g.mu.Lock()
	defer g.mu.Unlock()
	if gen == g.gen {
		g.task, g.cancel, g.hurry = taskNone, nil, nil
		g.touch()
	}
}

// release lets go of the game's engine, the memory of its tables and its
// hold on the endgame database, once the game is over or dropped: a game
// that goes on (after an undo) makes a new one. The engine is closed in
// the background, as soon as a search stop has cancelled returns (a
// handler must not wait for it: the search's reports take mu); mu is
// held.
func (g *game) release() {
	ps := g.play
	if ps == nil {
		return
	}
	g.play = nil
	g.srv.background("game "+g.id+": closing the engine", func(err error) {
		if err != nil {
			g.srv.logf("game %s: %v\n%s", g.id, err, fault.Stack(err))
		}
	}, func() error {
		ps.Close()
		return nil
	})
}

// report publishes one finished iteration, if the search is still wanted
// and analysis is on.
func (g *game) report(gen uint64, p *movegen.Position, in search.Info, final bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if gen != g.gen || !g.analysis || g.task == taskHint || g.task == taskDraw {
		return
	}
	g.info = &info{Depth: in.Depth, Score: in.Score, Nodes: in.Nodes, Time: in.Time,
		PV: p.FormatLine(in.PV), Turn: p.Turn, Final: final, Position: p.FEN(), Lines: lineViews(p, in.Lines)}
	if len(in.PV) > 0 && p.IsLegal(in.PV[0]) {
		best := newMoveView(p, in.PV[0])
		g.info.Best = &best
	}
	g.touch()
}

// finish takes a search's result: the engine's move is played, analysis
// is marked as ended.
func (g *game) finish(gen uint64, t task, p *movegen.Position, res search.Result) {
	if t == taskAnalysis {
		g.report(gen, p, search.Info{Depth: res.Depth, Score: res.Score, Nodes: res.Nodes, Time: res.Time, PV: res.PV, Lines: res.Lines}, true)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if gen != g.gen {
		return
	}
	g.task, g.cancel, g.hurry = taskNone, nil, nil
	// The engine's move is checked like the person's: push refuses an
	// illegal one.
	if t == taskMove && res.HasMove && g.srv.ctx.Err() == nil && g.push(res.Move) == nil {
		g.schedule()
		return
	}
	if t == taskDraw {
		g.answerDraw(p, res)
		return
	}
	if t == taskHint && res.HasMove && p.IsLegal(res.Move) {
		g.hint = &hint{ply: g.ply, fen: p.FEN(), move: newMoveView(p, res.Move), score: res.Score}
		if g.analysis {
			g.start(taskAnalysis)
		}
	}
	g.touch()
}

// record returns the whole game as a PDN game, whatever position the
// board shows: a loaded game's tags (Crown's where it has none of a name),
// every move of the line, and the result the rules give at its end (a
// loaded game's own while its moves are unchanged and the rules do not
// end it); mu is held.
func (g *game) record() movegen.Game {
	names := [2]string{"Player", "Player"}
	for c := movegen.Black; c <= movegen.White; c++ {
		if !g.hum.plays(c) {
			names[c] = "Crown"
		}
	}
	o := g.outcomeAt(len(g.line.Moves))
	if !o.Over && g.loaded.result != "" {
		o.Result = g.loaded.result
	}
	rec := movegen.Game{Tags: slices.Clone(g.loaded.tags), Variant: g.variant, Start: g.line.Start,
		Moves: slices.Clone(g.line.Moves), Result: o.Result}
	for _, t := range []movegen.Tag{
		{Name: "Event", Value: "Crown web game"},
		{Name: "Date", Value: g.date.Format("2006.01.02")},
		{Name: "Black", Value: names[movegen.Black]},
		{Name: "White", Value: names[movegen.White]},
	} {
		if rec.Tag(t.Name) == "" {
			rec.SetTag(t.Name, t.Value)
		}
	}
	rec.SetTag("Result", o.Result)
	if o.Over {
		rec.SetTag("Termination", o.Reason)
	}
	return rec
}

// pdn writes the whole game as PDN text, with the review's marks and
// comments once a review has ended; mu is held.
func (g *game) pdn() string {
	rec := g.record()
	if rv := g.rev; rv != nil && !rv.running && len(rv.result.Moves) > 0 {
		annotated := rv.result
		annotated.Record = rec // the moves reviewed: a move played drops the review
		rec = annotated.Annotated(rv.annotator)
	}
	var b bytes.Buffer
	if err := rec.WritePDN(&b); err != nil {
		// Every move in the line was legal when played, so this cannot
		// happen; say so rather than hide it.
		return fmt.Sprintf("{ %v }\n", err)
	}
	return b.String()
}
