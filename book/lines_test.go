package book

import (
	"context"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// readPDN reads PDN text that the test wrote.
func readPDN(t *testing.T, text string, v movegen.Variant) []movegen.Game {
	t.Helper()
	games, err := movegen.ReadPDN(strings.NewReader(text), v)
	if err != nil {
		t.Fatal(err)
	}
	return games
}

func TestGameLines(t *testing.T) {
	const fromStart = `[Event "a"]
1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15x22 25x18 5. 4-8 1/2-1/2
`
	// Ballot 5 (9-13 22-18 6-9) as crown match writes it: its FEN, then the game.
	const fromBallot = `[Event "b"]
[FEN "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13"]
1... 25-22 2. 11-16 * `
	const elsewhere = `[FEN "B:W28:B14"]
1. 14-17 *`
	tests := []struct {
		name  string
		pdn   string
		v     movegen.Variant
		plies int
		want  []string // each line's moves
		err   string
	}{
		{"whole games", fromStart + "\n" + fromBallot, movegen.American, 20,
			[]string{"11-15 24-20 8-11 28-24 9-13 22-18 15x22 25x18 4-8", "9-13 22-18 6-9 25-22 11-16"}, ""},
		{"cut", fromStart + "\n" + fromBallot, movegen.American, 3,
			[]string{"11-15 24-20 8-11", "9-13 22-18 6-9 25-22 11-16"}, ""},
		{"one ply", fromBallot, movegen.American, 1, []string{"9-13 22-18 6-9 25-22"}, ""},
		{"Pool ballots", fromBallot, movegen.Pool, 2, []string{"9-13 22-18 6-9 25-22 11-16"}, ""},
		{"no moves", "[Event \"c\"]\n*\n", movegen.American, 20, nil, ""},
		{"another game", "[GameType \"22\"]\n1. 11-15 *\n", movegen.American, 20, nil, ""},
		{"elsewhere", fromStart + "\n" + elsewhere, movegen.American, 20, nil,
			"game 2 starts at B:W28:B14, neither the start position nor an ACF ballot's"},
		{"Russian", "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4xf6 *\n", movegen.Russian, 2, []string{"c3-d4 f6-e5"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lines, err := GameLines(readPDN(t, tc.pdn, tc.v), tc.v, tc.plies)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(lines) != len(tc.want) {
				t.Fatalf("%d lines, want %d", len(lines), len(tc.want))
			}
			for i, l := range lines {
				if got := l.MovesText(); got != tc.want[i] {
					t.Errorf("line %d: %q, want %q", i+1, got, tc.want[i])
				}
				p := movegen.StartPosition(tc.v)
				for _, m := range l.Moves {
					p.MakeMove(m)
				}
				if p != l.Pos || l.Pos.Variant != tc.v {
					t.Errorf("line %d reaches %s, its position is %s", i+1, p.FEN(), l.Pos.FEN())
				}
			}
		})
	}
}

// TestBuildLines: a game's line is forced into the book, every position
// along it expanded.
func TestBuildLines(t *testing.T) {
	games := readPDN(t, "1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15x22 25x18 5. 4-8 *\n", movegen.American)
	lines, err := GameLines(games, movegen.American, 20)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Variant: movegen.American, Ballots: lines, Positions: 1, MainPlies: 1,
		Limits: search.Limits{Nodes: 500}, Concurrency: 2}
	es, err := Build(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse(encode(t, movegen.American, es))
	if err != nil {
		t.Fatal(err)
	}
	p := movegen.StartPosition(movegen.American)
	for i, m := range lines[0].Moves {
		if !b.Contains(p) {
			t.Fatalf("ply %d of the line (%s) is not in the book", i+1, p.FEN())
		}
		p.MakeMove(m)
	}
	if !b.Contains(p) {
		t.Errorf("the line's end %s is not in the book", p.FEN())
	}
}
