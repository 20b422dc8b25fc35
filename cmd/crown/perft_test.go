package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// perftLast matches the line every perft run ends with.
var perftLast = regexp.MustCompile(`^perft depth=\d+ nodes=\d+ time=\d+\.\d{3} nps=\d+$`)

// runCrown runs the command line through dispatch and returns the exit
// status and both outputs.
func runCrown(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = dispatch(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		lines []string // expected lines, the final one's counters stripped of time and nps
	}{
		{"per depth", []string{"perft", "--depth", "4"},
			[]string{"depth=1 nodes=7", "depth=2 nodes=49", "depth=3 nodes=302", "depth=4 nodes=1469", "perft depth=4 nodes=1469"}},
		{"pool", []string{"perft", "--variant", "pool", "--depth", "5", "--threads", "2"},
			[]string{"depth=1 nodes=7", "depth=2 nodes=49", "depth=3 nodes=302", "depth=4 nodes=1469", "depth=5 nodes=7482", "perft depth=5 nodes=7482"}},
		{"divide", []string{"perft", "--divide", "--depth", "2"},
			[]string{"9-13 7", "9-14 7", "10-14 7", "10-15 7", "11-15 7", "11-16 7", "12-16 7", "perft depth=2 nodes=49"}},
		{"divide paths", []string{"perft", "--fen", "W:WK10:B14,15,22,23", "--divide", "--depth", "1", "--paths"},
			[]string{"10x17x26x19x10 1", "10x19x26x17x10 1", "perft depth=1 nodes=2"}},
		{"fen and cache", []string{"perft", "--fen", "W:WK2:B4,6,8,11,14,K24,K31", "--variant", "pool", "--depth", "3", "--cache", "1"},
			[]string{"depth=1 nodes=2", "depth=2 nodes=18", "depth=3 nodes=121", "perft depth=3 nodes=121"}},
		{"paths", []string{"perft", "--fen", "W:WK2:B4,6,8,11,14,K24,K31", "--variant", "pool", "--depth", "3", "--paths"},
			[]string{"depth=1 nodes=3", "depth=2 nodes=27", "depth=3 nodes=177", "perft depth=3 nodes=177"}},
	}
	strip := regexp.MustCompile(` time=\d+\.\d{3} nps=\d+$`)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCrown(tc.args...)
			if code != exitOK || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if !perftLast.MatchString(lines[len(lines)-1]) {
				t.Errorf("last line %q is not 'perft depth=<d> nodes=<n> time=<s> nps=<n>'", lines[len(lines)-1])
			}
			var got []string
			for _, l := range lines {
				got = append(got, strip.ReplaceAllString(l, ""))
			}
			if strings.Join(got, "\n") != strings.Join(tc.lines, "\n") {
				t.Errorf("output\n%s\nwant (without time and nps)\n%s", out, strings.Join(tc.lines, "\n"))
			}
		})
	}
}

func TestPerftSuite(t *testing.T) {
	const good = "# a comment\n\n" +
		"american\tB:W21-32:B1-12\t3\tunique\t302\n" +
		"pool\tB:W21-32:B1-12\t5\tpaths\t7482\n" +
		"pool\tW:WK2:B4,6,8,11,14,K24,K31\t3\tpaths\t177\n"
	tests := []struct {
		name     string
		file     string
		code     int
		verdicts []string
		summary  string
	}{
		{"pass", good, exitOK, []string{"ok   line 3", "ok   line 4", "ok   line 5"}, "suite rows=3 passed=3 failed=0 "},
		{"fail", good + "american\tB:W21-32:B1-12\t4\tpaths\t1470\n", exitFail,
			[]string{"ok   line 3", "ok   line 4", "ok   line 5", "FAIL line 6"}, "suite rows=4 passed=3 failed=1 "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCrown("perft", "--suite", writeSuite(t, tc.file), "--threads", "2")
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tc.code, errOut)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != len(tc.verdicts)+1 {
				t.Fatalf("output\n%s\nwant %d row lines and a summary", out, len(tc.verdicts))
			}
			for i, v := range tc.verdicts {
				if !strings.HasPrefix(lines[i], v) {
					t.Errorf("line %q, want it to start %q", lines[i], v)
				}
			}
			if !strings.HasPrefix(lines[len(lines)-1], tc.summary) {
				t.Errorf("summary %q, want it to start %q", lines[len(lines)-1], tc.summary)
			}
			if tc.code == exitFail && !strings.Contains(out, "nodes=1469 ") || tc.code == exitFail && !strings.Contains(out, "want=1470") {
				t.Errorf("the failing row does not show got and want:\n%s", out)
			}
		})
	}
}

// writeSuite writes a suite file in a temporary directory and returns its path.
func writeSuite(t *testing.T, text string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "suite.tsv")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestPerftSaysWhy: a count of 0 because the side to move has no move says
// why, and a suite says what it is about to count before its first line,
// and which row it counts.
func TestPerftSaysWhy(t *testing.T) {
	for _, tc := range []struct{ fen, want string }{
		{"B:W:B", "the position is empty: neither side has a piece, so every count is 0"},
		{"B:W5:B", "Black has no pieces left: it has lost, so every count is 0"},
		{"W:W32:B23,27,28", "White has no legal move: it has lost, so every count is 0"},
	} {
		var out, errb bytes.Buffer
		if code := runPerft([]string{"--fen", tc.fen, "--depth", "2"}, &out, &errb); code != exitOK ||
			!strings.Contains(out.String(), "perft depth=2 nodes=0") || errb.String() != "crown perft: "+tc.want+"\n" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", tc.fen, code, out.String(), errb.String())
		}
	}
	var out, errb bytes.Buffer
	suite := writeSuite(t, "american\tB:W21-32:B1-12\t2\tunique\t49\n")
	if code := runPerft([]string{"--suite", suite}, &out, &errb); code != exitOK || !strings.Contains(errb.String(), "1 rows of ") ||
		!strings.Contains(errb.String(), "\nperft --suite: counting row 1 of 1 (line 1, american depth 2), 0s in\n") {
		t.Errorf("a suite: exit %d, stderr %q", code, errb.String())
	}
}
