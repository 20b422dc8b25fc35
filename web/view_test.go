package web

import (
	"testing"

	"github.com/crown-checkers/crown/search"
)

// TestScoreText: scores from Black's view as people read them: men, a
// forced win in moves, or a win by the endgame database.
func TestScoreText(t *testing.T) {
	tests := []struct {
		score int
		text  string
		winIn int
		dbWin int
	}{
		{35, "+0.35", 0, 0},
		{-120, "-1.20", 0, 0},
		{search.WinScore - 7, "Black wins in 4", 4, 0},
		{-search.WinScore + 4, "White wins in 2", -2, 0},
		{search.DBWinScore + 130, "Black wins (endgame database)", 0, 1},
		{-search.DBWinThreshold, "White wins (endgame database)", 0, -1},
	}
	for _, tt := range tests {
		if got := scoreText(tt.score); got != tt.text || winIn(tt.score) != tt.winIn || dbWin(tt.score) != tt.dbWin {
			t.Errorf("score %d: %q, win in %d, db %d; want %q, %d, %d", tt.score, got, winIn(tt.score), dbWin(tt.score), tt.text, tt.winIn, tt.dbWin)
		}
	}
}
