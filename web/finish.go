package web

import (
	"net/http"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// The endings by verdict (outcome.Ending), besides the rules' endingCodes.
const (
	endingResigned = "resigned"
	endingAgreed   = "agreed"
	endingTime     = "time"
)

// The codes of refusals of a resignation or a draw offer.
const (
	codeNoEngine    = "no_engine"      // a draw offer in a game with no engine to answer it
	codeDrawOffered = "draw_offered"   // an offer already made in this position
	codeNotAtTheEnd = "not_at_the_end" // an offer made while looking back through the game
)

// drawResult is the result of a drawn game.
const drawResult = "1/2-1/2"

// winResult is the result of a game that winner won.
func winResult(winner movegen.Colour) string {
	if winner == movegen.Black {
		return "1-0"
	}
	return "0-1"
}

// drawOffer is the person's offer of a draw in the position after ply
// moves, and the engine's answer: "" while it weighs it, then "declined"
// or "accepted".
type drawOffer struct {
	ply    int
	answer string
}

// The engine's answers to a draw offer.
const (
	answerDeclined = "declined"
	answerAccepted = "accepted"
)

// drawOfferView is the draw offer as the page shows it.
type drawOfferView struct {
	Ply    int    `json:"ply"`
	Answer string `json:"answer"` // "" while the engine weighs it, "declined" or "accepted"
}

// handleResign ends the game at the end of its line: the person resigns
// (in a game of two players, the side to move at the end), and the other
// side wins.
func (s *Server) handleResign(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	defer g.mu.Unlock()
	end := len(g.line.Moves)
	if g.outcomeAt(end).Over {
		writeError(w, http.StatusConflict, codeGameOver, "the game is over")
		return
	}
	loser := g.line.Positions()[end].Turn
	if g.hum != humanBoth {
		loser = movegen.White
		if g.hum == humanBlack {
			loser = movegen.Black
		}
	}
	g.ply = end
	g.verdict = &outcome{Over: true, Result: winResult(loser.Other()), Reason: loser.Title() + " resigned",
		Ending: endingResigned, Side: loser.Name()}
	g.schedule()
	writeJSON(w, http.StatusOK, g.view())
}

// canOffer reports why the person may not offer a draw now, "" if they
// may: in a game against the engine, on their turn at the end of the
// line, with no review on the board, once in a position; mu is held.
func (g *game) canOffer() (code string) {
	switch {
	case g.outcome().Over:
		return codeGameOver
	case g.hum == humanBoth:
		return codeNoEngine
	case !g.atEnd() || g.rev != nil:
		return codeNotAtTheEnd
	case !g.hum.plays(g.pos().Turn) || g.task == taskMove:
		return codeNotYourTurn
	case g.offer != nil && g.offer.ply == g.ply:
		return codeDrawOffered
	}
	return ""
}

// handleDraw offers the engine a draw: it weighs the position with a
// short search of its own and answers by play.AcceptsDraw (answerDraw).
func (s *Server) handleDraw(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if code := g.canOffer(); code != "" {
		writeError(w, http.StatusConflict, code, "no draw offer now (%s)", code)
		return
	}
	g.stop()
	g.offer = &drawOffer{ply: g.ply}
	g.start(taskDraw)
	g.touch()
	writeJSON(w, http.StatusOK, g.view())
}

// answerDraw takes the search that weighed a draw offer in position p:
// the engine accepts when play.AcceptsDraw says so of its score from the
// engine's view, and the game is drawn; else it declines and the game
// goes on. The search is the one of the position on the board; mu is held.
func (g *game) answerDraw(p *movegen.Position, res search.Result) {
	if g.offer == nil || g.offer.ply != g.ply {
		g.touch() // the offer went with a move played: cannot happen, as the move stops the search
		return
	}
	score := res.Score // from the side to move's view, the person's
	if g.hum.plays(p.Turn) {
		score = -score
	}
	g.offer.answer = answerDeclined
	if res.HasMove && play.AcceptsDraw(score) {
		g.offer.answer = answerAccepted
		g.verdict = &outcome{Over: true, Result: drawResult, Reason: "draw agreed", Ending: endingAgreed}
	}
	g.schedule()
}

// offerView returns the draw offer in the position on the board, or the
// one the game ended on, nil for none; mu is held.
func (g *game) offerView() *drawOfferView {
	o := g.offer
	if o == nil || o.ply != g.ply {
		return nil
	}
	return &drawOfferView{Ply: o.ply, Answer: o.answer}
}
