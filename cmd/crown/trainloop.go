package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/train"
)

// runTrainLoop is crown train loop.
func runTrainLoop(args []string, stdout, stderr io.Writer) int {
	s, code := parseTrainLoopFlags(args, stdout, stderr)
	if s == nil {
		return code
	}
	cfg, err := s.Config()
	if err != nil {
		return usageError(stderr, "train loop", "%v", err)
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
		return exitInterrupted(ctx)
	case err != nil:
		return failed(stderr, "train loop", err)
	}
	fmt.Fprint(stdout, res.Report(cfg.Dir))
	return exitOK
}

// parseTrainLoopFlags reads the flags into a loop's settings; it returns
// nil and the exit status when the command is to stop (after --help or a
// bad flag or limit).
func parseTrainLoopFlags(args []string, stdout, stderr io.Writer) (*train.LoopSettings, int) {
	fs := newFlags("train loop")
	s := &train.LoopSettings{LoopConfig: train.DefaultLoop}
	c := &s.LoopConfig
	fs.StringVar(&c.Dir, "dir", "", "directory of the loop's files (required)")
	fs.IntVar(&c.Generations, "generations", c.Generations, "most generations")
	fs.IntVar(&c.Patience, "patience", c.Patience, "stop after this many generations in a row that accepted nothing")
	fs.IntVar(&c.Games[movegen.American], "american-games", c.Games[movegen.American], "American self-play games a generation (0: American is not trained)")
	fs.IntVar(&c.Games[movegen.Pool], "pool-games", c.Games[movegen.Pool], "Pool self-play games a generation (0: Pool is not trained)")
	for v := movegen.Russian; v < movegen.NumVariants; v++ {
		fs.IntVar(&c.Games[v], v.String()+"-games", 0, v.Rules().Title+" self-play games a generation (0: not trained)")
		fs.StringVar(&c.Openings[v], v.String()+"-openings", c.Openings[v], "file of "+v.Rules().Title+" openings its match plays (crown book openings)")
	}
	limits := addLimitFlagsPrefixed(fs, "", "self-play", false)
	fs.IntVar(&c.NodeJitter, "node-jitter", 0, "vary each self-play search's node budget by up to this many percent either way (seeded)")
	fs.IntVar(&c.RandomPlies, "random-plies", c.RandomPlies, "random plies after each self-play opening")
	fs.StringVar(&c.Openings[movegen.Pool], "pool-openings", c.Openings[movegen.Pool], "file of Pool openings the Pool match plays")
	fs.StringVar(&s.PoolSelfplay, "pool-selfplay", "random", "Pool self-play's openings: random (--start-plies from the start) or a FILE of openings (then --random-plies)")
	fs.IntVar(&c.StartPlies, "start-plies", c.StartPlies, "random plies from the start that open the self-play games of every game but American (Pool's with --pool-selfplay random)")
	fs.IntVar(&c.StartPlies, "pool-random-plies", c.StartPlies, "the old name of --start-plies")
	if err := fs.MarkDeprecated("pool-random-plies", "use --start-plies"); err != nil {
		panic(err) // the flag is defined just above
	}
	fs.StringVar(&s.EGDBDir, "egdb", "", "endgame database directory: its positions get their exact value in the fits")
	fs.BoolVar(&c.Adjudicate, "adjudicate", false, "with --egdb: a game's result is the database's value of its first position inside it")
	fs.IntVar(&c.Window, "window", c.Window, "generations whose data a fit reads, the last ones")
	fs.StringSliceVar(&c.Data, "data", nil, "data files (crown selfplay's) every fit reads besides the window's, comma-separated")
	fs.Float64Var(&c.Lambda, "lambda", c.Lambda, "share of the game's result in the fit's target, the rest the search score")
	fs.IntVar(&c.Hidden, "hidden", 0, "hidden units of a new network for each game whose weights have none (0: those keep the linear model)")
	matchLimits := addLimitFlagsPrefixed(fs, "match-", "matches", false)
	fs.IntVar(&c.MatchGames, "match-games", 0, "games of each match (default: every opening twice, 312 for American)")
	fs.StringVar(&s.SPRTBounds, "sprt", "", "elo0,elo1: a match stops as soon as a sequential test (alpha = beta = 0.05) decides, and accepts if it accepts elo1")
	fs.IntVar(&c.Concurrency, "concurrency", c.Concurrency, "games played at once, in self-play and matches")
	fs.StringVar(&c.Start, "start", "", "weight file the first generation plays with (default: the built-in weights)")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("train loop")); !ok {
		return nil, code
	}
	var err error
	if c.Limits, err = limits(); err != nil {
		return nil, usageError(stderr, "train loop", "%v", err)
	}
	if c.MatchLimits, err = matchLimits(); err != nil {
		return nil, usageError(stderr, "train loop", "%v", err)
	}
	s.Timed = fs.Changed("movetime")
	return s, exitOK
}

// loopEngine is a match engine of crown train loop: Crown in process,
// named name, evaluating with the weight file at path, loaded from pool.
func loopEngine(pool *play.Pool, name, path string) match.Engine {
	return match.Engine{Name: name, Run: match.InProcess(selfConfig(pool, play.Options{EvalFile: path}))}
}
