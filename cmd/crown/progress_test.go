package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestProgress: at a terminal the line is rewritten in place and ended;
// elsewhere (a log file) plain lines, at most one every
// plainProgressEvery, the last one written at the end.
func TestProgress(t *testing.T) {
	for _, tc := range []struct {
		name     string
		terminal bool
		steps    []time.Duration // when each line is shown, from the start
		clear    bool            // Clear after the lines
		want     string
	}{
		{"terminal", true, []time.Duration{0, time.Second}, false, "\rline 0   \rline 1   \n"},
		{"terminal cleared", true, []time.Duration{0}, true, "\rline 0   \r" + strings.Repeat(" ", progressWidth) + "\r"},
		{"log", false, []time.Duration{0, time.Second, plainProgressEvery, plainProgressEvery + time.Second}, false,
			"line 0\nline 2\nline 3\n"},
		{"log, last written", false, []time.Duration{0, plainProgressEvery}, false, "line 0\nline 1\n"},
		{"log cleared", false, []time.Duration{0}, true, "line 0\n"},
		{"nothing shown", false, nil, false, ""},
	} {
		var out bytes.Buffer
		start := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
		var now time.Time
		p := &progress{w: &out, terminal: tc.terminal, now: func() time.Time { return now }}
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
