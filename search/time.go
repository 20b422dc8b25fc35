package search

import (
	"context"
	"sync/atomic"
	"time"
)

// Time management constants.
const (
	// hardNum/hardDen of the move time is where a search stops. maxtime is
	// CheckerBoard's average time per move and its user expects about that
	// long on every move, never much more: so the hard limit is the move
	// time itself, and the answer follows within a poll of the nodes.
	hardNum, hardDen = 1, 1
	// softNum/softDen of the move time: before it another iteration always
	// starts, even one that the hard limit will cut (its first root moves,
	// the best ones, still get searched deeper). The fraction sets the mean
	// time per move: see crown timing for the measurements.
	softNum, softDen = 3, 4
	// growthNum/growthDen: an iteration is predicted to take this many
	// times as long as the one before. After the soft limit, another starts
	// only if it is predicted to finish before the hard limit.
	growthNum, growthDen = 3, 2
	// movesToGo is how many more moves a clock without increments is
	// assumed to have to last; the move's share of the clock is then used
	// like a move time.
	movesToGo = 30
	// incrementNum/incrementDen of the increment is added to that share:
	// not all of it, so the clock grows a little when the game runs long.
	incrementNum, incrementDen = 3, 4
	// clockReserve is kept back from the remaining time for the protocol
	// round trip; a clock too short for that keeps back 1/shortClockDen of
	// itself instead, so the search still gets some time.
	clockReserve  = 50 * time.Millisecond
	shortClockDen = 2
	// winMargin: once a proven result n plies away has been searched more
	// than n+winMargin plies deep, deeper iterations only confirm it.
	winMargin = 2
)

// timeManager owns a search's time policy: from the Limits it sets the
// hard limit, where the search stops, and after each finished iteration
// it decides whether another one is worth starting.
type timeManager struct {
	start time.Time
	soft  time.Duration // another iteration always starts before it (0: no time limit)
	hard  time.Duration // the search stops here (0: none)
	// single: the root has one legal move and a clock runs, so the first
	// iteration's answer is enough and the time stays on the clock. Under
	// a move time, which is an average with nothing to save it for, a
	// single move is thought about like any other: the search of the
	// position after it fills the table for the next move.
	single bool
	// winStop: stop once a proven result is searched past (not with a
	// depth limit, which asks for that depth, nor with an exact time).
	winStop bool
	// A search that ends by itself early holds its answer: until stopped
	// without limits (analysis), until the hard limit with an exact time
	// and no depth or node limit (the first limit reached ends a search).
	untilStopped, exact bool
	lastEnd             time.Duration // when the last iteration ended, since start
	// ponder, if not nil, is a ponder search's clock: the limits above
	// count from ponderhit, and until then none applies.
	ponder *ponderClock
}

// ponderClock is when a ponder search's clock started: at the closing of
// hit (ponderhit), which the search notices as it polls, between
// iterations and while it holds its answer.
type ponderClock struct {
	hit <-chan struct{}
	// at is 0 while the search ponders, then the clock's start since the
	// search's, in nanoseconds, plus one.
	at atomic.Int64
}

// started reports whether the clock has started, now being the time since
// the search's start, and when it did.
func (pc *ponderClock) started(now time.Duration) (time.Duration, bool) {
	if at := pc.at.Load(); at > 0 {
		return time.Duration(at - 1), true
	}
	select {
	case <-pc.hit:
		pc.at.CompareAndSwap(0, int64(now)+1) // the first to notice sets it
		return time.Duration(pc.at.Load() - 1), true
	default:
		return 0, false
	}
}

// newTimeManager plans a search of a root with rootMoves legal moves that
// started at start. A move time (MoveTime) is an average, kept by soft and
// hard limits; with Exact the search stops at it and not before. A clock
// (Remaining, Increment) is shared out as a move time; the search never
// uses more than Remaining less clockReserve (or less 1/shortClockDen of
// it, when Remaining is that short). With ponderHit (a ponder search,
// Request.PonderHit) these times count from its closing.
func newTimeManager(l Limits, start time.Time, rootMoves int, ponderHit <-chan struct{}) timeManager {
	tm := timeManager{start: start, winStop: l.Depth == 0 && !l.Exact, untilStopped: l.Unlimited(),
		exact: l.Exact && l.Depth == 0 && l.Nodes == 0}
	if ponderHit != nil {
		tm.ponder = &ponderClock{hit: ponderHit}
	}
	if l.Infinite {
		return tm
	}
	switch {
	case l.MoveTime > 0 && l.Exact:
		tm.hard = l.MoveTime
	case l.MoveTime > 0:
		tm.soft = l.MoveTime * softNum / softDen
		tm.hard = l.MoveTime * hardNum / hardDen
	case l.Remaining > 0:
		target := l.Remaining/movesToGo + l.Increment*incrementNum/incrementDen
		tm.soft = target * softNum / softDen
		tm.hard = target * hardNum / hardDen
	}
	if l.Remaining > 0 {
		limit := max(l.Remaining-clockReserve, l.Remaining/shortClockDen)
		if tm.hard == 0 || tm.hard > limit {
			tm.hard = limit
		}
		tm.soft = min(tm.soft, tm.hard)
	}
	tm.single = rootMoves == 1 && l.Remaining > 0 && !l.Exact && l.Depth == 0 && l.Nodes == 0
	return tm
}

// startNext reports whether to start another iteration now that the
// deepest finished one is depth plies deep and scores score. An exact
// time has no soft limit: its search runs to the hard limit. A ponder
// search goes on until ponderhit, unless its result is proven.
func (tm *timeManager) startNext(depth, score int) bool {
	now := tm.elapsed()
	last := now - tm.lastEnd
	tm.lastEnd = now
	clock, started := tm.clock(now)
	switch {
	case tm.winStop && isProven(score) && depth > WinScore-abs(score)+winMargin:
		return false
	case !started:
		return true
	case tm.single:
		return false
	case tm.soft == 0 || clock < tm.soft:
		return true
	}
	return clock+last*growthNum/growthDen < tm.hard
}

// hold returns once the answer of a finished search may go: at once,
// unless the search ended by itself (a proven result, the depth cap)
// before ctx was cancelled (analysis), before an exact time was up, or,
// pondering, before ponderhit.
func (tm *timeManager) hold(ctx context.Context) {
	if pc := tm.ponder; pc != nil {
		if _, started := pc.started(tm.elapsed()); !started {
			select {
			case <-ctx.Done():
				return
			case <-pc.hit:
				pc.started(tm.elapsed())
			}
		}
	}
	switch {
	case tm.untilStopped:
		<-ctx.Done()
	case tm.exact && tm.hard > 0:
		clock, _ := tm.clock(tm.elapsed())
		t := time.NewTimer(tm.hard - clock)
		defer t.Stop()
		select {
		case <-ctx.Done():
		case <-t.C:
		}
	}
}

// overHard reports whether the hard limit has passed.
func (tm *timeManager) overHard() bool {
	if tm.hard == 0 {
		return false
	}
	clock, started := tm.clock(tm.elapsed())
	return started && clock >= tm.hard
}

// clock returns the time the limits count, now being the time since the
// search started: that time, or in a ponder search the time since
// ponderhit; started is false while the ponder search waits for it.
func (tm *timeManager) clock(now time.Duration) (clock time.Duration, started bool) {
	if tm.ponder == nil {
		return now, true
	}
	at, started := tm.ponder.started(now)
	return now - at, started
}

// elapsed is the time since the search started.
func (tm *timeManager) elapsed() time.Duration { return time.Since(tm.start) }

// isProven reports whether score is a proven win or loss.
func isProven(score int) bool { return abs(score) >= WinThreshold }

// depthCap is the deepest iteration the limits allow.
func depthCap(l Limits) int {
	if l.Depth > 0 && l.Depth < maxDepth {
		return l.Depth
	}
	return maxDepth
}
