package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/crown-checkers/crown/internal/progress"
	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/play"
)

// crown timing's defaults.
const (
	defaultTimingPDN       = "testdata/tinsley-games.pdn"
	defaultTimingPositions = 100
	defaultTimingMaxTime   = 1.0
)

func init() {
	register(command{
		name:    "timing",
		summary: "measure the think time getmove maxtime= takes over positions from a PDN file",
		run:     runTiming,
	})
}

// timingFlags are the parsed flags of crown timing.
type timingFlags struct {
	pdn       string
	positions int
	timing    match.Timing
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
	positions, total, err := match.TimingPositions(f.pdn, f.positions)
	var ratios []float64
	if err == nil {
		f.timing.Progress = progress.New(stderr)
		ratios, err = f.timing.Run(&f.eng, positions)
	}
	if err != nil {
		return failed(stderr, "timing", err)
	}
	lines, met := f.timing.Report(ratios, total, f.engine)
	fmt.Fprintln(stdout, strings.Join(lines, "\n"))
	if !met {
		return exitFail
	}
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
	if code, ok := parseFlags(fs, args, stdout, stderr, help("timing")); !ok {
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
	return &timingFlags{pdn: *pdn, positions: *positions, engine: strings.TrimSpace(*engine), eng: eng,
		timing: match.Timing{MaxTime: play.Seconds(*maxTime), Exact: *exact, Options: opt}}, exitOK
}
