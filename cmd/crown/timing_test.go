package main

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/match"
)

func TestSummarizeTiming(t *testing.T) {
	tests := []struct {
		ratios []float64
		want   timingStats
	}{
		{[]float64{1}, timingStats{mean: 1, median: 1, min: 1, max: 1}},
		{[]float64{0.9, 1.2, 0.6}, timingStats{mean: 0.9, median: 0.9, min: 0.6, max: 1.2, over: 1, maxDev: 0.4}},
		{[]float64{1.02, 0.98, 0.99, 1.0}, timingStats{mean: 0.9975, median: 0.995, min: 0.98, max: 1.02, maxDev: 0.02}},
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	for _, tt := range tests {
		got := summarizeTiming(tt.ratios)
		if !near(got.mean, tt.want.mean) || !near(got.median, tt.want.median) || got.min != tt.want.min ||
			got.max != tt.want.max || got.over != tt.want.over || !near(got.maxDev, tt.want.maxDev) {
			t.Errorf("%v: %+v, want %+v", tt.ratios, got, tt.want)
		}
	}
}

func TestTimingMisses(t *testing.T) {
	tests := []struct {
		st    timingStats
		exact bool
		want  string // "" or a fragment of the complaint
	}{
		{timingStats{mean: 0.93, max: 1.05}, false, ""},
		{timingStats{mean: 0.80, max: 1.0}, false, "mean"},
		{timingStats{mean: 1.01, max: 1.0}, false, "mean"},
		{timingStats{mean: 0.95, max: 1.2, over: 2}, false, "2 moves over"},
		{timingStats{mean: 1, maxDev: 0.015}, true, ""},
		{timingStats{mean: 1, maxDev: 0.03}, true, "off maxtime"},
	}
	for _, tt := range tests {
		got := tt.st.misses(tt.exact)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("%+v exact=%v: %q, want %q", tt.st, tt.exact, got, tt.want)
		}
	}
}

// TestTimingCommand times a few short moves from a small PDN file, with
// Crown in process (also with exact) and with the built binary; whether the
// targets are met at such short times does not matter.
func TestTimingCommand(t *testing.T) {
	dir := t.TempDir()
	pdn := filepath.Join(dir, "games.pdn")
	game := "[Event \"t\"]\n1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 19x10 5. 14x23 26x19 1/2-1/2\n"
	if err := os.WriteFile(pdn, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	type run struct {
		engine string
		exact  bool
	}
	runs := []run{{match.Self, false}, {match.Self, true}, {crownBinary(t), false}}
	for _, r := range runs {
		args := []string{"--pdn", pdn, "--positions", "3", "--maxtime", "0.02", "--hash", "1", "--threads", "2", "--engine", r.engine}
		if r.exact {
			args = append(args, "--exact")
		}
		var out, errb bytes.Buffer
		code := runTiming(args, &out, &errb)
		if code != exitOK && code != exitFail {
			t.Fatalf("%+v: exit %d, stderr %q", r, code, errb.String())
		}
		want := []*regexp.Regexp{
			regexp.MustCompile(fmt.Sprintf(`^timing positions=3 \(of \d+\) maxtime=0.02 exact=%v threads=2 engine=%s$`, r.exact, regexp.QuoteMeta(r.engine))),
			regexp.MustCompile(`^x maxtime: mean=\d+\.\d{3} median=\S+ min=\S+ max=\S+ over1.1=\d+ maxdev=\S+$`),
		}
		want = append(want, regexp.MustCompile(`^targets (met|missed: .+)$`))
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != len(want) {
			t.Fatalf("%+v: output %q, want %d lines", r, out.String(), len(want))
		}
		for i, re := range want {
			if !re.MatchString(lines[i]) {
				t.Errorf("%+v: line %d: %q does not match %s", r, i+1, lines[i], re)
			}
		}
		if !strings.Contains(errb.String(), "timing 3/3") {
			t.Errorf("%+v: no progress on stderr: %q", r, errb.String())
		}
	}
}

func TestTimingMissingFile(t *testing.T) {
	code, _, errOut := runCrown("timing", "--pdn", filepath.Join(t.TempDir(), "missing.pdn"))
	if code != exitFail || !strings.Contains(errOut, "missing.pdn") {
		t.Errorf("missing file: exit %d, stderr %q; want %d and the file named", code, errOut, exitFail)
	}
}
