package web

import (
	"fmt"
	"strings"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// stateView is a game as the browser sees it. The browser draws it and
// sends what the person does; it decides nothing about legality.
type stateView struct {
	ID      string `json:"id"`
	Version uint64 `json:"version"`
	Variant string `json:"variant"` // "american" or "pool"
	Title   string `json:"title"`
	FEN     string `json:"fen"`
	Turn    string `json:"turn"` // "black" or "white"
	// Board holds squares 1-32 at indexes 0-31: "" empty, "b"/"w" a man,
	// "B"/"W" a king.
	Board      [movegen.NumSquares]string `json:"board"`
	Human      string                     `json:"human"` // "black", "white" or "both"
	MoveTimeMS int64                      `json:"movetime_ms"`
	Ply        int                        `json:"ply"`
	// Moves is the whole line, including undone moves that redo brings
	// back (those from index Ply on).
	Moves []moveView `json:"moves"`
	Last  *moveView  `json:"last"`
	// Legal lists the person's legal moves when the person is to move,
	// for hints; MustCapture the pieces that can capture if one must.
	Legal       []moveView    `json:"legal"`
	MustCapture []int         `json:"must_capture"`
	YourTurn    bool          `json:"your_turn"`
	CanUndo     bool          `json:"can_undo"`
	CanRedo     bool          `json:"can_redo"`
	Thinking    bool          `json:"thinking"` // the engine is choosing a move
	Analysis    analysisView  `json:"analysis"`
	Over        bool          `json:"over"`
	Result      string        `json:"result"`
	Reason      string        `json:"reason"`
	Ending      string        `json:"ending"` // the reason as a code (outcome.Ending)
	PDN         string        `json:"pdn"`
	Rules       rulesView     `json:"rules"`
	Limits      limitsView    `json:"limits"`
	StartFEN    string        `json:"start_fen"`
	Captured    [2]int        `json:"captured"` // pieces Black and White have lost since the start
	Engine      engineSideTag `json:"engine"`
	// Review is the game's review (POST review), null for none; while it
	// is there the engine does not move by itself and the person may move
	// for either side.
	Review *reviewView `json:"review"`
	// Hint is the engine's best move for the person (POST hint) in the
	// position on the board, null for none.
	Hint *hintView `json:"hint"`
}

// engineSideTag names the sides the engine plays, for the player labels.
type engineSideTag struct {
	Black bool `json:"black"`
	White bool `json:"white"`
}

// rulesView is what the page tells about the rule set.
type rulesView struct {
	DrawMoves       int  `json:"draw_moves"`
	FlyingKings     bool `json:"flying_kings"`
	ThreeKingsMoves int  `json:"three_kings_moves"` // 0: no three-kings count
}

// limitsView tells the page the server's bounds on the time per move.
type limitsView struct {
	MinMoveTimeMS int64 `json:"min_movetime_ms"`
	MaxMoveTimeMS int64 `json:"max_movetime_ms"`
}

// moveView is one move: its PDN text, its squares from the start through
// every landing, and the squares of the pieces it takes.
type moveView struct {
	Text     string `json:"text"`
	Path     []int  `json:"path"`
	Captured []int  `json:"captured"`
	Colour   string `json:"colour"`
}

// analysisView is the engine's latest report while analysis is on.
type analysisView struct {
	On      bool   `json:"on"`
	Running bool   `json:"running"` // a search is reporting
	Has     bool   `json:"has"`     // the fields below hold a report
	Depth   int    `json:"depth"`
	Score   int    `json:"score"`  // from Black's view, 100 = one man
	Text    string `json:"text"`   // the score for people: "+0.35", "Black wins in 7"
	WinIn   int    `json:"win_in"` // Black wins in this many moves, White if negative; 0: no win found
	DBWin   int    `json:"db_win"` // 1: Black wins by the endgame database, -1: White; 0: no database win
	Nodes   uint64 `json:"nodes"`
	TimeMS  int64  `json:"time_ms"`
	PV      string `json:"pv"`
	Final   bool   `json:"final"`
	FEN     string `json:"fen"`
	Subject string `json:"subject"` // "engine" while it chooses its move, else "analysis"
	// Lines are the best moves with their scores and lines (as many as
	// Want asks, when the position has as many), best first.
	Lines []lineView `json:"lines"`
	Want  int        `json:"want"`
	// Hinting says the engine looks for a hint.
	Hinting bool `json:"hinting"`
}

// colourTitle names a side in messages.
func colourTitle(c movegen.Color) string {
	if c == movegen.Black {
		return "Black"
	}
	return "White"
}

// colourName names a side in the API.
func colourName(c movegen.Color) string { return strings.ToLower(colourTitle(c)) }

func newMoveView(p *movegen.Position, m movegen.Move) moveView {
	v := moveView{Text: p.FormatMove(m), Path: []int{m.From.Number()}, Captured: []int{}, Colour: colourName(p.Turn)}
	for i := 0; i < m.Landings(); i++ {
		v.Path = append(v.Path, m.Landing(i).Number())
	}
	for c := m.Captured; c != 0; c &= c - 1 {
		v.Captured = append(v.Captured, c.First().Number())
	}
	return v
}

// view returns the game as the browser sees it; mu is held.
func (g *game) view() stateView {
	p := g.pos()
	o := g.outcome()
	r := g.variant.Rules()
	v := stateView{
		ID: g.id, Version: g.version, Variant: g.variant.String(), Title: r.Title,
		FEN: p.FEN(), Turn: colourName(p.Turn), Human: humanNames[g.hum],
		MoveTimeMS: g.moveTime.Milliseconds(), Ply: g.ply,
		Moves: make([]moveView, len(g.line.Moves)), Legal: []moveView{}, MustCapture: []int{},
		CanUndo: g.ply > 0, CanRedo: g.ply < len(g.line.Moves), Thinking: g.task == taskMove,
		Over: o.Over, Result: o.Result, Reason: o.Reason, Ending: o.Ending, PDN: g.pdn(),
		Rules:    rulesView{DrawMoves: r.DrawMoves, FlyingKings: r.FlyingKings, ThreeKingsMoves: r.ThreeKingsMoves},
		Limits:   limitsView{MinMoveTimeMS: MinMoveTime.Milliseconds(), MaxMoveTimeMS: g.srv.opt.MaxThink.Milliseconds()},
		StartFEN: g.line.Start.FEN(),
		Engine:   engineSideTag{Black: !g.hum.plays(movegen.Black), White: !g.hum.plays(movegen.White)},
	}
	for sq := movegen.Square(0); sq < movegen.NumSquares; sq++ {
		letter := ""
		switch {
		case p.Pieces[movegen.Black].Has(sq):
			letter = "b"
		case p.Pieces[movegen.White].Has(sq):
			letter = "w"
		}
		if letter != "" && p.Kings.Has(sq) {
			letter = string(rune(letter[0] - 'a' + 'A'))
		}
		v.Board[sq] = letter
	}
	for c := movegen.Black; c <= movegen.White; c++ {
		v.Captured[c] = g.line.Start.Pieces[c].Count() - p.Pieces[c].Count()
	}
	ps := g.line.Positions()
	for i, m := range g.line.Moves {
		v.Moves[i] = newMoveView(&ps[i], m)
	}
	if g.ply > 0 {
		v.Last = &v.Moves[g.ply-1]
	}
	if !o.Over && (g.hum.plays(p.Turn) || g.rev != nil) && g.task != taskMove {
		v.YourTurn = true
		var ml movegen.MoveList
		p.GenerateMoves(&ml)
		for _, m := range ml.Slice() {
			v.Legal = append(v.Legal, newMoveView(p, m))
		}
		v.MustCapture = append(v.MustCapture, mustCapture(p)...)
	}
	v.Analysis = analysisView{On: g.analysis, Running: g.analysis && g.task != taskNone, Lines: []lineView{}, Want: g.lines, Hinting: g.task == taskHint}
	v.Review, v.Hint = g.reviewView(), g.hintView()
	if g.task == taskMove {
		v.Analysis.Subject = "engine"
	} else {
		v.Analysis.Subject = "analysis"
	}
	if in := g.info; in != nil && g.analysis {
		score := in.Score
		if in.Turn == movegen.White {
			score = -score
		}
		v.Analysis.Has, v.Analysis.Depth, v.Analysis.Score, v.Analysis.Text, v.Analysis.WinIn = true, in.Depth, score, scoreText(score), winIn(score)
		v.Analysis.DBWin = dbWin(score)
		v.Analysis.Nodes, v.Analysis.TimeMS, v.Analysis.PV = in.Nodes, in.Time.Milliseconds(), in.PV
		v.Analysis.Final, v.Analysis.FEN, v.Analysis.Lines = in.Final, in.Position, in.Lines
	}
	return v
}

// winIn returns in how many moves a score from Black's view wins: positive
// for Black, negative for White, 0 for a score that is no forced win.
func winIn(score int) int {
	switch kind, plies := search.Classify(score); kind {
	case search.ScoreWin:
		return (plies + 1) / 2
	case search.ScoreLoss:
		return -(plies + 1) / 2
	}
	return 0
}

// dbWin says whether a score from Black's view is a win by the endgame
// database (not a forced win the search found): 1 for Black, -1 for
// White, else 0.
func dbWin(score int) int {
	switch kind, _ := search.Classify(score); kind {
	case search.ScoreDBWin:
		return 1
	case search.ScoreDBLoss:
		return -1
	}
	return 0
}

// scoreText writes a score from Black's view for people: men as a signed
// decimal, who wins in how many moves, or who wins by the database.
func scoreText(score int) string {
	switch n := winIn(score); {
	case n > 0:
		return fmt.Sprintf("Black wins in %d", n)
	case n < 0:
		return fmt.Sprintf("White wins in %d", -n)
	}
	switch dbWin(score) {
	case 1:
		return "Black wins (endgame database)"
	case -1:
		return "White wins (endgame database)"
	}
	return fmt.Sprintf("%+.2f", float64(score)/100)
}
