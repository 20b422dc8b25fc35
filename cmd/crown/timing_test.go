package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/match"
)

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
