package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
	"github.com/crown-checkers/crown/tune"
)

// crown tune's defaults.
const (
	// defaultTuneIterations: SPSA needs hundreds of iterations before its
	// steps add up to more than the noise of a few games each.
	defaultTuneIterations = 500
	// defaultTunePairs: a few pairs an iteration, so a result is more than
	// a single game's luck, while the parameters still move often.
	defaultTunePairs = 4
	// defaultREnd is fishtest's default learning rate at the end.
	defaultREnd      = 0.002
	defaultTuneState = "crown-tune.json"
)

func init() {
	register(command{
		name:    "tune",
		summary: "tune the search's numeric parameters by SPSA over matches of Crown against itself",
		run:     runTune,
	})
}

// tuneRun is a parsed crown tune command line.
type tuneRun struct {
	cfg    tune.Config
	tuning *match.Tuning
}

func runTune(args []string, stdout, stderr io.Writer) int {
	egdbs := play.NewPool()
	defer egdbs.Close()
	tr, code := parseTuneFlags(args, stdout, stderr, egdbs)
	if tr == nil {
		return code
	}
	ctx, stop := untilInterrupted()
	defer stop()
	tr.cfg.Objective = tr.tuning.Objective
	tr.cfg.Progress = func(p tune.Progress) { tuneProgress(stderr, tr.cfg.Params, p) }
	st, err := tune.Run(ctx, tr.cfg)
	if st != nil {
		tr.writeResult(stdout, st)
	}
	switch {
	case err != nil && ctx.Err() != nil && st != nil:
		fmt.Fprintf(stderr, "crown tune: interrupted; %s holds iteration %d of %d: the same command resumes\n",
			tr.cfg.StatePath, st.Iteration, st.Iterations)
		return exitFail
	case err != nil:
		return failed(stderr, "tune", err)
	}
	return exitOK
}

// tuneProgress writes an iteration's line: its result, the games so far,
// every parameter's value, the time taken and an estimate of the time left.
func tuneProgress(w io.Writer, params []tune.Param, p tune.Progress) {
	var b strings.Builder
	fmt.Fprintf(&b, "iteration %d/%d  result %+g  games %d ", p.Iteration, p.Iterations, p.Result, p.State.Games)
	for i, x := range p.State.Theta {
		fmt.Fprintf(&b, " %s=%.1f", params[i].Name, x)
	}
	fmt.Fprintf(&b, "  elapsed %s  left ~%s", p.Elapsed.Round(time.Second), p.Left.Round(time.Second))
	fmt.Fprintln(w, b.String())
}

// writeResult prints the values st holds, the setting that plays them and
// the match that decides whether they are better than the defaults.
func (tr *tuneRun) writeResult(w io.Writer, st *tune.State) {
	fmt.Fprintf(w, "after %d of %d iterations, %d games, plus-minus results %+g in all:\n",
		st.Iteration, st.Iterations, st.Games, st.ResultSum)
	vals := st.Values()
	for i, p := range tr.cfg.Params {
		op, _ := play.LookupTunable(p.Name)
		fmt.Fprintf(w, "  %-17s %5d  (%.2f; start %d, default %d, range %d..%d)\n",
			p.Name, vals[i], st.Theta[i], p.Start, op.Default, p.Min, p.Max)
	}
	fmt.Fprintln(w, tr.tuning.Spec(vals))
	var limits []string
	for _, word := range play.LimitWords(tr.tuning.Match.Limits) {
		key, val, _ := strings.Cut(word, "=")
		if key == "maxtime" { // getmove's word for --movetime
			key = "movetime"
		}
		limits = append(limits, "--"+key, val)
	}
	fmt.Fprintf(w, "verify at equal time before they become defaults: crown match --engine1 %s --engine2 %s --variant %s %s --sprt 0,5\n",
		tr.tuning.Spec(vals), tr.tuning.Base(), tr.tuning.Match.Variant, strings.Join(limits, " "))
}

// listTunables prints every search parameter with its default, range,
// step and meaning.
func listTunables(w io.Writer) {
	fmt.Fprintf(w, "%-17s %7s %13s %5s  %s\n", "parameter", "default", "range", "step", "meaning")
	for _, op := range play.Tunables {
		unit := ""
		if op.Unit != "" {
			unit = " (" + op.Unit + ")"
		}
		fmt.Fprintf(w, "%-17s %7d %13s %5d  %s%s\n", op.Key, op.Default, fmt.Sprintf("%d..%d", op.Min, op.Max), op.Step, op.Help, unit)
	}
}

// parseTuneFlags reads the flags into a run; it returns nil and the exit
// status when the command is to stop (after --help, --list or a usage
// error).
func parseTuneFlags(args []string, stdout, stderr io.Writer, egdbs *play.Pool) (*tuneRun, int) {
	fs := newFlags("tune")
	params := fs.String("params", "", "parameters to tune, comma-separated (default: every one --list shows)")
	iterations := fs.Int("iterations", defaultTuneIterations, "SPSA iterations, N")
	pairs := fs.Int("pairs", defaultTunePairs, "game pairs an iteration, each a ballot played with both colours")
	limits := addLimitFlags(fs, false)
	variant := fs.String("variant", "american", "rule set: american or pool (or PDN GameType 21 or 23)")
	ballots := fs.String("ballots", "deck", "openings: deck, crossboard, all or a FILE")
	concurrency := fs.Int("concurrency", 1, "games played at once, each with its own engines")
	statePath := fs.String("state", defaultTuneState, "state file, written after every iteration and resumed from")
	seed := fs.Uint64("seed", 1, "seed of the perturbations and the ballots drawn")
	rEnd := fs.Float64("r-end", defaultREnd, "learning rate at the last iteration (r_end)")
	options := fs.String("engine-options", "", "settings of both engines, as self:KEY=VALUE,... (hashsize=16,...)")
	list := fs.Bool("list", false, "list the tunable parameters and stop")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("tune")); !ok {
		return nil, code
	}
	if *list {
		listTunables(stdout)
		return nil, exitOK
	}
	usageErr := func(format string, a ...any) (*tuneRun, int) {
		return nil, usageError(stderr, "tune", format, a...)
	}
	switch {
	case *iterations < 1:
		return usageErr("--iterations must be at least 1")
	case *pairs < 1:
		return usageErr("--pairs must be at least 1")
	case *concurrency < 1:
		return usageErr("--concurrency must be at least 1")
	case !(*rEnd > 0):
		return usageErr("--r-end must be above 0")
	case *statePath == "":
		return usageErr("--state must name a file")
	}
	t := &match.Tuning{Pairs: *pairs, Options: strings.TrimSpace(*options), Self: selfConfig(egdbs, play.Options{}), Seed: *seed,
		Match: match.Config{Games: 2 * *pairs, Concurrency: *concurrency}}
	var err error
	if t.Params, err = match.TuneParams(*params, *rEnd); err != nil {
		return usageErr("--params: %v", err)
	}
	if err := checkEngineOptions(t); err != nil {
		return usageErr("--engine-options: %v", err)
	}
	if t.Match.Limits, err = limits(); err != nil {
		return usageErr("%v", err)
	}
	if t.Match.Limits == (search.Limits{}) {
		t.Match.Limits.MoveTime = match.DefaultMoveTime
	}
	if t.Match.Variant, err = movegen.ParseVariant(*variant); err != nil {
		return usageErr("%v", err)
	}
	if t.Ballots, err = book.SelectBallots(*ballots, t.Match.Variant); err != nil {
		return usageErr("%v", err)
	}
	tr := &tuneRun{tuning: t, cfg: tune.Config{Params: t.Params, Iterations: *iterations, Seed: *seed,
		StatePath: *statePath, GamesPerIteration: 2 * *pairs}}
	tr.cfg.Conditions = fmt.Sprintf("%s, ballots %s, %s, pairs %d, engine options %q",
		t.Match.Variant, *ballots, t.Match.Limits, *pairs, t.Options)
	return tr, exitOK
}

// checkEngineOptions checks --engine-options as a self engine's settings
// and refuses one that sets a tuned parameter: the tuner sets those.
func checkEngineOptions(t *match.Tuning) error {
	if t.Options == "" {
		return nil
	}
	if _, err := match.ParseEngine(t.Base(), t.Self); err != nil {
		return err
	}
	for _, kv := range strings.Split(t.Options, ",") {
		key, _, _ := strings.Cut(kv, "=")
		for _, p := range t.Params {
			if strings.EqualFold(strings.TrimSpace(key), p.Name) {
				return fmt.Errorf("%s is tuned: leave it out of --params to hold it at a value", p.Name)
			}
		}
	}
	return nil
}
