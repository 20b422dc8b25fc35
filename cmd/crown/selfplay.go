package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/pflag"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
	"github.com/crown-checkers/crown/train"
)

// crown selfplay's defaults.
const (
	// defaultSelfplayNodes: about 2 ms a move on one core, so a game takes
	// a fraction of a second and the score still sees several plies.
	defaultSelfplayNodes = 20000
	// defaultSelfplayHash: a small table per worker suffices for searches
	// of tens of thousands of nodes, and several workers fit in memory.
	defaultSelfplayHash        = 16
	defaultSelfplayGames       = 100
	defaultSelfplayConcurrency = 2
	// defaultRandomPlies opens random games far enough from the start
	// that their games differ; deck games get none (the ballot varies
	// them) unless asked.
	defaultRandomPlies = 8
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
	cfg, path, code := parseSelfplayFlags(args, stdout, stderr, egdbs)
	if path == "" {
		return code
	}
	ctx, stop := untilInterrupted()
	defer stop()
	progressed := false
	st, err := train.Run(ctx, cfg, path, func(st train.Stats) {
		selfplayProgress(stderr, st)
		progressed = true
	})
	if progressed {
		fmt.Fprintln(stderr) // ends the progress line
	}
	if err != nil {
		return failed(stderr, "selfplay", err)
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "crown selfplay: interrupted; every game written is whole, and the same command continues the run")
	}
	fmt.Fprintf(stdout, "games %d (%d dropped at the ply cap, %d played before), positions written %d, duplicates skipped %d, %s now holds %d\n",
		st.Games, st.Unfinished, st.Before, st.Positions, st.Duplicates, path, st.Records)
	fmt.Fprintf(stdout, "results: %d black wins, %d draws, %d white wins; %.0f positions/s\n",
		st.BlackWins, st.Draws, st.WhiteWins, rate(st.Positions, st.Elapsed))
	return exitOK
}

// selfplayProgress writes the progress line.
func selfplayProgress(w io.Writer, st train.Stats) {
	fmt.Fprintf(w, "\rselfplay %s   ", st.Progress())
}

// rate returns n per second of d, 0 for no time.
func rate(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
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

// parseSelfplayFlags reads the flags, acquiring the endgame database of
// --egdb from egdbs for the engines' options; it returns an empty path and
// the exit status when the command is to stop (after --help or a usage
// error).
func parseSelfplayFlags(args []string, stdout, stderr io.Writer, egdbs *play.Pool) (train.Config, string, int) {
	fs := newFlags("selfplay")
	out := fs.String("out", "", "training data file to append to (required); the run's progress is kept in FILE.state")
	variant := fs.String("variant", "american", "rule set: american or pool (or PDN GameType 21 or 23)")
	games := fs.Int("games", defaultSelfplayGames, "games of the run, all shards together")
	limits := addLimitFlags(fs, false)
	openings := fs.String("openings", "", "deck (the ACF ballots, American only), random, or a file of FEN lines (default deck for American, random for Pool)")
	nodeJitter := fs.Int("node-jitter", 0, "vary each search's node budget by up to this many percent either way (seeded), so games from one opening spread")
	randomPlies := fs.Int("random-plies", 0, fmt.Sprintf("random plies to open with, after the ballot or the file's position (default %d with random, 0 otherwise)", defaultRandomPlies))
	seed := fs.Uint64("seed", 1, "seed of the random plies")
	shard := fs.String("shard", "0/1", "I/N: play only the games j of the run with j mod N = I")
	concurrency := fs.Int("concurrency", defaultSelfplayConcurrency, "games played at once, one engine each")
	options := addOptionFlags(fs, map[string]int{"hash": defaultSelfplayHash})
	if code, ok := parseFlags(fs, args, stdout, stderr, help("selfplay")); !ok {
		return train.Config{}, "", code
	}
	usageErr := func(format string, a ...any) (train.Config, string, int) {
		return train.Config{}, "", usageError(stderr, "selfplay", format, a...)
	}
	cfg := train.Config{Games: *games, Seed: *seed, Concurrency: *concurrency, RandomPlies: *randomPlies, NodeJitter: *nodeJitter}
	var err error
	if cfg.Variant, err = movegen.ParseVariant(*variant); err != nil {
		return usageErr("%v", err)
	}
	if cfg.Options, err = options(egdbs); err != nil {
		return usageErr("%v", err)
	}
	if cfg.Limits, err = limits(); err != nil {
		return usageErr("%v", err)
	}
	if cfg.Limits.Depth == 0 && cfg.Limits.Nodes == 0 {
		cfg.Limits.Nodes = defaultSelfplayNodes
	}
	if cfg.Openings, cfg.OpeningsFile, err = train.ParseOpenings(*openings, cfg.Variant); err != nil {
		return usageErr("--openings %q: %v", *openings, err)
	}
	if cfg.Shard, cfg.Shards, err = train.ParseShard(*shard); err != nil {
		return usageErr("--shard %q: %v", *shard, err)
	}
	if cfg.Openings == train.Random && !fs.Changed("random-plies") {
		cfg.RandomPlies = defaultRandomPlies
	}
	switch {
	case *out == "":
		return usageErr("--out FILE is required")
	case *games < 1:
		return usageErr("--games must be at least 1")
	case *concurrency < 1:
		return usageErr("--concurrency must be at least 1")
	case cfg.Openings == train.Deck && cfg.Variant != movegen.American:
		return usageErr("--openings deck: the ACF ballots are American only")
	}
	if err := checkSelfplayFlags(fs, *randomPlies, *nodeJitter, cfg.Limits); err != nil {
		return usageErr("%v", err)
	}
	return cfg, *out, exitOK
}

// checkSelfplayFlags checks the self-play flags of crown selfplay and
// crown train loop: no --movetime, --random-plies and --node-jitter in
// their ranges, and a node budget to jitter.
func checkSelfplayFlags(fs *pflag.FlagSet, randomPlies, nodeJitter int, lim search.Limits) error {
	switch {
	case fs.Changed("movetime"):
		return errors.New("--movetime: self-play is limited by --nodes or --depth, so its games can be replayed")
	case randomPlies < 0 || randomPlies > train.MaxRandomPlies:
		return fmt.Errorf("--random-plies must be in 0..%d", train.MaxRandomPlies)
	case nodeJitter < 0 || nodeJitter > train.MaxNodeJitter:
		return fmt.Errorf("--node-jitter must be in 0..%d", train.MaxNodeJitter)
	case nodeJitter > 0 && lim.Nodes == 0:
		return errors.New("--node-jitter needs --nodes")
	}
	return nil
}
