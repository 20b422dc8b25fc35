package protocol

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/internal/transcript"
	"github.com/crown-checkers/crown/play"
)

// fuzzHang is how long one fuzz input may keep a session busy: every
// input ends with stop, so anything near it is a hang.
const fuzzHang = 10 * time.Second

// FuzzLine feeds any input as protocol lines, then stop and a ping: the
// session must answer only well-formed lines, end cleanly and still answer
// the ping (unless the input said quit).
func FuzzLine(f *testing.F) {
	for _, seed := range []string{
		"name", "ping x", "help", "get protocolversion", "set gametype 23", "set hashsize 2",
		"get movelist " + startFEN, "get movelist W:WK29:B22,10,9,26", "staticevaluation " + startFEN,
		"set gamehist " + startFEN + " 11-15 23-19", "getmove " + startFEN + " depth=2",
		"getmove " + startFEN + " nodes=100 maxtime=0.01", "getmove B:W5:B", "perft 3", "perft 2 W:WK10:B14,15,22,23",
		"getmove B:W21-33:B1-12", "set book 9", "quit", "\x00\xff", "stop", "ping\r\nname",
		"set multipv 3\ngetmove " + startFEN + " depth=3", "get multipv", "set multipv 0", "set multipv 9999",
		"set multipv 300\ngetmove W:W14,15:B10 nodes=50", "set multipv 2 3",
		"set ponder 1\ngetmove " + startFEN + " depth=3", "getmove " + startFEN + " depth=2 ponder\nponderhit",
		"getmove " + startFEN + " ponder", "getmove " + startFEN + " infinite PONDER\nponderhit\nponderhit", "ponderhit",
		"ponderhit x", "getmove " + startFEN + " ponder ponder", "set ponder 2", "get ponder",
		"set book 1\ngetmove " + startFEN + " ponder\nponderhit",
	} {
		f.Add(seed)
	}
	cfg := testConfig
	cfg.Session.Options = play.Options{HashMiB: 1, Threads: 1}
	cfg.Session.MaxHashMiB = 4
	f.Fuzz(func(t *testing.T, input string) {
		lines := transcript.RunLines(t, func(ctx context.Context, in io.Reader, out io.Writer) error {
			return Run(ctx, in, out, cfg)
		}, input+"\nstop\nping fuzz-end\n", fuzzHang)
		for _, l := range lines {
			checkReplyLine(t, l)
		}
		if quits(input) {
			return
		}
		if len(lines) == 0 || lines[len(lines)-1] != "pong fuzz-end" {
			t.Fatalf("replies %q, want the last %q", lines, "pong fuzz-end")
		}
	})
}

// quits reports whether some line of input is a quit command.
func quits(input string) bool {
	for _, l := range strings.Split(input, "\n") {
		if f := strings.Fields(l); len(f) > 0 && strings.EqualFold(f[0], "quit") {
			return true
		}
	}
	return false
}
