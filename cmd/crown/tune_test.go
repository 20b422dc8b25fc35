package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/tune"
)

// TestTuneCommand runs a tiny tune (2 iterations of 1 pair at depth 2),
// reads its state file, runs the same command again, which only prints
// the result, and another run's command on that state file, which is
// refused.
func TestTuneCommand(t *testing.T) {
	state := filepath.Join(t.TempDir(), "tune.json")
	args := []string{"tune", "--params", "lmrdivisor,probcutmargin", "--iterations", "2", "--pairs", "1", "--depth", "2",
		"--engine-options", "hashsize=1", "--concurrency", "2", "--state", state}
	code, out, errOut := runCrown(args...)
	if code != exitOK {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "iteration 1/2  result ") || !strings.HasPrefix(lines[1], "iteration 2/2  result ") ||
		!strings.Contains(lines[1], "games 4  lmrdivisor=") || !strings.Contains(lines[1], " probcutmargin=") || !strings.Contains(lines[1], "left ~") {
		t.Errorf("progress:\n%s", errOut)
	}
	for _, want := range []string{"after 2 of 2 iterations, 4 games", "\n  lmrdivisor ", "default 150, range 50..600",
		"\nself:hashsize=1,lmrdivisor=", "crown match --engine1 self:hashsize=1,lmrdivisor=", "--engine2 self:hashsize=1 --variant american --depth 2"} {
		if !strings.Contains(out, want) {
			t.Errorf("result lacks %q:\n%s", want, out)
		}
	}
	f, err := os.Open(state)
	if err != nil {
		t.Fatal(err)
	}
	st, err := tune.ReadState(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	op, _ := play.LookupTunable("probcutmargin")
	if st.Iteration != 2 || st.Games != 4 || len(st.Params) != 2 || st.Params[1] != (tune.Param{Name: "probcutmargin",
		Start: op.Default, Min: op.Min, Max: op.Max, CEnd: float64(op.Step), REnd: match.DefaultTune.REnd}) {
		t.Errorf("state %+v", st)
	}

	code, again, errOut := runCrown(args...)
	if code != exitOK || errOut != "" || again != out {
		t.Errorf("finished run again: exit %d, stderr %q, stdout %q, want %q", code, errOut, again, out)
	}
	other := slices.Clone(args)
	other[2] = "lmrdivisor"
	code, _, errOut = runCrown(other...)
	if code != exitFail || !strings.Contains(errOut, "holds another run") || !strings.Contains(errOut, state) {
		t.Errorf("another run: exit %d, stderr %q", code, errOut)
	}
}

func TestTuneList(t *testing.T) {
	code, out, errOut := runCrown("tune", "--list")
	if code != exitOK || errOut != "" || strings.Count(out, "\n") != len(play.Tunables)+1 {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	for _, want := range []string{"parameter", "lmrdivisor            150       50..600    20  late-move reduction"} {
		if !strings.Contains(out, want) {
			t.Errorf("list lacks %q:\n%s", want, out)
		}
	}
}
