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

// TestEvalShare: Black's part of the evaluation bar grows with Black's
// score, half when level, all of it for Black's win and none for White's;
// a score from White's view (White to move) counts the other way.
func TestEvalShare(t *testing.T) {
	for _, tt := range []struct {
		score     scoreView // from Black's view
		low, high int
	}{
		{scoreView{Kind: review.KindCentiMen}, 500, 500},
		{scoreView{Kind: review.KindCentiMen, CM: 100}, 650, 720},
		{scoreView{Kind: review.KindCentiMen, CM: -100}, 280, 350},
		{scoreView{Kind: review.KindCentiMen, CM: 5000}, 999, 1000},
		{scoreView{Kind: review.KindWin, Plies: 3, Moves: 2}, 1000, 1000},
		{scoreView{Kind: review.KindLoss, Plies: 3, Moves: 2}, 0, 0},
		{scoreView{Kind: review.KindDBWin}, 1000, 1000},
		{scoreView{Kind: review.KindDBLoss}, 0, 0},
		{scoreView{Kind: review.KindDBDraw}, 500, 500},
	} {
		black := tt.score
		black.Side = movegen.Black.Name()
		if got := evalShare(black); got < tt.low || got > tt.high {
			t.Errorf("%+v: %d, want %d..%d", black, got, tt.low, tt.high)
		}
		// The same score from White's view: White's win is Black's loss.
		white := black
		white.Side, white.CM = movegen.White.Name(), -black.CM
		white.Kind = map[string]string{review.KindWin: review.KindLoss, review.KindLoss: review.KindWin,
			review.KindDBWin: review.KindDBLoss, review.KindDBLoss: review.KindDBWin}[black.Kind]
		if white.Kind == "" {
			white.Kind = black.Kind
		}
		if got := evalShare(white); got < tt.low || got > tt.high {
			t.Errorf("%+v: %d, want %d..%d", white, got, tt.low, tt.high)
		}
	}
}
