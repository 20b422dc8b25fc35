package protocol

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
)

// TestSearchPanic injects a panic into a helper search thread and into the
// distance builder (which a getmove of a database win starts in the
// background): getmove answers an error line, then a legal move, and the
// session serves on, its next search whole. The panic's stack goes to
// stderr.
func TestSearchPanic(t *testing.T) {
	dir := egdbtest.Dir(t, 3)
	for _, tc := range []struct {
		point fault.Point
		setup []string
		fen   string // searched until the error comes (the build runs in the background)
	}{
		{fault.SearchHelper, []string{"set searchthreads 2"}, startFEN},
		{fault.DistanceBuilder, []string{"set egdbpath " + dir}, "B:WK1:BK14,K23"}, // two kings against one: a database win
	} {
		t.Run(tc.point.String(), func(t *testing.T) {
			var stderr syncBuffer
			cfg := testConfig
			cfg.Stderr = &stderr
			c := startClient(t, cfg)
			for _, cmd := range tc.setup {
				c.Send(cmd)
				if l, _ := c.Next(replyWait); strings.HasPrefix(l, "error") {
					t.Fatalf("%s: %s", cmd, l)
				}
			}
			undo := fault.Inject(tc.point, func() { panic("injected") })
			defer undo()
			deadline := time.Now().Add(replyWait)
			for {
				c.Send("getmove " + tc.fen + " depth=3")
				line, skipped := c.Until("move ", replyWait)
				checkMove(t, line, tc.fen, movegen.American)
				var errs []string
				for _, l := range skipped {
					if strings.HasPrefix(l, "error") {
						errs = append(errs, l)
					}
				}
				if len(errs) > 0 {
					if len(errs) != 1 || !strings.HasPrefix(errs[0], "error getmove: ") || !strings.Contains(errs[0], "panic: injected") ||
						!strings.HasSuffix(line, " result=unknown") {
						t.Fatalf("error lines %q, move line %q", errs, line)
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("no error line after getmoves until %v", replyWait)
				}
				time.Sleep(10 * time.Millisecond)
			}
			if !strings.Contains(stderr.String(), "panic: injected") || !strings.Contains(stderr.String(), "fault_test.go") {
				t.Errorf("stderr %q, want the panic's stack", stderr.String())
			}
			undo()
			c.Send("ping after")
			c.Expect("pong after")
			c.Send("getmove " + startFEN + " depth=3")
			line, skipped := c.Until("move ", replyWait)
			checkMove(t, line, startFEN, movegen.American)
			for _, l := range skipped {
				if !strings.HasPrefix(l, "info ") {
					t.Errorf("after the failure: %q", l)
				}
			}
			c.Send("quit")
			if _, err := c.Finish(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestJobPanic: a job whose work panics answers an error line naming it,
// with the stack on stderr, and one that does not answers its line.
func TestJobPanic(t *testing.T) {
	for _, tc := range []struct {
		name string
		work func(context.Context) string
		want string
	}{
		{"perft", func(context.Context) string { panic("boom") }, "error perft: panic: boom"},
		{"getmove", func(context.Context) string { return "move 11-15 result=unknown" }, "move 11-15 result=unknown"},
	} {
		var stdout, stderr syncBuffer
		cfg := testConfig
		cfg.Stderr = &stderr
		s, err := newSession(&stdout, cfg)
		if err != nil {
			t.Fatal(err)
		}
		s.start(tc.name, false, nil, tc.work)
		if err := s.loop.Finish(); err != nil {
			t.Fatal(err)
		}
		s.play.Close()
		got := strings.TrimSuffix(stdout.String(), "\n")
		if got != tc.want || (strings.HasPrefix(tc.want, "error") != strings.Contains(stderr.String(), "fault_test.go")) {
			t.Errorf("%s: %q, stderr %q; want %q", tc.name, got, stderr.String(), tc.want)
		}
	}
}
