package train

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMerge merges two runs' files: positions are written once, a run's
// file gives only the records its state counts, and merging again adds
// nothing.
func TestMerge(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.bin"), filepath.Join(dir, "b.bin")
	stA := run(t, shallow(2), a)
	cfg := shallow(3)
	cfg.Seed = 2
	stB := run(t, cfg, b)
	setA, setB := positions(t, a), positions(t, b)
	// A kill between b's data write and its state's: merge leaves the tail.
	full := readFile(t, b)
	writeFile(t, b, string(full)+string(full[HeaderSize:HeaderSize+RecordSize+3]))

	out := filepath.Join(dir, "out.bin")
	stats, total, err := Merge(out, []string{a, b})
	if err != nil {
		t.Fatal(err)
	}
	want := len(setA)
	for k := range setB {
		if !setA[k] {
			want++
		}
	}
	if len(stats) != 2 || stats[0].Kept != stA.Positions || stats[0].Dropped != 0 ||
		stats[1].Kept+stats[1].Dropped != stB.Positions || total != int64(want) || stats[0].Games == 0 {
		t.Errorf("merge: %+v, %d records; want %d and %d records read, %d in all", stats, total, stA.Positions, stB.Positions, want)
	}
	again, total2, err := Merge(out, []string{b})
	if err != nil || again[0].Kept != 0 || total2 != total {
		t.Errorf("merging b again: %+v, %d records, %v; want nothing kept", again, total2, err)
	}
}

func TestMergeErrors(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.bin")
	run(t, shallow(1), a)
	notData := filepath.Join(dir, "text.txt")
	writeFile(t, notData, "not a data file")
	tests := []struct {
		name string
		out  string
		ins  []string
		want string
	}{
		{"out is a run's", a, []string{notData}, "state file"},
		{"out is an input", notData, []string{notData}, "is the output file"},
		{"missing input", filepath.Join(dir, "o1.bin"), []string{filepath.Join(dir, "none.bin")}, "no such file"},
		{"not a data file", filepath.Join(dir, "o2.bin"), []string{a, notData}, "text.txt: train: corrupt data file"},
	}
	for _, tt := range tests {
		if _, _, err := Merge(tt.out, tt.ins); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "o1.bin")); err == nil {
		t.Error("a merge of a missing file made its output")
	}
}
