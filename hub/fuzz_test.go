package hub

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/internal/transcript"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// fuzzHang is how long one fuzz input may keep a session busy: every
// input ends with stop, so anything near it is a hang.
const fuzzHang = 10 * time.Second

// replyWords are the words a reply line may start with.
var replyWords = map[string]bool{"id": true, "param": true, "wait": true, "ready": true, "info": true, "done": true, "pong": true, "error": true}

// FuzzLine feeds any input as Hub lines, then stops and a ping: the
// session must answer only well-formed lines (each a reply word and
// arguments the syntax reads back, a done line's move in Hub's form), end
// cleanly and still answer the ping (unless the input said quit).
func FuzzLine(f *testing.F) {
	for _, seed := range []string{
		"hub", "init", "ping", "new-game", "set-param name=variant value=pool", "set-param name=hashsize value=2",
		"set-param name=variant value=frisian", "set-param name=\"book\" value=3\ngo think", "set-param name=egdbpath value=\"\"",
		"pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"11-15 23-19 8-11 22-17\"\nlevel depth=3\ngo think",
		"pos moves=\"10-15 23-18 11-16 18x11x15 8x15x11\"\nlevel nodes=200\ngo analyze", "pos pos=BeeWeeeeeeeeeeebeeeweeeeeeeeeeeBe\ngo",
		"level move-time=0.01\ngo think", "level time=0.1 inc=0.01\ngo ponder\nponder-hit", "level moves=5 time=0.05\ngo think",
		"level infinite\ngo analyze\nping\nstop", "go ponder\nstop", "pos pos=Weeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee\ngo think",
		"pos pos=\"W\nlevel depth=", "level depth=3 depth=4", "=x", "\x00\xff", "quit", "set-param name=multipv value=3\nlevel depth=2\ngo analyze",
		"pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwx", "pos moves=\"11-15 23-19 9-14 19x10\"\ngo", "level depth=2\ngo think\npos\ngo think",
		"set-param name=variant value=russian\npos moves=\"9-13 21-17 13-18\"\nlevel depth=3\ngo think",
		"set-param name=variant value=italian\npos pos=Weeeeeeeeeebeeeeeebeeeweeeeeeeeee\ngo think", "set-param name=variant value=brazilian\ngo",
	} {
		f.Add(seed)
	}
	cfg := testConfig
	cfg.Session.Options = play.Options{HashMiB: 1, Threads: 1}
	cfg.Session.MaxHashMiB = 4
	f.Fuzz(func(t *testing.T, input string) {
		// A stop for each line: each ends at most one search (those that
		// waited for the one before start as it ends).
		lines := transcript.RunLines(t, func(ctx context.Context, in io.Reader, out io.Writer) error {
			return Run(ctx, in, out, cfg)
		}, input+"\n"+strings.Repeat("stop\n", strings.Count(input, "\n")+2)+"ping\n", fuzzHang)
		for _, l := range lines {
			checkReplyLine(t, l)
		}
		if quits(input) {
			return
		}
		if len(lines) == 0 || lines[len(lines)-1] != "pong" {
			t.Fatalf("replies %q, want the last %q", lines, "pong")
		}
	})
}

// checkReplyLine fails unless l is a reply: a reply word and arguments
// that parseCommand reads, every value without '=' (pydraughts splits on
// it), a done line's move a Hub move.
func checkReplyLine(t *testing.T, l string) {
	t.Helper()
	c, err := parseCommand(l)
	if err != nil || !replyWords[c.name] {
		t.Fatalf("reply %q: not a reply line (%v)", l, err)
	}
	for _, a := range c.args {
		if a.flag || c.name != "error" && strings.Contains(a.value, "=") {
			t.Fatalf("reply %q: argument %s is a flag or holds '='", l, a.name)
		}
	}
	if c.name == "done" {
		for i, a := range c.args {
			if i > 1 || a.name != [2]string{"move", "ponder"}[i] {
				t.Fatalf("reply %q: want done move=... [ponder=...]", l)
			}
			if _, _, _, _, err := parseMoveText(a.value, movegen.American); err != nil {
				t.Fatalf("reply %q: %v", l, err)
			}
		}
	}
}

// quits reports whether some line of input is a quit command.
func quits(input string) bool {
	for _, l := range strings.Split(input, "\n") {
		if c, err := parseCommand(l); err == nil && c.name == "quit" {
			return true
		}
	}
	return false
}

// FuzzCommand: parseCommand never panics, and a line it reads, written
// back with pair, reads the same.
func FuzzCommand(f *testing.F) {
	for _, seed := range []string{"hub", `pos pos=W moves="11-15 23-19"`, `set-param name=x value=""`, "go think ponder", `a b="c d" e=f`, `x="`, "=", "a =b", "\t go \t think"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := parseCommand(line)
		if err != nil || c.name == "" {
			return
		}
		words := []string{c.name}
		for _, a := range c.args {
			if a.flag {
				words = append(words, a.name)
			} else {
				words = append(words, pair(a.name, a.value))
			}
		}
		again, err := parseCommand(strings.Join(words, " "))
		if err != nil {
			t.Fatalf("%q read as %+v, written %q: %v", line, c, strings.Join(words, " "), err)
		}
		if again.name != c.name || len(again.args) != len(c.args) {
			t.Fatalf("%q read as %+v, then %+v", line, c, again)
		}
		for i := range c.args {
			if again.args[i] != c.args[i] {
				t.Fatalf("%q read as %+v, then %+v", line, c, again)
			}
		}
	})
}

// FuzzMove: parseMove never panics, and a move it reads is legal and
// writes (formatMove) as text it reads back to the same move, in every
// game; parsePosition reads what formatPosition writes.
func FuzzMove(f *testing.F) {
	for _, seed := range []struct {
		fen, move string
		v         movegen.Variant
	}{
		{"B:W21-32:B1-12", "11-15", movegen.American}, {"W:WK10:B14,15,22,23", "10x10x14x15x22x23", movegen.American},
		{"B:W14,15,22,23:B10", "10x26", movegen.American}, {"B:W15,23,24,28:B10,12", "10x26x23x15", movegen.American},
		{"B:W21-32:B1-12", "0x0x0", movegen.American}, {"W:WK5:B9,10", "5x7", movegen.American},
		{"W:Wc3:Bd4,b6,f6", "10x28x14x23", movegen.Russian}, {"W:WKa1:Bc3,e5", "1x23", movegen.Brazilian},
		{"W:W22:B11,18", "22x13x18", movegen.Italian},
	} {
		f.Add(seed.fen, seed.move, uint8(seed.v))
	}
	f.Fuzz(func(t *testing.T, fen, text string, variant uint8) {
		p, err := movegen.ParseFEN(fen, movegen.Variant(variant%uint8(movegen.NumVariants)))
		if err != nil {
			return
		}
		if back, err := parsePosition(formatPosition(&p), p.Variant); err != nil || back != p {
			t.Fatalf("%s: written %s, read back %s, %v", fen, formatPosition(&p), back.FEN(), err)
		}
		m, err := parseMove(&p, text)
		if err != nil {
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("parseMove(%s, %q) = %s, not legal", fen, text, m)
		}
		again, err := parseMove(&p, formatMove(m, p.Variant))
		if err != nil || !again.Same(m) {
			t.Fatalf("parseMove(%s, %q) = %s, written %s, read back %s, %v", fen, text, m, formatMove(m, p.Variant), again, err)
		}
	})
}
