package play

import (
	"testing"

	"github.com/crown-checkers/crown/search"
)

// TestAcceptsDraw: the engine takes a draw when level or worse for it,
// and plays on when ahead or winning.
func TestAcceptsDraw(t *testing.T) {
	for _, tt := range []struct {
		score int
		want  bool
	}{
		{0, true},
		{DrawMargin, true},
		{DrawMargin + 1, false},
		{-250, true},
		{120, false},
		{search.WinScore - 9, false},
		{-search.WinScore + 9, true},
	} {
		if got := AcceptsDraw(tt.score); got != tt.want {
			t.Errorf("AcceptsDraw(%d) = %v, want %v", tt.score, got, tt.want)
		}
	}
}
