package match

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
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

// TestMoveComment: what the record says of a move, by what the engine
// sent before it.
func TestMoveComment(t *testing.T) {
	info := func(kind search.ScoreKind, v, depth int) *protocol.Info {
		return &protocol.Info{Depth: depth, Score: protocol.Score{Kind: kind, Value: v}}
	}
	tests := []struct {
		name string
		move protocol.MoveReply
		info *protocol.Info
		took time.Duration
		want string
	}{
		{"evaluation", protocol.MoveReply{Move: "11-15"}, info(search.ScoreCentiMen, 35, 14), 523 * time.Millisecond, "+0.35/14 0.52s"},
		{"level", protocol.MoveReply{Move: "11-15"}, info(search.ScoreCentiMen, 0, 9), 2 * time.Second, "0.00/9 2.00s"},
		{"behind", protocol.MoveReply{Move: "11-15"}, info(search.ScoreCentiMen, -120, 20), 100 * time.Millisecond, "-1.20/20 0.10s"},
		{"forced win", protocol.MoveReply{Move: "11-15"}, info(search.ScoreWin, 7, 12), 0, "win in 4 moves/12 0.00s"},
		{"database", protocol.MoveReply{Move: "11-15"}, info(search.ScoreDBWin, 0, 21), 500 * time.Millisecond, "win (database)/21 0.50s"},
		{"book", protocol.MoveReply{Move: "11-15", Book: true}, info(search.ScoreCentiMen, 5, 0), time.Millisecond, "book 0.00s"},
		{"silent engine", protocol.MoveReply{Move: "11-15"}, nil, 480 * time.Millisecond, "0.48s"},
	}
	for _, tc := range tests {
		if got := moveComment(tc.move, tc.info, tc.took); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
