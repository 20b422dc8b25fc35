package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/eval"
)

// TestTrainCommand plays a few shallow games, fits American weights to them
// and reads the weight file back: Pool keeps the built-in weights.
func TestTrainCommand(t *testing.T) {
	dir := t.TempDir()
	data, out := filepath.Join(dir, "data.bin"), filepath.Join(dir, "w.bin")
	if code, _, errOut := runCrown("selfplay", "--out", data, "--games", "6", "--depth", "3", "--hash", "1"); code != exitOK {
		t.Fatalf("selfplay: exit %d, %s", code, errOut)
	}
	code, stdout, stderr := runCrown("train", "--data", data, "--out", out, "--variant", "american", "--epochs", "2")
	if code != exitOK || !strings.Contains(stderr, "american pass 2: train loss") || !strings.Contains(stdout, "wrote "+out) {
		t.Fatalf("train: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	wf, err := eval.ReadWeights(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(wf.Provenance, "crown train --data") || !strings.Contains(wf.Provenance, "american: ") {
		t.Errorf("provenance %q", wf.Provenance)
	}
	if wf.Nets[1] == nil || !reflect.DeepEqual(*wf.Nets[1], *eval.Default().Nets[1]) {
		t.Error("Pool's weights changed, though only American was fitted")
	}
	// --init: the fit starts from the shipped network, and takes its width
	// and its outputs.
	shipped := filepath.Join("..", "..", "eval", "weights.bin")
	code, stdout, stderr = runCrown("train", "--data", data, "--out", out, "--variant", "american", "--epochs", "1", "--init", shipped)
	n := eval.Default().Nets[0]
	if want := fmt.Sprintf("a network of %d hidden units and %d output buckets", n.H, n.Buckets()); code != exitOK || !strings.Contains(stdout, want) {
		t.Errorf("train --init: exit %d, stdout %q, stderr %q, want %q", code, stdout, stderr, want)
	}
	// --buckets saying what the start has (a start of one output copied to
	// buckets: train's TestStartModelBuckets).
	code, stdout, stderr = runCrown("train", "--data", data, "--out", out, "--variant", "american", "--epochs", "1", "--init", shipped, "--buckets", fmt.Sprint(n.Buckets()))
	if code != exitOK || !strings.Contains(stdout, fmt.Sprintf("and %d output buckets", n.Buckets())) {
		t.Errorf("train --init --buckets %d: exit %d, stdout %q, stderr %q", n.Buckets(), code, stdout, stderr)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--init", filepath.Join(dir, "none.bin")}, "--init"},
		{[]string{"--init", shipped, "--hidden", "128"}, "--hidden says 128"},
		{[]string{"--init", out, "--buckets", "3"}, "--buckets says 3"},
		{[]string{"--hidden", "128", "--buckets", "13"}, "--buckets must be"},
		{[]string{"--buckets", "2"}, "--buckets needs a network"},
	} {
		args := append([]string{"train", "--data", data, "--out", out, "--variant", "american"}, c.args...)
		if code, _, stderr := runCrown(args...); code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, stderr, c.want)
		}
	}
	if code, _, stderr := runCrown("train", "--data", filepath.Join(dir, "none.bin"), "--out", out); code != exitFail || !strings.Contains(stderr, "none.bin") {
		t.Errorf("missing data: exit %d, stderr %q", code, stderr)
	}
}
