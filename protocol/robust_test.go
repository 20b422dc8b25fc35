package protocol

import (
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// Words random lines are made of: every command and key, good and bad
// FENs, moves, numbers and options, and junk.
var (
	randWords = []string{
		"name", "about", "help", "ping", "get", "set", "new", "getmove", "stop", "staticevaluation",
		"perft", "movelist", "gamehist", "gametype", "hashsize", "searchthreads", "cpus", "book",
		"protocolversion", "quitx", "infinite", "exact",
		startFEN, "W:W9:B6,7", "B:W25,26:B23", "W:WK10:B14,15,22,23", "B:W5:B", "B:W14,15,22,23:BK10",
		"B:W21-33:B1-12", "B::", ":", "X:W1:B2", "B:W1,1:B2", "B:WK:B3", "W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
		"11-15", "23-19", "15x24", "9x2x11", "1-2-3", "x", "-", "0", "1", "2", "3", "21", "23", "64", "-1",
		"99999999999999999999", "1e9", "NaN", "0.01", "depth=1", "depth=2", "depth=0", "nodes=50", "nodes=x",
		"maxtime=0.01", "maxtime=-1", "remaining=0.05", "increment=0.01", "depth=", "=", "==",
		"\x00", "\x1b[2J", "é", "\xff\xfe", "\t", "\"", "'", "#", ";", "\\",
	}
	randCommands = []string{
		"ping", "name", "stop", "get gametype", "set gametype 23", "set gametype 21", "new",
		"getmove " + startFEN + " depth=2", "getmove " + startFEN + " nodes=200", "getmove " + startFEN,
		"perft 3", "perft 30", "get movelist W:WK29:B22", "staticevaluation " + startFEN,
		"set gamehist " + startFEN + " 11-15 23-19", "set hashsize 2", "set searchthreads 2",
	}
)

// randomLine returns a random, mostly malformed, protocol line (never quit:
// the session must stay up).
func randomLine(rng *rand.Rand) string {
	switch rng.Intn(6) {
	case 0: // random bytes
		b := make([]byte, rng.Intn(80))
		for i := range b {
			b[i] = byte(rng.Intn(256))
			if b[i] == '\n' {
				b[i] = ' '
			}
		}
		return string(b)
	case 1: // a command, maybe cut short
		c := randCommands[rng.Intn(len(randCommands))]
		return c[:rng.Intn(len(c)+1)]
	case 2: // a command with a word spliced in
		f := strings.Fields(randCommands[rng.Intn(len(randCommands))])
		i := rng.Intn(len(f) + 1)
		f = append(f[:i], append([]string{randWords[rng.Intn(len(randWords))]}, f[i:]...)...)
		return strings.Join(f, " ")
	default: // random words
		n := 1 + rng.Intn(6)
		w := make([]string, n)
		for i := range w {
			w[i] = randWords[rng.Intn(len(randWords))]
		}
		return strings.Join(w, strings.Repeat(" ", 1+rng.Intn(2)))
	}
}

func TestRandomLines(t *testing.T) {
	n := 5000
	if testing.Short() {
		n = 1500
	}
	rng := rand.New(rand.NewSource(1))
	c := startClient(t, testConfig)
	// Drain replies concurrently so the engine never waits on its output
	// while we send; check them afterwards, on the test goroutine.
	var replies []string
	drained := make(chan struct{})
	stopDrain := make(chan struct{})
	go func() {
		defer close(drained)
		for {
			select {
			case l := <-c.Lines:
				replies = append(replies, l)
			case <-stopDrain:
				return
			}
		}
	}()
	for i := 0; i < n; i++ {
		l := randomLine(rng)
		if f := strings.Fields(l); len(f) > 0 && strings.EqualFold(f[0], "quit") {
			continue
		}
		c.Send(l)
	}
	close(stopDrain)
	<-drained
	for _, l := range replies {
		checkReplyLine(t, l)
	}
	t.Logf("%d random lines, %d replies", n, len(replies))
	c.Send("stop")
	c.Send("set gametype 21")
	c.Send("ping end")
	if _, skipped := c.Until("pong end", replyWait); len(skipped) > 0 {
		for _, l := range skipped {
			checkReplyLine(t, l)
		}
	}
	c.Send("getmove " + startFEN + " depth=3")
	line, _ := c.Until("move ", replyWait)
	checkMove(t, line, startFEN, movegen.American)
}

// TestRaceDuringSearch sends stop, ping, quit and cancellation at random
// moments of searches and perfts; run it with -race.
func TestRaceDuringSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	rounds := 12
	if testing.Short() {
		rounds = 6
	}
	for round := 0; round < rounds; round++ {
		c := startClient(t, testConfig)
		cmd := []string{
			"getmove " + startFEN,
			"getmove " + startFEN + " maxtime=0.05",
			"getmove " + startFEN + " depth=12",
			"perft 20",
		}[round%4]
		c.Send("set searchthreads " + []string{"1", "2"}[round%2])
		c.Until("searchthreads", replyWait)
		c.Send(cmd)
		for k := 0; k < 5; k++ {
			time.Sleep(time.Duration(rng.Intn(5)) * time.Millisecond)
			c.Send("ping")
		}
		switch round % 3 {
		case 0:
			c.Send("stop")
			c.Send("ping after")
			_, skipped := c.Until("pong after", replyWait)
			found := false
			for _, l := range skipped {
				found = found || strings.HasPrefix(l, "move ") || strings.HasPrefix(l, "perft ")
			}
			if !found {
				t.Fatalf("%s: no reply before the ping after stop: %q", cmd, skipped)
			}
			c.Send("quit")
		case 1:
			c.Send("quit")
		case 2:
			c.Cancel()
		}
		rest, err := c.Finish()
		for _, l := range rest {
			checkReplyLine(t, l)
		}
		if err != nil && round%3 != 2 {
			t.Fatalf("%s: Run returned %v", cmd, err)
		}
	}
}
