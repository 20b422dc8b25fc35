// Package tune searches for good values of numeric parameters by
// simultaneous perturbation stochastic approximation (SPSA), the method
// fishtest tunes Stockfish with. Each iteration moves every parameter at
// once by plus or minus its perturbation c_k, has an Objective compare the
// two settings so found (crown tune plays a match between them) and steps
// every parameter along the result, by its gain a_k. It needs no gradient
// and only a few noisy comparisons per iteration, however many parameters
// there are.
//
// The package knows nothing of engines or games: the caller's Objective
// does. A run is deterministic from its seed (given a deterministic
// Objective) and saves its State to a file after every iteration, so a run
// that was killed resumes where it stopped when started again with the same
// Config.
//
// The schedule is fishtest's: at iteration k of N,
//
//	c_k = c_end (N/k)^0.101
//	a_k = r_end c_end^2 (A+N)^0.602 / (A+k)^0.602, with A = N/10
//
// and theta += a_k/c_k * result * Delta, per parameter with its own c_end
// and r_end, where Delta is the random ±1 vector of the perturbation and
// result is the Objective's (games won by theta+c Delta minus games won by
// theta-c Delta). Theta is kept as floats within each parameter's range;
// the settings compared are rounded to whole numbers.
package tune

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"
)

// The schedule's exponents and stability constant, Spall's recommended
// values as fishtest uses them: gamma makes c shrink slowly (large
// perturbations are needed to see anything through the noise of games),
// alpha makes the gain shrink faster, and A = N/10 keeps the first
// iterations from taking steps much larger than the later ones.
const (
	gamma             = 0.101
	alpha             = 0.602
	stabilityFraction = 0.1
)

// A Param is one parameter to tune, in whole numbers from Min to Max.
type Param struct {
	Name  string `json:"name"`
	Start int    `json:"start"` // theta's value at iteration 0
	Min   int    `json:"min"`
	Max   int    `json:"max"`
	// CEnd is the perturbation at the last iteration, c_end: a change of
	// the parameter a match can tell apart (a play.Option's Step).
	CEnd float64 `json:"c_end"`
	// REnd is the learning rate at the last iteration, r_end: the gain
	// a_k ends as REnd*CEnd^2.
	REnd float64 `json:"r_end"`
}

// perturbation returns c_k of p at iteration k (1-based) of n.
func (p *Param) perturbation(k, n int) float64 {
	return p.CEnd * math.Pow(float64(n)/float64(k), gamma)
}

// gain returns a_k of p at iteration k of n.
func (p *Param) gain(k, n int) float64 {
	a := stabilityFraction * float64(n)
	return p.REnd * p.CEnd * p.CEnd * math.Pow((a+float64(n))/(a+float64(k)), alpha)
}

// clamp brings x into p's range.
func (p *Param) clamp(x float64) float64 {
	return min(max(x, float64(p.Min)), float64(p.Max))
}

// check reports what is wrong with p, if anything.
func (p *Param) check() error {
	switch {
	case p.Name == "":
		return errors.New("a parameter without a name")
	case p.Min >= p.Max:
		return fmt.Errorf("%s: range %d..%d is empty or a single value", p.Name, p.Min, p.Max)
	case p.Start < p.Min || p.Start > p.Max:
		return fmt.Errorf("%s: start %d is out of range %d..%d", p.Name, p.Start, p.Min, p.Max)
	case !(p.CEnd > 0) || math.IsInf(p.CEnd, 0):
		return fmt.Errorf("%s: c_end %g is not a positive number", p.Name, p.CEnd)
	case !(p.REnd > 0) || math.IsInf(p.REnd, 0):
		return fmt.Errorf("%s: r_end %g is not a positive number", p.Name, p.REnd)
	}
	return nil
}

// checkRun reports what is wrong with a run's parameters and iteration
// count, if anything.
func checkRun(params []Param, iterations int) error {
	if len(params) == 0 {
		return errors.New("no parameters")
	}
	if iterations < 1 {
		return fmt.Errorf("%d iterations: want at least 1", iterations)
	}
	seen := make(map[string]bool, len(params))
	for i := range params {
		if err := params[i].check(); err != nil {
			return err
		}
		if seen[params[i].Name] {
			return fmt.Errorf("parameter %s given twice", params[i].Name)
		}
		seen[params[i].Name] = true
	}
	return nil
}

// An Objective compares two settings of the parameters, in the order of
// Config.Params: it returns the games won by plus minus the games won by
// minus (a draw counts 0). iteration (1-based) lets it draw what it
// chooses at random (openings) the same way when a run is resumed.
type Objective func(ctx context.Context, iteration int, plus, minus []int) (result float64, err error)

// Config describes a tuning run.
type Config struct {
	Params     []Param
	Iterations int    // N, which the schedule runs down to c_end and r_end
	Seed       uint64 // of the perturbations' signs
	Objective  Objective
	// Conditions describes what the Objective measures (rule set, time
	// limit, games, ...): a state file written under other conditions is
	// refused, since its theta answers another question.
	Conditions string
	// GamesPerIteration is what the Objective plays an iteration,
	// counted in the State and the Progress.
	GamesPerIteration int
	// StatePath, if not empty, is the state file: read at the start when
	// it exists (the run resumes from it), written after every iteration.
	StatePath string
	// Progress, if not nil, is called after every iteration.
	Progress func(Progress)
}

// Progress reports an iteration just done.
type Progress struct {
	Iteration, Iterations int
	Result                float64 // this iteration's
	State                 *State  // after it; not to be changed
	// Elapsed is the time since Run started, Left an estimate of the time
	// to the last iteration at the pace since then.
	Elapsed, Left time.Duration
}

// String is the iteration's line as crown tune shows it: its result, the
// games so far, every parameter's value, the time taken and an estimate of
// the time left.
func (p Progress) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "iteration %d/%d  result %+g  games %d ", p.Iteration, p.Iterations, p.Result, p.State.Games)
	for i, x := range p.State.Theta {
		fmt.Fprintf(&b, " %s=%.1f", p.State.Params[i].Name, x)
	}
	fmt.Fprintf(&b, "  elapsed %s  left ~%s", p.Elapsed.Round(time.Second), p.Left.Round(time.Second))
	return b.String()
}

// Run tunes the parameters for cfg.Iterations iterations, or what is left
// of them in the state file, and returns the final state. When the
// Objective fails or ctx ends it returns the state after the last whole
// iteration, which the state file holds, with the error.
func Run(ctx context.Context, cfg Config) (*State, error) {
	if err := checkRun(cfg.Params, cfg.Iterations); err != nil {
		return nil, fmt.Errorf("tune: %w", err)
	}
	if cfg.Objective == nil {
		return nil, errors.New("tune: no objective")
	}
	st, err := startState(cfg)
	if err != nil {
		return nil, err
	}
	n := cfg.Iterations
	began, first := time.Now(), st.Iteration
	plus, minus := make([]int, len(cfg.Params)), make([]int, len(cfg.Params))
	for st.Iteration < n {
		k := st.Iteration + 1
		delta := flips(cfg.Seed, k, len(cfg.Params))
		for i := range cfg.Params {
			p := &cfg.Params[i]
			c := p.perturbation(k, n)
			plus[i] = int(math.Round(p.clamp(st.Theta[i] + c*delta[i])))
			minus[i] = int(math.Round(p.clamp(st.Theta[i] - c*delta[i])))
		}
		result, err := cfg.Objective(ctx, k, plus, minus)
		if err == nil && (math.IsNaN(result) || math.IsInf(result, 0)) {
			err = fmt.Errorf("result %g is not a number", result)
		}
		if err != nil {
			return st, fmt.Errorf("tune: iteration %d: %w", k, err)
		}
		theta := make([]float64, len(cfg.Params))
		for i := range cfg.Params {
			p := &cfg.Params[i]
			theta[i] = p.clamp(st.Theta[i] + p.gain(k, n)/p.perturbation(k, n)*result*delta[i])
		}
		st.Theta, st.Iteration = theta, k
		st.ResultSum += result
		st.Games += cfg.GamesPerIteration
		if cfg.StatePath != "" {
			if err := writeStateFile(cfg.StatePath, st); err != nil {
				return st, err
			}
		}
		if cfg.Progress != nil {
			elapsed := time.Since(began)
			left := time.Duration(float64(elapsed) * float64(n-k) / float64(k-first))
			cfg.Progress(Progress{Iteration: k, Iterations: n, Result: result, State: st, Elapsed: elapsed, Left: left})
		}
	}
	return st, nil
}

// flips returns the perturbation's direction at iteration k: ±1 for each
// of n parameters, drawn from a generator seeded by the run's seed and k,
// so that a resumed run draws what an uninterrupted one would.
func flips(seed uint64, k, n int) []float64 {
	rng := rand.New(rand.NewPCG(seed, uint64(k)))
	d := make([]float64, n)
	for i := range d {
		d[i] = float64(2*rng.IntN(2) - 1)
	}
	return d
}
