package main

import (
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/train"
)

// TestSelfplayCommand plays a few shallow games of each rule set, continues
// a finished run, plays a run in two shards from an openings file and
// merges them.
func TestSelfplayCommand(t *testing.T) {
	dir := t.TempDir()
	american, pool := filepath.Join(dir, "american.bin"), filepath.Join(dir, "pool.bin")
	openings := filepath.Join(dir, "openings.txt")
	if err := os.WriteFile(openings, []byte("# two\nB:W21-32:B1-12\n\nW:W21-32:B1-11,15\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	shallow := []string{"--depth", "2", "--hash", "1"}
	tests := []struct {
		args     []string
		progress string   // on stderr
		want     []string // in the summary
	}{
		{[]string{"--out", american, "--games", "2"}, "selfplay games 2/2", []string{"games 2 ", "results: "}},
		{[]string{"--out", pool, "--games", "2", "--variant", "pool"}, "selfplay games 2/2", []string{"games 2 ", "results: "}},
		{[]string{"--out", american, "--games", "2"}, "", []string{"games 0 (0 dropped at the ply cap, 2 played before), positions written 0,", "american.bin now holds"}},
		{[]string{"--out", american, "--games", "3"}, "selfplay games 3/3", []string{"games 1 (0 dropped at the ply cap, 2 played before)"}},
		{[]string{"--out", filepath.Join(dir, "s0.bin"), "--games", "3", "--variant", "pool", "--openings", openings, "--random-plies", "2", "--shard", "0/2"}, "selfplay games 2/2", []string{"games 2 "}},
		{[]string{"--out", filepath.Join(dir, "s1.bin"), "--games", "3", "--variant", "pool", "--openings", openings, "--random-plies", "2", "--shard", "1/2"}, "selfplay games 1/1", []string{"games 1 "}},
		{[]string{"--out", filepath.Join(dir, "all.bin"), "--games", "3", "--variant", "pool", "--openings", openings, "--random-plies", "2"}, "selfplay games 3/3", []string{"games 3 "}},
	}
	for _, tt := range tests {
		args := append(append([]string{"selfplay"}, tt.args...), shallow...)
		code, out, errOut := runCrown(args...)
		if code != exitOK || !strings.Contains(errOut, tt.progress) {
			t.Fatalf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: summary %q does not say %q", args, out, w)
			}
		}
	}
	if st, err := os.Stat(american); err != nil || (st.Size()-int64(train.HeaderSize))%train.RecordSize != 0 {
		t.Errorf("data file: %v, %v", st, err)
	}

	merged := filepath.Join(dir, "merged.bin")
	code, out, errOut := runCrown("selfplay", "merge", "--out", merged, filepath.Join(dir, "s0.bin"), filepath.Join(dir, "s1.bin"))
	if code != exitOK || !strings.Contains(out, "s0.bin: 2 games, ") || !strings.Contains(out, "merged.bin now holds ") {
		t.Fatalf("merge: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if all, got := positionSet(t, filepath.Join(dir, "all.bin")), positionSet(t, merged); !maps.Equal(all, got) {
		t.Errorf("the merged shards hold %d positions, the whole run %d, not the same", len(got), len(all))
	}
}

// positionSet returns the positions of the data file at path, as FENs.
func positionSet(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd, err := train.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	recs := make([]train.Record, 64)
	for {
		n, err := rd.Read(recs)
		for _, r := range recs[:n] {
			set[r.Pos.FEN()] = true
		}
		if err == io.EOF {
			return set
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestSelfplayUsageErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "data.bin")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"selfplay", "--out", out, "--shard", "2/2"}, `--shard "2/2": want I/N`},
		{[]string{"selfplay", "--out", out, "--shard", "1"}, `--shard "1": want I/N`},
		{[]string{"selfplay", "--out", out, "--shard", "a/b"}, `--shard "a/b": want I/N`},
		{[]string{"selfplay", "--out", out, "--shard", "-1/2"}, `want I/N`},
		{[]string{"selfplay", "--out", out, "--variant", "pool", "--openings", "deck"}, "American only"},
		{[]string{"selfplay", "--out", out, "--openings", filepath.Join(t.TempDir(), "none.txt")}, "want deck, random or a file"},
		{[]string{"selfplay", "merge", out}, "--out FILE is required"},
		{[]string{"selfplay", "merge", "--out", out}, "no files to merge"},
	}
	for _, tt := range tests {
		code, _, errOut := runCrown(tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want a usage error saying %q", tt.args, code, errOut, tt.want)
		}
	}
	args := []string{"selfplay", "merge", "--out", out, filepath.Join(t.TempDir(), "none.bin")}
	if code, _, errOut := runCrown(args...); code != exitFail || !strings.Contains(errOut, "none.bin: no such file") {
		t.Errorf("%q: exit %d, stderr %q; want a failure naming the missing file", args, code, errOut)
	}
	for _, args := range [][]string{{"selfplay", "--help"}, {"selfplay", "merge", "--help"}} {
		if code, help, _ := runCrown(args...); code != exitOK || !strings.Contains(help, "crown selfplay merge --out FILE IN...") {
			t.Errorf("%q: exit %d, %q", args, code, help)
		}
	}
	if _, help, _ := runCrown("selfplay", "--help"); !strings.Contains(help, "byte for byte") || !strings.Contains(help, "--shard") {
		t.Errorf("selfplay --help does not state the resume guarantee and --shard: %q", help)
	}
}
