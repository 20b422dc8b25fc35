package review

import (
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// The review's scale and its marks (docs/review.md). A score is put on one
// scale before two are compared or drawn: an evaluation in centi-men
// clipped to ±Clip, a proven result (a forced one or the database's) at
// ±ResultValue, a draw by the database at 0. A move's drop is the best
// move's value less the played move's, both from the side that moved.
const (
	// Clip bounds an evaluation: three men ahead wins in practice, so
	// that being five or eight men up is the same, and a move that keeps
	// a won game won is no mistake however much of the lead it gives up.
	Clip = 300
	// ResultValue is a proven win; -ResultValue a proven loss. A
	// longer win is as good as a shorter one.
	ResultValue = 400
	// MistakeDrop is the least drop marked "?": half a man.
	MistakeDrop = 50
	// BlunderDrop is the least drop marked "??": a man and a half. A move
	// that gives up a proven win, or runs into a proven loss, is "??"
	// whatever its drop.
	BlunderDrop = 150
)

// Mark is a move's assessment: none, a mistake or a blunder.
type Mark uint8

// The marks.
const (
	NoMark  Mark = iota
	Mistake      // "?": a drop of MistakeDrop or more
	Blunder      // "??": a drop of BlunderDrop or more, or a proven result given up
)

// String returns the PDN annotation of the mark: "", "?" or "??".
func (m Mark) String() string {
	switch m {
	case Mistake:
		return "?"
	case Blunder:
		return "??"
	}
	return ""
}

// Score is what a position is worth to one side: the search's score (in
// search units: centi-men, or a forced result counted in plies, or the
// database's result as the search scores it) and, when an endgame database
// holds the position, its exact value, which then counts instead.
type Score struct {
	Search int
	DB     movegen.Result // movegen.Unknown when no database holds the position
}

// Negate returns the score from the other side's view.
func (s Score) Negate() Score { return Score{Search: -s.Search, DB: s.DB.Negate()} }

// Value puts the score on the review's scale: the database's value when
// it is known, else the search's score (Value).
func (s Score) Value() int {
	switch s.DB {
	case movegen.Win:
		return ResultValue
	case movegen.Loss:
		return -ResultValue
	case movegen.Draw:
		return 0
	}
	return Value(s.Search)
}

// Value puts a search's score on the review's scale: an evaluation clipped
// to ±Clip, a forced or database result at ±ResultValue.
func Value(score int) int {
	switch kind, _ := search.Classify(score); kind {
	case search.ScoreWin, search.ScoreDBWin:
		return ResultValue
	case search.ScoreLoss, search.ScoreDBLoss:
		return -ResultValue
	}
	return max(-Clip, min(Clip, score))
}

// proven returns 1 for a proven win (forced, or by the database), -1 for a
// proven loss, 0 otherwise.
func (s Score) proven() int {
	switch s.DB {
	case movegen.Win:
		return 1
	case movegen.Loss:
		return -1
	case movegen.Draw:
		return 0
	}
	switch kind, _ := search.Classify(s.Search); kind {
	case search.ScoreWin, search.ScoreDBWin:
		return 1
	case search.ScoreLoss, search.ScoreDBLoss:
		return -1
	}
	return 0
}

// Better reports whether s is worth more than o: by the database's values
// when both have one, else by the search's scores.
func (s Score) Better(o Score) bool {
	if s.DB != movegen.Unknown && o.DB != movegen.Unknown {
		return s.DB > o.DB
	}
	return s.Search > o.Search
}

// The kinds of a score (Score.Kind): what a front end reads to write the
// score in its own words (the web board's API carries them).
const (
	KindCentiMen = "cm"     // an evaluation in centi-men
	KindWin      = "win"    // a forced win
	KindLoss     = "loss"   // a forced loss
	KindDBWin    = "dbwin"  // the database's win
	KindDBLoss   = "dbloss" // the database's loss
	KindDBDraw   = "dbdraw" // the database's draw
)

// Kind says what the score is, for front ends that write it in words:
// KindCentiMen, KindWin or KindLoss (forced, N the plies), KindDBWin,
// KindDBLoss or KindDBDraw (the database's value), and N the centi-men or
// plies (0 for the database).
func (s Score) Kind() (kind string, n int) {
	switch s.DB {
	case movegen.Win:
		return KindDBWin, 0
	case movegen.Loss:
		return KindDBLoss, 0
	case movegen.Draw:
		return KindDBDraw, 0
	}
	switch k, n := search.Classify(s.Search); k {
	case search.ScoreWin:
		return KindWin, n
	case search.ScoreLoss:
		return KindLoss, n
	case search.ScoreDBWin:
		return KindDBWin, 0
	case search.ScoreDBLoss:
		return KindDBLoss, 0
	default:
		return KindCentiMen, n
	}
}

// String writes the score for people (search.ScoreText, docs/scores.md):
// "+0.35", "win in 4 moves", "lost", with the database's value when it is
// known ("win (database)", "loss (database)", "draw (database)").
func (s Score) String() string {
	switch s.DB {
	case movegen.Win:
		return search.KindText(search.ScoreDBWin, 0)
	case movegen.Loss:
		return search.KindText(search.ScoreDBLoss, 0)
	case movegen.Draw:
		return search.KindText(search.ScoreDBDraw, 0)
	}
	return search.ScoreText(s.Search)
}

// Judge compares the played move with the best, both from the side that
// moved, and returns the drop (0 when the played move is worth as much)
// and the mark: "??" for a drop of BlunderDrop or more, or for a move that
// gives up a proven win or runs into a proven loss; "?" for a drop of
// MistakeDrop or more.
func Judge(best, played Score) (drop int, mark Mark) {
	drop = max(0, best.Value()-played.Value())
	switch {
	case best.proven() == 1 && played.proven() != 1, played.proven() == -1 && best.proven() != -1:
		mark = Blunder
	case drop >= BlunderDrop:
		mark = Blunder
	case drop >= MistakeDrop:
		mark = Mistake
	}
	return drop, mark
}

// TurningPoint returns the index of the move where the game turned: the
// marked move with the largest drop (the first of equal ones), or -1 when
// no move is marked.
func TurningPoint(moves []Move) int {
	turn := -1
	for i, m := range moves {
		if m.Mark != NoMark && (turn < 0 || m.Drop > moves[turn].Drop) {
			turn = i
		}
	}
	return turn
}

// Summary counts a review's findings.
type Summary struct {
	// Mistakes and Blunders count the marked moves of each side, indexed
	// by movegen.Colour.
	Mistakes, Blunders [2]int
	// Turn is the index of the move where the game turned (TurningPoint),
	// -1 for none.
	Turn int
}

// Summarize counts the marks of the moves reviewed and finds the turning
// point.
func Summarize(moves []Move) Summary {
	s := Summary{Turn: TurningPoint(moves)}
	for _, m := range moves {
		switch m.Mark {
		case Mistake:
			s.Mistakes[m.Before.Turn]++
		case Blunder:
			s.Blunders[m.Before.Turn]++
		}
	}
	return s
}
