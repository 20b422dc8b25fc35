package search

import (
	"strconv"
	"strings"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// MaxLimitDepth bounds a depth limit that a front end reads: the search's
// per-ply arrays hold movegen.MaxPly plies, and quiescence needs room
// below the nominal depth.
const MaxLimitDepth = movegen.MaxPly / 2

// limited reports whether some limit ends the search by itself.
func (l Limits) limited() bool {
	return l.Depth > 0 || l.Nodes > 0 || l.MoveTime > 0 || l.Remaining > 0
}

// Unlimited reports whether the search runs until stopped: infinite, or no
// limit at all.
func (l Limits) Unlimited() bool { return l.Infinite || !l.limited() }

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
