package protocol

import (
	"context"

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
	if !lim.Infinite && s.bookMove(p) {
		return
	}
	req := search.Request{Pos: p, Limits: lim}
	withDB, multi := s.play.EGDB() != nil, s.play.Options().MultiPV > 1
	req.Report = func(in search.Info) {
		for _, l := range infoLines(in, withDB, multi) {
			s.out.line(l)
		}
	}
	s.start("getmove", lim.Unlimited(), func(ctx context.Context) string {
		res, err := s.play.Search(ctx, req)
		if err != nil {
			s.out.printf("error getmove: %v", err)
		}
		return "move " + res.Move.PathString() + " result=" + res.Claim.String()
	})
}

// bookMove answers getmove from the book, at once and without a search,
// when the book has a move for p at the level in force: one info line and
// the move line, each with book=1. It reports whether it answered.
func (s *session) bookMove(p movegen.Position) bool {
	m, ok := s.play.BookMove(p)
	if !ok {
		return false
	}
	s.out.line(formatBookInfo(m))
	s.out.line("move " + m.Move.PathString() + " " + bookFlag + " result=unknown")
	return true
}
