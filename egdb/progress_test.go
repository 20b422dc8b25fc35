package egdb

import (
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// TestBuildProgressResumed: a resumed build's rate and time left count
// only what it builds, not the slices it read back.
func TestBuildProgressResumed(t *testing.T) {
	m := Material{BM: 1, WM: 1}
	size := Size(m)
	resumed := Progress{Slices: []Material{m}, Done: 90 * size, Total: 100 * size, Elapsed: 2 * time.Second, Finished: true, Loaded: true}
	// Halfway through the scan of the next slice, 10 s after the resume.
	p := Progress{Slices: []Material{m}, Phase: phaseScan, Scanned: 50, Of: 100,
		Done: 90 * size, Total: 100 * size, Elapsed: 12 * time.Second}
	for _, c := range []struct {
		name     string
		before   []Progress
		wantLeft string
	}{
		// 0.3 of a slice in 10 s: 9.7 slices left take 323 s.
		{"resumed", []Progress{resumed}, "left ~5m23s"},
		// From nothing: 90.3 slices in 12 s, 9.7 left take 1 s.
		{"fresh", nil, "left ~1s"},
	} {
		l := ProgressLog{Variant: movegen.American}
		for _, b := range c.before {
			l.Line(b)
		}
		if got := l.Line(p); !strings.Contains(got, c.wantLeft) || !strings.HasPrefix(got, "egdb american 1m0k-1m0k") {
			t.Errorf("%s: %q, want %q", c.name, got, c.wantLeft)
		}
	}
}

// TestProgressLogCounts: finished slices are counted as built or present,
// each with a line of its own.
func TestProgressLogCounts(t *testing.T) {
	a, b := Material{BM: 1, WM: 1}, Material{BK: 1, WM: 1}
	l := ProgressLog{Variant: movegen.Pool}
	lines := l.Line(Progress{Slices: []Material{a}, Done: Size(a), Total: Size(a) + Size(b), Finished: true, Loaded: true}) + "\n" +
		l.Line(Progress{Slices: []Material{b}, Done: Size(a) + Size(b), Total: Size(a) + Size(b), Finished: true})
	if l.Built != 1 || l.Present != 1 || l.BuiltPositions != Size(b) || strings.ContainsAny(lines, "\r") ||
		!strings.Contains(lines, " present; ") || !strings.Contains(lines, " built; ") {
		t.Errorf("%+v, lines %q", l, lines)
	}
}

// TestDistancesLog: a pair starting is "building" with no time left known
// before anything is written; pairs finished are counted as written or
// present, and the time left is at the rate of those written.
func TestDistancesLog(t *testing.T) {
	a, b := Material{BM: 1, WM: 1}, Material{BK: 1, WM: 1}
	total := Size(a) + Size(b)
	l := DistancesLog{Variant: movegen.American}
	for _, c := range []struct {
		p    DistancesProgress
		want []string
	}{
		{DistancesProgress{Pair: []Material{a}, Total: total}, []string{"egdb distances american 1m0k-1m0k", "building", "left ~?"}},
		{DistancesProgress{Pair: []Material{a}, Finished: true, Present: true, Done: Size(a), Total: total}, []string{"present;", "left ~?"}},
		// b written in 10 s: nothing left.
		{DistancesProgress{Pair: []Material{b}, Finished: true, Done: total, Total: total, Elapsed: 10 * time.Second}, []string{"written;", "(100%)", "elapsed 10s", "left ~0s"}},
	} {
		got := l.Line(c.p)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%q: no %q", got, w)
			}
		}
	}
	if l.Built != 1 || l.Present != 1 || l.BuiltPositions != Size(b) {
		t.Errorf("counts %+v", l)
	}
}
