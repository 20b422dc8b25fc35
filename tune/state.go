package tune

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"slices"
	"strings"

	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/internal/readfile"
)

// stateVersion is the state file's format; a file of another is refused
// rather than misread.
const stateVersion = 1

// maxStateBytes bounds what ReadState reads: the state of dozens of
// parameters is a few KiB, so a larger file is not a state file.
const maxStateBytes = 1 << 20

// State is a run's progress, what the state file holds (as JSON): the
// run's settings, to resume only the same run, and where it is.
type State struct {
	Version    int     `json:"version"`
	Params     []Param `json:"params"`
	Iterations int     `json:"iterations"`
	Seed       uint64  `json:"seed"`
	Conditions string  `json:"conditions"`
	// Iteration is the number of iterations done; the next draws its
	// perturbation from Seed and Iteration+1.
	Iteration int `json:"iteration"`
	// Theta holds the parameters' current values, in the order of Params.
	Theta []float64 `json:"theta"`
	// ResultSum adds up the Objective's results, Games the games played.
	ResultSum float64 `json:"result_sum"`
	Games     int     `json:"games"`
}

// Values returns theta rounded to whole numbers, the settings to play.
func (s *State) Values() []int {
	v := make([]int, len(s.Theta))
	for i, x := range s.Theta {
		v[i] = int(math.Round(x))
	}
	return v
}

// check reports what is wrong with s, if anything.
func (s *State) check() error {
	if s.Version != stateVersion {
		return fmt.Errorf("format version %d, want %d", s.Version, stateVersion)
	}
	if err := checkRun(s.Params, s.Iterations); err != nil {
		return err
	}
	switch {
	case s.Iteration < 0 || s.Iteration > s.Iterations:
		return fmt.Errorf("iteration %d is out of range 0..%d", s.Iteration, s.Iterations)
	case len(s.Theta) != len(s.Params):
		return fmt.Errorf("%d values for %d parameters", len(s.Theta), len(s.Params))
	case s.Games < 0:
		return fmt.Errorf("%d games", s.Games)
	}
	for i, x := range s.Theta {
		if p := &s.Params[i]; !(x >= float64(p.Min) && x <= float64(p.Max)) {
			return fmt.Errorf("%s: value %g is out of range %d..%d", p.Name, x, p.Min, p.Max)
		}
	}
	return nil
}

// ReadState reads a state file's JSON and checks it: the format version,
// the parameters, and the progress within them.
func ReadState(r io.Reader) (*State, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxStateBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxStateBytes {
		return nil, fmt.Errorf("larger than %d bytes: not a state file", maxStateBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s State
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("not a state file: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("not a state file: data after the JSON object")
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("bad state: %w", err)
	}
	return &s, nil
}

// startState returns the state cfg's run starts from: its state file's,
// if there is one, else iteration 0 at the parameters' start values.
func startState(cfg Config) (*State, error) {
	fresh := &State{
		Version: stateVersion, Params: slices.Clone(cfg.Params), Iterations: cfg.Iterations,
		Seed: cfg.Seed, Conditions: cfg.Conditions, Theta: make([]float64, len(cfg.Params)),
	}
	for i, p := range cfg.Params {
		fresh.Theta[i] = float64(p.Start)
	}
	if cfg.StatePath == "" {
		return fresh, nil
	}
	f, err := readfile.Open(cfg.StatePath, maxStateBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return fresh, nil
	}
	if err != nil {
		return nil, fmt.Errorf("tune: %w", err)
	}
	defer f.Close()
	st, err := ReadState(f)
	if err != nil {
		return nil, fmt.Errorf("tune: state file %s: %w", cfg.StatePath, err)
	}
	if diff := differences(st, fresh); diff != "" {
		return nil, fmt.Errorf("tune: state file %s holds another run (%s); run that run's command to resume it, or give another state file to start afresh",
			cfg.StatePath, diff)
	}
	return st, nil
}

// differences says how the settings of two runs differ, "" if they are
// the same run.
func differences(saved, run *State) string {
	var d []string
	if !slices.Equal(saved.Params, run.Params) {
		d = append(d, fmt.Sprintf("parameters %s there, %s here", describeParams(saved.Params), describeParams(run.Params)))
	}
	if saved.Iterations != run.Iterations {
		d = append(d, fmt.Sprintf("%d iterations there, %d here", saved.Iterations, run.Iterations))
	}
	if saved.Seed != run.Seed {
		d = append(d, fmt.Sprintf("seed %d there, %d here", saved.Seed, run.Seed))
	}
	if saved.Conditions != run.Conditions {
		d = append(d, fmt.Sprintf("conditions %q there, %q here", saved.Conditions, run.Conditions))
	}
	return strings.Join(d, "; ")
}

// describeParams writes parameters for an error message:
// "lmrdivisor=150 in 50..600 c_end 20 r_end 0.002, ...".
func describeParams(ps []Param) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = fmt.Sprintf("%s=%d in %d..%d c_end %g r_end %g", p.Name, p.Start, p.Min, p.Max, p.CEnd, p.REnd)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// writeStateFile replaces the state file at path with s, whole
// (atomicfile.Write), so a run killed at any moment leaves the state of
// one whole iteration or the next.
func writeStateFile(path string, s *State) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("tune: state: %w", err)
	}
	if err := atomicfile.WriteFile(path, append(data, '\n')); err != nil {
		return fmt.Errorf("tune: state file: %w", err)
	}
	return nil
}
