package hub

import (
	"context"
	"io"
	"testing"

	"github.com/crown-checkers/crown/internal/transcript"
	"github.com/crown-checkers/crown/play"
)

// testConfig is the engine the tests talk to: a small hash (4 MiB) so that
// many sessions fit in memory, one thread so node counts are repeatable,
// the book off (play.Config's zero level) unless a test sets it.
var testConfig = Config{
	Name: "Crown", Version: "test",
	Session: play.Config{Options: play.Options{HashMiB: 4, Threads: 1}, MaxHashMiB: 64},
}

// replyWait bounds how long a test waits for a reply the engine owes at
// once.
const replyWait = transcript.ReplyWait

// startClient runs a session of cfg over pipes.
func startClient(t testing.TB, cfg Config) *transcript.Client {
	t.Helper()
	return transcript.Start(t, func(ctx context.Context, in io.Reader, out io.Writer) error {
		return Run(ctx, in, out, cfg)
	})
}
