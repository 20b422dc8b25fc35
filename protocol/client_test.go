package protocol

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// testConfig is the engine the tests talk to: a small hash (4 MiB) so that many
// sessions fit in memory, one thread so node counts are repeatable.
var testConfig = Config{
	Name: "Crown", Version: "test",
	Session: play.Config{Options: play.Options{HashMiB: 4, Threads: 1}, MaxHashMiB: 64},
}

// replyWait bounds how long a test waits for a reply the engine owes at
// once (generous: the machine is shared and the race detector is slow).
const replyWait = 10 * time.Second

// client drives one Run over pipes, as a GUI or match runner would.
type client struct {
	t      testing.TB
	in     *io.PipeWriter
	lines  chan string // reply lines, in order
	done   chan error  // Run's result
	peeked *string
	cancel context.CancelFunc
}

func startClient(t testing.TB, cfg Config) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	c := &client{t: t, in: inW, lines: make(chan string, 1<<16), done: make(chan error, 1), cancel: cancel}
	go func() {
		err := Run(ctx, inR, outW, cfg)
		outW.Close()
		inR.Close()
		c.done <- err
	}()
	go func() {
		r := bufio.NewReader(outR)
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				if l != "" {
					c.lines <- "UNTERMINATED " + l
				}
				close(c.lines)
				return
			}
			c.lines <- strings.TrimSuffix(l, "\n")
		}
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
	})
	return c
}

// send writes one command line, failing the test if the engine does not
// take it in time.
func (c *client) send(line string) {
	c.t.Helper()
	c.sendRaw(line + "\n")
}

func (c *client) sendRaw(s string) {
	c.t.Helper()
	sent := make(chan error, 1)
	go func() {
		_, err := io.WriteString(c.in, s)
		sent <- err
	}()
	select {
	case err := <-sent:
		if err != nil {
			c.t.Fatalf("send %.60q: %v", s, err)
		}
	case <-time.After(replyWait):
		c.t.Fatalf("send %.60q: engine not reading", s)
	}
}

// next returns the next reply line; ok is false when the output ended.
func (c *client) next(wait time.Duration) (line string, ok bool) {
	c.t.Helper()
	if c.peeked != nil {
		l := *c.peeked
		c.peeked = nil
		return l, true
	}
	select {
	case l, ok := <-c.lines:
		return l, ok
	case <-time.After(wait):
		c.t.Fatalf("no reply within %v", wait)
		return "", false
	}
}

// expect reads the next line and fails unless it is want.
func (c *client) expect(want string) {
	c.t.Helper()
	if got, ok := c.next(replyWait); !ok || got != want {
		c.t.Fatalf("got %q (open %v), want %q", got, ok, want)
	}
}

// until reads lines up to and including the first that starts with prefix
// and returns it with the lines skipped before it.
func (c *client) until(prefix string, wait time.Duration) (line string, skipped []string) {
	c.t.Helper()
	deadline := time.Now().Add(wait)
	for {
		l, ok := c.next(time.Until(deadline))
		if !ok {
			c.t.Fatalf("output ended waiting for %q after %q", prefix, skipped)
		}
		if strings.HasPrefix(l, prefix) {
			return l, skipped
		}
		skipped = append(skipped, l)
	}
}

// finish closes the input and returns the lines written after it and
// Run's result.
func (c *client) finish() (rest []string, err error) {
	c.t.Helper()
	c.in.Close()
	for {
		l, ok := c.next(replyWait)
		if !ok {
			break
		}
		rest = append(rest, l)
	}
	select {
	case err = <-c.done:
	case <-time.After(replyWait):
		c.t.Fatal("Run did not return after end of input")
	}
	return rest, err
}

// checkMove fails unless line is "move <m> result=<claim>" with m a
// legal move of fen (in variant v), and returns the move.
func checkMove(t testing.TB, line, fen string, v movegen.Variant) movegen.Move {
	t.Helper()
	r, err := ParseReply(line)
	if err != nil || r.Kind != "move" {
		t.Fatalf("bad move line %q: %v", line, err)
	}
	p, err := movegen.ParseFEN(fen, v)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove(r.Move.Move)
	if err != nil {
		t.Fatalf("move line %q: %v", line, err)
	}
	if m.PathString() != r.Move.Move {
		t.Fatalf("move line %q: want the full path %s", line, m.PathString())
	}
	return m
}

// replyKeywords are the words a reply line may start with: these, and the
// key of every engine option and search parameter (the answer to its get
// and set).
var replyKeywords = func() map[string]bool {
	kw := map[string]bool{
		"name": true, "about": true, "help": true, "pong": true, "protocolversion": true,
		"gametype": true, "cpus": true, "book": true, "bookfile": true, "egdb": true, "ponder": true,
		"gamehist": true, "movelist": true, "new": true, "info": true, "move": true,
		"staticevaluation": true, "perft": true, "error": true,
	}
	for _, ops := range [][]play.Option{play.Registry, play.Tunables} {
		for _, op := range ops {
			kw[op.Key] = true
		}
	}
	return kw
}()

// checkReplyLine fails unless l looks like a reply: a known keyword first,
// info and move lines as ParseReply reads them, valid UTF-8 of printable
// characters throughout.
func checkReplyLine(t testing.TB, l string) {
	t.Helper()
	kw, _, _ := strings.Cut(l, " ")
	if !replyKeywords[kw] {
		t.Fatalf("reply %.80q starts with no reply keyword", l)
	}
	if _, err := ParseReply(l); err != nil {
		t.Fatalf("reply %.80q: %v", l, err)
	}
	if !utf8.ValidString(l) {
		t.Fatalf("reply %.80q is not valid UTF-8", l)
	}
	for _, r := range l {
		if !unicode.IsPrint(r) {
			t.Fatalf("reply %.80q holds %U", l, r)
		}
	}
}
