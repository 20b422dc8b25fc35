package play

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// Source says where the move of an Answer came from.
type Source uint8

// The sources of a move, in the order Choose asks them.
const (
	// NoMove: the position has no legal move, so its side to move has
	// lost (Claim Loss, HasMove false); nothing was asked.
	NoMove Source = iota
	// FromBook: the opening book, at the session's level; no search ran.
	FromBook
	// FromDatabase: the endgame database's distances to the win; the
	// search asked them in place of searching.
	FromDatabase
	// OnlyMove: the position's one legal move, searched all the same for
	// its score and line (as briefly as the limits let the search).
	OnlyMove
	// FromSearch: the search.
	FromSearch
	// Fallback: the search failed (the error says how), and the move is
	// the best it found before, if legal, else the first legal move.
	Fallback
)

// String names the source as front ends and tests show it.
func (s Source) String() string {
	switch s {
	case NoMove:
		return "no move"
	case FromBook:
		return "book"
	case FromDatabase:
		return "database"
	case OnlyMove:
		return "only move"
	case FromSearch:
		return "search"
	case Fallback:
		return "fallback"
	}
	return fmt.Sprintf("source %d", uint8(s))
}

// Request is what Choose answers: a search's request, and whether the
// move is to be played (the book may answer) or the position studied.
type Request struct {
	search.Request
	// Analysis asks for the search's view of the position, never the
	// book's: analysis, a hint, a game review, an infinite search.
	Analysis bool
}

// Answer is the move Choose found, where it came from and what was
// learnt on the way: for a search its Result (at a level with a margin,
// Move, Score and PV are those of the line the level chose, and Lines
// every root move's, best first); for a book move its score, the move as
// the line and no claim; with no legal move a loss.
type Answer struct {
	search.Result
	Source Source
	// BookMoves are the position's book moves, best first, when the book
	// answered (the chosen one is Result.Move).
	BookMoves []book.Move
}

// Choose finds the move for req.Pos: Decide, then Run.
func (s *Session) Choose(ctx context.Context, req Request) (Answer, error) {
	return s.Decide(req).Run(ctx)
}

// A Plan is how a move will be found, decided once for every front end
// by Decide: none when the position has no legal move (a loss, at once);
// the opening book at the book level in force, unless req.Analysis or
// the limits are infinite or the playing level skips the book; else the
// search (which may answer from the endgame database's distances). Run
// finds the move; Now tells a front end that answers at once what needs
// no waiting.
//
// A game's move (neither req.Analysis nor infinite limits) is played at
// the session's level (the option level, Level): below full strength
// its search is capped and its move may be another within the level's
// margin of the best. Analysis, hints and reviews are at full strength.
type Plan struct {
	s      *Session
	req    Request
	level  Level // the level the move is played at
	legal  movegen.MoveList
	answer Answer // the answer when known: no move, or the book's
	known  bool
}

// Decide decides where the move for req.Pos comes from (see Plan), at
// once: it probes the book, and searches nothing yet.
func (s *Session) Decide(req Request) *Plan {
	pl := &Plan{s: s, req: req, level: LevelOf(FullStrength)}
	game := !req.Analysis && !req.Limits.Infinite
	if game {
		pl.level = LevelOf(s.Options().Level)
	}
	req.Pos.GenerateMoves(&pl.legal)
	switch {
	case pl.legal.N == 0:
		pl.answer = Answer{Result: search.Result{Score: -search.WinScore, Claim: movegen.Loss}, Source: NoMove}
		pl.known = true
	case game && pl.level.Book:
		pl.answer, pl.known = s.bookAnswer(&req.Pos)
	}
	return pl
}

// Now returns the answer when it is known and due at once: no legal
// move, or a book move unless the request ponders (a ponder search's
// answer waits for the reply, Run).
func (pl *Plan) Now() (Answer, bool) {
	if !pl.known || pl.answer.Source == FromBook && pl.req.PonderHit != nil {
		return Answer{}, false
	}
	return pl.answer, true
}

// Run finds the move as decided: the known answer (a book answer to a
// ponder request once the reply is played or ctx is done, as a search's
// would be), or the search's under req.Limits, reporting each iteration
// to req.Report. Without req.History, the game history gives the
// positions before req.Pos when it ends in req.Pos.
//
// Otherwise the Answer always holds a legal move, so that a game goes on:
// if the search fails (a bug inside it, or a database's distances that
// failed to build: the error says which, and the stack of a panic goes to
// Config.Notes) or returns no legal move, it is the best move found
// before the failure if that is legal, else the first legal move, and its
// claim is unknown (its Lines, if any, are those of the deepest iteration
// finished before the failure).
//
// For analysis, req.MultiPV (or the multipv option) asks for the N best
// moves, each with its exact score at the depth searched and its line,
// in Result.Lines (and Info.Lines for each iteration); req.SearchMoves
// restricts the search to some moves (a played move's own score).
func (pl *Plan) Run(ctx context.Context) (Answer, error) {
	if pl.known {
		if pl.answer.Source == FromBook && pl.req.PonderHit != nil {
			select {
			case <-ctx.Done():
			case <-pl.req.PonderHit:
			}
		}
		return pl.answer, nil
	}
	a := Answer{Source: FromSearch}
	if pl.legal.N == 1 {
		a.Source = OnlyMove
	}
	req := pl.req.Request
	req.Limits = pl.level.limits(req.Limits)
	if pl.level.Margin > 0 {
		req.MultiPV = search.MaxMultiPV // every root move's exact score, to choose among
	}
	var err error
	a.Result, err = pl.s.search(ctx, req, &pl.legal)
	switch {
	case err != nil:
		a.Source = Fallback
	case a.DTC:
		a.Source = FromDatabase
	case a.Source == FromSearch:
		pl.playLine(&a)
	}
	return a, err
}

// playLine makes the line the level chooses among a's (Level.choose) its
// move, with that line's score and principal variation. A proven result
// no longer holds for another move than the best, but a draw claimed by
// the rules does, for every move.
func (pl *Plan) playLine(a *Answer) {
	i := pl.level.choose(a.Lines, pl.s.levelRand(&pl.req.Pos))
	if i == 0 {
		return
	}
	ln := a.Lines[i]
	a.Move, a.Score, a.PV = ln.PV[0], ln.Score, append([]movegen.Move(nil), ln.PV...)
	if a.Claim != movegen.Draw {
		a.Claim = movegen.Unknown
	}
}

// levelRand returns the random source of a level's choice at p: the
// session's seed with p's hash, so that a seeded session chooses the same
// move from the same search of a position, whatever came before.
func (s *Session) levelRand(p *movegen.Position) *rand.Rand {
	return rand.New(rand.NewPCG(s.seed, p.Hash))
}

// bookAnswer answers p from the book, if the level in force is on and
// the book in use has a move for p.
func (s *Session) bookAnswer(p *movegen.Position) (Answer, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.bookLevel == book.Off {
		return Answer{}, false
	}
	b, err := book.Select(s.bookFile, p.Variant)
	if err != nil {
		return Answer{}, false
	}
	moves := b.Probe(*p)
	m, ok := s.bookLevel.Choose(moves, s.rng)
	if !ok {
		return Answer{}, false
	}
	res := search.Result{Move: m.Move, HasMove: true, Score: m.Score, PV: []movegen.Move{m.Move}}
	return Answer{Result: res, Source: FromBook, BookMoves: moves}, true
}

// search runs the engine's search of req, whose root has the legal moves
// ml, with the fallback move Choose describes.
func (s *Session) search(ctx context.Context, req search.Request, ml *movegen.MoveList) (res search.Result, err error) {
	if req.History == nil {
		req.History = s.history(req.Pos)
	}
	defer func() {
		if err == nil && (!res.HasMove || !req.Pos.IsLegal(res.Move)) {
			err = fmt.Errorf("search returned no legal move for %s", req.Pos.FEN())
		}
		if err == nil {
			return
		}
		if st := fault.Stack(err); st != nil {
			s.note("search failed: %v\n%s", err, st)
		}
		if !res.HasMove || !req.Pos.IsLegal(res.Move) {
			res = search.Result{Move: ml.Moves[0], HasMove: true, PV: []movegen.Move{ml.Moves[0]}}
		}
		res.Claim = movegen.Unknown
	}()
	defer fault.Recover(&err, "search")
	return s.engine.Search(ctx, req)
}
