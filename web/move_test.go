package web

import (
	"slices"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// TestResolve checks the board's reading of clicked paths: a move, the
// problem codes with their options, and a flying king named at any square
// between two pieces it captures along one diagonal.
func TestResolve(t *testing.T) {
	tests := []struct {
		variant movegen.Variant
		fen     string
		path    []movegen.Square
		code    string   // "" for a move
		want    []string // the move's path, or the options
	}{
		{movegen.American, "W:W27:B23,15,3", []movegen.Square{26, 10}, "", []string{"27x18x11"}},
		{movegen.American, "W:W27:B23,15,3", []movegen.Square{26, 17}, codeIncomplete, []string{"27x18x11"}},
		{movegen.American, "W:W18:B1,6,K7,14,15,24", []movegen.Square{17, 1}, codeAmbiguous, []string{"18x9x2", "18x11x2"}},
		{movegen.American, "B:W18,30:B14,9,3", []movegen.Square{2, 6}, codeMustCapture, nil},
		{movegen.American, "B:W18,30:B14,9,3", []movegen.Square{17, 13}, codeNotYours, nil},
		{movegen.American, "B:W21-32:B1-12", []movegen.Square{10, 16}, codeIllegal, nil},
		{movegen.Pool, "W:WK29:B22,11", []movegen.Square{28, 14}, codeIncomplete, []string{"29x18x4", "29x18x8"}},
		{movegen.Pool, "W:WK29:B22,11", []movegen.Square{28, 14, 7}, "", []string{"29x18x8"}},
	}
	for _, tt := range tests {
		p, err := movegen.ParseFEN(tt.fen, tt.variant)
		if err != nil {
			t.Fatal(err)
		}
		m, problem := resolve(&p, tt.path)
		code, got := "", []string{m.PathString()}
		if problem != nil {
			code, got = problem.Code, nil
			for _, o := range problem.Options {
				got = append(got, o.PathString())
			}
		}
		if code != tt.code || !slices.Equal(got, tt.want) {
			t.Errorf("%s %s: resolve(%s) = %q %q, want %q %q", tt.variant, tt.fen, joinSquares(tt.variant.Rules(), tt.path), code, got, tt.code, tt.want)
		}
	}
}
