package egdb

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/internal/progress"
	"github.com/crown-checkers/crown/movegen"
)

// TestSettingChecks: a setting out of range is an error that starts with
// the setting's name, so that a command can put its flag's dashes before
// it; a setting in range is none.
func TestSettingChecks(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want string // "" for no error
	}{
		{"pieces 2", CheckPieces(2), ""},
		{"pieces max", CheckPieces(MaxPieces), ""},
		{"pieces 1", CheckPieces(1), "pieces: 1 is out of range 2..8"},
		{"pieces 9", CheckPieces(9), "pieces: 9 is out of range 2..8"},
		{"threads 1", CheckThreads(1), ""},
		{"threads max", CheckThreads(MaxThreads), ""},
		{"threads 0", CheckThreads(0), "threads: 0 is out of range 1..64"},
		{"threads 65", CheckThreads(65), "threads: 65 is out of range 1..64"},
		{"plan level", planError(3, 8, 2), "level: 8 is out of range 0..7"},
		{"plan level -1", planError(3, -1, 2), "level: -1 is out of range 0..7"},
		{"plan pieces", planError(9, 0, 2), "pieces: 9 is out of range"},
		{"plan threads", planError(3, 0, 0), "threads: 0 is out of range"},
		{"verify sample", verifyError(2, -1), "sample: -1 is negative"},
		{"verify threads", verifyError(65, 0), "threads: 65 is out of range"},
		{"verify ok", verifyError(1, 10), ""},
	} {
		switch {
		case tc.want == "" && tc.err != nil:
			t.Errorf("%s: %v, want none", tc.name, tc.err)
		case tc.want != "" && (tc.err == nil || !strings.HasPrefix(tc.err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", tc.name, tc.err, tc.want)
		}
	}
}

func planError(pieces, level, threads int) error {
	_, err := NewPlanTable(movegen.American, pieces, level, threads)
	return err
}

func verifyError(threads, sample int) error {
	_, err := NewVerification(threads, sample)
	return err
}

// TestPlanTable: the whole plan's table has its two comment lines, a line
// a job and two lines of totals; a level's has only its jobs after the
// comments; the names are the jobs' own.
func TestPlanTable(t *testing.T) {
	table, err := NewPlanTable(movegen.American, 3, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	lines := table.Lines()
	if len(lines) != 2+len(table.Jobs)+2 || lines[0] != "# 9 jobs in 7 levels; level job mirror positions reads memory cpu wall deps" ||
		!strings.HasPrefix(lines[1], "# estimates for american, each job alone with 2 threads:") ||
		!strings.HasPrefix(lines[len(lines)-2], "# all: 199520 positions; one process (--pieces 3): memory 15MiB") {
		t.Errorf("the whole plan:\n%s", strings.Join(lines, "\n"))
	}
	if !strings.Contains(strings.Join(lines, "\n"), "\n2 0m1k-1m0k 1m0k-0m1k 1736 992 15MiB 1s 1s 0m1k-0m1k\n") {
		t.Errorf("no line of job 0m1k-1m0k in\n%s", strings.Join(lines, "\n"))
	}
	if names := table.Names(); len(names) != len(table.Jobs) || names[0] != table.Jobs[0].Name() {
		t.Errorf("names %q", names)
	}
	level, err := NewPlanTable(movegen.American, 3, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if lines := level.Lines(); len(lines) != 3 || !strings.HasPrefix(lines[2], "1 0m1k-0m1k - ") {
		t.Errorf("level 1:\n%s", strings.Join(lines, "\n"))
	}
	if names := level.Names(); len(names) != 1 || names[0] != "0m1k-0m1k" {
		t.Errorf("level 1 names %q", names)
	}
}

// TestShortDuration: to the second, at least one; to the minute past a day.
func TestShortDuration(t *testing.T) {
	for _, tc := range []struct {
		seconds float64
		want    string
	}{
		{0, "1s"}, {0.4, "1s"}, {1.6, "2s"}, {3725, "1h2m5s"}, {90000.4, "25h0m0s"}, {90031, "25h1m0s"},
	} {
		if got := shortDuration(seconds(tc.seconds)); got != tc.want {
			t.Errorf("%gs: %s, want %s", tc.seconds, got, tc.want)
		}
	}
	if got := mib(1<<20 + 1); got != "2MiB" {
		t.Errorf("mib rounds up: %s", got)
	}
}

// TestInfoLines: a line a slice and a line a rule set; an empty directory
// says so.
func TestInfoLines(t *testing.T) {
	_, dir := threePieces(t, movegen.American)
	db, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lines := db.InfoLines()
	if len(lines) != len(db.Slices())+1 || !strings.HasPrefix(lines[0], "american 0m1k-0m1k  positions ") ||
		!strings.HasPrefix(lines[len(lines)-1], "american: 16 slices, complete to 3 pieces, 199520 positions, ") {
		t.Errorf("info:\n%s", strings.Join(lines, "\n"))
	}
	empty := t.TempDir()
	edb, err := Open(empty, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer edb.Close()
	if lines := edb.InfoLines(); len(lines) != 1 || lines[0] != "no slices in "+empty {
		t.Errorf("empty: %q", lines)
	}
}

// TestBestMoveText: a move by the distance tables comes after its
// distance, another alone, and no move is "none".
func TestBestMoveText(t *testing.T) {
	p := movegen.StartPosition(movegen.American)
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	m := ml.Slice()[0]
	for _, tc := range []struct {
		a    ProbeAnswer
		want string
	}{
		{ProbeAnswer{Value: movegen.Win, Move: m, MoveValue: movegen.Win, HasMove: true, Plies: 7, DTC: true}, "conversion in 7 plies\nbestmove 9-13 (win)"},
		{ProbeAnswer{Value: movegen.Draw, Move: m, MoveValue: movegen.Draw, HasMove: true}, "bestmove 9-13 (draw)"},
		{ProbeAnswer{Value: movegen.Loss}, "bestmove none"},
	} {
		if got := tc.a.BestMoveText(&p); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.a, got, tc.want)
		}
	}
}

// TestVerification: a whole check writes a line a rule set and ends its
// progress line; a sampled one opens a cache and writes no progress.
func TestVerification(t *testing.T) {
	_, dir := threePieces(t, movegen.American)
	db, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, tc := range []struct {
		sample             int
		cache              int
		want               string
		progress, endsLine bool
	}{
		{0, 0, "american: 199520 positions checked in ", true, true},
		{100, sampleCacheMiB, "american: ", false, false},
	} {
		vf, err := NewVerification(2, tc.sample)
		if err != nil {
			t.Fatal(err)
		}
		var out, shown bytes.Buffer
		n, err := vf.Run(db, &out, progress.New(&shown))
		if err != nil || n != 0 || vf.CacheMiB() != tc.cache || !strings.HasPrefix(out.String(), tc.want) ||
			!strings.HasSuffix(out.String(), " 0 mismatches\n") || strings.Contains(shown.String(), "egdb verify american") != tc.progress ||
			strings.HasSuffix(shown.String(), "\n") != tc.endsLine || strings.Contains(shown.String(), "\r") {
			t.Errorf("sample %d: %d mismatches, %v, cache %d\n%q\n%q", tc.sample, n, err, vf.CacheMiB(), out.String(), shown.String())
		}
	}
}
