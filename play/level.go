package play

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/crown-checkers/crown/search"
)

// A Level is a playing strength a person can choose (the option level),
// from a beginner's to full strength. Below full strength a level plays
// as a weaker player does, not as a random one: its search is cut short
// (Depth, Nodes), so it misses what lies deeper; it may skip the opening
// book; and it chooses among the moves its search scores within Margin
// of the best, with a seeded weighting that favours the better ones, so
// that it plays a near-best move now and then but never one its search
// sees losing a man (every Margin is below a man, and every Depth sees a
// capture two plies away: docs/levels.md). Full strength is Crown as it
// plays with no level set: the limits it is given, the book as set, the
// best move.
type Level struct {
	Number int    // 1..FullStrength, as the option writes it
	Name   string // for people, in English; the web board translates it
	// Depth and Nodes cap a game move's search (the smaller of the cap
	// and the request's limit stands); 0 is no cap.
	Depth int
	Nodes uint64
	// Margin, in centi-men below the best move's score, admits the moves
	// the level may choose among; 0 plays the best move.
	Margin int
	// Book says whether the opening book may answer (at the session's
	// book setting, Session.SetBookLevel); the weakest levels open by
	// their own search.
	Book bool
}

// Levels are the levels, weakest first: Levels[n-1] is level n. Each is
// meant to be a step of 100-200 Elo above the one before it; the steps
// measured are in docs/levels.md.
var Levels = []Level{
	{Number: 1, Name: "beginner", Depth: 2, Margin: 35},
	{Number: 2, Name: "novice", Depth: 3, Margin: 35},
	{Number: 3, Name: "casual player", Depth: 4, Margin: 35},
	{Number: 4, Name: "intermediate", Depth: 5, Margin: 25},
	{Number: 5, Name: "club player", Depth: 6, Margin: 15, Book: true},
	{Number: 6, Name: "strong club player", Depth: 8, Margin: 8, Book: true},
	{Number: 7, Name: "expert", Nodes: 20000, Book: true},
	{Number: FullStrength, Name: "full strength", Book: true},
}

// The range of the option level: full strength, the default, is Crown
// as it plays with no level set.
const (
	MinLevel     = 1
	FullStrength = 8
)

// LevelOf returns level n, full strength for a number out of range.
func LevelOf(n int) Level {
	if n < MinLevel || n > FullStrength {
		n = FullStrength
	}
	return Levels[n-1]
}

// String names the level as help texts do: "1 beginner".
func (l Level) String() string { return fmt.Sprintf("%d %s", l.Number, l.Name) }

// levelHelp is the option's help line, each level named.
func levelHelp() string {
	names := make([]string, len(Levels))
	for i, l := range Levels {
		names[i] = l.String()
	}
	return "playing level: " + strings.Join(names, ", ") + "; below full strength a game's move is searched less and chosen among near-best ones (docs/levels.md)"
}

// weaker reports whether the level plays below full strength.
func (l Level) weaker() bool { return l.Depth > 0 || l.Nodes > 0 || l.Margin > 0 }

// limits returns lim with the level's caps: the smaller of each.
func (l Level) limits(lim search.Limits) search.Limits {
	if l.Depth > 0 && (lim.Depth == 0 || l.Depth < lim.Depth) {
		lim.Depth = l.Depth
	}
	if l.Nodes > 0 && (lim.Nodes == 0 || l.Nodes < lim.Nodes) {
		lim.Nodes = l.Nodes
	}
	return lim
}

// choose returns the index of the line the level plays among lines, a
// search's, best first: 0 (the best) when the level has no margin, the
// best is a proven result or a database's (a win is played out, a loss
// resisted as well as the search can), or no other line is within the
// margin; else one of the lines within Margin of the best, drawn by rng
// with weights that fall from Margin+1 for the best to 1 at the margin's
// edge. Only lines scored as evaluations are drawn.
func (l Level) choose(lines []search.Line, rng *rand.Rand) int {
	if l.Margin <= 0 || len(lines) < 2 {
		return 0
	}
	best := lines[0].Score
	if kind, _ := search.Classify(best); kind != search.ScoreCentiMen {
		return 0
	}
	total, n := 0, 0
	for _, ln := range lines {
		kind, _ := search.Classify(ln.Score)
		if kind != search.ScoreCentiMen || best-ln.Score > l.Margin {
			break
		}
		total += l.weight(best - ln.Score)
		n++
	}
	if n < 2 {
		return 0
	}
	r := rng.IntN(total)
	for i := range lines[:n] {
		if r -= l.weight(best - lines[i].Score); r < 0 {
			return i
		}
	}
	return 0
}

// weight is the chance, in parts, of a move drop centi-men below the best
// within the margin.
func (l Level) weight(drop int) int { return l.Margin + 1 - drop }
