package book

import (
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// TestForcedBallots: "" is the deck for American and none for Pool; the
// ACF selections are American only; errors name the setting first.
func TestForcedBallots(t *testing.T) {
	for _, tc := range []struct {
		sel  string
		v    movegen.Variant
		n    int    // ballots, when no error
		err  string // the error's start, "" for none
		name string
	}{
		{"", movegen.American, 156, "", "American's default"},
		{"deck", movegen.American, 156, "", "deck"},
		{"crossboard", movegen.American, 144, "", "crossboard"},
		{"all", movegen.American, 174, "", "all"},
		{"none", movegen.American, 0, "", "none"},
		{"", movegen.Pool, 0, "", "Pool's default"},
		{"none", movegen.Pool, 0, "", "Pool none"},
		{"deck", movegen.Pool, 0, "ballots deck: the ACF ballots are American only", "Pool deck"},
		{"some", movegen.American, 0, `ballots "some": want deck, crossboard, all or none`, "unknown"},
	} {
		bs, err := ForcedBallots(tc.sel, tc.v)
		switch {
		case tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)):
			t.Errorf("%s: %v, want %q", tc.name, err, tc.err)
		case tc.err == "" && (err != nil || len(bs) != tc.n):
			t.Errorf("%s: %d ballots, %v; want %d", tc.name, len(bs), err, tc.n)
		}
	}
}

// TestProbeLines: a position of the book has a line for its moves and one
// a move, the best marked at level Best; one out of it says so.
func TestProbeLines(t *testing.T) {
	b, err := Default(movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	start := movegen.StartPosition(movegen.American)
	moves := b.Probe(start)
	lines := b.ProbeLines(start, Best)
	if len(lines) != 1+len(moves) || lines[0] != start.FEN()+": 7 book moves (level 3: best move)" ||
		!strings.HasPrefix(lines[1], "* "+start.FormatMove(moves[0].Move)+" ") || strings.Count(strings.Join(lines, "\n"), "\n* ") != 1 {
		t.Errorf("the start position:\n%s", strings.Join(lines, "\n"))
	}
	out, err := movegen.ParseFEN("W:W14:B10", movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	if lines := b.ProbeLines(out, Best); len(lines) != 1 || lines[0] != out.FEN()+": not in the book" {
		t.Errorf("out of the book: %q", lines)
	}
}

// TestInfoLines: the shipped book is named so, its moves are legal, its
// main line is shown, and the deck's coverage follows when ballots are
// given.
func TestInfoLines(t *testing.T) {
	b, err := Default(movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	deck, err := SelectBallots("deck", movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	lines := b.InfoLines("", time.Millisecond, deck)
	if len(lines) != 5 || !strings.HasPrefix(lines[0], "shipped american book: american, ") ||
		!strings.HasSuffix(lines[0], ", read in 1ms") || lines[1] != "every stored move is legal" ||
		!strings.HasPrefix(lines[2], "start: main line ") || !strings.HasPrefix(lines[3], "ballots: 156 of 156 in the book, ") ||
		!strings.HasPrefix(lines[4], "main line beyond the ballot: min ") {
		t.Errorf("with the deck:\n%s", strings.Join(lines, "\n"))
	}
	if lines := b.InfoLines("my.book", 0, nil); len(lines) != 3 || !strings.HasPrefix(lines[0], "my.book: ") {
		t.Errorf("without ballots:\n%s", strings.Join(lines, "\n"))
	}
}
