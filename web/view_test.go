package web

import (
	"testing"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/review"
	"github.com/crown-checkers/crown/search"
)

// TestScoreView: scores as the page gets them, from Black's view: men, a
// forced win in plies and moves, a win by the endgame database, and the
// database's value when it holds the position.
func TestScoreView(t *testing.T) {
	tests := []struct {
		score review.Score
		want  scoreView
	}{
		{review.Score{Search: 35}, scoreView{Kind: review.KindCentiMen, CM: 35}},
		{review.Score{Search: -120}, scoreView{Kind: review.KindCentiMen, CM: -120}},
		{review.Score{Search: search.WinScore - 7}, scoreView{Kind: review.KindWin, Plies: 7, Moves: 4}},
		{review.Score{Search: -search.WinScore + 4}, scoreView{Kind: review.KindLoss, Plies: 4, Moves: 2}},
		{review.Score{Search: search.DBWinScore + 130}, scoreView{Kind: review.KindDBWin}},
		{review.Score{Search: -search.DBWinThreshold}, scoreView{Kind: review.KindDBLoss}},
		{review.Score{Search: 0, DB: movegen.Draw}, scoreView{Kind: review.KindDBDraw}},
		{review.Score{Search: 40, DB: movegen.Win}, scoreView{Kind: review.KindDBWin}},
	}
	for _, tt := range tests {
		if got := newScoreView(tt.score); got != tt.want {
			t.Errorf("score %+v: %+v, want %+v", tt.score, got, tt.want)
		}
	}
}

// TestBlackView: a search's score from the side to move is shown from
// Black's view.
func TestBlackView(t *testing.T) {
	for _, tt := range []struct {
		score int
		turn  movegen.Colour
		want  scoreView
	}{
		{35, movegen.Black, scoreView{Kind: review.KindCentiMen, CM: 35}},
		{35, movegen.White, scoreView{Kind: review.KindCentiMen, CM: -35}},
		{search.WinScore - 3, movegen.White, scoreView{Kind: review.KindLoss, Plies: 3, Moves: 2}},
	} {
		if got := blackView(tt.score, tt.turn); got != tt.want {
			t.Errorf("%d, %v to move: %+v, want %+v", tt.score, tt.turn, got, tt.want)
		}
	}
}
