package egdb

import (
	"fmt"
	"strings"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// phaseShare is the rough share of a pair's build time each phase takes,
// for a progress's estimate: the scan generates every position's moves,
// the propagation the unmoves of the positions won or lost.
var phaseShare = map[string][2]float64{ // start, length
	phaseScan:      {0, 0.6},
	phasePropagate: {0.6, 0.4},
}

// Positions returns the positions the build has done: those of the
// finished slices, and of the pair under way the share its phases have
// covered.
func (p Progress) Positions() float64 {
	share := phaseShare[p.Phase]
	frac := share[0]
	if p.Of > 0 {
		frac += share[1] * float64(p.Scanned) / float64(p.Of)
	}
	var pairSize int64
	for _, m := range p.Slices {
		pairSize += Size(m)
	}
	return float64(p.Done) + frac*float64(pairSize)
}

// Names writes slices' names joined by sep.
func Names(ms []Material, sep string) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, sep)
}

// ProgressLog turns the Progress of a build of rule set Variant into text
// for people (crown egdb build's stderr), and counts what the build built
// and what it read back.
type ProgressLog struct {
	Variant        movegen.Variant
	Built, Present int   // slices built, and read back from the directory
	BuiltPositions int64 // the positions of the slices built
	// resumed is the last Progress of slices read back: the rate counts
	// what was built since. A resumed build would otherwise count the
	// finished slices as built in the seconds it took to read them, and
	// promise the rest far too soon.
	resumed Progress
}

// Line counts p and returns its text: for finished slices a line to keep
// (progress.Line's Println), else the progress so far (slices, phase,
// positions, rate and time left) to show in place (its Show).
func (l *ProgressLog) Line(p Progress) string {
	if p.Finished {
		verb := "built"
		if p.Loaded {
			verb = "present"
			l.Present += len(p.Slices)
			l.resumed = p
		} else {
			l.Built += len(p.Slices)
			for _, m := range p.Slices {
				l.BuiltPositions += Size(m)
			}
		}
		return fmt.Sprintf("egdb %v %-22s %s; %d/%d positions (%.0f%%)  elapsed %s",
			l.Variant, Names(p.Slices, "+"), verb, p.Done, p.Total, 100*float64(p.Done)/float64(p.Total), p.Elapsed.Round(time.Millisecond))
	}
	done := p.Positions()
	r := (done - float64(l.resumed.Done)) / max((p.Elapsed-l.resumed.Elapsed).Seconds(), 1e-9)
	left := time.Duration((float64(p.Total) - done) / max(r, 1e-9) * float64(time.Second))
	return fmt.Sprintf("egdb %v %-22s %-9s %3.0f%%  %d/%d positions (%.0f%%)  %.0f pos/s  elapsed %s  left ~%s",
		l.Variant, Names(p.Slices, "+"), p.Phase, 100*float64(p.Scanned)/float64(max(p.Of, 1)), int64(done), p.Total,
		100*done/float64(p.Total), r, p.Elapsed.Round(time.Second), left.Round(time.Second))
}

// DistancesLog turns the reports of WriteDistances for rule set Variant
// into text for people (crown egdb distances' stderr), and counts the
// slices written and found present.
type DistancesLog struct {
	Variant        movegen.Variant
	Built, Present int   // slices written, and found present
	BuiltPositions int64 // the positions of the slices written
}

// Line counts p and returns its text: the pair, what became of it (or
// "building" as it starts, a line to show in place), the positions done,
// and the time so far and left at the rate of the pairs written.
func (l *DistancesLog) Line(p DistancesProgress) string {
	verb := "building"
	switch {
	case p.Finished && p.Present:
		verb = "present;"
		l.Present += len(p.Pair)
	case p.Finished:
		verb = "written;"
		l.Built += len(p.Pair)
		for _, m := range p.Pair {
			l.BuiltPositions += Size(m)
		}
	}
	left := "?"
	if secs := p.Elapsed.Seconds(); l.BuiltPositions > 0 && secs > 0 {
		left = time.Duration(float64(p.Total-p.Done) / (float64(l.BuiltPositions) / secs) * float64(time.Second)).Round(time.Second).String()
	}
	return fmt.Sprintf("egdb distances %v %-22s %-8s %d/%d positions (%.0f%%)  elapsed %s  left ~%s",
		l.Variant, Names(p.Pair, "+"), verb, p.Done, p.Total, 100*float64(p.Done)/float64(max(p.Total, 1)), p.Elapsed.Round(time.Second), left)
}
