package web

import (
	"testing"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/review"
	"github.com/crown-checkers/crown/search"
)

// TestScoreView: scores as the page gets them, from the side to move:
// men, a forced win in plies and moves, a win by the endgame database, and
// the database's value when it holds the position; a search's score stays
// from the side to move, which the view names.
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
	for _, side := range []movegen.Colour{movegen.Black, movegen.White} {
		for _, tt := range tests {
			want := tt.want
			want.Side = side.Name()
			if got := newScoreView(tt.score, side); got != want {
				t.Errorf("score %+v for %v: %+v, want %+v", tt.score, side, got, want)
			}
		}
	}
	if got, want := searchScoreView(search.WinScore-3, movegen.White), (scoreView{Kind: review.KindWin, Plies: 3, Moves: 2, Side: "white"}); got != want {
		t.Errorf("a win for White to move: %+v, want %+v", got, want)
	}
}
