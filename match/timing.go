package match

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crown-checkers/crown/internal/progress"
	"github.com/crown-checkers/crown/internal/readfile"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
)

// The targets of a timing run (crown timing) and its patience.
const (
	// maxtime is an average: over the positions the mean think time is to
	// lie in [TimingMeanLow, TimingMeanHigh] times maxtime, and no move
	// may take more than TimingCeiling times maxtime.
	TimingMeanLow, TimingMeanHigh = 0.85, 1.0
	TimingCeiling                 = 1.1
	// TimingExactTolerance: with exact, every move takes maxtime within
	// this fraction of it.
	TimingExactTolerance = 0.02
	// TimingGrace is how long past maxtime a timing run waits for a move
	// before it gives up on the engine.
	TimingGrace = 10 * time.Second
)

// Timing measures the think time an engine takes under getmove maxtime=
// (crown timing): each position sent as 'getmove FEN maxtime=S [exact]',
// each think time from the getmove line written to the move line read.
type Timing struct {
	MaxTime time.Duration
	Exact   bool
	// Options are set on the engine first, a "set KEY VALUE" each (the
	// database's only with a database, an option the engine may predate
	// only off its default).
	Options play.Options
	// Progress, if not nil, shows the positions timed so far, after each
	// move, and is ended when the timing ends.
	Progress *progress.Line
}

// TimingPositions replays the games of the PDN file at path and returns n
// of their positions with a legal move, spread evenly over all of them
// (fewer if the games hold fewer), and how many such positions the games
// hold. Positions with one legal move count like any other: under maxtime
// the engine thinks on them too (the time prepares its next move).
func TimingPositions(path string, n int) (picked []movegen.Position, total int, err error) {
	f, err := readfile.Open(path, movegen.MaxPDNBytes)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	games, err := movegen.ReadPDN(f, movegen.American)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	var all []movegen.Position
	var ml movegen.MoveList
	for _, g := range games {
		for _, p := range g.Positions() {
			if p.GenerateMoves(&ml); ml.N > 0 {
				all = append(all, p)
			}
		}
	}
	if len(all) == 0 {
		return nil, 0, fmt.Errorf("%s: no position with a legal move", path)
	}
	picked = make([]movegen.Position, min(n, len(all)))
	for i := range picked {
		picked[i] = all[(2*i+1)*len(all)/(2*len(picked))] // the middle of each of n equal stretches
	}
	return picked, len(all), nil
}

// Run starts engine e, configures it, times one getmove per position and
// returns each think time as a multiple of MaxTime.
func (t *Timing) Run(e *Engine, positions []movegen.Position) ([]float64, error) {
	c, err := StartEngine(e)
	if err != nil {
		return nil, err
	}
	defer c.Close(TimingGrace)
	ctx := context.Background()
	command := func(line string) error {
		c.Send(line)
		errs, err := c.Sync(ctx, TimingGrace)
		if err == nil && len(errs) > 0 {
			err = fmt.Errorf("%s: %s", line, strings.Join(errs, "; "))
		}
		return err
	}
	for _, op := range play.Registry {
		if t.Options.EGDBPath == "" && strings.HasPrefix(op.Key, "egdb") {
			continue // no database: an engine without egdb keys is timed too
		}
		if op.OmitDefault && op.Get(t.Options) == op.Default {
			continue // an engine older than the option is timed too
		}
		if err := command("set " + op.Key + " " + op.Format(t.Options)); err != nil {
			return nil, err
		}
	}
	limits := strings.Join(play.LimitWords(search.Limits{MoveTime: t.MaxTime, Exact: t.Exact}), " ")
	variant := movegen.American
	ratios := make([]float64, 0, len(positions))
	for i, p := range positions {
		if p.Variant != variant {
			variant = p.Variant
			if err := command("set gametype " + strconv.Itoa(variant.Rules().GameType)); err != nil {
				return nil, err
			}
		}
		sent := time.Now()
		c.Send("getmove " + p.FEN() + " " + limits)
		if err := awaitMove(ctx, c, t.MaxTime+TimingGrace); err != nil {
			return nil, fmt.Errorf("%s: %w", p.FEN(), err)
		}
		r := time.Since(sent).Seconds() / t.MaxTime.Seconds()
		ratios = append(ratios, r)
		t.Progress.Show(fmt.Sprintf("timing %d/%d: %.3f x maxtime %s", i+1, len(positions), r, p.FEN()))
	}
	t.Progress.End()
	return ratios, nil
}

// awaitMove reads the engine's lines until its move line; an error reply,
// a bad move line, the end of its output or the timeout fail.
func awaitMove(ctx context.Context, c *Conn, timeout time.Duration) error {
	deadline := time.After(timeout)
	for {
		line, err := c.ReadLine(ctx, deadline)
		if err != nil {
			return err
		}
		r, err := protocol.ParseReply(line)
		switch r.Kind {
		case "move":
			return err
		case "error":
			return fmt.Errorf("engine: %s", line)
		}
	}
}

// TimingStats sum up think times given as multiples of maxtime.
type TimingStats struct {
	Mean, Median, Min, Max float64
	Over                   int     // times over TimingCeiling
	MaxDev                 float64 // the largest |time - 1|
}

// SummarizeTiming computes the statistics of a non-empty list of ratios.
func SummarizeTiming(ratios []float64) TimingStats {
	s := slices.Clone(ratios)
	slices.Sort(s)
	st := TimingStats{Min: s[0], Max: s[len(s)-1], Median: s[len(s)/2]}
	if len(s)%2 == 0 {
		st.Median = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	for _, r := range s {
		st.Mean += r / float64(len(s))
		if r > TimingCeiling {
			st.Over++
		}
		st.MaxDev = max(st.MaxDev, r-1, 1-r)
	}
	return st
}

// Misses says which targets the statistics miss, or "" if none: with
// exact, every move within TimingExactTolerance of maxtime; else the mean
// in [TimingMeanLow, TimingMeanHigh] and no move over TimingCeiling.
func (st TimingStats) Misses(exact bool) string {
	var m []string
	if exact {
		if st.MaxDev > TimingExactTolerance {
			m = append(m, fmt.Sprintf("a move %.1f%% off maxtime (at most %g%%)", 100*st.MaxDev, 100*TimingExactTolerance))
		}
		return strings.Join(m, "; ")
	}
	if st.Mean < TimingMeanLow || st.Mean > TimingMeanHigh {
		m = append(m, fmt.Sprintf("mean %.3f outside %g..%g", st.Mean, TimingMeanLow, TimingMeanHigh))
	}
	if st.Over > 0 {
		m = append(m, fmt.Sprintf("%d moves over %gx", st.Over, TimingCeiling))
	}
	return strings.Join(m, "; ")
}

// Report returns crown timing's report of ratios, the think times Run
// measured at positions picked from total (TimingPositions) of the engine
// named engine: a line of the settings, one of the statistics
// (SummarizeTiming), and the targets met or those missed (Misses); ok is
// false when one is missed.
func (t *Timing) Report(ratios []float64, total int, engine string) (lines []string, ok bool) {
	st := SummarizeTiming(ratios)
	lines = []string{
		fmt.Sprintf("timing positions=%d (of %d) maxtime=%g exact=%v threads=%d engine=%s",
			len(ratios), total, t.MaxTime.Seconds(), t.Exact, t.Options.Threads, engine),
		fmt.Sprintf("x maxtime: mean=%.3f median=%.3f min=%.3f max=%.3f over%.1f=%d maxdev=%.3f",
			st.Mean, st.Median, st.Min, st.Max, TimingCeiling, st.Over, st.MaxDev),
	}
	if miss := st.Misses(t.Exact); miss != "" {
		return append(lines, "targets missed: "+miss), false
	}
	return append(lines, "targets met"), true
}
