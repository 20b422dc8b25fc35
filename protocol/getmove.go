package protocol

import (
	"context"
	"runtime/debug"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// getmove parses the position and limits, then starts the search; its
// info lines and its move line come from the search goroutine.
func (s *session) getmove(args []string) {
	if len(args) == 0 {
		s.out.line("error getmove needs a FEN; try help")
		return
	}
	p, ok := s.parseFEN("getmove", args[0])
	if !ok {
		return
	}
	lim, err := search.ParseLimits(args[1:])
	if err != nil {
		s.out.printf("error getmove: %v", err)
		return
	}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 {
		s.out.line("move none result=loss")
		return
	}
	if s.bookMove(p, lim) {
		return
	}
	req := search.Request{Pos: p, Limits: lim, History: s.history(p)}
	withDB := s.engine.EGDB() != nil
	req.Report = func(in search.Info) { s.out.line(formatInfo(in, withDB, false)) }
	unlimited := lim.Unlimited()
	fallback := ml.Moves[0]
	s.start("getmove", unlimited, func(ctx context.Context) string {
		return s.search(ctx, req, fallback)
	})
}

// bookMove answers getmove from the book, at once and without a search,
// when the book level is on, the search is not an infinite analysis and
// the book has a move for p at that level: one info line and the move
// line, each with book=1. It reports whether it answered.
func (s *session) bookMove(p movegen.Position, lim search.Limits) bool {
	if s.bookLevel == book.Off || lim.Infinite {
		return false
	}
	b, err := s.book()
	if err != nil {
		return false
	}
	m, ok := b.Pick(p, s.bookLevel, s.rng)
	if !ok {
		return false
	}
	s.out.line(formatBookInfo(m))
	s.out.line("move " + m.Move.PathString() + " " + bookFlag + " result=unknown")
	return true
}

// history returns the positions before p in the game set by set gamehist,
// or nil when that game does not end in p.
func (s *session) history(p movegen.Position) []movegen.Position {
	if s.game == nil {
		return nil
	}
	last := s.game.Position()
	if last.Pieces != p.Pieces || last.Kings != p.Kings || last.Turn != p.Turn {
		s.stderr.printf("gamehist ignored: it ends in %s, getmove asks for %s", last.FEN(), p.FEN())
		return nil
	}
	return s.game.History()
}

// search runs one search and returns its move line. A search that panics
// (a bug) is reported on stderr and answered with a legal move, so a GUI
// in the middle of a game carries on.
func (s *session) search(ctx context.Context, req search.Request, fallback movegen.Move) (reply string) {
	defer func() {
		if r := recover(); r != nil {
			s.stderr.printf("search failed: %v\n%s", r, debug.Stack())
			reply = "move " + fallback.PathString() + " result=unknown"
		}
	}()
	res := s.engine.Search(ctx, req)
	if !res.HasMove || !req.Pos.IsLegal(res.Move) {
		s.stderr.printf("search returned no legal move for %s; playing %s", req.Pos.FEN(), fallback.PathString())
		return "move " + fallback.PathString() + " result=unknown"
	}
	return "move " + res.Move.PathString() + " result=" + res.Claim.String()
}
