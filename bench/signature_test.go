//go:build !race

package bench

import (
	"context"
	"testing"
)

// TestSignature runs the whole suite (some five seconds; minutes under the
// race detector, hence the build tag) and checks its node count against
// Signature, and at ShortDepth against ShortSignature; with -short only
// the latter.
func TestSignature(t *testing.T) {
	type check struct {
		name  string
		depth int
		want  uint64
	}
	checks := []check{{"ShortSignature", ShortDepth, ShortSignature}}
	if !testing.Short() {
		checks = append(checks, check{"Signature", SuiteDepth, Signature})
	}
	for _, c := range checks {
		total, err := RunSuite(context.Background(), c.depth, nil)
		if err != nil {
			t.Fatal(err)
		}
		if total.Nodes != c.want {
			t.Errorf("suite at depth %d searched %d nodes, %s says %d: if the search changed on purpose, update bench/signature.go (without -short this test reports both signatures)", c.depth, total.Nodes, c.name, c.want)
		}
	}
}
