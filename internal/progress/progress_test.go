package progress

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// TestLine: at a terminal the line is rewritten in place and ended;
// elsewhere (a log file) plain lines, at most one every
// PlainEvery, the last one written at the end.
func TestLine(t *testing.T) {
	for _, tc := range []struct {
		name     string
		terminal bool
		steps    []time.Duration // when each line is shown, from the start
		clear    bool            // Clear after the lines
		want     string
	}{
		{"terminal", true, []time.Duration{0, time.Second}, false, "\rline 0   \rline 1   \n"},
		{"terminal cleared", true, []time.Duration{0}, true, "\rline 0   \r" + strings.Repeat(" ", Width) + "\r"},
		{"log", false, []time.Duration{0, time.Second, PlainEvery, PlainEvery + time.Second}, false,
			"line 0\nline 2\nline 3\n"},
		{"log, last written", false, []time.Duration{0, PlainEvery}, false, "line 0\nline 1\n"},
		{"log cleared", false, []time.Duration{0}, true, "line 0\n"},
		{"nothing shown", false, nil, false, ""},
	} {
		var out bytes.Buffer
		start := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
		var now time.Time
		p := &Line{w: &out, terminal: tc.terminal, now: func() time.Time { return now }}
		for i, at := range tc.steps {
			now = start.Add(at)
			p.Show("line " + string(rune('0'+i)))
		}
		if tc.clear {
			p.Clear()
		} else {
			p.End()
		}
		if out.String() != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, out.String(), tc.want)
		}
	}
}

// TestIsTerminal: a terminal is a character device, never a pipe or a
// file (the engine greets only a person at one, and progress lines are
// rewritten only there).
func TestIsTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	file, err := os.Open("progress_test.go")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	dev, err := os.Open(os.DevNull) // a character device, as a terminal is
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	for _, tc := range []struct {
		name string
		in   io.Reader
		want bool
	}{{"a reader", strings.NewReader("x"), false}, {"a pipe", r, false}, {"a file", file, false}, {"a character device", dev, true}} {
		if got := IsTerminal(tc.in); got != tc.want {
			t.Errorf("%s: %v", tc.name, got)
		}
	}
}

// TestPrintln: a line to stay replaces the progress at a terminal, and
// elsewhere makes a pending line stale.
func TestPrintln(t *testing.T) {
	for _, tc := range []struct {
		name     string
		terminal bool
		want     string
	}{
		{"terminal", true, "\ra   \rb   \r" + strings.Repeat(" ", Width) + "\rdone\n"},
		{"log", false, "a\ndone\n"},
	} {
		var out bytes.Buffer
		now := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
		p := &Line{w: &out, terminal: tc.terminal, now: func() time.Time { return now }}
		p.Show("a")
		now = now.Add(time.Second)
		p.Show("b") // pending in a log
		p.Println("done")
		p.End()
		if out.String() != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, out.String(), tc.want)
		}
	}
}

// TestNil: a nil Line shows nothing.
func TestNil(t *testing.T) {
	var p *Line
	p.Show("x")
	p.Println("x")
	p.Clear()
	p.End()
}
