package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEgdbCommand builds three pieces of both rule sets, builds again
// (everything present), lists, probes and verifies them, then damages a
// value and verifies again.
func TestEgdbCommand(t *testing.T) {
	dir := t.TempDir()
	for _, v := range []string{"american", "pool"} {
		code, out, errOut := runCrown("egdb", "build", "--variant", v, "--pieces", "3", "--dir", dir, "--threads", "2")
		if code != exitOK || !strings.Contains(out, "16 slices built, 0 present; 199520 positions") ||
			!strings.Contains(errOut, "0m2k-0m1k") || !strings.Contains(errOut, "built;") {
			t.Fatalf("build %s: exit %d, stdout %q, stderr %q", v, code, out, errOut)
		}
	}
	code, out, errOut := runCrown("egdb", "build", "--pieces", "3", "--dir", dir)
	if code != exitOK || !strings.Contains(out, "0 slices built, 16 present") || strings.Contains(errOut, "built;") {
		t.Fatalf("second build: exit %d, stdout %q, stderr %q", code, out, errOut)
	}

	code, out, _ = runCrown("egdb", "info", "--dir", dir)
	for _, want := range []string{"american 0m2k-0m1k", "pool     1m0k-1m0k", "american: 16 slices, complete to 3 pieces, 199520 positions", "pool: 16 slices"} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("info: exit %d, no %q in\n%s", code, want, out)
		}
	}

	probes := []struct {
		args []string
		want string
	}{
		{[]string{"B:WK1:BK3,K4"}, "value win\nconversion in "}, // kings only: the distance too
		{[]string{"W:WK1:BK3,K4"}, "value loss\nconversion in "},
		{[]string{"B:WK11:BK3,K4"}, "value draw\nbestmove "},
		{[]string{"--variant", "pool", "W:WK29:B22"}, "value win\nconversion in 1 plies\nbestmove 29x"}, // every landing wins,
	}
	for _, p := range probes {
		code, out, errOut := runCrown(append([]string{"egdb", "probe", "--dir", dir}, p.args...)...)
		if code != exitOK || !strings.HasPrefix(out, p.want) {
			t.Errorf("probe %v: exit %d, stdout %q, stderr %q; want %q", p.args, code, out, errOut, p.want)
		}
	}
	code, out, errOut = runCrown("egdb", "distances", "--dir", dir)
	if code != exitOK || !strings.Contains(out, "american pieces=3: 16 slices written, 0 present; 199520 positions") ||
		!strings.Contains(errOut, "0m1k-0m2k+0m2k-0m1k    written;") {
		t.Fatalf("distances: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "american-0m2k-0m1k.dtc")); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCrown("egdb", "distances", "--dir", dir, "--variant", "pool", "--pieces", "2")
	if code != exitOK || !strings.Contains(out, "pool pieces=2: 4 slices written, 0 present") {
		t.Fatalf("pool distances: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runCrown("egdb", "distances", "--dir", dir)
	if code != exitOK || !strings.Contains(out, "0 slices written, 16 present") || strings.Contains(errOut, "written;") {
		t.Fatalf("second distances: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, out, _ = runCrown("egdb", "info", "--dir", dir); code != exitOK || !strings.Contains(out, "complete to 3 pieces, 199520 positions") ||
		!strings.Contains(out, "; distances of 16 slices, ") || !strings.Contains(out, "pool: 16 slices") || !strings.Contains(out, "; distances of 4 slices, ") {
		t.Errorf("info with distances: exit %d\n%s", code, out)
	}
	if code, _, errOut := runCrown("egdb", "distances", "--dir", dir, "--pieces", "4"); code != exitFail || !strings.Contains(errOut, "holds american to 3 pieces") {
		t.Errorf("distances of 4 pieces: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := runCrown("egdb", "probe", "--dir", dir, "B:W21-32:B1-12"); code != exitFail || !strings.Contains(errOut, "not in the database") {
		t.Errorf("probe of the start position: exit %d, stderr %q", code, errOut)
	}

	code, out, errOut = runCrown("egdb", "verify", "--dir", dir)
	if code != exitOK || !strings.Contains(out, "american: 199520 positions checked") || !strings.Contains(out, "pool: 199520 positions checked") ||
		strings.Contains(out, "MISMATCH") {
		t.Fatalf("verify: exit %d, stdout %q, stderr %q", code, out, errOut)
	}

	code, out, errOut = runCrown("egdb", "verify", "--dir", dir, "--sample", "500")
	if code != exitOK || !strings.Contains(out, "american: ") || !strings.Contains(out, "sampled positions checked") || strings.Contains(out, "MISMATCH") {
		t.Fatalf("verify --sample: exit %d, stdout %q, stderr %q", code, out, errOut)
	}

	// A damaged file stops Open; the build replaces it.
	name := filepath.Join(dir, "pool-0m2k-0m1k.egdb")
	buf, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	buf[len(buf)-10] ^= 1
	if err := os.WriteFile(name, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCrown("egdb", "verify", "--dir", dir); code != exitFail || !strings.Contains(errOut, "checksum") {
		t.Errorf("verify of a damaged file: exit %d, stderr %q", code, errOut)
	}
	if code, out, _ := runCrown("egdb", "build", "--variant", "pool", "--pieces", "3", "--dir", dir); code != exitOK || !strings.Contains(out, "2 slices built, 14 present") {
		t.Errorf("rebuild after damage: exit %d, stdout %q", code, out)
	}
}

// TestEgdbPlanAndSlice: plan lists the jobs with their dependencies; build
// --slice names the missing successors, then builds the jobs of a level
// given the levels below.
func TestEgdbPlanAndSlice(t *testing.T) {
	code, out, errOut := runCrown("egdb", "plan", "--pieces", "3")
	if code != exitOK || !strings.HasPrefix(out, "# 9 jobs in 7 levels;") || !strings.Contains(out, "\n2 0m1k-1m0k 1m0k-0m1k 1736 992 15MiB 1s 1s 0m1k-0m1k\n") ||
		!strings.Contains(out, "\n# all: 199520 positions; one process (--pieces 3): memory 15MiB") {
		t.Fatalf("plan: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, out, _ := runCrown("egdb", "plan", "--pieces", "3", "--level", "1", "--names"); code != exitOK || out != "0m1k-0m1k\n" {
		t.Errorf("plan --level 1 --names: exit %d, stdout %q", code, out)
	}
	dir := t.TempDir()
	code, _, errOut = runCrown("egdb", "build", "--slice", "1m0k-0m1k", "--dir", dir)
	if code != exitFail || !strings.Contains(errOut, "needs 1 successor slices not in the directory (or damaged): 0m1k-0m1k") {
		t.Errorf("build --slice without its successor: exit %d, stderr %q", code, errOut)
	}
	for _, name := range []string{"0m1k-0m1k", "1m0k-0m1k"} {
		if code, out, errOut := runCrown("egdb", "build", "--slice", name, "--dir", dir); code != exitOK || !strings.Contains(out, "slice="+name) {
			t.Errorf("build --slice %s: exit %d, stdout %q, stderr %q", name, code, out, errOut)
		}
	}
	if code, _, errOut := runCrown("egdb", "build", "--slice", "1m0k-0m1k", "--pieces", "3", "--dir", dir); code != exitUsage || !strings.Contains(errOut, "exclude") {
		t.Errorf("build --slice with --pieces: exit %d, stderr %q", code, errOut)
	}
}
