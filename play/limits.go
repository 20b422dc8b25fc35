package play

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/crown-checkers/crown/search"
)

// MaxLimitSeconds bounds maxtime, remaining and increment: over three
// months, more than any game gives a move, and far below where a
// time.Duration overflows.
const MaxLimitSeconds = 1e7

// MinLimit is the shortest time limit: a positive time below it (down to
// 1e-300 s) is taken as this. The search looks at the clock every few
// hundred nodes, so no finer time means anything, and a time that rounded
// to zero would mean no limit at all: maxtime=1e-10 searched until stop.
const MinLimit = time.Millisecond

// Seconds returns s seconds as a limit: MinLimit for a positive s below
// it, so that no front end turns a short positive time into none.
func Seconds(s float64) time.Duration {
	if s > 0 && s < MinLimit.Seconds() {
		return MinLimit
	}
	return time.Duration(s * float64(time.Second))
}

// limitKeys are the words ParseLimits reads, as an error lists them.
const limitKeys = "maxtime=, exact, remaining=, increment=, depth=, nodes= or infinite"

// ParseLimits reads limits written as words, the way the protocol's
// getmove, a match's self:key=value and the command line give them:
// maxtime=S (or movetime=S: the average seconds per move), exact (use
// exactly maxtime), remaining=S and increment=S (an incremental clock),
// depth=N (plies), nodes=N, and infinite (run until stopped). No limit at
// all also runs until stopped. Keys are case-insensitive; each may appear
// once; errors quote the word at fault, under the name it was given
// (movetime or maxtime).
func ParseLimits(words []string) (search.Limits, error) {
	var lim search.Limits
	seen := map[string]bool{}
	for _, w := range words {
		name, val, hasVal := strings.Cut(w, "=")
		name = strings.ToLower(name)
		key := name
		if key == "movetime" {
			key = "maxtime"
		}
		if !IsLimitKey(key) {
			return lim, fmt.Errorf("unknown option %s (want %s)", Echo(w), limitKeys)
		}
		if seen[key] {
			return lim, fmt.Errorf("%s given twice", name)
		}
		seen[key] = true
		if key == "exact" || key == "infinite" {
			if hasVal {
				return lim, fmt.Errorf("%s takes no value", key)
			}
			lim.Exact = lim.Exact || key == "exact"
			lim.Infinite = lim.Infinite || key == "infinite"
			continue
		}
		if !hasVal || val == "" {
			return lim, fmt.Errorf("%s needs a value: %s=<number>", name, name)
		}
		if err := setLimit(&lim, key, name, val); err != nil {
			return lim, err
		}
	}
	finite := lim
	finite.Infinite = false
	switch {
	case lim.Exact && lim.MoveTime == 0:
		return lim, fmt.Errorf("exact needs maxtime=")
	case seen["increment"] && lim.Remaining == 0:
		return lim, fmt.Errorf("increment= needs remaining=")
	case lim.Infinite && !finite.Unlimited():
		return lim, fmt.Errorf("infinite takes no other limit")
	}
	return lim, nil
}

// IsLimitKey reports whether key (in lower case) names a limit that
// ParseLimits reads.
func IsLimitKey(key string) bool {
	switch key {
	case "exact", "infinite", "maxtime", "movetime", "remaining", "increment", "depth", "nodes":
		return true
	}
	return false
}

// setLimit reads the value of one limit that takes a number into lim;
// name is the limit's key as given, for errors.
func setLimit(lim *search.Limits, key, name, val string) error {
	var err error
	switch key {
	case "maxtime":
		lim.MoveTime, err = parseSeconds(name, val, false)
	case "remaining":
		lim.Remaining, err = parseSeconds(name, val, false)
	case "increment":
		lim.Increment, err = parseSeconds(name, val, true)
	case "depth":
		n, perr := strconv.Atoi(val)
		if perr != nil || n < 1 || n > search.MaxLimitDepth {
			return fmt.Errorf("depth=%s: want a whole number of plies in 1..%d", Echo(val), search.MaxLimitDepth)
		}
		lim.Depth = n
	case "nodes":
		n, perr := strconv.ParseUint(val, 10, 64)
		if perr != nil || n == 0 {
			return fmt.Errorf("nodes=%s: want a whole number of nodes, at least 1", Echo(val))
		}
		lim.Nodes = n
	}
	return err
}

// parseSeconds reads a time in seconds (decimals allowed): more than zero,
// or zero too when zeroOK; a positive time is at least MinLimit.
func parseSeconds(key, val string, zeroOK bool) (time.Duration, error) {
	f, err := strconv.ParseFloat(val, 64)
	lo := "more than 0"
	if zeroOK {
		lo = "at least 0"
	}
	if err != nil || !(f > 0 || zeroOK && f == 0) || !(f <= MaxLimitSeconds) {
		return 0, fmt.Errorf("%s=%s: want seconds, %s and at most %g", key, Echo(val), lo, float64(MaxLimitSeconds))
	}
	return Seconds(f), nil
}

// LimitWords writes l the way ParseLimits reads it, the inverse of it:
// maxtime=0.5, exact, remaining=, increment=, depth=, nodes=, infinite.
func LimitWords(l search.Limits) []string {
	var w []string
	secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	if l.MoveTime > 0 {
		w = append(w, "maxtime="+secs(l.MoveTime))
	}
	if l.Exact {
		w = append(w, "exact")
	}
	if l.Remaining > 0 {
		w = append(w, "remaining="+secs(l.Remaining))
		if l.Increment > 0 {
			w = append(w, "increment="+secs(l.Increment))
		}
	}
	if l.Depth > 0 {
		w = append(w, "depth="+strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		w = append(w, "nodes="+strconv.FormatUint(l.Nodes, 10))
	}
	if l.Infinite {
		w = append(w, "infinite")
	}
	return w
}
