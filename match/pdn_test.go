package match

import (
	"strconv"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// checkPDN reads back the PDN a match wrote and checks it holds every
// game of the report, with its tags, and that each game replays legally to
// a result that fits the ending in its Termination tag (checkGame).
func checkPDN(t *testing.T, pdn string, r *Report, maxPlies int) {
	t.Helper()
	if maxPlies == 0 {
		maxPlies = DefaultMaxPlies
	}
	games, err := movegen.ReadPDN(strings.NewReader(pdn), movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != len(r.Games) {
		t.Fatalf("PDN holds %d games, the match played %d", len(games), len(r.Games))
	}
	byRound := map[int]*Game{}
	for _, g := range r.Games {
		byRound[g.Round] = g
	}
	for i := range games {
		pg := &games[i]
		if pg.Err != nil {
			t.Fatalf("PDN game %d: %v", i+1, pg.Err)
		}
		round, _ := strconv.Atoi(pg.Tag("Round"))
		g := byRound[round]
		if g == nil {
			t.Fatalf("PDN game %d: Round %q is no game of the match", i+1, pg.Tag("Round"))
		}
		want := map[string]string{
			"Event": "Crown match", "Black": r.Names[g.Black], "White": r.Names[g.White],
			"Result": g.Result, "Termination": g.Reason,
		}
		if r.Variant == movegen.Pool {
			want["GameType"] = "23"
		}
		for tag, v := range want {
			if pg.Tag(tag) != v {
				t.Errorf("round %d: tag %s = %q, want %q", round, tag, pg.Tag(tag), v)
			}
		}
		if pg.Tag("Date") == "" || pg.Variant != r.Variant || pg.Start.FEN() != g.Start.FEN() || pg.Result != g.Result {
			t.Errorf("round %d: date %q variant %v start %s result %s; want %v %s %s",
				round, pg.Tag("Date"), pg.Variant, pg.Start.FEN(), pg.Result, r.Variant, g.Start.FEN(), g.Result)
		}
		if pg.Start != g.Ballot.Pos {
			t.Errorf("round %d: PDN starts at %s, the ballot at %s", round, pg.Start.FEN(), g.Ballot.Pos.FEN())
		}
		if len(pg.Moves) != len(g.Moves) {
			t.Fatalf("round %d: PDN has %d moves, the game %d", round, len(pg.Moves), len(g.Moves))
		}
		for k := range pg.Moves {
			if !pg.Moves[k].Same(g.Moves[k]) {
				t.Fatalf("round %d: move %d is %s in the PDN, %s in the game", round, k+1, pg.Moves[k], g.Moves[k])
			}
		}
		end, _, _ := strings.Cut(pg.Tag("Termination"), ":")
		checkGame(t, pg.Start, pg.Moves, pg.Result, End(end), maxPlies)
	}
}
