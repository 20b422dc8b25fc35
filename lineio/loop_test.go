package lineio

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/internal/transcript"
)

// jobTime is how long a test job with a limit runs.
const jobTime = 30 * time.Millisecond

// testHandle is a front end of a few commands: "go NAME" runs a job
// that answers "done NAME" after jobTime, "go NAME endless" one that runs
// until stopped, "panic" one that panics; "echo WORD" writes WORD and,
// like quit, waits for a running job (and for the lines before it);
// ping, stop and stopall (StopAll) act at once.
func testHandle(lp *Loop) func(Line) Outcome {
	return func(l Line) Outcome {
		f := strings.Fields(l.Text)
		if len(f) == 0 {
			return Continue
		}
		switch f[0] {
		case "ping":
			lp.Out.Line("pong")
			return Continue
		case "stop":
			return StopJob
		case "stopall":
			return StopAll
		}
		if _, running := lp.Running(); running || lp.Ahead() {
			return Defer
		}
		switch f[0] {
		case "quit":
			return Quit
		case "echo":
			lp.Out.Line(f[1])
		case "go":
			endless := len(f) > 2
			lp.Start("go", endless, nil, func(ctx context.Context) string {
				if endless {
					<-ctx.Done()
				} else {
					select {
					case <-ctx.Done():
					case <-time.After(jobTime):
					}
				}
				return "done " + f[1]
			}, func(err error) string { return "failed " + err.Error() })
		case "panic":
			lp.Start("panic", false, nil, func(context.Context) string { panic("boom") },
				func(err error) string { return "failed " + err.Error() })
		}
		return Continue
	}
}

// TestLoop runs inputs through Serve: lines deferred behind a job keep
// their order, ping and stop act at once, the end of input lets a job
// with a limit finish and stops an endless one, quit waits its turn, and
// a job's panic is answered.
func TestLoop(t *testing.T) {
	for _, tt := range []struct {
		name, in, out string
	}{
		{"in order", "go a\necho 1\necho 2\ngo b\necho 3\n", "done a\n1\n2\ndone b\n3\n"},
		{"ping at once", "go a\necho 1\nping\n", "pong\ndone a\n1\n"},
		{"stop at once", "go a endless\necho 1\nstop\necho 2\n", "done a\n1\n2\n"},
		{"stop reaches the job the waiting lines wait for", "go a\necho 1\ngo b endless\nstop\nstop\n", "done a\n1\ndone b\n"},
		{"stop all: the jobs waiting are stopped as they start", "go a endless\ngo b endless\necho 1\nstopall\necho 2\n", "done a\ndone b\n1\n2\n"},
		{"stop all with nothing waiting", "go a endless\nstopall\necho 1\n", "done a\n1\n"},
		{"end of input: a job with a limit finishes", "go a\n", "done a\n"},
		{"end of input: an endless job is stopped", "go a endless\n", "done a\n"},
		{"end of input: the waiting lines run", "go a\necho 1\ngo b endless\necho 2\n", "done a\n1\ndone b\n2\n"},
		{"quit waits its turn", "go a\nquit\necho 1\n", "done a\n"},
		{"a panic", "panic\necho 1\n", "failed panic: panic: boom\n1\n"},
		{"blank lines", "\n\necho 1\n", "1\n"},
	} {
		var out transcript.Buffer
		lp := NewLoop(&out, nil)
		done := make(chan error, 1)
		go func() { done <- lp.Serve(context.Background(), strings.NewReader(tt.in), 64, testHandle(lp)) }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s: Serve: %v", tt.name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: Serve did not return", tt.name)
		}
		if got := out.String(); got != tt.out {
			t.Errorf("%s: output %q, want %q", tt.name, got, tt.out)
		}
	}
}

// TestRead: lines without their line ends, a line over the bound read to
// its end and sent as too long.
func TestRead(t *testing.T) {
	lines := make(chan Line, 10)
	err := Read(strings.NewReader("a\r\nbb\n"+strings.Repeat("x", 9)+"\nc"), 4, lines, nil)
	close(lines)
	var got []Line
	for l := range lines {
		got = append(got, l)
	}
	want := []Line{{Text: "a"}, {Text: "bb"}, {TooLong: true}, {Text: "c"}}
	if err == nil || len(got) != len(want) {
		t.Fatalf("Read: %v, lines %+v", err, got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}
