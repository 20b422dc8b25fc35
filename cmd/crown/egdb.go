package main

import (
	"cmp"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/internal/progress"
	"github.com/crown-checkers/crown/internal/rusage"
	"github.com/crown-checkers/crown/movegen"
)

// defaultEgdbPieces is what crown egdb build builds without --pieces: four
// pieces take seconds.
const defaultEgdbPieces = 4

func init() {
	register(command{
		name:    "egdb",
		summary: "endgame databases: build, distances, info, probe, verify (docs/egdb.md)",
		run:     runEgdb,
	})
}

// egdbSubcommands are the subcommands of crown egdb.
var egdbSubcommands = []subcommand{
	{"build", runEgdbBuild},
	{"distances", runEgdbDistances},
	{"plan", runEgdbPlan},
	{"info", runEgdbInfo},
	{"probe", runEgdbProbe},
	{"verify", runEgdbVerify},
}

func runEgdb(args []string, stdout, stderr io.Writer) int {
	return runSubcommand("egdb", help("egdb"), egdbSubcommands, args, stdout, stderr)
}

func threadsFlag(fs *pflag.FlagSet) *int {
	return fs.Int("threads", runtime.NumCPU(), "goroutines working in parallel")
}

func runEgdbBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("egdb build")
	variant := fs.String("variant", "american", variantHelp)
	pieces := fs.Int("pieces", defaultEgdbPieces, "build every slice with up to this many pieces")
	slice := fs.String("slice", "", "build only this slice and its mirror (a job of crown egdb plan)")
	dir := fs.String("dir", "", "database directory (required)")
	threads := threadsFlag(fs)
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, help("egdb build"), 0); !ok {
		return code
	}
	v, err := movegen.ParseVariant(*variant)
	// egdb's checks name the setting first: "--" before it makes it the flag.
	settings := cmp.Or(egdb.CheckPieces(*pieces), egdb.CheckThreads(*threads))
	var one egdb.Material
	switch {
	case err != nil:
		return usageError(stderr, "egdb build", "%v", err)
	case *dir == "":
		return usageError(stderr, "egdb build", "--dir DIR is required")
	case settings != nil:
		return usageError(stderr, "egdb build", "--%v", settings)
	case *slice != "" && fs.Changed("pieces"):
		return usageError(stderr, "egdb build", "--slice and --pieces exclude each other")
	}
	if *slice != "" {
		if one, err = egdb.ParseMaterial(*slice); err != nil {
			return usageError(stderr, "egdb build", "--slice: %v", err)
		}
	}
	b := egdb.NewBuilder(v, *threads)
	b.Dir = *dir
	log := egdb.ProgressLog{Variant: v}
	line := progress.New(stderr)
	b.Progress = func(p egdb.Progress) {
		if text := log.Line(p); p.Finished {
			line.Println(text)
		} else {
			line.Show(text)
		}
	}
	start := time.Now()
	what := fmt.Sprintf("pieces=%d", *pieces)
	if *slice != "" {
		what = "slice=" + *slice
		err = b.BuildSlice(one)
	} else {
		err = b.Build(*pieces)
	}
	line.End()
	if err != nil {
		return failed(stderr, "egdb: build", err)
	}
	fmt.Fprintf(stdout, "egdb build %v %s: %d slices built, %d present; %s\n",
		v, what, log.Built, log.Present, runCost(stderr, "build", log.BuiltPositions, "built", start))
	return exitOK
}

func runEgdbDistances(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("egdb distances")
	variant := fs.String("variant", "american", variantHelp)
	pieces := fs.Int("pieces", 0, "write the distances of every slice with up to this many pieces (0: all the database holds)")
	dir := fs.String("dir", "", "database directory (required)")
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, help("egdb distances"), 0); !ok {
		return code
	}
	v, err := movegen.ParseVariant(*variant)
	switch {
	case err != nil:
		return usageError(stderr, "egdb distances", "%v", err)
	case *dir == "":
		return usageError(stderr, "egdb distances", "--dir DIR is required")
	}
	db, err := egdb.Open(*dir, 0)
	if err != nil {
		return failed(stderr, "egdb: distances", err)
	}
	defer db.Close()
	n := cmp.Or(*pieces, db.Pieces(v))
	line := progress.New(stderr)
	log := egdb.DistancesLog{Variant: v}
	start := time.Now()
	err = db.WriteDistances(v, n, func(p egdb.DistancesProgress) {
		if text := log.Line(p); p.Finished {
			line.Println(text)
		} else {
			line.Show(text)
		}
	})
	line.End()
	if err != nil {
		return failed(stderr, "egdb: distances", err)
	}
	fmt.Fprintf(stdout, "egdb distances %v pieces=%d: %d slices written, %d present; %s\n",
		v, n, log.Built, log.Present, runCost(stderr, "distances", log.BuiltPositions, "", start))
	return exitOK
}

func runEgdbPlan(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("egdb plan")
	variant := fs.String("variant", "american", variantHelp+" (the jobs are the same for all; the estimates are not)")
	pieces := fs.Int("pieces", defaultEgdbPieces, "plan every slice with up to this many pieces")
	level := fs.Int("level", 0, "print only this level's jobs (0: all)")
	names := fs.Bool("names", false, "print only the job names, one a line")
	threads := fs.Int("threads", 2, "threads of each job, for the estimates")
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, help("egdb plan"), 0); !ok {
		return code
	}
	v, err := movegen.ParseVariant(*variant)
	if err != nil {
		return usageError(stderr, "egdb plan", "%v", err)
	}
	table, err := egdb.NewPlanTable(v, *pieces, *level, *threads)
	if err != nil {
		return usageError(stderr, "egdb plan", "--%v", err)
	}
	lines := table.Lines()
	if *names {
		lines = table.Names()
	}
	fmt.Fprintln(stdout, strings.Join(lines, "\n"))
	return exitOK
}

func runEgdbInfo(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("egdb info")
	dir := fs.String("dir", "", "database directory (required)")
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, help("egdb info"), 0); !ok {
		return code
	}
	if *dir == "" {
		return usageError(stderr, "egdb info", "--dir DIR is required")
	}
	db, err := egdb.Open(*dir, 0)
	if err != nil {
		return failed(stderr, "egdb: info", err)
	}
	defer db.Close()
	fmt.Fprintln(stdout, strings.Join(db.InfoLines(), "\n"))
	return exitOK
}

func runEgdbProbe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("egdb probe")
	variant := fs.String("variant", "american", variantHelp)
	dir := fs.String("dir", "", "database directory (required)")
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, help("egdb probe"), 1); !ok {
		return code
	}
	v, err := movegen.ParseVariant(*variant)
	switch {
	case err != nil:
		return usageError(stderr, "egdb probe", "%v", err)
	case *dir == "":
		return usageError(stderr, "egdb probe", "--dir DIR is required")
	case fs.NArg() != 1:
		return usageError(stderr, "egdb probe", "a FEN is required")
	}
	p, err := movegen.ParseFEN(fs.Arg(0), v)
	if err != nil {
		return usageError(stderr, "egdb probe", "%v", err)
	}
	db, err := egdb.Open(*dir, 0)
	if err != nil {
		return failed(stderr, "egdb: probe", err)
	}
	defer db.Close()
	a, err := db.Answer(&p)
	if a.Value != movegen.Unknown {
		fmt.Fprintf(stdout, "value %v\n", a.Value)
	}
	if err != nil {
		return failed(stderr, "egdb: probe", err)
	}
	fmt.Fprintln(stdout, a.BestMoveText(&p))
	return exitOK
}

func runEgdbVerify(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("egdb verify")
	dir := fs.String("dir", "", "database directory (required)")
	threads := threadsFlag(fs)
	sample := fs.Int("sample", 0, "check only this many random positions a slice (0: all)")
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, help("egdb verify"), 0); !ok {
		return code
	}
	if *dir == "" {
		return usageError(stderr, "egdb verify", "--dir DIR is required")
	}
	check, err := egdb.NewVerification(*threads, *sample)
	if err != nil {
		return usageError(stderr, "egdb verify", "--%v", err)
	}
	db, err := egdb.Open(*dir, check.CacheMiB())
	if err != nil {
		return failed(stderr, "egdb: verify", err)
	}
	defer db.Close()
	mismatches, err := check.Run(db, stdout, progress.New(stderr))
	if err != nil {
		return failed(stderr, "egdb: verify", err)
	}
	if mismatches > 0 {
		return exitFail
	}
	return exitOK
}

// runCost is the end of a summary of crown egdb's subcommand sub, which
// did positions since start: "<n> positions [verb] in S s (R positions/s),
// cpu C s; peak memory M MiB". The process's cpu time and memory unknown
// are said on stderr.
func runCost(stderr io.Writer, sub string, positions int64, verb string, start time.Time) string {
	el := time.Since(start)
	ru, err := rusage.Self()
	if err != nil {
		fmt.Fprintf(stderr, "crown egdb: %s: cpu time and peak memory unknown: %v\n", sub, err)
	}
	if verb != "" {
		verb = " " + verb
	}
	return fmt.Sprintf("%d positions%s in %.2f s (%.0f positions/s), cpu %.2f s; peak memory %d MiB",
		positions, verb, el.Seconds(), rate(int(positions), el), ru.CPU.Seconds(), ru.Peak>>20)
}

// rate returns n per second of d, 0 for no time.
func rate(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}
