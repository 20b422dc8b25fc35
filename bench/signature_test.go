//go:build !race

package bench

import (
	"context"
	"testing"
)

// TestSignature runs the whole suite (some five seconds; minutes under the
// race detector, hence the build tag) and checks its node count against
// Signature. make test runs it on its own, without -race.
func TestSignature(t *testing.T) {
	total, err := RunSuite(context.Background(), SuiteDepth, nil)
	if err != nil {
		t.Fatal(err)
	}
	if total.Nodes != Signature {
		t.Errorf("suite searched %d nodes, Signature says %d: if the search changed on purpose, update bench/signature.go", total.Nodes, Signature)
	}
}
