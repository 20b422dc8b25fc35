package search

import (
	"testing"
	"time"
)

// TestTimeManagerPlan: the limits the time manager derives, and that with
// a clock the hard limit always leaves time on it.
func TestTimeManagerPlan(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		name       string
		l          Limits
		rootMoves  int
		soft, hard time.Duration
		single     bool
	}{
		{"move time", Limits{MoveTime: 1000 * ms}, 7, 750 * ms, 1000 * ms, false},
		{"move time, one move", Limits{MoveTime: 1000 * ms}, 1, 750 * ms, 1000 * ms, false},
		{"clock, one move", Limits{Remaining: 3000 * ms}, 1, 75 * ms, 100 * ms, true},
		{"exact", Limits{MoveTime: 1000 * ms, Exact: true}, 1, 0, 1000 * ms, false},
		{"clock", Limits{Remaining: 3000 * ms}, 7, 75 * ms, 100 * ms, false},
		{"clock and increment", Limits{Remaining: 3000 * ms, Increment: 400 * ms}, 7, 300 * ms, 400 * ms, false},
		{"increment beyond the clock", Limits{Remaining: 200 * ms, Increment: 1000 * ms}, 7, 150 * ms, 150 * ms, false},
		{"clock shorter than the reserve", Limits{Remaining: 60 * ms}, 7, 1500 * time.Microsecond, 2 * ms, false},
		{"move time beyond the clock", Limits{MoveTime: 5000 * ms, Remaining: 400 * ms}, 7, 350 * ms, 350 * ms, false},
		{"exact beyond the clock", Limits{MoveTime: 3000 * ms, Exact: true, Remaining: 300 * ms}, 7, 0, 250 * ms, false},
		{"tiny clock", Limits{Remaining: 40 * ms, Increment: 40 * ms}, 7, 20 * ms, 20 * ms, false},
		{"depth", Limits{Depth: 10}, 1, 0, 0, false},
		{"move time and depth", Limits{MoveTime: 1000 * ms, Depth: 10}, 1, 750 * ms, 1000 * ms, false},
		{"infinite", Limits{Infinite: true}, 1, 0, 0, false},
	}
	for _, tt := range tests {
		tm := newTimeManager(tt.l, time.Now(), tt.rootMoves, nil)
		if tm.soft != tt.soft || tm.hard != tt.hard || tm.single != tt.single {
			t.Errorf("%s: soft %v hard %v single %v, want %v %v %v", tt.name, tm.soft, tm.hard, tm.single, tt.soft, tt.hard, tt.single)
		}
		if r := tt.l.Remaining; r > 0 && (tm.hard <= 0 || tm.hard >= r || tm.hard > r-clockReserve && tm.hard > r/2) {
			t.Errorf("%s: hard limit %v on a clock of %v", tt.name, tm.hard, r)
		}
	}
}

// TestStartNext: the decisions after an iteration.
func TestStartNext(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		name      string
		tm        timeManager
		elapsed   time.Duration // since the start
		lastEnd   time.Duration // when the iteration before ended
		depth     int
		score     int
		wantStart bool
	}{
		{"before soft", timeManager{soft: 750 * ms, hard: 1000 * ms}, 700 * ms, 100 * ms, 10, 0, true},
		{"after soft, fits", timeManager{soft: 750 * ms, hard: 1000 * ms}, 800 * ms, 700 * ms, 10, 0, true},
		{"after soft, too long", timeManager{soft: 750 * ms, hard: 1000 * ms}, 800 * ms, 500 * ms, 10, 0, false},
		{"one move", timeManager{soft: 750 * ms, hard: 1000 * ms, single: true}, 1 * ms, 0, 1, 0, false},
		{"win searched past", timeManager{winStop: true}, 1 * ms, 0, 8, WinScore - 5, false},
		{"loss searched past", timeManager{winStop: true}, 1 * ms, 0, 8, -WinScore + 5, false},
		{"win not yet searched past", timeManager{winStop: true}, 1 * ms, 0, 7, WinScore - 5, true},
		{"win with a depth limit", timeManager{}, 1 * ms, 0, 8, WinScore - 5, true},
		{"no time limit", timeManager{}, time.Hour, 0, 30, 0, true},
	}
	for _, tt := range tests {
		tm := tt.tm
		tm.start = time.Now().Add(-tt.elapsed)
		tm.lastEnd = tt.lastEnd
		if got := tm.startNext(tt.depth, tt.score); got != tt.wantStart {
			t.Errorf("%s: startNext %v, want %v", tt.name, got, tt.wantStart)
		}
	}
}

// TestPonderClock: a ponder search's limits count from ponderhit: before
// it no time is over and every iteration may start, however long the
// search has run; after it the clock starts at the moment it was noticed.
func TestPonderClock(t *testing.T) {
	const ms = time.Millisecond
	hit := make(chan struct{})
	tm := newTimeManager(Limits{MoveTime: 100 * ms}, time.Now().Add(-time.Second), 7, hit)
	if tm.overHard() || !tm.startNext(10, 0) {
		t.Fatal("pondering for a second: over the hard limit, or no next iteration")
	}
	if tm.startNext(10, WinScore-5) {
		t.Error("pondering: a next iteration for a proven result searched past")
	}
	close(hit)
	if tm.overHard() || !tm.startNext(10, 0) {
		t.Error("just after ponderhit: over the hard limit, or no next iteration")
	}
	clock, started := tm.clock(tm.elapsed())
	if !started || clock > 50*ms {
		t.Errorf("after ponderhit: clock %v, started %v", clock, started)
	}
	tm.ponder.at.Store(int64(tm.elapsed()-200*ms) + 1) // ponderhit 200 ms ago
	if !tm.overHard() || tm.startNext(11, 0) {
		t.Error("200 ms after ponderhit: not over the hard limit of 100 ms")
	}
}
