package main

import (
	"fmt"
	"io"

	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/tune"
)

func init() {
	register(command{
		name:    "tune",
		summary: "tune the search's numeric parameters by SPSA over matches of Crown against itself",
		run:     runTune,
	})
}

func runTune(args []string, stdout, stderr io.Writer) int {
	egdbs := play.NewPool()
	defer egdbs.Close()
	s, code := parseTuneFlags(args, stdout, stderr)
	if s == nil {
		return code
	}
	s.Self = selfConfig(egdbs, play.Options{})
	t, cfg, err := s.Tuning()
	if err != nil {
		return usageError(stderr, "tune", "%v", err)
	}
	ctx, stop := untilInterrupted()
	defer stop()
	cfg.Progress = func(p tune.Progress) { fmt.Fprintln(stderr, p) }
	st, err := tune.Run(ctx, cfg)
	if st != nil {
		t.WriteResult(stdout, st)
	}
	switch {
	case err != nil && ctx.Err() != nil && st != nil:
		fmt.Fprintf(stderr, "crown tune: interrupted; %s holds iteration %d of %d: the same command resumes\n",
			cfg.StatePath, st.Iteration, st.Iterations)
		return exitInterrupted(ctx)
	case err != nil:
		return failed(stderr, "tune", err)
	}
	return exitOK
}

// parseTuneFlags reads the flags into a run's settings; it returns nil and
// the exit status when the command is to stop (after --help, --list, a bad
// flag or limit).
func parseTuneFlags(args []string, stdout, stderr io.Writer) (*match.TuneSettings, int) {
	fs := newFlags("tune")
	s := &match.TuneSettings{}
	d := match.DefaultTune
	fs.StringVar(&s.Params, "params", "", "parameters to tune, comma-separated (default: every one --list shows)")
	fs.IntVar(&s.Iterations, "iterations", d.Iterations, "SPSA iterations, N")
	fs.IntVar(&s.Pairs, "pairs", d.Pairs, "game pairs an iteration, each a ballot played with both colours")
	limits := addLimitFlags(fs, false)
	fs.StringVar(&s.Variant, "variant", d.Variant, variantHelp)
	fs.StringVar(&s.Ballots, "ballots", d.Ballots, "openings: deck, crossboard, all or a FILE")
	fs.IntVar(&s.Concurrency, "concurrency", d.Concurrency, "games played at once, each with its own engines")
	fs.StringVar(&s.StatePath, "state", d.StatePath, "state file, written after every iteration and resumed from")
	fs.Uint64Var(&s.Seed, "seed", d.Seed, "seed of the perturbations and the ballots drawn")
	fs.Float64Var(&s.REnd, "r-end", d.REnd, "learning rate at the last iteration (r_end)")
	fs.StringVar(&s.Options, "engine-options", "", "settings of both engines, as self:KEY=VALUE,... (hashsize=16,...)")
	list := fs.Bool("list", false, "list the tunable parameters and stop")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("tune")); !ok {
		return nil, code
	}
	if *list {
		match.WriteTunables(stdout)
		return nil, exitOK
	}
	var err error
	if s.Limits, err = limits(); err != nil {
		return nil, usageError(stderr, "tune", "%v", err)
	}
	return s, exitOK
}
