package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crown-checkers/crown/movegen"
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
	// timingLineBuffer lines of the engine's output wait to be read, so
	// the engine rarely waits on the reader while it reports iterations.
	timingLineBuffer = 64
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
	engineOpt search.Options
	engine    string
}

func runTiming(args []string, stdout, stderr io.Writer) int {
	f, code := parseTimingFlags(args, stdout, stderr)
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
	e, err := startTimingEngine(f.engine)
	if err != nil {
		return fail(err)
	}
	ratios, err := timeMoves(e, f, positions, stderr)
	if cerr := e.close(); err == nil {
		err = cerr
	}
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

// parseTimingFlags reads the flags; it returns nil and the exit status when
// the command is to stop (after --help or a usage error).
func parseTimingFlags(args []string, stdout, stderr io.Writer) (*timingFlags, int) {
	fs := newFlags("timing")
	pdn := fs.String("pdn", defaultTimingPDN, "PDN file whose games give the positions")
	positions := fs.Int("positions", defaultTimingPositions, "positions to time")
	maxTime := fs.Float64("maxtime", defaultTimingMaxTime, "seconds per move, sent as maxtime=")
	exact := fs.Bool("exact", false, "send exact: the engine is to use maxtime exactly")
	options := addOptionFlags(fs, nil)
	engine := fs.String("engine", selfTimingEngine, "self for Crown in process, or an engine command line (e.g. bin/crown)")
	if code, ok := parseFlags(fs, args, stdout, stderr, timingUsage); !ok {
		return nil, code
	}
	usageErr := func(format string, a ...any) (*timingFlags, int) {
		return nil, usageError(stderr, "timing", format, a...)
	}
	opt, err := options()
	switch {
	case err != nil:
		return usageErr("%v", err)
	case *positions < 1:
		return usageErr("--positions must be at least 1")
	case !(*maxTime > 0):
		return usageErr("--maxtime must be more than 0 seconds")
	case strings.TrimSpace(*engine) == "":
		return usageErr("--engine must not be empty")
	}
	return &timingFlags{
		pdn: *pdn, positions: *positions, maxTime: time.Duration(*maxTime * float64(time.Second)),
		exact: *exact, engineOpt: opt, engine: strings.TrimSpace(*engine),
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

// selfTimingEngine is the --engine value for Crown in process.
const selfTimingEngine = "self"

// timedLine is a line read from the engine and when it was read.
type timedLine struct {
	text string
	at   time.Time
}

// timingEngine is a protocol session with an engine: Crown in process over
// pipes, or an engine program.
type timingEngine struct {
	in    io.WriteCloser
	lines chan timedLine // closed when the engine's output ends
	wait  func() error   // waits for the engine to end once in is closed
}

// startTimingEngine starts the engine spec names.
func startTimingEngine(spec string) (*timingEngine, error) {
	var out io.ReadCloser
	e := &timingEngine{lines: make(chan timedLine, timingLineBuffer)}
	if spec == selfTimingEngine {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan error, 1)
		go func() {
			err := protocol.Run(context.Background(), inR, outW, protocol.Config{Name: engineName, Version: engineVersion})
			outW.Close()
			inR.Close()
			done <- err
		}()
		e.in, out = inW, outR
		e.wait = func() error { return <-done }
	} else {
		argv := strings.Fields(spec)
		cmd := exec.Command(argv[0], argv[1:]...)
		in, err := cmd.StdinPipe()
		if err != nil {
			return nil, err
		}
		if out, err = cmd.StdoutPipe(); err != nil {
			return nil, err
		}
		if err := cmd.Start(); err != nil {
			return nil, err
		}
		e.in, e.wait = in, cmd.Wait
	}
	go func() {
		defer close(e.lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, protocol.MaxLineBytes)
		for sc.Scan() {
			e.lines <- timedLine{text: sc.Text(), at: time.Now()}
		}
	}()
	return e, nil
}

// send writes one command line and returns when it was written.
func (e *timingEngine) send(line string) (time.Time, error) {
	at := time.Now()
	_, err := io.WriteString(e.in, line+"\n")
	return at, err
}

// until reads lines until one starts with prefix and returns it; an error
// reply, the end of the output or the timeout fail.
func (e *timingEngine) until(prefix string, timeout time.Duration) (timedLine, error) {
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-e.lines:
			switch {
			case !ok:
				return l, errors.New("the engine's output ended")
			case strings.HasPrefix(l.text, "error"):
				return l, fmt.Errorf("engine: %s", l.text)
			case strings.HasPrefix(l.text, prefix):
				return l, nil
			}
		case <-deadline:
			return timedLine{}, fmt.Errorf("no %q line within %v", strings.TrimSpace(prefix), timeout)
		}
	}
}

// close ends the session and waits for the engine.
func (e *timingEngine) close() error {
	e.send("quit") // a failed write means the engine is gone already
	e.in.Close()
	for range e.lines { // drain, so the engine never blocks writing
	}
	return e.wait()
}

// timeMoves configures the engine, then times one getmove per position and
// returns each think time as a multiple of maxtime.
func timeMoves(e *timingEngine, f *timingFlags, positions []movegen.Position, progress io.Writer) ([]float64, error) {
	var setup []string
	for _, op := range search.Registry {
		setup = append(setup, "set "+op.Key+" "+strconv.Itoa(op.Get(f.engineOpt)))
	}
	for _, c := range setup {
		if _, err := e.send(c); err != nil {
			return nil, err
		}
	}
	if err := ping(e); err != nil {
		return nil, err
	}
	limits := " maxtime=" + strconv.FormatFloat(f.maxTime.Seconds(), 'f', -1, 64)
	if f.exact {
		limits += " exact"
	}
	variant := movegen.American
	ratios := make([]float64, 0, len(positions))
	for i, p := range positions {
		if p.Variant != variant {
			variant = p.Variant
			if _, err := e.send("set gametype " + strconv.Itoa(variant.Rules().GameType)); err != nil {
				return nil, err
			}
			if err := ping(e); err != nil {
				return nil, err
			}
		}
		sent, err := e.send("getmove " + p.FEN() + limits)
		if err != nil {
			return nil, err
		}
		l, err := e.until("move ", f.maxTime+timingGrace)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.FEN(), err)
		}
		r := l.at.Sub(sent).Seconds() / f.maxTime.Seconds()
		ratios = append(ratios, r)
		fmt.Fprintf(progress, "\rtiming %d/%d: %.3f x maxtime %-60s", i+1, len(positions), r, p.FEN())
	}
	fmt.Fprintln(progress)
	return ratios, nil
}

// ping waits until the engine has handled every command sent so far.
func ping(e *timingEngine) error {
	if _, err := e.send("ping"); err != nil {
		return err
	}
	_, err := e.until("pong", timingGrace)
	return err
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
