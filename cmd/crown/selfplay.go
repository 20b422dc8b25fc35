package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/crown-checkers/crown/movegen"
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

const selfplayUsage = `usage: crown selfplay --out FILE [--variant american|pool] [--games N] [--nodes N | --depth N]
                      [--openings deck|random] [--random-plies N] [--seed N] [--concurrency N]
                      [--hash MiB] [--threads N]
Plays Crown against itself, one engine per game at a time, and appends every
quiet position of each finished game (no capture for either side) with its
search score and the game's result to FILE, in the format of
docs/training.md. An existing FILE is continued: positions it holds are not
written again. Openings are the ACF deck's ballots (American, the default
there) or random plies from the start (Pool's default), and --random-plies
random plies follow a ballot too. Searches are node- or depth-limited, so one
worker and a seed give the same file. Ctrl-C stops after the games written so
far. Progress goes to stderr, the summary to stdout.`

func runSelfplay(args []string, stdout, stderr io.Writer) int {
	cfg, path, code := parseSelfplayFlags(args, stdout, stderr)
	if path == "" {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "crown selfplay: %v\n", err)
		return exitFail
	}
	w, err := train.OpenWriter(path)
	if err != nil {
		return fail(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	st, err := train.Run(ctx, cfg, w, func(st train.Stats) { selfplayProgress(stderr, st, cfg.Games) })
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	fmt.Fprintln(stderr)
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "crown selfplay: interrupted; every game written is whole")
	}
	fmt.Fprintf(stdout, "games %d (%d dropped at the ply cap), positions written %d, duplicates skipped %d, %s now holds %d\n",
		st.Games, st.Unfinished, st.Positions, st.Duplicates, path, w.Count())
	fmt.Fprintf(stdout, "results: %d black wins, %d draws, %d white wins; %.0f positions/s\n",
		st.BlackWins, st.Draws, st.WhiteWins, rate(st.Positions, st.Elapsed))
	if err != nil {
		return fail(err)
	}
	return exitOK
}

// selfplayProgress writes the progress line: games, positions, rate,
// elapsed and the time left at that rate.
func selfplayProgress(w io.Writer, st train.Stats, games int) {
	done := st.Games + st.Unfinished
	left := time.Duration(float64(st.Elapsed) * float64(games-done) / float64(done))
	fmt.Fprintf(w, "\rselfplay games %d/%d  positions %d  %.0f pos/s  elapsed %s  left ~%s   ",
		done, games, st.Positions, rate(st.Positions, st.Elapsed), st.Elapsed.Round(time.Second), left.Round(time.Second))
}

// rate returns n per second of d, 0 for no time.
func rate(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// parseSelfplayFlags reads the flags; it returns an empty path and the exit
// status when the command is to stop (after --help or a usage error).
func parseSelfplayFlags(args []string, stdout, stderr io.Writer) (train.Config, string, int) {
	fs := newFlags("selfplay")
	out := fs.String("out", "", "training data file to append to (required)")
	variant := fs.String("variant", "american", "rule set: american or pool (or PDN GameType 21 or 23)")
	games := fs.Int("games", defaultSelfplayGames, "games to play")
	limits := addLimitFlags(fs, false)
	openings := fs.String("openings", "", "deck (the ACF ballots, American only) or random (default deck for American, random for Pool)")
	randomPlies := fs.Int("random-plies", 0, fmt.Sprintf("random plies to open with, after the ballot with deck (default %d with random, 0 with deck)", defaultRandomPlies))
	seed := fs.Uint64("seed", 1, "seed of the random plies")
	concurrency := fs.Int("concurrency", defaultSelfplayConcurrency, "games played at once, one engine each")
	options := addOptionFlags(fs, map[string]int{"hash": defaultSelfplayHash})
	if code, ok := parseFlags(fs, args, stdout, stderr, selfplayUsage); !ok {
		return train.Config{}, "", code
	}
	usageErr := func(format string, a ...any) (train.Config, string, int) {
		return train.Config{}, "", usageError(stderr, "selfplay", format, a...)
	}
	cfg := train.Config{Games: *games, Seed: *seed, Concurrency: *concurrency, RandomPlies: *randomPlies}
	var err error
	if cfg.Variant, err = movegen.ParseVariant(*variant); err != nil {
		return usageErr("%v", err)
	}
	if cfg.Options, err = options(); err != nil {
		return usageErr("%v", err)
	}
	if cfg.Limits, err = limits(); err != nil {
		return usageErr("%v", err)
	}
	if cfg.Limits.Depth == 0 && cfg.Limits.Nodes == 0 {
		cfg.Limits.Nodes = defaultSelfplayNodes
	}
	switch *openings {
	case "":
		cfg.Openings = train.Deck
		if cfg.Variant != movegen.American {
			cfg.Openings = train.Random
		}
	case "deck":
		cfg.Openings = train.Deck
	case "random":
		cfg.Openings = train.Random
	default:
		return usageErr("--openings %q: want deck or random", *openings)
	}
	if cfg.Openings == train.Random && !fs.Changed("random-plies") {
		cfg.RandomPlies = defaultRandomPlies
	}
	switch {
	case *out == "":
		return usageErr("--out FILE is required")
	case fs.Changed("movetime"):
		return usageErr("--movetime: searches are limited by --nodes or --depth, so games can be replayed")
	case *games < 1:
		return usageErr("--games must be at least 1")
	case *concurrency < 1:
		return usageErr("--concurrency must be at least 1")
	case cfg.Openings == train.Deck && cfg.Variant != movegen.American:
		return usageErr("--openings deck: the ACF ballots are American only")
	case *randomPlies < 0 || *randomPlies > train.MaxRandomPlies:
		return usageErr("--random-plies must be in 0..%d", train.MaxRandomPlies)
	}
	return cfg, *out, exitOK
}
