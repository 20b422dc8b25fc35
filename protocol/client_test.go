package protocol

import (
	"context"
	"io"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/crown-checkers/crown/internal/transcript"
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
// once.
const replyWait = transcript.ReplyWait

// startClient runs a session of cfg over pipes (transcript.Client).
func startClient(t testing.TB, cfg Config) *transcript.Client {
	t.Helper()
	return transcript.Start(t, func(ctx context.Context, in io.Reader, out io.Writer) error {
		return Run(ctx, in, out, cfg)
	})
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
