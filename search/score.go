package search

import (
	"fmt"
	"strconv"
)

// PliesToMoves returns the moves of the winning side a forced result
// counted in plies takes, its last move included: a win in 7 plies is a
// win in 4 moves (the winner's moves 1, 3, 5 and 7), a loss in 6 plies a
// loss in 3 (the opponent's moves 2, 4 and 6). Both sides' counts round up
// alike: (plies+1)/2.
func PliesToMoves(plies int) int { return (plies + 1) / 2 }

// ScoreText writes a score for people (docs/scores.md), from the view of
// the side to move in the position scored: an evaluation in men with two
// decimals ("+0.35", "-1.20", "0.00"), a forced result in the winner's
// moves ("win in 4 moves", "loss in 1 move", "lost" when the side to move
// has already lost), the endgame database's result ("win (database)",
// "loss (database)"). The protocol writes the same score its own way
// (FormatScore).
func ScoreText(v int) string { return KindText(Classify(v)) }

// KindText writes a score of the given kind for people, as ScoreText
// does: n is the evaluation in centi-men or the forced result's plies
// (Classify's), and ScoreDBDraw writes "draw (database)".
func KindText(kind ScoreKind, n int) string {
	switch kind {
	case ScoreWin:
		return "win in " + movesText(PliesToMoves(n))
	case ScoreLoss:
		if n == 0 {
			return "lost"
		}
		return "loss in " + movesText(PliesToMoves(n))
	case ScoreDBWin:
		return "win (database)"
	case ScoreDBLoss:
		return "loss (database)"
	case ScoreDBDraw:
		return "draw (database)"
	}
	return MenText(n)
}

// MenText writes an evaluation of cm centi-men in men with two decimals
// and the sign of whoever it favours: "+0.35", "-1.20", and "0.00" for a
// level position.
func MenText(cm int) string {
	if cm == 0 {
		return "0.00"
	}
	sign, a := "+", cm
	if cm < 0 {
		sign, a = "-", -cm
	}
	return fmt.Sprintf("%s%d.%02d", sign, a/100, a%100)
}

// movesText writes a count of moves: "1 move", "4 moves".
func movesText(n int) string {
	if n == 1 {
		return "1 move"
	}
	return strconv.Itoa(n) + " moves"
}
