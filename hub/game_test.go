package hub

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/internal/transcript"
	"github.com/crown-checkers/crown/movegen"
)

// gameLimits are the levels a game through Hub cycles through, move by
// move: every kind of limit a client sends (pydraughts' Limit: move time,
// depth, nodes, a clock with and without increment, moves in a time).
var gameLimits = []string{
	"move-time=0.02",
	"depth=4",
	"nodes=1500",
	"time=0.8 inc=0.02",
	"moves=20 time=0.6",
	"time=0.4",
}

// hubPlayer is one engine of a game: its session and, while it ponders,
// the reply it expects.
type hubPlayer struct {
	c         *transcript.Client
	pondering string // the reply a ponder search runs on, "" when none
}

// TestGameThroughHub plays whole games of Crown against itself through
// two Hub sessions, as pydraughts drives engines: the start position in
// Hub's orientation and every move since, a level of each kind in turn,
// go think, and pondering (go ponder on the reply the engine expects,
// ponder-hit when it comes, stop when another does). Every move and
// every expected reply must be legal, in Hub's notation. With -short it
// plays 40 plies of American and Pool; without, whole games of every
// game the variant param offers.
func TestGameThroughHub(t *testing.T) {
	maxPlies := 300
	variants := []movegen.Variant{movegen.American, movegen.Pool, movegen.Russian, movegen.Brazilian, movegen.Italian}
	if testing.Short() {
		maxPlies, variants = 40, variants[:2]
	}
	for _, v := range variants {
		t.Run(v.Rules().Name, func(t *testing.T) {
			plies, outcome, hits := playHubGame(t, v, maxPlies)
			t.Logf("%d plies, %s; %d ponder hits", plies, outcome, hits)
		})
	}
}

// playHubGame plays one game of v up to maxPlies and returns its length,
// how it ended and how many ponder searches were hit.
func playHubGame(t *testing.T, v movegen.Variant, maxPlies int) (int, string, int) {
	start := movegen.StartPosition(v)
	startText := formatPosition(&start)
	variant := v.Rules().Name
	if v == movegen.American {
		variant = "english"
	}
	var players [2]*hubPlayer
	for i := range players {
		players[i] = &hubPlayer{c: startClient(t, testConfig)}
		players[i].c.Send("hub")
		players[i].c.Until("wait", replyWait)
		players[i].c.Send("set-param name=variant value=" + variant)
		players[i].c.Send("init")
		players[i].c.Expect("ready")
	}
	g := movegen.NewGame(start)
	var moves []string
	hits := 0
	for ply := 0; ply < maxPlies && !g.Outcome().Over(); ply++ {
		p := g.Position()
		me := players[p.Turn]
		level := gameLimits[ply/2%len(gameLimits)]
		move, ponder := me.think(t, p, startText, moves, level, &hits)
		m, err := parseMove(&p, move)
		if err != nil {
			t.Fatalf("ply %d (%s, level %s): done move=%s: %v", ply+1, p.FEN(), level, move, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, formatMove(m, v))
		if ponder == "" {
			continue
		}
		after := g.Position()
		if _, err := parseMove(&after, ponder); err != nil {
			t.Fatalf("ply %d: done ponder=%s after %s: %v", ply+1, ponder, move, err)
		}
		// The engine that moved ponders on the reply it expects while the
		// other thinks.
		me.c.Send(posLine(startText, append(moves, ponder)))
		me.c.Send("level " + gameLimits[(ply/2+1)%len(gameLimits)])
		me.c.Send("go ponder")
		me.pondering = ponder
	}
	for _, pl := range players {
		if pl.pondering != "" {
			pl.c.Send("stop")
			pl.c.Until("done", replyWait)
		}
		pl.c.Send("quit")
		if rest, err := pl.c.Finish(); err != nil || len(rest) > 0 {
			t.Fatalf("at the end: %v, replies left %q", err, rest)
		}
	}
	return len(g.Moves), g.Outcome().Detail, hits
}

// posLine is pydraughts' pos command: the start position and every move.
func posLine(startText string, moves []string) string {
	if len(moves) == 0 {
		return "pos pos=" + startText
	}
	return fmt.Sprintf("pos pos=%s moves=%q", startText, strings.Join(moves, " "))
}

// think asks the engine for its move in p: if it ponders on the move
// just played it gets ponder-hit, if on another it is stopped and asked
// anew; it returns done's move and ponder.
func (pl *hubPlayer) think(t *testing.T, p movegen.Position, startText string, moves []string, level string, hits *int) (move, ponder string) {
	t.Helper()
	if pl.pondering != "" {
		expected := pl.pondering
		pl.pondering = ""
		if moves[len(moves)-1] == expected {
			pl.c.Send("ponder-hit")
			*hits++
			return pl.done(t, p)
		}
		pl.c.Send("stop")
		pl.c.Until("done", replyWait)
	}
	pl.c.Send(posLine(startText, moves))
	pl.c.Send("level " + level)
	pl.c.Send("go think")
	return pl.done(t, p)
}

// done reads the search's info lines and its done line, whose moves it
// returns.
func (pl *hubPlayer) done(t *testing.T, p movegen.Position) (move, ponder string) {
	t.Helper()
	line, skipped := pl.c.Until("done", 30*time.Second)
	for _, l := range skipped {
		if !strings.HasPrefix(l, "info ") {
			t.Fatalf("in %s: %q before done", p.FEN(), l)
		}
	}
	c, err := parseCommand(line)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	m, ok := c.lookup("move")
	if !ok {
		t.Fatalf("in %s: %q has no move", p.FEN(), line)
	}
	r, _ := c.lookup("ponder")
	return m.value, r.value
}
