package protocol

import (
	"context"
	"fmt"
	"strings"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// getmove parses the position and limits, then starts the search; its
// info lines and its move line come from the search goroutine. With the
// word ponder it is a ponder search (docs/protocol.md, Pondering): it
// holds its move line until ponderhit or stop, and its time limits count
// from ponderhit.
func (s *session) getmove(args []string) {
	if len(args) == 0 {
		s.out.line("error getmove needs a FEN; try help")
		return
	}
	p, ok := s.parseFEN("getmove", args[0])
	if !ok {
		return
	}
	words, ponder, err := cutPonder(args[1:])
	if err != nil {
		s.out.printf("error getmove: %v", err)
		return
	}
	lim, err := play.ParseLimits(words)
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
	var hit chan struct{} // closed by ponderhit
	if ponder {
		hit = make(chan struct{})
	}
	if !lim.Infinite && s.bookMove(p, hit) {
		return
	}
	req := search.Request{Pos: p, Limits: lim, PonderHit: hit}
	withDB, multi, withPonder := s.play.EGDB() != nil, s.play.Options().MultiPV > 1, s.ponder
	req.Report = func(in search.Info) {
		for _, l := range infoLines(in, withDB, multi) {
			s.out.line(l)
		}
	}
	s.start("getmove", lim.Unlimited(), hit, func(ctx context.Context) string {
		res, err := s.play.Search(ctx, req)
		if err != nil {
			s.out.printf("error getmove: %v", err)
		}
		line := "move " + res.Move.PathString()
		if withPonder && len(res.PV) > 1 {
			line += " " + ponderKey + res.PV[1].PathString()
		}
		return line + " result=" + res.Claim.String()
	})
}

// ponderWord is getmove's word for a ponder search, ponderKey the key of
// the expected reply in a move line.
const (
	ponderWord = "ponder"
	ponderKey  = "ponder="
)

// cutPonder returns getmove's option words without the word ponder (in
// any case), and whether it was there; twice is an error.
func cutPonder(words []string) ([]string, bool, error) {
	var rest []string
	ponder := false
	for _, w := range words {
		if !strings.EqualFold(w, ponderWord) {
			rest = append(rest, w)
			continue
		}
		if ponder {
			return nil, false, fmt.Errorf("%s given twice", ponderWord)
		}
		ponder = true
	}
	return rest, ponder, nil
}

// bookMove answers getmove from the book when the book has a move for p
// at the level in force, without a search: one info line and the move
// line, each with book=1; at once, or for a ponder search (hit not nil)
// as a job that writes them at ponderhit or stop. It reports whether it
// answered.
func (s *session) bookMove(p movegen.Position, hit chan struct{}) bool {
	m, ok := s.play.BookMove(p)
	if !ok {
		return false
	}
	answer := func() string {
		s.out.line(formatBookInfo(m))
		return "move " + m.Move.PathString() + " " + bookFlag + " result=unknown"
	}
	if hit == nil {
		s.out.line(answer())
		return true
	}
	s.start("getmove", false, hit, func(ctx context.Context) string {
		select {
		case <-ctx.Done():
		case <-hit:
		}
		return answer()
	})
	return true
}

// ponderHit tells the running ponder search that the reply it expected was
// played: its clock starts, and it is stopped at the end of input only if
// it has no limit. Without a ponder search it does nothing.
func (s *session) ponderHit() {
	if s.job == nil || s.job.hit == nil {
		return
	}
	close(s.job.hit)
	s.job.hit, s.job.unlimited = nil, s.job.afterHit
}
