package web

import (
	"math"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/review"
	"github.com/crown-checkers/crown/search"
)

// stateView is a game as the browser sees it. The browser draws it and
// sends what the person does; it decides nothing about legality.
type stateView struct {
	ID      string `json:"id"`
	Version uint64 `json:"version"`
	Variant string `json:"variant"` // the rule set's name (movegen.Rules.Name): "american", "pool", "russian", ...
	Title   string `json:"title"`
	FEN     string `json:"fen"`
	Turn    string `json:"turn"` // "black" or "white"
	// Board holds squares 1-32 at indexes 0-31: "" empty, "b"/"w" a man,
	// "B"/"W" a king. Squares are Crown's numbers, the English ones in
	// every game (Black's back row 1-4, White's 29-32), as are the squares
	// of every path, capture and must_capture list below; what people read
	// (Squares, the texts of moves and lines, the FEN and PDN) is in the
	// game's own notation.
	Board [movegen.NumSquares]string `json:"board"`
	// Squares names each square of Board as the game writes it: its number
	// in the game's numbering (Italian and Spanish number the other way),
	// or its coordinate ("c3") in the games written so.
	Squares    [movegen.NumSquares]string `json:"squares"`
	Human      string                     `json:"human"` // "black", "white" or "both"
	MoveTimeMS int64                      `json:"movetime_ms"`
	Level      int                        `json:"level"` // the engine's playing level, 1..play.FullStrength
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
	// EndingSide is the side an ending by verdict concerns (who resigned,
	// whose time ran out), "" for others (outcome.Side).
	EndingSide string `json:"ending_side"`
	// CanResign and CanOfferDraw say whether the person may resign, and
	// offer the engine a draw, now (POST resign, POST draw).
	CanResign    bool `json:"can_resign"`
	CanOfferDraw bool `json:"can_offer_draw"`
	// DrawOffer is the person's draw offer in the position on the board
	// and the engine's answer, null for none.
	DrawOffer *drawOfferView `json:"draw_offer"`
	// Clock is the game's clock, null for none.
	Clock *clockView `json:"clock"`
}

// engineSideTag names the sides the engine plays, for the player labels.
type engineSideTag struct {
	Black bool `json:"black"`
	White bool `json:"white"`
}

// rulesView is what the page tells about the rule set and needs to draw
// the board (movegen.Rules: the page explains the game from these).
type rulesView struct {
	DrawMoves       int    `json:"draw_moves"`
	FlyingKings     bool   `json:"flying_kings"`
	ThreeKingsMoves int    `json:"three_kings_moves"` // 0: no three-kings count
	FirstMover      string `json:"first_mover"`       // "black" or "white"
	MenPerSide      int    `json:"men_per_side"`      // 12, or 8 (Thai)
	MenCaptureBack  bool   `json:"men_capture_back"`
	CrownInCapture  bool   `json:"crown_in_capture"` // a man crowned mid-capture goes on as a king (Russian)
	MenSpareKings   bool   `json:"men_spare_kings"`  // a man may not take a king (Italian)
	LandBehind      bool   `json:"land_behind"`      // a king lands just behind the piece it takes (Thai)
	TakeAtOnce      bool   `json:"take_at_once"`     // pieces taken come off at once (Thai)
	// Precedence is which capture must be taken: "any", "king_first",
	// "most", "most_kings" or "italian" (precedenceCodes).
	Precedence string `json:"precedence"`
	// Mirrored says the game is played on the board of the other colour
	// (Italian, Spanish): the page draws the board's mirror image, square 1
	// of Crown's numbers at the top right rather than the top left.
	Mirrored  bool `json:"mirrored"`
	Algebraic bool `json:"algebraic"` // the game writes squares as coordinates
}

// precedenceCodes are the codes of rulesView.Precedence.
var precedenceCodes = [...]string{
	movegen.AnyCapture:    "any",
	movegen.KingFirst:     "king_first",
	movegen.MostPieces:    "most",
	movegen.MostThenKings: "most_kings",
	movegen.ItalianOrder:  "italian",
}

// newRulesView returns the view of a rule set.
func newRulesView(r *movegen.Rules) rulesView {
	return rulesView{DrawMoves: r.DrawMoves, FlyingKings: r.FlyingKings, ThreeKingsMoves: r.ThreeKingsMoves,
		FirstMover: r.FirstMover.Name(), MenPerSide: r.MenPerSide, MenCaptureBack: r.MenCaptureBack,
		CrownInCapture: r.CrownInCapture, MenSpareKings: r.MenSpareKings, LandBehind: r.LandBehind,
		TakeAtOnce: r.TakeAtOnce, Precedence: precedenceCodes[r.Precedence], Mirrored: r.Mirrored, Algebraic: r.Algebraic}
}

// variantView is one game of the family as the new-game form offers it.
type variantView struct {
	Name       string `json:"name"`  // movegen.Rules.Name, what a new game's "variant" takes
	Title      string `json:"title"` // in English; the page has it in the player's language
	GameType   int    `json:"game_type"`
	FirstMover string `json:"first_mover"` // "black" or "white"
}

// variantsView lists every game the server plays, for GET /api/variants.
type variantsView struct {
	Variants []variantView `json:"variants"`
	Default  string        `json:"default"` // the game the board offers first (crown serve --variant)
}

// allVariants returns the view of every rule set, in movegen's order, and
// the name of def, the server's default game.
func allVariants(def movegen.Variant) variantsView {
	out := variantsView{Variants: make([]variantView, 0, movegen.NumVariants), Default: def.String()}
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		r := v.Rules()
		out.Variants = append(out.Variants, variantView{Name: r.Name, Title: r.Title, GameType: r.GameType, FirstMover: r.FirstMover.Name()})
	}
	return out
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
	On      bool      `json:"on"`
	Running bool      `json:"running"` // a search is reporting
	Has     bool      `json:"has"`     // the fields below hold a report
	Depth   int       `json:"depth"`
	Score   scoreView `json:"score"` // from the analysed position's side to move (docs/scores.md)
	// BlackShare is Black's part of the evaluation bar, in thousandths:
	// 500 level, 1000 a win for Black, 0 for White (evalShare).
	BlackShare int       `json:"black_share"`
	Best       *moveView `json:"best"` // the best move found, for the board's arrow; null for none
	Nodes      uint64    `json:"nodes"`
	TimeMS     int64     `json:"time_ms"`
	PV         string    `json:"pv"`
	Final      bool      `json:"final"`
	FEN        string    `json:"fen"`
	Subject    string    `json:"subject"` // "engine" while it chooses its move, else "analysis"
	// Lines are the best moves with their scores and lines (as many as
	// Want asks, when the position has as many), best first.
	Lines []lineView `json:"lines"`
	Want  int        `json:"want"`
	// Hinting says the engine looks for a hint.
	Hinting bool `json:"hinting"`
}

func newMoveView(p *movegen.Position, m movegen.Move) moveView {
	v := moveView{Text: p.FormatMove(m), Path: []int{m.From.Number()}, Captured: []int{}, Colour: p.Turn.Name()}
	for i := 0; i < m.Landings(); i++ {
		v.Path = append(v.Path, m.Landing(i).Number())
	}
	for c := m.Captured; c != 0; c &= c - 1 {
		v.Captured = append(v.Captured, c.First().Number())
	}
	return v
}

// moveViews returns the views of moves of p; nil for none.
func moveViews(p *movegen.Position, ms []movegen.Move) []moveView {
	var out []moveView
	for _, m := range ms {
		out = append(out, newMoveView(p, m))
	}
	return out
}

// view returns the game as the browser sees it; mu is held.
func (g *game) view() stateView {
	p := g.pos()
	o := g.outcome()
	r := g.variant.Rules()
	v := stateView{
		ID: g.id, Version: g.version, Variant: g.variant.String(), Title: r.Title,
		FEN: p.FEN(), Turn: p.Turn.Name(), Human: humanNames[g.hum],
		MoveTimeMS: g.moveTime.Milliseconds(), Level: g.level, Ply: g.ply,
		Moves: make([]moveView, len(g.line.Moves)), Legal: []moveView{}, MustCapture: []int{},
		CanUndo: g.ply > 0, CanRedo: g.ply < len(g.line.Moves), Thinking: g.task == taskMove,
		Over: o.Over, Result: o.Result, Reason: o.Reason, Ending: o.Ending, PDN: g.pdn(),
		Rules:    newRulesView(r),
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
		v.Squares[sq] = r.SquareName(sq)
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
		v.Legal = append(v.Legal, moveViews(p, ml.Slice())...)
		v.MustCapture = append(v.MustCapture, mustCapture(p)...)
	}
	v.Analysis = analysisView{On: g.analysis, Running: g.analysis && g.task != taskNone, Lines: []lineView{}, Want: g.lines, Hinting: g.task == taskHint}
	v.Review, v.Hint = g.reviewView(), g.hintView()
	v.EndingSide, v.CanResign, v.CanOfferDraw = o.Side, !g.outcomeAt(len(g.line.Moves)).Over, g.canOffer() == ""
	v.DrawOffer, v.Clock = g.offerView(), g.clockView()
	if g.task == taskMove {
		v.Analysis.Subject = "engine"
	} else {
		v.Analysis.Subject = "analysis"
	}
	if in := g.info; in != nil && g.analysis {
		v.Analysis.Has, v.Analysis.Depth, v.Analysis.Score = true, in.Depth, searchScoreView(in.Score, in.Turn)
		v.Analysis.BlackShare, v.Analysis.Best = evalShare(v.Analysis.Score), in.Best
		v.Analysis.Nodes, v.Analysis.TimeMS, v.Analysis.PV = in.Nodes, in.Time.Milliseconds(), in.PV
		v.Analysis.Final, v.Analysis.FEN, v.Analysis.Lines = in.Final, in.Position, in.Lines
	}
	return v
}

// scoreView is a score as data, for the page to write in the player's
// language as search.ScoreText writes it (docs/scores.md): an evaluation
// in centi-men, a forced win or loss within so many plies, or the endgame
// database's value, from the view of Side, the side to move in the
// position scored (for a move, the side that plays it); the review
// graph's points are Black's.
type scoreView struct {
	// Kind is what the score is (review.Score.Kind): "cm" an evaluation,
	// "win" or "loss" a forced result, "dbwin", "dbloss" or "dbdraw" the
	// endgame database's value.
	Kind  string `json:"kind"`
	CM    int    `json:"cm"`    // the evaluation in centi-men (100 = one man), kind "cm"
	Plies int    `json:"plies"` // the forced result comes within this many plies, kinds "win" and "loss"
	Moves int    `json:"moves"` // the same in the winner's moves (search.PliesToMoves), as the page writes it
	Side  string `json:"side"`  // whose view: "black" or "white"
}

// newScoreView returns the view of a score from side's view.
func newScoreView(s review.Score, side movegen.Colour) scoreView {
	kind, n := s.Kind()
	v := scoreView{Kind: kind, Side: side.Name()}
	switch kind {
	case review.KindCentiMen:
		v.CM = n
	case review.KindWin, review.KindLoss:
		v.Plies, v.Moves = n, search.PliesToMoves(n)
	}
	return v
}

// searchScoreView returns the view of a search's score from the side to
// move (turn), whose view it is.
func searchScoreView(score int, turn movegen.Colour) scoreView {
	return newScoreView(review.Score{Search: score}, turn)
}

// barScale is the evaluation, in centi-men, at which the evaluation bar
// gives the side ahead about seven eighths (tanh 1 = 0.76 of the half
// that is not level): a man up shows clearly, a few men up nearly fill it.
const barScale = 250

// evalShare returns Black's part of the evaluation bar for a score, in
// thousandths, from Black's view whichever side's view the score is
// (s.Side): all of it for Black's win (forced or the database's), none
// for White's, half for the database's draw, and for an evaluation a part
// that grows with Black's and nears the whole as it grows (so that a bar
// reads like the score, and never overflows).
func evalShare(s scoreView) int {
	var share int // the part of the side whose view the score is
	switch s.Kind {
	case review.KindWin, review.KindDBWin:
		share = 1000
	case review.KindLoss, review.KindDBLoss:
		share = 0
	case review.KindDBDraw:
		share = 500
	default:
		share = int(math.Round(500 + 500*math.Tanh(float64(s.CM)/barScale)))
	}
	if s.Side == movegen.White.Name() {
		return 1000 - share
	}
	return share
}
