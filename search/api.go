// Package search finds the best move of a checkers position: iterative
// deepening over a principal-variation alpha-beta search with a shared
// transposition table, move ordering, capture quiescence and time control,
// on one or several threads (lazy SMP). It never prints: it reports each
// finished iteration through a callback and returns a Result.
//
// A search finds the best move and its line, or for analysis the N best
// moves, each with a score that is exact at the depth searched and its
// line (multi-PV: Options.MultiPV or Request.MultiPV, Result.Lines); a
// request may name the root moves to search (Request.SearchMoves: a
// played move's score). A ponder search (Request.PonderHit) thinks on the
// opponent's time about the position after the reply it expects, and
// starts the clock of its limits only when that reply is played.
package search

import (
	"fmt"
	"strconv"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// Score units: one man is worth 100. A won position scores WinScore minus
// the plies to the win, so faster wins score higher.
const (
	WinScore = 30000
	// WinThreshold: scores at or above it (or at or below its negation) are
	// forced wins (losses) counted in plies.
	WinThreshold = WinScore - 1000
	DrawScore    = 0
)

// ScoreKind says what a score is: an evaluation, a result the search
// proved (counted in plies), or a result the endgame database gives.
type ScoreKind uint8

// The kinds of score.
const (
	ScoreCentiMen ScoreKind = iota // an evaluation in centi-men (a man is 100)
	ScoreWin                       // a forced win: WinThreshold and up
	ScoreLoss                      // a forced loss: -WinThreshold and down
	ScoreDBWin                     // a database win: DBWinThreshold up to WinThreshold
	ScoreDBLoss                    // a database loss: the negation
	// ScoreDBDraw is the database's draw, which a search scores DrawScore
	// like any level evaluation: Classify never returns it; a front end
	// that knows a position's database value (a review) passes it to
	// KindText.
	ScoreDBDraw
)

// Classify says what score v is and returns, for a forced win or loss,
// the plies to the end, for an evaluation v itself, and 0 for a database
// result (whose score carries no distance).
func Classify(v int) (ScoreKind, int) {
	switch {
	case v >= WinThreshold:
		return ScoreWin, WinScore - v
	case v <= -WinThreshold:
		return ScoreLoss, WinScore + v
	case v >= DBWinThreshold:
		return ScoreDBWin, 0
	case v <= -DBWinThreshold:
		return ScoreDBLoss, 0
	}
	return ScoreCentiMen, v
}

// FormatScore writes a score in the protocol's form, for programs, from
// the side to move's view: centi-men with a sign ("+35", "-120", "+0"), a
// forced result counted in plies ("win7": it wins within 7 plies;
// "loss4": it loses within 4), or a result of the endgame database
// ("dbwin", "dbloss") (docs/protocol.md). People read the same score in
// men (ScoreText, docs/scores.md).
func FormatScore(v int) string {
	switch kind, n := Classify(v); kind {
	case ScoreWin:
		return "win" + strconv.Itoa(n)
	case ScoreLoss:
		return "loss" + strconv.Itoa(n)
	case ScoreDBWin:
		return "dbwin"
	case ScoreDBLoss:
		return "dbloss"
	}
	return fmt.Sprintf("%+d", v)
}

// Limits says when a search stops. Zero values mean "no limit"; with no limit
// at all (or Infinite) the search runs until stopped.
type Limits struct {
	Depth    int           // nominal depth in plies
	Nodes    uint64        // node budget
	MoveTime time.Duration // average time to think (a target, unless Exact)
	Exact    bool          // use exactly MoveTime
	// Remaining and Increment describe an incremental clock; Remaining
	// already includes this move's increment. The search never uses more
	// than Remaining.
	Remaining time.Duration
	Increment time.Duration
	Infinite  bool
}

// Line is one line of a search: a root move, its score and the principal
// variation that begins with it. A multi-PV search (Options.MultiPV,
// Request.MultiPV) finds several, each with a score that is exact at the
// depth searched, not a bound.
type Line struct {
	Score int            // from the side to move's view
	PV    []movegen.Move // PV[0] is the line's root move
}

// Info is one finished iteration, as reported to the callback.
type Info struct {
	Depth    int
	SelDepth int
	Score    int // from the side to move's view
	Nodes    uint64
	EGDBHits uint64 // endgame database probes that found the position
	Time     time.Duration
	PV       []movegen.Move
	// Lines are the iteration's lines, best first: one for a search of one
	// line (Score and PV), up to MultiPV in a multi-PV search, whose first
	// line is Score and PV.
	Lines []Line
}

// Result is the outcome of a search.
type Result struct {
	Move     movegen.Move // best move; the zero Move if there is none
	HasMove  bool         // false when the search found no move (it failed first)
	Score    int
	Depth    int
	SelDepth int
	Nodes    uint64
	EGDBHits uint64 // endgame database probes that found the position
	Time     time.Duration
	PV       []movegen.Move
	// Claim is the result the search proved, from the side to move's
	// view (CheckerBoard's getmove returns it): Win or Loss for a forced
	// result, Draw for a draw by the rules at once or by force, else
	// Unknown.
	Claim movegen.Result
	// DTC is set when the endgame database's distances gave the move of
	// a won ending, in place of a search (Depth 1, one node).
	DTC bool
	// Lines are the lines of the deepest finished iteration, best first,
	// as Info has them: in a multi-PV search the N best root moves, each
	// with its exact score at Depth and its line (Lines[0] is Move's line
	// unless a deeper unfinished iteration changed the best move). One line
	// otherwise; none when the search ended before its first iteration.
	Lines []Line
}

// Request is everything one search needs.
type Request struct {
	Pos movegen.Position
	// History holds the positions that came before Pos in the game, oldest
	// first. The search uses the tail reached by reversible moves for
	// repetitions and for the move-count draw rules.
	History []movegen.Position
	Limits  Limits
	// Report, if not nil, is called after every finished iteration, from
	// the searching goroutine.
	Report func(Info)
	// MultiPV, when positive, is the number of lines to search (the N best
	// root moves, each with its exact score and line), in place of the
	// engine's option (Options.MultiPV); more than the root's moves means
	// all of them.
	MultiPV int
	// SearchMoves, if not empty, restricts the root to these moves (those
	// of them that are legal; none legal means all): the score of a move
	// that is not the best, a played move's in a game review, is the
	// result of a search of it alone.
	SearchMoves []movegen.Move
	// PonderHit, if not nil, makes the search a ponder search: it thinks
	// about a position the game has not reached (the expected reply played)
	// with no time limit until PonderHit is closed (the reply was played:
	// ponderhit), and only then does the clock of Limits start; depth and
	// node limits count from the start. A ponder search that ends before
	// PonderHit is closed (a limit reached, a proven result) holds its
	// answer until then or until cancelled (stop).
	PonderHit <-chan struct{}
}
