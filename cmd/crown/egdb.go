package main

import (
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/internal/rusage"
	"github.com/crown-checkers/crown/movegen"
)

// defaultEgdbPieces is what crown egdb build builds without --pieces: four
// pieces take seconds.
const defaultEgdbPieces = 4

func init() {
	register(command{
		name:    "egdb",
		summary: "endgame databases: build, info, probe, verify (docs/egdb.md)",
		run:     runEgdb,
	})
}

// egdbSubcommands are the subcommands of crown egdb.
var egdbSubcommands = []subcommand{
	{"build", runEgdbBuild},
	{"plan", runEgdbPlan},
	{"info", runEgdbInfo},
	{"probe", runEgdbProbe},
	{"verify", runEgdbVerify},
}

func runEgdb(args []string, stdout, stderr io.Writer) int {
	return runSubcommand("egdb", help("egdb"), egdbSubcommands, args, stdout, stderr)
}

// maxEgdbThreads bounds --threads: more goroutines than this only contend.
const maxEgdbThreads = 64

func threadsFlag(fs *pflag.FlagSet) *int {
	return fs.Int("threads", runtime.NumCPU(), "goroutines working in parallel")
}

func checkThreads(stderr io.Writer, sub string, n int) bool {
	if n < 1 || n > maxEgdbThreads {
		usageError(stderr, "egdb "+sub, "--threads: %d is out of range 1..%d", n, maxEgdbThreads)
		return false
	}
	return true
}

func runEgdbBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("egdb build")
	variant := fs.String("variant", "american", "rule set: american or pool (or PDN GameType 21 or 23)")
	pieces := fs.Int("pieces", defaultEgdbPieces, "build every slice with up to this many pieces")
	slice := fs.String("slice", "", "build only this slice and its mirror (a job of crown egdb plan)")
	dir := fs.String("dir", "", "database directory (required)")
	threads := threadsFlag(fs)
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, help("egdb build"), 0); !ok {
		return code
	}
	v, err := movegen.ParseVariant(*variant)
	var one egdb.Material
	switch {
	case err != nil:
		return usageError(stderr, "egdb build", "%v", err)
	case *dir == "":
		return usageError(stderr, "egdb build", "--dir DIR is required")
	case *pieces < 2 || *pieces > egdb.MaxPieces:
		return usageError(stderr, "egdb build", "--pieces: %d is out of range 2..%d", *pieces, egdb.MaxPieces)
	case !checkThreads(stderr, "build", *threads):
		return exitUsage
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
	b.Progress = func(p egdb.Progress) { fmt.Fprint(stderr, log.Line(p)) }
	start := time.Now()
	what := fmt.Sprintf("pieces=%d", *pieces)
	if *slice != "" {
		what = "slice=" + *slice
		err = b.BuildSlice(one)
	} else {
		err = b.Build(*pieces)
	}
	if err != nil {
		return failed(stderr, "egdb: build", err)
	}
	el := time.Since(start)
	ru, err := rusage.Self()
	if err != nil {
		fmt.Fprintf(stderr, "crown egdb: build: cpu time and peak memory unknown: %v\n", err)
	}
	fmt.Fprintf(stdout, "egdb build %v %s: %d slices built, %d present; %d positions built in %.2f s (%.0f positions/s), cpu %.2f s; peak memory %d MiB\n",
		v, what, log.Built, log.Present, log.BuiltPositions, el.Seconds(), rate(int(log.BuiltPositions), el), ru.CPU.Seconds(), ru.Peak>>20)
	return exitOK
}

func runEgdbPlan(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("egdb plan")
	variant := fs.String("variant", "american", "rule set: american or pool (the jobs are the same for both; the estimates are not)")
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
	if *pieces < 2 || *pieces > egdb.MaxPieces {
		return usageError(stderr, "egdb plan", "--pieces: %d is out of range 2..%d", *pieces, egdb.MaxPieces)
	}
	if !checkThreads(stderr, "plan", *threads) {
		return exitUsage
	}
	jobs := egdb.Plan(*pieces)
	if *level < 0 || *level > jobs[len(jobs)-1].Level {
		return usageError(stderr, "egdb plan", "--level: %d is out of range 0..%d", *level, jobs[len(jobs)-1].Level)
	}
	r := egdb.MeasuredRate(v)
	if !*names {
		fmt.Fprintf(stdout, "# %d jobs in %d levels; level job mirror positions reads memory cpu wall deps\n", len(jobs), jobs[len(jobs)-1].Level)
		fmt.Fprintf(stdout, "# estimates for %v, each job alone with %d threads: built %.2f M positions a CPU-second (%.2f M from %d pieces), read %.0f M, %.0f%% of the threads busy\n",
			v, *threads, r.Build/1e6, r.BuildAt(egdb.DeepPieces)/1e6, egdb.DeepPieces, r.Load/1e6, 100*r.Parallel)
	}
	for _, j := range jobs {
		if *level != 0 && j.Level != *level {
			continue
		}
		if *names {
			fmt.Fprintln(stdout, j.Name())
			continue
		}
		mirror := "-"
		if len(j.Slices) > 1 {
			mirror = j.Slices[1].String()
		}
		deps := egdb.Names(j.Deps, ",")
		if deps == "" {
			deps = "-"
		}
		cpu, wall := r.Estimate(j, *threads)
		fmt.Fprintf(stdout, "%d %s %s %d %d %s %s %s %s\n", j.Level, j.Name(), mirror, j.Positions, j.Reads,
			mib(j.Memory()), shortDuration(cpu), shortDuration(wall), deps)
	}
	if *names || *level != 0 {
		return exitOK
	}
	t := r.Totals(jobs, *threads)
	fmt.Fprintf(stdout, "# all: %d positions; one process (--pieces %d): memory %s, cpu %s, wall %s with %d threads\n",
		t.Positions, *pieces, mib(t.WholeMemory), shortDuration(t.WholeCPU), shortDuration(t.WholeWall), *threads)
	fmt.Fprintf(stdout, "# jobs: cpu %s, one at a time %s; the levels' longest jobs %s; most memory %s (%s)\n",
		shortDuration(t.CPU), shortDuration(t.Serial), shortDuration(t.Path), mib(t.Biggest.Memory()), t.Biggest.Name())
	return exitOK
}

// mib formats bytes in MiB, rounded up.
func mib(n int64) string {
	return fmt.Sprintf("%dMiB", (n+1<<20-1)>>20)
}

// shortDuration formats a duration to the second (to the minute past a
// day), at least 1s.
func shortDuration(d time.Duration) string {
	if d >= 24*time.Hour {
		return d.Round(time.Minute).String()
	}
	return max(d.Round(time.Second), time.Second).String()
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
	for _, s := range db.Slices() {
		fmt.Fprintf(stdout, "%-8v %-10v positions %12d  bytes %10d  %.4f bytes/position\n",
			s.Variant, s.Material, s.Positions, s.FileBytes, float64(s.FileBytes)/float64(s.Positions))
	}
	totals := db.Totals()
	for _, t := range totals {
		fmt.Fprintf(stdout, "%v: %d slices, complete to %d pieces, %d positions, %d bytes on disk, %.4f bytes/position\n",
			t.Variant, t.Slices, db.Pieces(t.Variant), t.Positions, t.Bytes, float64(t.Bytes)/float64(t.Positions))
	}
	if len(totals) == 0 {
		fmt.Fprintf(stdout, "no slices in %s\n", *dir)
	}
	return exitOK
}

func runEgdbProbe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("egdb probe")
	variant := fs.String("variant", "american", "rule set: american or pool (or PDN GameType 21 or 23)")
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
	switch {
	case a.DTC:
		fmt.Fprintf(stdout, "conversion in %d plies\nbestmove %s (%v)\n", a.Plies, p.FormatMove(a.Move), a.MoveValue)
	case a.HasMove:
		fmt.Fprintf(stdout, "bestmove %s (%v)\n", p.FormatMove(a.Move), a.MoveValue)
	default:
		fmt.Fprintln(stdout, "bestmove none")
	}
	return exitOK
}

// sampleCacheMiB is the block cache of verify --sample: random probes miss
// often, and the successors of a position share blocks.
const sampleCacheMiB = 256

// sampleSeed fixes verify --sample's positions, so a run can be repeated.
const sampleSeed = 12

func runEgdbVerify(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("egdb verify")
	dir := fs.String("dir", "", "database directory (required)")
	threads := threadsFlag(fs)
	sample := fs.Int("sample", 0, "check only this many random positions a slice (0: all)")
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, help("egdb verify"), 0); !ok {
		return code
	}
	switch {
	case *dir == "":
		return usageError(stderr, "egdb verify", "--dir DIR is required")
	case !checkThreads(stderr, "verify", *threads):
		return exitUsage
	case *sample < 0:
		return usageError(stderr, "egdb verify", "--sample: %d is negative", *sample)
	}
	cache := 0
	if *sample > 0 {
		cache = sampleCacheMiB
	}
	db, err := egdb.Open(*dir, cache)
	if err != nil {
		return failed(stderr, "egdb: verify", err)
	}
	defer db.Close()
	code := exitOK
	for _, t := range db.Totals() {
		v, start := t.Variant, time.Now()
		var n, count int64
		var bad []egdb.Mismatch
		what := "positions"
		if *sample > 0 {
			n, bad = db.VerifySample(v, *sample, sampleSeed)
			count, what = int64(len(bad)), "sampled positions"
		} else {
			var mu sync.Mutex
			n, count, bad, err = db.Verify(v, *threads, func(done, total int64) {
				mu.Lock()
				fmt.Fprintf(stderr, "\regdb verify %v %d/%d positions   ", v, done, total)
				mu.Unlock()
			})
			if err != nil {
				fmt.Fprintf(stderr, "\ncrown egdb: verify: %v\n", err)
				return exitFail
			}
			fmt.Fprintln(stderr)
		}
		fmt.Fprintf(stdout, "%v: %d %s checked in %.2f s, %d mismatches\n", v, n, what, time.Since(start).Seconds(), count)
		for _, m := range bad {
			fmt.Fprintf(stdout, "MISMATCH %v %s: stored %v, successors say %v\n", v, m.Position.FEN(), m.Stored, m.Computed)
		}
		if count > 0 {
			code = exitFail
		}
	}
	return code
}
