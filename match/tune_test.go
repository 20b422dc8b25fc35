package match

import (
	"context"
	"strings"
	"testing"

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
