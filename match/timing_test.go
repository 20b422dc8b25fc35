package match

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/internal/progress"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
)

func TestSummarizeTiming(t *testing.T) {
	tests := []struct {
		ratios []float64
		want   TimingStats
	}{
		{[]float64{1}, TimingStats{Mean: 1, Median: 1, Min: 1, Max: 1}},
		{[]float64{0.9, 1.2, 0.6}, TimingStats{Mean: 0.9, Median: 0.9, Min: 0.6, Max: 1.2, Over: 1, MaxDev: 0.4}},
		{[]float64{1.02, 0.98, 0.99, 1.0}, TimingStats{Mean: 0.9975, Median: 0.995, Min: 0.98, Max: 1.02, MaxDev: 0.02}},
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	for _, tt := range tests {
		got := SummarizeTiming(tt.ratios)
		if !near(got.Mean, tt.want.Mean) || !near(got.Median, tt.want.Median) || got.Min != tt.want.Min ||
			got.Max != tt.want.Max || got.Over != tt.want.Over || !near(got.MaxDev, tt.want.MaxDev) {
			t.Errorf("%v: %+v, want %+v", tt.ratios, got, tt.want)
		}
	}
}

func TestTimingMisses(t *testing.T) {
	tests := []struct {
		st    TimingStats
		exact bool
		want  string // "" or a fragment of the complaint
	}{
		{TimingStats{Mean: 0.93, Max: 1.05}, false, ""},
		{TimingStats{Mean: 0.80, Max: 1.0}, false, "mean"},
		{TimingStats{Mean: 1.01, Max: 1.0}, false, "mean"},
		{TimingStats{Mean: 0.95, Max: 1.2, Over: 2}, false, "2 moves over"},
		{TimingStats{Mean: 1, MaxDev: 0.015}, true, ""},
		{TimingStats{Mean: 1, MaxDev: 0.03}, true, "off maxtime"},
	}
	for _, tt := range tests {
		got := tt.st.Misses(tt.exact)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("%+v exact=%v: %q, want %q", tt.st, tt.exact, got, tt.want)
		}
	}
}

// TestTimingReport: the settings, the statistics and the targets, met or
// missed.
func TestTimingReport(t *testing.T) {
	tests := []struct {
		timing Timing
		ratios []float64
		lines  []string
		met    bool
	}{
		{Timing{MaxTime: 20 * time.Millisecond, Options: play.Options{Threads: 2}}, []float64{0.9, 0.95, 1.0},
			[]string{"timing positions=3 (of 50) maxtime=0.02 exact=false threads=2 engine=self",
				"x maxtime: mean=0.950 median=0.950 min=0.900 max=1.000 over1.1=0 maxdev=0.100", "targets met"}, true},
		{Timing{MaxTime: time.Second, Exact: true}, []float64{1, 1.05},
			[]string{"timing positions=2 (of 50) maxtime=1 exact=true threads=0 engine=self",
				"x maxtime: mean=1.025 median=1.025 min=1.000 max=1.050 over1.1=0 maxdev=0.050",
				"targets missed: a move 5.0% off maxtime (at most 2%)"}, false},
	}
	for _, tt := range tests {
		lines, met := tt.timing.Report(tt.ratios, 50, Self)
		if strings.Join(lines, "\n") != strings.Join(tt.lines, "\n") || met != tt.met {
			t.Errorf("%v: met %v\n%s\nwant met %v\n%s", tt.ratios, met, strings.Join(lines, "\n"), tt.met, strings.Join(tt.lines, "\n"))
		}
	}
}

func TestTimingPositions(t *testing.T) {
	all, total, err := TimingPositions("../testdata/tinsley-games.pdn", 1<<30)
	if err != nil || len(all) != total || total == 0 {
		t.Fatalf("every position: %d of %d, %v", len(all), total, err)
	}
	three, total3, err := TimingPositions("../testdata/tinsley-games.pdn", 3)
	if err != nil || len(three) != 3 || total3 != total || three[1] != all[3*total/6] {
		t.Errorf("three: %d of %d, %v", len(three), total3, err)
	}
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.pdn")
	if err := os.WriteFile(empty, []byte("[Event \"e\"]\n[FEN \"W:W:B1\"]\n*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "missing.pdn"), "missing.pdn"},
		{empty, "no position with a legal move"},
	} {
		if _, _, err := TimingPositions(c.path, 3); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.path, err, c.want)
		}
	}
}

// TestTimingRun times two short moves of Crown in process, the second of
// Pool (a gametype set between), and checks a ratio a move.
func TestTimingRun(t *testing.T) {
	e, err := ParseEngine(Self, protocol.Config{Name: "Crown"})
	if err != nil {
		t.Fatal(err)
	}
	positions := []movegen.Position{movegen.StartPosition(movegen.American), movegen.StartPosition(movegen.Pool)}
	var shown strings.Builder
	tm := Timing{MaxTime: 20 * time.Millisecond, Options: play.Options{HashMiB: 1}, Progress: progress.New(&shown)}
	ratios, err := tm.Run(&e, positions)
	if err != nil || len(ratios) != 2 || ratios[0] <= 0 || ratios[1] <= 0 || !strings.Contains(shown.String(), "timing 2/2: ") ||
		strings.Contains(shown.String(), "\r") {
		t.Errorf("ratios %v, %v; progress %q", ratios, err, shown.String())
	}
}
