package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
	"github.com/crown-checkers/crown/tune"
)

// ballotStream separates the generator of an iteration's ballots from the
// tuner's, which is seeded by the same seed and iteration: the ballots
// must not follow the perturbation's signs.
const ballotStream = 0x9e3779b97f4a7c15

// The names of the two engines of a tuning iteration's match.
const (
	TunePlus  = "plus"
	TuneMinus = "minus"
)

// Tuning is crown tune's SPSA objective (Objective): each iteration a
// match of Crown against itself in process, the engine with the tuned
// parameters moved up (TunePlus, engine 1) against the one with them
// moved down (TuneMinus), over Pairs ballots drawn at random, each played
// with both colours.
type Tuning struct {
	// Match is every iteration's match but its engines and ballots.
	Match   Config
	Ballots []book.Ballot // what each iteration draws from
	Pairs   int
	Params  []tune.Param // the parameters tuned, by their self keys
	// Options are settings of both engines besides the tuned parameters,
	// as self:KEY=VALUE,... takes them.
	Options string
	Self    protocol.Config // Crown in process (ParseEngine's self)
	Seed    uint64          // the run's: an iteration's ballots are drawn from it and the iteration
}

// Objective plays an iteration's match, plus as engine 1, and returns its
// wins minus its losses (a tune.Objective).
func (t *Tuning) Objective(ctx context.Context, iteration int, plus, minus []int) (float64, error) {
	mc := t.Match
	for i, vals := range [][]int{plus, minus} {
		e, err := ParseEngine(t.Spec(vals), t.Self)
		if err != nil {
			return 0, err
		}
		e.Name = []string{TunePlus, TuneMinus}[i]
		mc.Engines[i] = e
	}
	rng := rand.New(rand.NewPCG(t.Seed^ballotStream, uint64(iteration)))
	perm := rng.Perm(len(t.Ballots))
	mc.Ballots = make([]book.Ballot, t.Pairs)
	for i := range mc.Ballots {
		mc.Ballots[i] = t.Ballots[perm[i%len(perm)]]
	}
	r, err := Run(ctx, mc)
	if err != nil {
		return 0, err
	}
	return float64(r.Score.Wins - r.Score.Losses), nil
}

// Base is the engine spec of Crown with Options only: self or
// self:OPTIONS.
func (t *Tuning) Base() string {
	if t.Options == "" {
		return Self
	}
	return Self + ":" + t.Options
}

// Spec is the engine spec that plays vals, the values of the tuned
// parameters: self:OPTIONS,KEY=VALUE,...
func (t *Tuning) Spec(vals []int) string {
	settings := make([]string, 0, len(vals)+1)
	if t.Options != "" {
		settings = append(settings, t.Options)
	}
	for i, p := range t.Params {
		settings = append(settings, fmt.Sprintf("%s=%d", p.Name, vals[i]))
	}
	return Self + ":" + strings.Join(settings, ",")
}

// TuneParams returns the search parameters names lists, comma-separated
// ("" for every one of play.Tunables), each starting from its default,
// perturbed by its step at the end, with the learning rate rEnd there.
func TuneParams(names string, rEnd float64) ([]tune.Param, error) {
	var ops []*play.Option
	seen := map[string]bool{}
	for _, name := range strings.Split(names, ",") {
		if names == "" {
			for i := range play.Tunables {
				ops = append(ops, &play.Tunables[i])
			}
			break
		}
		op, ok := play.LookupTunable(strings.TrimSpace(name))
		if !ok {
			keys := make([]string, len(play.Tunables))
			for i, t := range play.Tunables {
				keys[i] = t.Key
			}
			return nil, fmt.Errorf("unknown parameter %q (want %s)", name, strings.Join(keys, ", "))
		}
		if seen[op.Key] {
			return nil, fmt.Errorf("%s given twice", op.Key)
		}
		seen[op.Key] = true
		ops = append(ops, op)
	}
	ps := make([]tune.Param, len(ops))
	for i, op := range ops {
		ps[i] = tune.Param{Name: op.Key, Start: op.Default, Min: op.Min, Max: op.Max, CEnd: float64(op.Step), REnd: rEnd}
	}
	return ps, nil
}

// DefaultTune is the run crown tune starts from.
var DefaultTune = TuneSettings{
	// Iterations: SPSA needs hundreds before its steps add up to more
	// than the noise of a few games each.
	Iterations: 500,
	// Pairs: a few an iteration, so a result is more than a single game's
	// luck, while the parameters still move often.
	Pairs:       4,
	Variant:     "american",
	Ballots:     "deck",
	Concurrency: 1,
	StatePath:   "crown-tune.json",
	Seed:        1,
	// REnd is fishtest's default learning rate at the end.
	REnd: 0.002,
}

// TuneSettings are crown tune's settings as its flags give them. Their
// errors name each setting by its flag.
type TuneSettings struct {
	Params      string // the parameters tuned, comma-separated (TuneParams)
	Iterations  int
	Pairs       int           // game pairs an iteration
	Limits      search.Limits // every move's; none: DefaultMoveTime
	Variant     string        // the rule set, by name
	Ballots     string        // the openings, book.SelectBallots' words
	Concurrency int
	StatePath   string
	Seed        uint64
	REnd        float64 // the learning rate at the last iteration
	// Options are settings of both engines besides the tuned parameters
	// (Tuning.Options).
	Options string
	Self    protocol.Config // Crown in process
}

// Tuning checks s and returns the objective it describes and the tuner's
// configuration, whose Objective it is.
func (s *TuneSettings) Tuning() (*Tuning, tune.Config, error) {
	var cfg tune.Config
	switch {
	case s.Iterations < 1:
		return nil, cfg, errors.New("--iterations must be at least 1")
	case s.Pairs < 1:
		return nil, cfg, errors.New("--pairs must be at least 1")
	case s.Concurrency < 1:
		return nil, cfg, errors.New("--concurrency must be at least 1")
	case !(s.REnd > 0):
		return nil, cfg, errors.New("--r-end must be above 0")
	case s.StatePath == "":
		return nil, cfg, errors.New("--state must name a file")
	}
	t := &Tuning{Pairs: s.Pairs, Options: strings.TrimSpace(s.Options), Self: s.Self, Seed: s.Seed,
		Match: Config{Games: 2 * s.Pairs, Concurrency: s.Concurrency, Limits: s.Limits}}
	if t.Match.Limits == (search.Limits{}) {
		t.Match.Limits.MoveTime = DefaultMoveTime
	}
	var err error
	if t.Params, err = TuneParams(s.Params, s.REnd); err != nil {
		return nil, cfg, fmt.Errorf("--params: %w", err)
	}
	if err := t.checkOptions(); err != nil {
		return nil, cfg, fmt.Errorf("--engine-options: %w", err)
	}
	if t.Match.Variant, err = movegen.ParseVariant(s.Variant); err != nil {
		return nil, cfg, err
	}
	if t.Ballots, err = book.SelectBallots(s.Ballots, t.Match.Variant); err != nil {
		return nil, cfg, err
	}
	cfg = tune.Config{Params: t.Params, Objective: t.Objective, Iterations: s.Iterations, Seed: s.Seed,
		StatePath: s.StatePath, GamesPerIteration: 2 * s.Pairs,
		Conditions: fmt.Sprintf("%s, ballots %s, %s, pairs %d, engine options %q",
			t.Match.Variant, s.Ballots, t.Match.Limits, s.Pairs, t.Options)}
	return t, cfg, nil
}

// checkOptions checks Options as a self engine's settings and refuses one
// that sets a tuned parameter: the tuner sets those.
func (t *Tuning) checkOptions() error {
	if t.Options == "" {
		return nil
	}
	if _, err := ParseEngine(t.Base(), t.Self); err != nil {
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

// WriteResult writes the values st holds, the setting that plays them
// and the match that decides whether they are better than the defaults,
// as crown tune ends with them.
func (t *Tuning) WriteResult(w io.Writer, st *tune.State) {
	fmt.Fprintf(w, "after %d of %d iterations, %d games, plus-minus results %+g in all:\n",
		st.Iteration, st.Iterations, st.Games, st.ResultSum)
	vals := st.Values()
	for i, p := range t.Params {
		op, _ := play.LookupTunable(p.Name)
		fmt.Fprintf(w, "  %-17s %5d  (%.2f; start %d, default %d, range %d..%d)\n",
			p.Name, vals[i], st.Theta[i], p.Start, op.Default, p.Min, p.Max)
	}
	fmt.Fprintln(w, t.Spec(vals))
	var limits []string
	for _, word := range play.LimitWords(t.Match.Limits) {
		key, val, _ := strings.Cut(word, "=")
		if key == "maxtime" { // getmove's word for --movetime
			key = "movetime"
		}
		limits = append(limits, "--"+key, val)
	}
	fmt.Fprintf(w, "verify at equal time before they become defaults: crown match --engine1 %s --engine2 %s --variant %s %s --sprt 0,5\n",
		t.Spec(vals), t.Base(), t.Match.Variant, strings.Join(limits, " "))
}

// WriteTunables writes every search parameter tuning can move
// (play.Tunables) with its default, range, step and meaning, a line each
// under a heading: crown tune --list.
func WriteTunables(w io.Writer) {
	fmt.Fprintf(w, "%-17s %7s %13s %5s  %s\n", "parameter", "default", "range", "step", "meaning")
	for _, op := range play.Tunables {
		unit := ""
		if op.Unit != "" {
			unit = " (" + op.Unit + ")"
		}
		fmt.Fprintf(w, "%-17s %7d %13s %5d  %s%s\n", op.Key, op.Default, fmt.Sprintf("%d..%d", op.Min, op.Max), op.Step, op.Help, unit)
	}
}
