package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

func init() {
	register(command{
		name:    "match",
		summary: "play two engines against each other over the ACF ballots and report Elo",
		run:     runMatch,
	})
}

func runMatch(args []string, stdout, stderr io.Writer) int {
	egdbs := play.NewPool()
	defer egdbs.Close()
	cfg, code := parseMatchFlags(args, stdout, stderr, egdbs)
	if cfg == nil {
		return code
	}
	if c, ok := cfg.PDN.(io.Closer); ok {
		defer c.Close()
	}
	ctx, stop := untilInterrupted()
	defer stop()
	cfg.Progress = stderr
	r, err := match.Run(ctx, *cfg)
	if r != nil && r.Score.Games() > 0 {
		r.WriteSummary(stdout)
	}
	if err != nil && ctx.Err() != nil {
		fmt.Fprintln(stderr, "crown match: interrupted; the games played are counted above (with --pdn and --resume the same command goes on)")
		return exitInterrupted(ctx)
	}
	if err != nil {
		return failed(stderr, "match", err)
	}
	return exitOK
}

// parseMatchFlags reads the flags into a match configuration whose self
// engines open their endgame databases from egdbs; it returns nil and the
// exit status when the command is to stop (after --help or a usage error).
func parseMatchFlags(args []string, stdout, stderr io.Writer, egdbs *play.Pool) (*match.Config, int) {
	fs := newFlags("match")
	engine1 := fs.String("engine1", "", "first engine: a command line, or self[:key=value,...]")
	engine2 := fs.String("engine2", "", "second engine, as --engine1")
	variant := fs.String("variant", "american", variantHelp)
	ballots := fs.String("ballots", "deck", "openings: deck, crossboard, all or a FILE")
	games := fs.Int("games", 0, "games to play (default: every ballot twice)")
	limits := addLimitFlags(fs, false)
	concurrency := fs.Int("concurrency", 1, "games played at once, each with its own engines")
	pdn := fs.String("pdn", "", "save every game to this PDN file (overwritten, unless --resume)")
	resume := fs.Bool("resume", false, "continue the match saved in --pdn: its games count and are not played again")
	sprt := fs.String("sprt", "", "elo0,elo1: stop as soon as a sequential test (alpha = beta = 0.05) decides")
	maxPlies := fs.Int("maxmoves", match.DefaultMaxPlies, "move cap in plies: a game this long is drawn")
	timeout := fs.Float64("timeout", 0, "seconds to wait for a move before a time forfeit (default 4*movetime+2, or 120 with depth or node limits)")
	egdbDir := fs.String("egdb", "", "endgame database directory for every self engine that does not set egdbpath itself")
	egdbCache := fs.Int("egdb-cache", play.DefaultEGDBCacheMiB, "its block cache in MiB (each self engine's egdbcache)")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("match")); !ok {
		return nil, code
	}
	usageErr := func(format string, a ...any) (*match.Config, int) {
		return nil, usageError(stderr, "match", format, a...)
	}
	switch {
	case *engine1 == "" || *engine2 == "":
		return usageErr("--engine1 and --engine2 are required")
	case *games < 0:
		return usageErr("--games must be at least 0")
	case *timeout < 0:
		return usageErr("--timeout must not be negative")
	case *concurrency < 1:
		return usageErr("--concurrency must be at least 1")
	case *maxPlies < 1:
		return usageErr("--maxmoves must be at least 1")
	case *resume && *pdn == "":
		return usageErr("--resume needs --pdn, the file of the match to continue")
	}
	cfg := &match.Config{
		Games:       *games,
		Concurrency: *concurrency,
		MaxPlies:    *maxPlies,
		Timeout:     play.Seconds(*timeout),
	}
	var err error
	if cfg.Limits, err = limits(); err != nil {
		return usageErr("%v", err)
	}
	if cfg.Variant, err = movegen.ParseVariant(*variant); err != nil {
		return usageErr("%v", err)
	}
	base := play.Options{EGDBPath: *egdbDir}
	cacheOp, _ := play.LookupOption("egdbcache")
	if err := cacheOp.Set(&base, *egdbCache); err != nil {
		return usageErr("--egdb-cache: %v", err)
	}
	if err := egdbs.Hold(base); err != nil {
		return usageErr("--egdb: %v", err)
	}
	for i, spec := range []string{*engine1, *engine2} {
		if cfg.Engines[i], err = match.ParseEngine(spec, selfConfig(egdbs, base)); err != nil {
			return usageErr("--engine%d: %v", i+1, err)
		}
	}
	cfg.SetDefaults()
	if *sprt != "" {
		if cfg.SPRT, err = match.ParseSPRT(*sprt); err != nil {
			return usageErr("--sprt: %v", err)
		}
	}
	if cfg.Ballots, err = book.SelectBallots(*ballots, cfg.Variant); err != nil {
		return usageErr("%v", err)
	}
	if *resume {
		if cfg.Resumed, err = match.ResumeFile(*pdn, *cfg); errors.Is(err, match.ErrOtherMatch) {
			return usageErr("--resume: %v: remove it, or name another --pdn", err)
		} else if err != nil {
			return usageErr("--resume: %v", err)
		}
	}
	if *pdn != "" {
		f, err := match.OpenPDN(*pdn, *resume)
		if err != nil {
			return usageErr("%v", err)
		}
		cfg.PDN = f
	}
	return cfg, exitOK
}
