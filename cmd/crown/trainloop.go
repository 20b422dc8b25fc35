package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
	"github.com/crown-checkers/crown/train"
)

// crown train loop's defaults: make train's, which docs/training.md
// explains.
const (
	defaultLoopGenerations = 10
	// defaultLoopPatience gives a rule set a second chance: a generation
	// with the same weights adds data, which the next fit reads too.
	defaultLoopPatience = 2
	// defaultLoopAmericanGames and defaultLoopPoolGames take about the
	// same time on a core each at defaultLoopNodes, some 30 minutes, and
	// with defaultLoopWindow the fits read as many games as the
	// committed weights'.
	defaultLoopAmericanGames = 4000
	defaultLoopPoolGames     = 6000
	// defaultLoopNodes is the node budget of the committed weights' data.
	defaultLoopNodes       = 8000
	defaultLoopRandomPlies = 4
	defaultLoopWindow      = 3
	// defaultPoolOpenings is the Pool match's openings since they came in
	// (docs/experiments.md), relative to the repository.
	defaultPoolOpenings    = "testdata/pool-openings.txt"
	defaultLoopConcurrency = 2
)

// runTrainLoop is crown train loop.
func runTrainLoop(args []string, stdout, stderr io.Writer) int {
	cfg, code := parseTrainLoopFlags(args, stdout, stderr)
	if cfg == nil {
		return code
	}
	if cfg.EGDB != nil {
		defer cfg.EGDB.Close()
	}
	pool := play.NewPool() // the engines of a generation's matches share its weights
	defer pool.Close()
	cfg.Engine = func(name, path string) match.Engine { return loopEngine(pool, name, path) }
	ctx, stop := untilInterrupted()
	defer stop()
	cfg.Log, cfg.Out = stderr, stdout
	res, err := train.RunLoop(ctx, *cfg)
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "crown train loop: interrupted; the same command continues the loop")
		return exitFail
	case err != nil:
		return failed(stderr, "train loop", err)
	}
	if res.Stopped != "" {
		fmt.Fprintf(stdout, "stopped: %s\n", res.Stopped)
	}
	current := filepath.Join(cfg.Dir, train.CurrentFile)
	if res.Accepted == 0 {
		fmt.Fprintf(stdout, "%d generations, none accepted new weights: no %s\n", res.Generations, current)
		return exitOK
	}
	fmt.Fprintf(stdout, "%d generations, %d accepted new weights: %s holds the current weights\n", res.Generations, res.Accepted, current)
	return exitOK
}

// parseTrainLoopFlags reads the flags into a loop's configuration, with
// the endgame database of --egdb open; it returns nil and the exit status
// when the command is to stop (after --help or a usage error).
func parseTrainLoopFlags(args []string, stdout, stderr io.Writer) (*train.LoopConfig, int) {
	fs := newFlags("train loop")
	dir := fs.String("dir", "", "directory of the loop's files (required)")
	generations := fs.Int("generations", defaultLoopGenerations, "most generations")
	patience := fs.Int("patience", defaultLoopPatience, "stop after this many generations in a row that accepted nothing")
	american := fs.Int("american-games", defaultLoopAmericanGames, "American self-play games a generation (0: American is not trained)")
	pool := fs.Int("pool-games", defaultLoopPoolGames, "Pool self-play games a generation (0: Pool is not trained)")
	limits := addLimitFlagsPrefixed(fs, "", "self-play", false)
	nodeJitter := fs.Int("node-jitter", 0, "vary each self-play search's node budget by up to this many percent either way (seeded)")
	randomPlies := fs.Int("random-plies", defaultLoopRandomPlies, "random plies after each self-play opening")
	poolOpenings := fs.String("pool-openings", defaultPoolOpenings, "file of Pool openings the Pool match plays")
	poolSelfplay := fs.String("pool-selfplay", "random", "Pool self-play's openings: random (--pool-random-plies from the start) or a FILE of openings (then --random-plies)")
	poolRandomPlies := fs.Int("pool-random-plies", defaultRandomPlies, "random plies from the start that open Pool self-play games with --pool-selfplay random")
	egdbDir := fs.String("egdb", "", "endgame database directory: its positions get their exact value in the fits")
	adjudicate := fs.Bool("adjudicate", false, "with --egdb: a game's result is the database's value of its first position inside it")
	window := fs.Int("window", defaultLoopWindow, "generations whose data a fit reads, the last ones")
	data := fs.StringSlice("data", nil, "data files (crown selfplay's) every fit reads besides the window's, comma-separated")
	lambda := fs.Float64("lambda", train.DefaultFit.Lambda, "share of the game's result in the fit's target, the rest the search score")
	matchLimits := addLimitFlagsPrefixed(fs, "match-", "matches", false)
	matchGames := fs.Int("match-games", 0, "games of each match (default: every opening twice, 312 for American)")
	sprt := fs.String("sprt", "", "elo0,elo1: a match stops as soon as a sequential test (alpha = beta = 0.05) decides, and accepts if it accepts elo1")
	concurrency := fs.Int("concurrency", defaultLoopConcurrency, "games played at once, in self-play and matches")
	start := fs.String("start", "", "weight file the first generation plays with (default: the built-in weights)")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("train loop")); !ok {
		return nil, code
	}
	usageErr := func(format string, a ...any) (*train.LoopConfig, int) {
		return nil, usageError(stderr, "train loop", format, a...)
	}
	cfg := &train.LoopConfig{Dir: *dir, Generations: *generations, Patience: *patience, NodeJitter: *nodeJitter,
		RandomPlies: *randomPlies, PoolRandomPlies: *poolRandomPlies, PoolOpenings: *poolOpenings, Adjudicate: *adjudicate, Window: *window,
		Lambda: *lambda, Data: *data, MatchGames: *matchGames, Concurrency: *concurrency, Start: *start}
	cfg.Games[movegen.American], cfg.Games[movegen.Pool] = *american, *pool
	var err error
	if cfg.Limits, err = limits(); err != nil {
		return usageErr("%v", err)
	}
	if cfg.Limits.Depth == 0 && cfg.Limits.Nodes == 0 {
		cfg.Limits.Nodes = defaultLoopNodes
	}
	if cfg.MatchLimits, err = matchLimits(); err != nil {
		return usageErr("%v", err)
	}
	if cfg.MatchLimits == (search.Limits{}) {
		cfg.MatchLimits.MoveTime = defaultMatchMoveTime
	}
	if *sprt != "" {
		if cfg.SPRT, err = match.ParseSPRT(*sprt); err != nil {
			return usageErr("--sprt: %v", err)
		}
	}
	switch {
	case *dir == "":
		return usageErr("--dir DIR is required")
	case *generations < 1 || *patience < 1 || *window < 1 || *concurrency < 1:
		return usageErr("--generations, --patience, --window and --concurrency must be at least 1")
	case *american < 0 || *pool < 0 || *american == 0 && *pool == 0:
		return usageErr("--american-games and --pool-games must not be negative, nor both 0")
	case *lambda < 0 || *lambda > 1:
		return usageErr("--lambda must be in 0..1")
	case *matchGames < 0:
		return usageErr("--match-games must not be negative")
	case *adjudicate && *egdbDir == "":
		return usageErr("--adjudicate needs --egdb DIR")
	}
	if err := checkSelfplayFlags(fs, *randomPlies, *nodeJitter, cfg.Limits); err != nil {
		return usageErr("%v", err)
	}
	if *pool > 0 {
		if _, err := book.ReadBallotsFile(*poolOpenings, movegen.Pool); err != nil {
			return usageErr("--pool-openings: %v", err)
		}
		if *poolSelfplay != "random" {
			if _, err := book.ReadBallotsFile(*poolSelfplay, movegen.Pool); err != nil {
				return usageErr("--pool-selfplay: %v", err)
			}
			cfg.PoolSelfplayFile = *poolSelfplay
		}
	}
	if *poolRandomPlies < 0 || *poolRandomPlies > train.MaxRandomPlies {
		return usageErr("--pool-random-plies must be in 0..%d", train.MaxRandomPlies)
	}
	for _, path := range *data {
		if err := train.CheckDataFile(path); err != nil {
			return usageErr("--data: %v", err)
		}
	}
	if *start != "" {
		if _, err := eval.LoadWeights(*start); err != nil {
			return usageErr("--start: %v", err)
		}
	}
	if *egdbDir != "" {
		if cfg.EGDB, err = egdb.Open(*egdbDir, trainEGDBCacheMiB); err != nil {
			return usageErr("--egdb: %v", err)
		}
	}
	return cfg, exitOK
}

// loopEngine is a match engine of crown train loop: Crown in process,
// named name, evaluating with the weight file at path, loaded from pool.
func loopEngine(pool *play.Pool, name, path string) match.Engine {
	return match.Engine{Name: name, Run: match.InProcess(selfConfig(pool, play.Options{EvalFile: path}))}
}
