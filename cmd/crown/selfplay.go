package main

import (
	"fmt"
	"io"

	"github.com/crown-checkers/crown/internal/progress"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/train"
)

func init() {
	register(command{
		name:    "selfplay",
		summary: "play Crown against itself and append quiet positions to a training data file",
		run:     runSelfplay,
	})
}

func runSelfplay(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return runSelfplayMerge(args[1:], stdout, stderr)
	}
	egdbs := play.NewPool()
	defer egdbs.Close()
	s, code := parseSelfplayFlags(args, stdout, stderr, egdbs)
	if s == nil {
		return code
	}
	cfg, err := s.RunConfig()
	if err != nil {
		return usageError(stderr, "selfplay", "%v", err)
	}
	ctx, stop := untilInterrupted()
	defer stop()
	line := progress.New(stderr)
	st, err := train.Run(ctx, cfg, s.Out, func(st train.Stats) { line.Show("selfplay " + st.Progress()) })
	line.End()
	if err != nil {
		return failed(stderr, "selfplay", err)
	}
	fmt.Fprint(stdout, st.Summary(s.Out))
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "crown selfplay: interrupted; every game written is whole, and the same command continues the run")
		return exitInterrupted(ctx)
	}
	return exitOK
}

// maxMergeInputs bounds the files of one merge: far more than a batch
// system's array of shards, and the positional words are then unbounded.
const maxMergeInputs = 1 << 16

func runSelfplayMerge(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("selfplay merge")
	out := fs.String("out", "", "data file to append to (required)")
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, help("selfplay merge"), maxMergeInputs); !ok {
		return code
	}
	switch {
	case *out == "":
		return usageError(stderr, "selfplay merge", "--out FILE is required")
	case fs.NArg() == 0:
		return usageError(stderr, "selfplay merge", "no files to merge")
	}
	stats, total, err := train.Merge(*out, fs.Args())
	for _, ms := range stats {
		fmt.Fprintf(stdout, "%s: %d games, %d positions kept, %d dropped as already written\n", ms.Path, ms.Games, ms.Kept, ms.Dropped)
	}
	if err != nil {
		return failed(stderr, "selfplay merge", err)
	}
	fmt.Fprintf(stdout, "%s now holds %d positions\n", *out, total)
	return exitOK
}

// parseSelfplayFlags reads the flags into a run's settings, acquiring the
// endgame database of --egdb from egdbs for the engines' options; it
// returns nil and the exit status when the command is to stop (after
// --help or a bad flag, rule set, option or limit).
func parseSelfplayFlags(args []string, stdout, stderr io.Writer, egdbs *play.Pool) (*train.SelfplaySettings, int) {
	fs := newFlags("selfplay")
	s := &train.SelfplaySettings{Config: train.DefaultRun}
	c := &s.Config
	fs.StringVar(&s.Out, "out", "", "training data file to append to (required); the run's progress is kept in FILE.state")
	variant := fs.String("variant", "american", variantHelp)
	fs.IntVar(&c.Games, "games", c.Games, "games of the run, all shards together")
	limits := addLimitFlags(fs, false)
	fs.StringVar(&s.OpeningsArg, "openings", "", "deck (the ACF ballots, American only), random, or a file of FEN lines (default deck for American, random for Pool)")
	fs.IntVar(&c.NodeJitter, "node-jitter", 0, "vary each search's node budget by up to this many percent either way (seeded), so games from one opening spread")
	fs.IntVar(&c.RandomPlies, "random-plies", 0, fmt.Sprintf("random plies to open with, after the ballot or the file's position (default %d with random, 0 otherwise)", train.DefaultRandomPlies))
	fs.Uint64Var(&c.Seed, "seed", c.Seed, "seed of the random plies")
	fs.StringVar(&s.ShardArg, "shard", "0/1", "I/N: play only the games j of the run with j mod N = I")
	fs.IntVar(&c.Concurrency, "concurrency", c.Concurrency, "games played at once, one engine each")
	options := addOptionFlags(fs, map[string]int{"hash": c.Options.HashMiB})
	if code, ok := parseFlags(fs, args, stdout, stderr, help("selfplay")); !ok {
		return nil, code
	}
	usageErr := func(format string, a ...any) (*train.SelfplaySettings, int) {
		return nil, usageError(stderr, "selfplay", format, a...)
	}
	var err error
	if c.Variant, err = movegen.ParseVariant(*variant); err != nil {
		return usageErr("%v", err)
	}
	if c.Options, err = options(egdbs); err != nil {
		return usageErr("%v", err)
	}
	if c.Limits, err = limits(); err != nil {
		return usageErr("%v", err)
	}
	s.RandomPliesGiven, s.Timed = fs.Changed("random-plies"), fs.Changed("movetime")
	return s, exitOK
}
