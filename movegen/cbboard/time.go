package cbboard

import (
	"strconv"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// getmove's info bits and moreinfo (cbapi.h).
const (
	InfoResetMoves = 1 // CB_RESET_MOVES: a new game
	InfoExactTime  = 2 // CB_EXACT_TIME: use maxtime exactly
	// InfoIncrShift and InfoIncrMask select bits 2-3: the incremental
	// clock's unit (IncrUnits), 0 when no incremental clock is in use.
	InfoIncrShift = 2
	InfoIncrMask  = 3
	// MoreinfoShift and MoreinfoMask: moreinfo holds the remaining time
	// in its high 16 bits and the increment in its low 16 bits.
	MoreinfoShift = 16
	MoreinfoMask  = 1<<MoreinfoShift - 1
)

// InfiniteSeconds is the maxtime CheckerBoard sends at its "infinite"
// level. The library reads it as the move time it is, 100 days, which
// play.MaxLimitSeconds admits: the search runs until playnow, or until it
// has proven the result or reached its deepest iteration, and answers
// then (the protocol's infinite would instead hold such an answer until
// playnow).
const InfiniteSeconds = 8_600_000

// IncrUnits are the units of the incremental clock, by the value of info
// bits 2-3.
var IncrUnits = [...]time.Duration{1: time.Millisecond, 2: 10 * time.Millisecond, 3: 100 * time.Millisecond}

// LimitWords writes getmove's time arguments as the words of the line
// protocol's getmove (maxtime=, exact, remaining=, increment=), so that
// the engine's one reader of limits (play.ParseLimits) checks and reads
// them.
func LimitWords(maxtime float64, info, moreinfo int) []string {
	secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	if mode := info >> InfoIncrShift & InfoIncrMask; mode != 0 {
		unit := IncrUnits[mode]
		remaining := time.Duration(moreinfo>>MoreinfoShift&MoreinfoMask) * unit
		increment := time.Duration(moreinfo&MoreinfoMask) * unit
		// An empty clock still gets the least it can show: a move is due.
		remaining = max(remaining, unit)
		return []string{"remaining=" + secs(remaining), "increment=" + secs(increment)}
	}
	w := []string{"maxtime=" + strconv.FormatFloat(maxtime, 'g', -1, 64)}
	if info&InfoExactTime != 0 {
		w = append(w, "exact")
	}
	return w
}

// ResultCode is getmove's return value for an engine's claim: a claim
// without a code of its own is Unknown, never 0 (Draw, on which
// CheckerBoard ends an engine match's game).
func ResultCode(c movegen.Result) int {
	switch c {
	case movegen.Win:
		return Win
	case movegen.Loss:
		return Loss
	case movegen.Draw:
		return Draw
	}
	return Unknown
}
