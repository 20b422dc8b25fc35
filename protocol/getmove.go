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
		s.out.Line("error getmove needs a FEN; try help")
		return
	}
	p, ok := s.parseFEN("getmove", args[0])
	if !ok {
		return
	}
	words, ponder, err := cutPonder(args[1:])
	if err != nil {
		s.out.Printf("error getmove: %v", err)
		return
	}
	lim, err := play.ParseLimits(words)
	if err != nil {
		s.out.Printf("error getmove: %v", err)
		return
	}
	var hit chan struct{} // closed by ponderhit
	if ponder {
		hit = make(chan struct{})
	}
	req := play.Request{Request: search.Request{Pos: p, Limits: lim, PonderHit: hit}}
	withDB, multi, withPonder := s.play.EGDB() != nil, s.play.Options().MultiPV > 1, s.ponder
	r := p.Rules()
	req.Report = func(in search.Info) {
		for _, l := range InfoLines(in, r, withDB, multi) {
			s.out.Line(l)
		}
	}
	plan := s.play.Decide(req)
	if a, ok := plan.Now(); ok {
		s.out.Line(s.answer(a, nil, r, withPonder))
		return
	}
	s.start("getmove", lim.Unlimited(), hit, func(ctx context.Context) string {
		a, err := plan.Run(ctx)
		return s.answer(a, err, r, withPonder)
	})
}

// answer writes what comes before getmove's move line (an error, a book
// move's info line) and returns the move line, its moves in r's notation.
func (s *session) answer(a play.Answer, err error, r *movegen.Rules, ponder bool) string {
	if err != nil {
		s.out.Printf("error getmove: %v", err)
	}
	if a.Source == play.FromBook {
		s.out.Line(formatBookInfo(a, r))
	}
	return moveLine(a, r, ponder)
}

// moveLine writes getmove's answer: the move, the reply it expects when
// ponder is set and the line has one, the book flag for a book move, and
// the claim; "move none result=loss" when there is no legal move. The
// moves are in the game's own notation, r's.
func moveLine(a play.Answer, r *movegen.Rules, ponder bool) string {
	switch a.Source {
	case play.NoMove:
		return "move none result=loss"
	case play.FromBook:
		return "move " + r.PathText(a.Move) + " " + bookFlag + " result=unknown"
	}
	line := "move " + r.PathText(a.Move)
	if ponder && len(a.PV) > 1 {
		line += " " + ponderKey + r.PathText(a.PV[1])
	}
	return line + " result=" + a.Claim.String()
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

// ponderHit tells the running ponder search that the reply it expected was
// played (Loop.PonderHit).
func (s *session) ponderHit() { s.loop.PonderHit() }
