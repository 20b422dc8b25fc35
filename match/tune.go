package match

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
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
