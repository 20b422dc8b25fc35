// Package review analyses whole games, for crown annotate and the web
// board's review: every position of a game is searched through a
// play.Session, the move played there is scored against the best move at
// the same depth, and each move is marked "?" or "??" by how much it drops
// (Judge, with the thresholds of docs/review.md); a game's summary counts
// each side's mistakes and names the move where the game turned. Where an
// endgame database is loaded its exact values count instead of the
// search's scores.
//
// A reviewed game is written back as PDN with a comment per move and a
// summary (Game.Annotated), and drawn as an evaluation graph (Game.WriteSVG;
// the web page draws the same Points itself). Resume finds how much of an
// earlier, interrupted output can be kept.
//
// Scores are from the side that moved: "+35" after Black's move means
// Black stands 35 centi-men better. The graph is from Black's view, clipped
// to the review's scale (Value).
package review

import (
	"context"
	"errors"
	"fmt"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// Options say how hard a review looks at each position.
type Options struct {
	// Limits bound the search of each position: a Depth, or a MoveTime
	// (on average: a search that proves a result stops early), or Nodes.
	// Exact and Infinite are not for reviews.
	Limits search.Limits
	// MultiPV is the number of best moves searched in each position, each
	// with its exact score (0 or 1: the best only). A played move among
	// them needs no search of its own.
	MultiPV int
}

// Check reports options a review cannot run with.
func (o Options) Check() error {
	l := o.Limits
	switch {
	case l.Infinite || l.Depth == 0 && l.MoveTime == 0 && l.Nodes == 0:
		return errors.New("a review needs a limit per position: a depth, a time or nodes")
	case l.Exact:
		return errors.New("a review's time per position is an average, not exact")
	case l.Remaining > 0 || l.Increment > 0:
		return errors.New("a review has no clock")
	case o.MultiPV < 0 || o.MultiPV > search.MaxMultiPV:
		return fmt.Errorf("multipv %d is out of range 0..%d", o.MultiPV, search.MaxMultiPV)
	}
	return nil
}

// Move is the review of one move.
type Move struct {
	Ply    int              // index of the move in the game, from 0
	Before movegen.Position // the position the move was played in
	Move   movegen.Move     // the move played
	// Played is the played move's score, from the side that moved: the
	// score of its line when the search of the position found it among
	// its best, else a search of it alone to the same depth.
	Played Score
	// Best is the best move the search found, BestScore its score (with
	// the database's value of Before when it holds it).
	Best      movegen.Move
	BestScore Score
	// Lines are the best moves with their exact scores and lines, best
	// first (one unless Options.MultiPV asks for more).
	Lines []search.Line
	Depth int    // the depth of the search of the position
	Nodes uint64 // the nodes of its searches
	Drop  int    // Judge's drop, on the review's scale
	Mark  Mark
}

// Text writes the move played in PDN.
func (m *Move) Text() string { return m.Before.FormatMove(m.Move) }

// BestText writes the best move in PDN.
func (m *Move) BestText() string { return m.Before.FormatMove(m.Best) }

// ShowBest reports whether the best move is worth naming: it is another
// move and scores more.
func (m *Move) ShowBest() bool { return !m.Best.Same(m.Move) && m.BestScore.Better(m.Played) }

// Label writes the move with its number as a record does: "12. 11-15" for
// the first mover's (Black's in American), "12... 26-22" for the reply,
// with the mark glued to it.
func (m *Move) Label() string {
	dots := "."
	if m.Before.Turn != m.Before.Rules().FirstMover {
		dots = "..."
	}
	return fmt.Sprintf("%d%s %s%s", m.Number(), dots, m.Text(), m.Mark)
}

// Number returns the move's number in the record: the first mover's move
// (Black's in American, White's in Russian) and the reply share one, and
// a game the other side begins opens with "1...".
func (m *Move) Number() int {
	start := m.Before.Turn
	if m.Ply%2 == 1 {
		start = start.Other()
	}
	return moveNumber(start, m.Before.Rules().FirstMover, m.Ply)
}

// Game is the review of one game, complete or as far as it went.
type Game struct {
	// Record is the game reviewed, as it was read.
	Record movegen.Game
	// Moves holds a review per move, in order: all of Record.Moves, or
	// fewer when the review was stopped.
	Moves []Move
}

// Complete reports whether every move of the record was reviewed.
func (g *Game) Complete() bool { return len(g.Moves) == len(g.Record.Moves) }

// Summary counts the review's findings (Summarize).
func (g *Game) Summary() Summary { return Summarize(g.Moves) }

// Reviewer reviews games with one engine.
type Reviewer struct {
	ps  *play.Session
	opt Options
}

// New returns a reviewer that searches with ps under opt. The caller keeps
// ps, and closes it after the reviews; its endgame database, if any, gives
// the exact values.
func New(ps *play.Session, opt Options) (*Reviewer, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	return &Reviewer{ps: ps, opt: opt}, nil
}

// Game reviews the moves of g from its start, one position after another,
// calling done (if not nil) after each move with its review. It returns
// the review so far and, when it stopped before the end, why: ctx ended
// (its error), or a search failed.
func (r *Reviewer) Game(ctx context.Context, g movegen.Game, done func(Move)) (Game, error) {
	out := Game{Record: g}
	line := movegen.NewGame(g.Start)
	for _, m := range g.Moves {
		if err := line.Play(m); err != nil {
			return out, fmt.Errorf("move %d of the record: %w", len(out.Moves)+1, err)
		}
	}
	r.ps.ClearTable()
	positions := line.Positions()
	for i, m := range g.Moves {
		mv, err := r.Position(ctx, positions[:i+1], m)
		if err != nil {
			return out, err
		}
		out.Moves = append(out.Moves, mv)
		if done != nil {
			done(mv)
		}
	}
	return out, nil
}

// Position reviews the move m played in the last of positions, the game
// from its start (the positions before count for repetitions and the draw
// rules, and their number is the move's Ply). It fails when ctx ends before the review is done, or a search
// fails.
func (r *Reviewer) Position(ctx context.Context, positions []movegen.Position, m movegen.Move) (Move, error) {
	p := positions[len(positions)-1]
	hist := positions[: len(positions)-1 : len(positions)-1]
	mv := Move{Ply: len(hist), Before: p, Move: m}
	if !p.IsLegal(m) {
		return mv, fmt.Errorf("%s is not legal in %s", p.Rules().PathText(m), p.FEN())
	}
	best, err := r.ps.Choose(ctx, play.Request{Request: search.Request{Pos: p, History: hist, Limits: r.opt.Limits, MultiPV: r.opt.MultiPV}, Analysis: true})
	res := best.Result
	if err = stopped(ctx, err); err != nil {
		return mv, err
	}
	mv.Best, mv.BestScore.Search, mv.Depth, mv.Nodes = res.Move, res.Score, res.Depth, res.Nodes
	mv.Lines = res.Lines
	played, found := Score{}, false
	for _, l := range res.Lines {
		if len(l.PV) > 0 && l.PV[0].Same(m) {
			played.Search, found = l.Score, true
			break
		}
	}
	if !found && res.Move.Same(m) {
		played.Search, found = res.Score, true
	}
	if !found {
		// The played move alone, to the same depth: its exact score, as
		// the lines have theirs. A time limit stays as a bound.
		lim := r.opt.Limits
		lim.Depth = max(res.Depth, 1)
		only, err := r.ps.Choose(ctx, play.Request{Request: search.Request{Pos: p, History: hist, Limits: lim, SearchMoves: []movegen.Move{m}}, Analysis: true})
		if err = stopped(ctx, err); err != nil {
			return mv, err
		}
		played.Search = only.Score
		mv.Nodes += only.Nodes
	}
	if db := r.ps.EGDB(); db != nil {
		after := p
		after.MakeMove(m)
		mv.BestScore.DB = db.Probe(&p)
		played.DB = db.Probe(&after).Negate()
	}
	mv.Played = played
	mv.Drop, mv.Mark = Judge(mv.BestScore, mv.Played)
	return mv, nil
}

// stopped returns ctx's error when it has ended (the search's answer is
// then cut short and not used), else the search's error.
func stopped(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	return nil
}

// Point is one point of a game's evaluation graph.
type Point struct {
	Ply   int   // 0 for the start, k after the k-th move
	Value int   // on the review's scale, from Black's view
	Score Score // from Black's view
	Mark  Mark  // the mark of the move that led here
}

// Points returns the game's evaluation graph: the start position's worth
// (its best move's score) and then the worth after each move reviewed,
// all from Black's view. A review of no move has no point.
func (g *Game) Points() []Point {
	if len(g.Moves) == 0 {
		return nil
	}
	black := func(s Score, c movegen.Colour) Score {
		if c == movegen.White {
			return s.Negate()
		}
		return s
	}
	first := &g.Moves[0]
	start := black(first.BestScore, first.Before.Turn)
	pts := []Point{{Ply: 0, Value: start.Value(), Score: start}}
	for i := range g.Moves {
		m := &g.Moves[i]
		s := black(m.Played, m.Before.Turn)
		pts = append(pts, Point{Ply: i + 1, Value: s.Value(), Score: s, Mark: m.Mark})
	}
	return pts
}
