package search

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// Bounds on limits given as text.
const (
	// MaxLimitSeconds bounds maxtime, remaining and increment: above the
	// 8,600,000 s CheckerBoard sends for its infinite level, and far
	// below where a time.Duration overflows.
	MaxLimitSeconds = 1e7
	// MaxLimitDepth bounds depth=: the search's per-ply arrays hold
	// movegen.MaxPly plies, and quiescence needs room below the nominal
	// depth.
	MaxLimitDepth = movegen.MaxPly / 2
	// maxLimitEcho bounds how much of a bad word an error quotes.
	maxLimitEcho = 40
)

// limitKeys are the words ParseLimits reads, as an error lists them.
const limitKeys = "maxtime=, exact, remaining=, increment=, depth=, nodes= or infinite"

// ParseLimits reads limits written as words, the way the protocol's
// getmove, a match's self:key=value and the command line give them:
// maxtime=S (or movetime=S: the average seconds per move), exact (use
// exactly maxtime), remaining=S and increment=S (an incremental clock),
// depth=N (plies), nodes=N, and infinite (run until stopped). No limit at
// all also runs until stopped. Keys are case-insensitive; each may appear
// once; errors quote the word at fault.
func ParseLimits(words []string) (Limits, error) {
	var lim Limits
	seen := map[string]bool{}
	for _, w := range words {
		key, val, hasVal := strings.Cut(w, "=")
		key = strings.ToLower(key)
		if key == "movetime" {
			key = "maxtime"
		}
		if !IsLimitKey(key) {
			return lim, fmt.Errorf("unknown option %s (want %s)", quoteLimit(w), limitKeys)
		}
		if seen[key] {
			return lim, fmt.Errorf("%s given twice", key)
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
			return lim, fmt.Errorf("%s needs a value: %s=<number>", key, key)
		}
		if err := lim.set(key, val); err != nil {
			return lim, err
		}
	}
	switch {
	case lim.Exact && lim.MoveTime == 0:
		return lim, fmt.Errorf("exact needs maxtime=")
	case seen["increment"] && lim.Remaining == 0:
		return lim, fmt.Errorf("increment= needs remaining=")
	case lim.Infinite && lim.limited():
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

// set reads the value of one limit that takes a number.
func (lim *Limits) set(key, val string) error {
	var err error
	switch key {
	case "maxtime":
		lim.MoveTime, err = parseSeconds(key, val, false)
	case "remaining":
		lim.Remaining, err = parseSeconds(key, val, false)
	case "increment":
		lim.Increment, err = parseSeconds(key, val, true)
	case "depth":
		n, perr := strconv.Atoi(val)
		if perr != nil || n < 1 || n > MaxLimitDepth {
			return fmt.Errorf("depth=%s: want a whole number of plies in 1..%d", quoteLimit(val), MaxLimitDepth)
		}
		lim.Depth = n
	case "nodes":
		n, perr := strconv.ParseUint(val, 10, 64)
		if perr != nil || n == 0 {
			return fmt.Errorf("nodes=%s: want a whole number of nodes, at least 1", quoteLimit(val))
		}
		lim.Nodes = n
	}
	return err
}

// parseSeconds reads a time in seconds (decimals allowed): more than zero,
// or zero too when zeroOK.
func parseSeconds(key, val string, zeroOK bool) (time.Duration, error) {
	f, err := strconv.ParseFloat(val, 64)
	lo := "more than 0"
	if zeroOK {
		lo = "at least 0"
	}
	if err != nil || !(f > 0 || zeroOK && f == 0) || !(f <= MaxLimitSeconds) {
		return 0, fmt.Errorf("%s=%s: want seconds, %s and at most %g", key, quoteLimit(val), lo, float64(MaxLimitSeconds))
	}
	return time.Duration(f * float64(time.Second)), nil
}

// quoteLimit quotes a word for an error, cut to maxLimitEcho bytes.
func quoteLimit(w string) string {
	if len(w) > maxLimitEcho {
		return strconv.QuoteToASCII(w[:maxLimitEcho]) + "..."
	}
	return strconv.QuoteToASCII(w)
}

// limited reports whether some limit ends the search by itself.
func (l Limits) limited() bool {
	return l.Depth > 0 || l.Nodes > 0 || l.MoveTime > 0 || l.Remaining > 0
}

// Unlimited reports whether the search runs until stopped: infinite, or no
// limit at all.
func (l Limits) Unlimited() bool { return l.Infinite || !l.limited() }

// Words writes the limits the way ParseLimits reads them, the inverse of
// it: maxtime=0.5, exact, remaining=, increment=, depth=, nodes=, infinite.
func (l Limits) Words() []string {
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

// String describes the limits for people: "0.1 s/move", "depth 6, 5000
// nodes", "no limit".
func (l Limits) String() string {
	secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s" }
	var parts []string
	if l.MoveTime > 0 {
		s := secs(l.MoveTime) + "/move"
		if l.Exact {
			s += " exactly"
		}
		parts = append(parts, s)
	}
	if l.Remaining > 0 {
		s := secs(l.Remaining) + " on the clock"
		if l.Increment > 0 {
			s += " + " + secs(l.Increment) + "/move"
		}
		parts = append(parts, s)
	}
	if l.Depth > 0 {
		parts = append(parts, "depth "+strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		parts = append(parts, strconv.FormatUint(l.Nodes, 10)+" nodes")
	}
	if len(parts) == 0 {
		return "no limit"
	}
	return strings.Join(parts, ", ")
}
