package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
)

// crown timing's defaults and the targets it checks.
const (
	defaultTimingPDN       = "testdata/tinsley-games.pdn"
	defaultTimingPositions = 100
	defaultTimingMaxTime   = 1.0
	// maxtime is an average: over the positions the mean think time is to
	// lie in [timingMeanLow, timingMeanHigh] times maxtime, and no move may
	// take more than timingCeiling times maxtime.
	timingMeanLow, timingMeanHigh = 0.85, 1.0
	timingCeiling                 = 1.1
	// timingExactTolerance: with exact, every move takes maxtime within
	// this fraction of it.
	timingExactTolerance = 0.02
	// timingGrace is how long past maxtime the command waits for a move
	// before it gives up on the engine.
	timingGrace = 10 * time.Second
)

func init() {
	register(command{
		name:    "timing",
		summary: "measure the think time getmove maxtime= takes over positions from a PDN file",
		run:     runTiming,
	})
}

const timingUsage = `usage: crown timing [--pdn FILE] [--positions N] [--maxtime S] [--exact] [--threads N]
                    [--hash MiB] [--engine self|COMMAND]
Takes N positions spread evenly over the games of a PDN file (each game replayed
from its start; every position with a legal move counts, forced ones too) and
sends each as 'getmove <FEN> maxtime=S [exact]' to an engine, Crown
in process by default. Each think time runs from the getmove line written to the
move line read. Prints the mean, median, shortest and longest time as a multiple
of maxtime, the count over 1.1x and the largest deviation from maxtime, then
whether the targets are met: a mean of 0.85 to 1.0x and no move over 1.1x, or
with --exact every move within 2% of maxtime. Exits 1 when they are not.
Progress goes to stderr.`

// timingFlags are the parsed flags of crown timing.
type timingFlags struct {
	pdn       string
	positions int
	maxTime   time.Duration
	exact     bool
	engineOpt play.Options
	engine    string       // the --engine spec, for the report
	eng       match.Engine // the engine it names
}

func runTiming(args []string, stdout, stderr io.Writer) int {
	egdbs := play.NewPool()
	defer egdbs.Close()
	f, code := parseTimingFlags(args, stdout, stderr, egdbs)
	if f == nil {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "crown timing: %v\n", err)
		return exitFail
	}
	positions, total, err := timingPositions(f.pdn, f.positions)
	if err != nil {
		return fail(err)
	}
	c, err := match.StartEngine(&f.eng)
	if err != nil {
		return fail(err)
	}
	ratios, err := timeMoves(c, f, positions, stderr)
	c.Close(timingGrace)
	if err != nil {
		return fail(err)
	}
	st := summarizeTiming(ratios)
	fmt.Fprintf(stdout, "timing positions=%d (of %d) maxtime=%g exact=%v threads=%d engine=%s\n",
		len(ratios), total, f.maxTime.Seconds(), f.exact, f.engineOpt.Threads, f.engine)
	fmt.Fprintf(stdout, "x maxtime: mean=%.3f median=%.3f min=%.3f max=%.3f over%.1f=%d maxdev=%.3f\n",
		st.mean, st.median, st.min, st.max, timingCeiling, st.over, st.maxDev)
	if miss := st.misses(f.exact); miss != "" {
		fmt.Fprintf(stdout, "targets missed: %s\n", miss)
		return exitFail
	}
	fmt.Fprintln(stdout, "targets met")
	return exitOK
}

// parseTimingFlags reads the flags, the self engine's endgame database
// held in egdbs; it returns nil and the exit status when the command is to
// stop (after --help or a usage error).
func parseTimingFlags(args []string, stdout, stderr io.Writer, egdbs *play.Pool) (*timingFlags, int) {
	fs := newFlags("timing")
	pdn := fs.String("pdn", defaultTimingPDN, "PDN file whose games give the positions")
	positions := fs.Int("positions", defaultTimingPositions, "positions to time")
	maxTime := fs.Float64("maxtime", defaultTimingMaxTime, "seconds per move, sent as maxtime=")
	exact := fs.Bool("exact", false, "send exact: the engine is to use maxtime exactly")
	options := addOptionFlags(fs, nil)
	engine := fs.String("engine", match.Self, "self for Crown in process, or an engine command line (e.g. bin/crown), as crown match takes it")
	if code, ok := parseFlags(fs, args, stdout, stderr, timingUsage); !ok {
		return nil, code
	}
	usageErr := func(format string, a ...any) (*timingFlags, int) {
		return nil, usageError(stderr, "timing", format, a...)
	}
	opt, err := options(egdbs)
	switch {
	case err != nil:
		return usageErr("%v", err)
	case *positions < 1:
		return usageErr("--positions must be at least 1")
	case !(*maxTime > 0):
		return usageErr("--maxtime must be more than 0 seconds")
	}
	eng, err := match.ParseEngine(*engine, selfConfig(egdbs, opt))
	if err != nil {
		return usageErr("--engine: %v", err)
	}
	return &timingFlags{
		pdn: *pdn, positions: *positions, maxTime: time.Duration(*maxTime * float64(time.Second)),
		exact: *exact, engineOpt: opt, engine: strings.TrimSpace(*engine), eng: eng,
	}, exitOK
}

// timingPositions replays the games of the PDN file at path and returns n
// of their positions with a legal move, spread evenly over all of them
// (fewer if the games hold fewer), and how many such positions the games
// hold. Positions with one legal move count like any other: under maxtime
// the engine thinks on them too (the time prepares its next move).
func timingPositions(path string, n int) (picked []movegen.Position, total int, err error) {
	f, err := os.Open(path)
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

// timeMoves configures the engine, then times one getmove per position and
// returns each think time as a multiple of maxtime: from the getmove line
// sent to the move line read.
func timeMoves(c *match.Conn, f *timingFlags, positions []movegen.Position, progress io.Writer) ([]float64, error) {
	ctx := context.Background()
	command := func(line string) error {
		c.Send(line)
		errs, err := c.Sync(ctx, timingGrace)
		if err == nil && len(errs) > 0 {
			err = fmt.Errorf("%s: %s", line, strings.Join(errs, "; "))
		}
		return err
	}
	for _, op := range play.Registry {
		if f.engineOpt.EGDBPath == "" && strings.HasPrefix(op.Key, "egdb") {
			continue // no database: an engine without egdb keys is timed too
		}
		if op.OmitDefault && op.Get(f.engineOpt) == op.Default {
			continue // an engine older than the option is timed too
		}
		if err := command("set " + op.Key + " " + op.Format(f.engineOpt)); err != nil {
			return nil, err
		}
	}
	limits := strings.Join(play.LimitWords(search.Limits{MoveTime: f.maxTime, Exact: f.exact}), " ")
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
		if err := awaitMove(ctx, c, f.maxTime+timingGrace); err != nil {
			return nil, fmt.Errorf("%s: %w", p.FEN(), err)
		}
		r := time.Since(sent).Seconds() / f.maxTime.Seconds()
		ratios = append(ratios, r)
		fmt.Fprintf(progress, "\rtiming %d/%d: %.3f x maxtime %-60s", i+1, len(positions), r, p.FEN())
	}
	fmt.Fprintln(progress)
	return ratios, nil
}

// awaitMove reads the engine's lines until its move line; an error reply,
// a bad move line, the end of its output or the timeout fail.
func awaitMove(ctx context.Context, c *match.Conn, timeout time.Duration) error {
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

// timingStats sums up think times given as multiples of maxtime.
type timingStats struct {
	mean, median, min, max float64
	over                   int     // times over timingCeiling
	maxDev                 float64 // the largest |time - 1|
}

// summarizeTiming computes the statistics of a non-empty list of ratios.
func summarizeTiming(ratios []float64) timingStats {
	s := slices.Clone(ratios)
	slices.Sort(s)
	st := timingStats{min: s[0], max: s[len(s)-1], median: s[len(s)/2]}
	if len(s)%2 == 0 {
		st.median = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	for _, r := range s {
		st.mean += r / float64(len(s))
		if r > timingCeiling {
			st.over++
		}
		st.maxDev = max(st.maxDev, r-1, 1-r)
	}
	return st
}

// misses says which targets the statistics miss, or "" if none.
func (st timingStats) misses(exact bool) string {
	var m []string
	if exact {
		if st.maxDev > timingExactTolerance {
			m = append(m, fmt.Sprintf("a move %.1f%% off maxtime (at most %g%%)", 100*st.maxDev, 100*timingExactTolerance))
		}
		return strings.Join(m, "; ")
	}
	if st.mean < timingMeanLow || st.mean > timingMeanHigh {
		m = append(m, fmt.Sprintf("mean %.3f outside %g..%g", st.mean, timingMeanLow, timingMeanHigh))
	}
	if st.over > 0 {
		m = append(m, fmt.Sprintf("%d moves over %gx", st.over, timingCeiling))
	}
	return strings.Join(m, "; ")
}
