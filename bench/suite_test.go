package bench

import (
	"context"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

func TestSuitePositionsParse(t *testing.T) {
	seen := map[string]bool{}
	for i, sp := range Suite {
		if _, err := movegen.ParseFEN(sp.FEN, sp.Variant); err != nil {
			t.Errorf("position %d (%s): %v", i+1, sp.Name, err)
		}
		k := sp.Variant.String() + " " + sp.FEN
		if seen[k] {
			t.Errorf("position %d (%s) repeats an earlier one", i+1, sp.Name)
		}
		seen[k] = true
	}
}

// TestSuiteDeterministic runs the suite twice at a low depth: the node
// counts, position by position, must agree.
func TestSuiteDeterministic(t *testing.T) {
	depth := 7
	if !testing.Short() {
		depth = 11
	}
	run := func() []uint64 {
		var nodes []uint64
		_, err := RunSuite(context.Background(), depth, func(l SuiteLine) {
			if !l.Result.HasMove {
				t.Errorf("position %d (%s): no move", l.Index+1, l.Position.Name)
			}
			nodes = append(nodes, l.Result.Nodes)
		})
		if err != nil {
			t.Fatal(err)
		}
		return nodes
	}
	a, b := run(), run()
	if len(a) != len(Suite) || len(b) != len(Suite) {
		t.Fatalf("ran %d and %d positions, want %d", len(a), len(b), len(Suite))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("position %d (%s): %d nodes, then %d", i+1, Suite[i].Name, a[i], b[i])
		}
	}
}

func TestSuiteCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RunSuite(ctx, 5, nil); err == nil {
		t.Error("cancelled run: no error")
	}
}
