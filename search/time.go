package search

import "time"

// Time management constants.
const (
	// softFraction of the move time: no new iteration starts after it,
	// since the next one usually takes longer than all before it.
	softNum, softDen = 1, 2
	// hardFactor times the move time: a running iteration is cut off here,
	// so a target move time is kept on average.
	hardNum, hardDen = 3, 2
	// movesToGo is how many more moves a clock without increments is
	// assumed to have to last.
	movesToGo = 30
	// clockReserve is kept back from the remaining time for the protocol
	// round trip.
	clockReserve = 50 * time.Millisecond
	// winMargin: once a proven result n plies away has been searched more
	// than n+winMargin plies deep, deeper iterations only confirm it.
	winMargin = 2
)

// timeManager owns a search's time policy: from the Limits it sets the
// hard limit, where the search stops, and after each finished iteration
// it decides whether another one is worth starting.
type timeManager struct {
	start time.Time
	soft  time.Duration // no iteration starts after it (0: none)
	hard  time.Duration // the search stops here (0: none)
	// single: the root has one legal move and a clock runs, so the first
	// iteration's answer is enough.
	single bool
	// winStop: stop once a proven result is searched past (not with a
	// depth limit, which asks for that depth).
	winStop bool
}

// newTimeManager plans a search of a root with rootMoves legal moves that
// started at start.
func newTimeManager(l Limits, start time.Time, rootMoves int) timeManager {
	tm := timeManager{start: start, winStop: l.Depth == 0}
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
		target := l.Remaining/movesToGo + l.Increment*3/4
		tm.soft = target * softNum / softDen
		tm.hard = target * hardNum / hardDen
	}
	if l.Remaining > 0 {
		limit := max(l.Remaining-clockReserve, l.Remaining/2)
		if tm.hard == 0 || tm.hard > limit {
			tm.hard = limit
		}
		tm.soft = min(tm.soft, tm.hard)
	}
	tm.single = rootMoves == 1 && tm.hard > 0 && !l.Exact && l.Depth == 0 && l.Nodes == 0
	return tm
}

// startNext reports whether to start another iteration now that the
// deepest finished one is depth plies deep and scores score.
func (tm *timeManager) startNext(depth, score int) bool {
	switch {
	case tm.single:
		return false
	case tm.winStop && isProven(score) && depth > WinScore-abs(score)+winMargin:
		return false
	}
	return tm.soft == 0 || tm.elapsed() <= tm.soft
}

// elapsed is the time since the search started.
func (tm *timeManager) elapsed() time.Duration { return time.Since(tm.start) }

// isProven reports whether score is a proven win or loss.
func isProven(score int) bool { return abs(score) >= WinThreshold }

// limited reports whether some limit ends the search by itself.
func limited(l Limits) bool {
	return !l.Infinite && (l.Depth > 0 || l.Nodes > 0 || l.MoveTime > 0 || l.Remaining > 0)
}

// depthCap is the deepest iteration the limits allow.
func depthCap(l Limits) int {
	if l.Depth > 0 && l.Depth < maxDepth {
		return l.Depth
	}
	return maxDepth
}
