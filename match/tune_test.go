package match

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
	"github.com/crown-checkers/crown/tune"
)

func TestTuneParams(t *testing.T) {
	all, err := TuneParams("", 0.002)
	if err != nil || len(all) != len(play.Tunables) {
		t.Fatalf("every parameter: %d, %v; want %d", len(all), err, len(play.Tunables))
	}
	op, _ := play.LookupTunable("probcutmargin")
	ps, err := TuneParams("lmrdivisor, probcutmargin", 0.002)
	if err != nil || len(ps) != 2 || ps[0].Name != "lmrdivisor" || ps[1] != (tune.Param{Name: "probcutmargin",
		Start: op.Default, Min: op.Min, Max: op.Max, CEnd: float64(op.Step), REnd: 0.002}) {
		t.Errorf("two parameters: %+v, %v", ps, err)
	}
	for names, want := range map[string]string{"nosuch": `unknown parameter "nosuch" (want `, "lmrdivisor,lmrdivisor": "lmrdivisor given twice"} {
		if _, err := TuneParams(names, 0.002); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", names, err, want)
		}
	}
}

// TestTuningObjective plays an iteration of one pair at depth 1 between
// the engines Spec writes: two games, wins minus losses within -2..2, the
// same result for the same seed and iteration.
func TestTuningObjective(t *testing.T) {
	ps, err := TuneParams("lmrdivisor", 0.002)
	if err != nil {
		t.Fatal(err)
	}
	tu := &Tuning{Match: Config{Games: 2, Concurrency: 1, Limits: search.Limits{Depth: 1}}, Ballots: testBallots(t, 3),
		Pairs: 1, Params: ps, Options: "hashsize=1", Self: protocol.Config{Name: "Crown"}, Seed: 7}
	if got, want := tu.Spec([]int{170}), "self:hashsize=1,lmrdivisor=170"; got != want {
		t.Errorf("Spec: %q, want %q", got, want)
	}
	if got := tu.Base(); got != "self:hashsize=1" {
		t.Errorf("Base: %q", got)
	}
	if got := (&Tuning{}).Base(); got != Self {
		t.Errorf("Base without options: %q", got)
	}
	var results []float64
	for range 2 {
		r, err := tu.Objective(context.Background(), 3, []int{170}, []int{130})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	if results[0] < -2 || results[0] > 2 || results[1] != results[0] {
		t.Errorf("results %v: want one in -2..2, twice", results)
	}
}

// TestTuneSettings checks crown tune's settings: each mistake named by its
// flag, and the objective and the tuner's configuration of good ones.
func TestTuneSettings(t *testing.T) {
	tests := []struct {
		name   string
		change func(s *TuneSettings)
		want   string // in the error
	}{
		{"iterations", func(s *TuneSettings) { s.Iterations = 0 }, "--iterations must be at least 1"},
		{"pairs", func(s *TuneSettings) { s.Pairs = 0 }, "--pairs must be at least 1"},
		{"concurrency", func(s *TuneSettings) { s.Concurrency = 0 }, "--concurrency must be at least 1"},
		{"r-end", func(s *TuneSettings) { s.REnd = 0 }, "--r-end must be above 0"},
		{"state", func(s *TuneSettings) { s.StatePath = "" }, "--state must name a file"},
		{"params", func(s *TuneSettings) { s.Params = "nosuch" }, `--params: unknown parameter "nosuch"`},
		{"options", func(s *TuneSettings) { s.Options = "hashsize=" }, `--engine-options: bad setting "hashsize="`},
		{"options tuned", func(s *TuneSettings) { s.Options = "hashsize=1, LMRDivisor=150" }, "--engine-options: lmrdivisor is tuned: leave it out of --params"},
		{"variant", func(s *TuneSettings) { s.Variant = "international" }, `unknown variant "international"`},
		{"ballots", func(s *TuneSettings) { s.Ballots = "nosuch.txt" }, "nosuch.txt"},
	}
	base := DefaultTune
	base.Params, base.Limits, base.Self = "lmrdivisor", search.Limits{Depth: 2}, protocol.Config{Name: "Crown"}
	for _, tt := range tests {
		s := base
		tt.change(&s)
		if _, _, err := s.Tuning(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
	s := base
	s.Options = " hashsize=1 "
	tu, cfg, err := s.Tuning()
	if err != nil {
		t.Fatal(err)
	}
	if tu.Options != "hashsize=1" || tu.Match.Games != 2*s.Pairs || tu.Match.Limits != s.Limits || len(tu.Ballots) == 0 || len(tu.Params) != 1 {
		t.Errorf("tuning %+v", tu)
	}
	want := `american, ballots deck, depth 2, pairs 4, engine options "hashsize=1"`
	if cfg.Iterations != s.Iterations || cfg.GamesPerIteration != 2*s.Pairs || cfg.StatePath != s.StatePath || cfg.Objective == nil ||
		len(cfg.Params) != 1 || cfg.Params[0].REnd != s.REnd || cfg.Conditions != want {
		t.Errorf("configuration %+v, want conditions %q", cfg, want)
	}
	s.Limits = search.Limits{}
	if tu, _, err := s.Tuning(); err != nil || tu.Match.Limits != (search.Limits{MoveTime: DefaultMoveTime}) {
		t.Errorf("no limits: %+v, %v; want DefaultMoveTime", tu.Match.Limits, err)
	}
}

func TestTuningWriteResult(t *testing.T) {
	ps, err := TuneParams("lmrdivisor", 0.002)
	if err != nil {
		t.Fatal(err)
	}
	tu := &Tuning{Match: Config{Variant: movegen.Pool, Limits: search.Limits{MoveTime: 100 * time.Millisecond}}, Params: ps, Options: "hashsize=1"}
	st := &tune.State{Iteration: 3, Iterations: 10, Games: 24, ResultSum: -2, Theta: []float64{162.44}}
	var b strings.Builder
	tu.WriteResult(&b, st)
	want := "after 3 of 10 iterations, 24 games, plus-minus results -2 in all:\n" +
		"  lmrdivisor          162  (162.44; start 150, default 150, range 50..600)\n" +
		"self:hashsize=1,lmrdivisor=162\n" +
		"verify at equal time before they become defaults: crown match --engine1 self:hashsize=1,lmrdivisor=162 --engine2 self:hashsize=1 --variant pool --movetime 0.1 --sprt 0,5\n"
	if b.String() != want {
		t.Errorf("result:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestWriteTunables(t *testing.T) {
	var b strings.Builder
	WriteTunables(&b)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(play.Tunables)+1 || !strings.HasPrefix(lines[0], "parameter") ||
		!strings.Contains(b.String(), "\nlmrdivisor            150       50..600    20  late-move reduction") {
		t.Errorf("list:\n%s", b.String())
	}
}
