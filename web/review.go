package web

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/review"
	"github.com/crown-checkers/crown/search"
)

// Review, hint and the lines of analysis.
const (
	// DefaultReviewTime is the time a review spends on each position.
	DefaultReviewTime = 100 * time.Millisecond
	// maxHintTime caps the search of a hint: the game's time per move, at
	// most this.
	maxHintTime = time.Second
	// maxLines bounds the lines analysis shows.
	maxLines = 5
)

// gameReview is a review of the game on the board (package review, as
// crown annotate runs it), running or done.
type gameReview struct {
	cancel    context.CancelFunc
	running   bool
	err       string
	result    review.Game // the record reviewed and the moves reviewed so far
	annotator string      // the record's Annotator tag: Crown and the review's limits
}

// hint is the engine's best move for the person in the position at ply.
type hint struct {
	ply   int
	fen   string
	move  moveView
	score int
}

// dropReview stops and forgets the game's review; mu is held.
func (g *game) dropReview() {
	if g.rev != nil && g.rev.cancel != nil {
		g.rev.cancel()
	}
	g.rev = nil
}

// startReview reviews the whole line on the board (undone moves too) in
// its own goroutine, with an engine of its own, a search slot held for
// the whole review, and the server's time per position; mu is held.
func (g *game) startReview() {
	g.dropReview()
	ctx, cancel := context.WithCancel(g.srv.ctx)
	rec := movegen.Game{Variant: g.variant, Start: g.line.Start, Moves: append([]movegen.Move(nil), g.line.Moves...)}
	limits := search.Limits{MoveTime: g.srv.opt.ReviewTime}
	rv := &gameReview{cancel: cancel, running: true, result: review.Game{Record: rec},
		annotator: "Crown " + strings.Join(play.LimitWords(limits), " ")}
	g.rev = rv
	g.stop() // the engine does not move by itself under a review
	g.settleClock()
	g.runClock() // nor does the clock run
	g.touch()
	if g.analysis && !g.outcome().Over {
		g.start(taskAnalysis)
	}
	g.srv.background("game "+g.id+": review", func(err error) { g.reviewEnded(rv, err) }, func() error {
		defer cancel()
		if !g.srv.acquire(ctx) {
			return nil
		}
		defer g.srv.release()
		ps, err := play.New(play.Config{Options: g.srv.opt.Engine, Pool: g.srv.opt.Pool})
		if err != nil {
			return err
		}
		defer ps.Close()
		r, err := review.New(ps, review.Options{Limits: limits})
		if err != nil {
			return err
		}
		_, err = r.Game(ctx, rec, func(m review.Move) {
			g.mu.Lock()
			defer g.mu.Unlock()
			rv.result.Moves = append(rv.result.Moves, m)
			if g.rev == rv {
				g.touch()
			}
		})
		return err
	})
}

// reviewEnded marks a review as ended, with what failed if anything (a
// review stopped because the game changed is no failure).
func (g *game) reviewEnded(rv *gameReview, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	rv.running = false
	if err != nil && !errors.Is(err, context.Canceled) {
		rv.err = err.Error()
		g.srv.logf("game %s: review: %v", g.id, err)
	}
	if g.rev == rv {
		g.touch()
	}
}

// handleReview starts a review of the game on the board.
func (s *Server) handleReview(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.line.Moves) == 0 {
		writeError(w, http.StatusConflict, codeNothingToReview, "the game has no move to review")
		return
	}
	g.startReview()
	writeJSON(w, http.StatusOK, g.view())
}

// gotoRequest names the position to show: after this many moves.
type gotoRequest struct {
	Ply *int `json:"ply"`
}

// handleGoto shows the position after the first ply moves of the line
// (undone ones included), as a click on the evaluation graph or the
// record, or the page's arrow keys, ask: the game stays whole, and the
// engine moves by itself only at its end.
func (s *Server) handleGoto(w http.ResponseWriter, r *http.Request, g *game) {
	var req gotoRequest
	if !readJSON(w, r, &req) {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if req.Ply == nil || *req.Ply < 0 || *req.Ply > len(g.line.Moves) {
		writeError(w, http.StatusBadRequest, codeBadRequest, "want {\"ply\": 0..%d}", len(g.line.Moves))
		return
	}
	g.ply = *req.Ply
	g.schedule()
	writeJSON(w, http.StatusOK, g.view())
}

// handleHint looks for the engine's best move for the person to move.
func (s *Server) handleHint(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case refuseOver(w, g):
		return
	case g.task == taskMove || !g.hum.plays(g.pos().Turn):
		writeError(w, http.StatusConflict, codeNotYourTurn, "a hint is for your move")
		return
	}
	g.stop()
	g.hint = nil
	g.start(taskHint)
	g.touch()
	writeJSON(w, http.StatusOK, g.view())
}

// reviewView is the review as the page shows it: how far it went, the
// evaluation graph's points (the start, then after each move reviewed,
// from Black's view on the review's scale), the start position's score
// (from its side to move, as every score but the graph's), each move's
// mark and comment, and the summary.
type reviewView struct {
	Running bool   `json:"running"`
	Done    int    `json:"done"`
	Total   int    `json:"total"`
	Error   string `json:"error"`
	Clip    int    `json:"clip"`   // evaluations are clipped to ±clip
	Result  int    `json:"result"` // a proven result's value
	// MistakeDrop and BlunderDrop are the drops, in centi-men, that mark a
	// move as a mistake and as a blunder, for the graph's legend.
	MistakeDrop int               `json:"mistake_drop"`
	BlunderDrop int               `json:"blunder_drop"`
	Points      []pointView       `json:"points"`
	Start       *scoreView        `json:"start"` // null until the first move is reviewed
	Moves       []reviewMoveView  `json:"moves"`
	Summary     reviewSummaryView `json:"summary"`
}

// pointView is one point of the evaluation graph.
type pointView struct {
	Ply   int       `json:"ply"`
	Value int       `json:"value"` // Black's view, on the review's scale
	Score scoreView `json:"score"` // Black's view
	Mark  string    `json:"mark"`  // of the move that led here: "", "?" or "??"
}

// reviewMoveView is the review of one move: its mark, its score and the
// best move from the side that moved, and the comment crown annotate
// writes (in English, for the record; the page writes the scores in the
// player's language).
type reviewMoveView struct {
	Mark      string     `json:"mark"`
	Score     scoreView  `json:"score"`
	Best      string     `json:"best"`       // "" when the move played is as good
	BestScore *scoreView `json:"best_score"` // null when the move played is as good
	Comment   string     `json:"comment"`
}

// reviewSummaryView counts each side's mistakes and blunders (Black's
// first) and names the move where the game turned (an index of the
// moves, -1 for none).
type reviewSummaryView struct {
	Mistakes [2]int `json:"mistakes"`
	Blunders [2]int `json:"blunders"`
	Turn     int    `json:"turn"`
	TurnText string `json:"turn_text"` // "12... 26-22??"
}

// reviewView returns the review's view; nil for none; mu is held.
func (g *game) reviewView() *reviewView {
	rv := g.rev
	if rv == nil {
		return nil
	}
	res := &rv.result
	v := &reviewView{Running: rv.running, Done: len(res.Moves), Total: len(res.Record.Moves), Error: rv.err,
		Clip: review.Clip, Result: review.ResultValue, MistakeDrop: review.MistakeDrop, BlunderDrop: review.BlunderDrop, Points: []pointView{}, Moves: []reviewMoveView{}}
	for _, p := range res.Points() {
		v.Points = append(v.Points, pointView{Ply: p.Ply, Value: p.Value, Score: newScoreView(p.Score, movegen.Black), Mark: p.Mark.String()})
	}
	for i := range res.Moves {
		m := &res.Moves[i]
		mv := reviewMoveView{Mark: m.Mark.String(), Score: newScoreView(m.Played, m.Before.Turn), Comment: m.Comment()}
		if i == 0 {
			start := newScoreView(m.BestScore, m.Before.Turn)
			v.Start = &start
		}
		if m.ShowBest() {
			best := newScoreView(m.BestScore, m.Before.Turn)
			mv.Best, mv.BestScore = m.BestText(), &best
		}
		v.Moves = append(v.Moves, mv)
	}
	sum := res.Summary()
	v.Summary = reviewSummaryView{Mistakes: sum.Mistakes, Blunders: sum.Blunders, Turn: sum.Turn}
	if sum.Turn >= 0 {
		v.Summary.TurnText = res.Moves[sum.Turn].Label()
	}
	return v
}

// hintView returns the hint for the position on the board, nil for none;
// mu is held.
func (g *game) hintView() *hintView {
	h := g.hint
	if h == nil || h.ply != g.ply || h.fen != g.pos().FEN() {
		return nil
	}
	return &hintView{Move: h.move, Score: searchScoreView(h.score, g.pos().Turn)}
}

// hintView is the engine's best move for the person, with its score from
// the person's view (the side to move).
type hintView struct {
	Move  moveView  `json:"move"`
	Score scoreView `json:"score"`
}

// lineView is one line of analysis: its first move (to play it), its
// score from the side to move's view, and the line.
type lineView struct {
	Move  moveView  `json:"move"`
	Score scoreView `json:"score"`
	PV    string    `json:"pv"`
}

// lineViews writes the lines of a search of p for the page.
func lineViews(p *movegen.Position, lines []search.Line) []lineView {
	out := make([]lineView, 0, len(lines))
	for _, l := range lines {
		if len(l.PV) == 0 || !p.IsLegal(l.PV[0]) {
			continue
		}
		out = append(out, lineView{Move: newMoveView(p, l.PV[0]), Score: searchScoreView(l.Score, p.Turn), PV: p.FormatLine(l.PV)})
	}
	return out
}
