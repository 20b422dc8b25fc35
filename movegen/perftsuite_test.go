package movegen

import (
	"strings"
	"testing"
)

// perftSuiteSeeds are suites for TestReadPerftSuite and the fuzz target.
var perftSuiteSeeds = []string{
	"# a comment\n\namerican\tB:W21-32:B1-12\t3\tunique\t302\npool\tW:WK2:B4,6,8,11,14,K24,K31\t3\tpaths\t177\n",
	"american\tB:W21-32:B1-12\t0\tpaths\t1\n",
	"",
	"# only a comment\n",
	"american\tB:W21-32:B1-12\t3\tunique\n",
	"chess\tB:W21-32:B1-12\t3\tunique\t302\n",
	"american\tB:W21-33:B1-12\t3\tunique\t302\n",
	"american\tB:W21-32:B1-12\t-1\tunique\t302\n",
	"american\tB:W21-32:B1-12\t129\tunique\t302\n",
	"american\tB:W21-32:B1-12\t3\tall\t302\n",
	"american\tB:W21-32:B1-12\t3\tunique\t-302\n",
	"american\tB:W21-32:B1-12\t3\tunique\t302\textra\n",
}

func TestReadPerftSuite(t *testing.T) {
	start := StartPosition(American)
	pool, err := ParseFEN("W:WK2:B4,6,8,11,14,K24,K31", Pool)
	if err != nil {
		t.Fatal(err)
	}
	good := []PerftCase{
		{Line: 3, FEN: "B:W21-32:B1-12", Pos: start, Depth: 3, Want: 302},
		{Line: 4, FEN: "W:WK2:B4,6,8,11,14,K24,K31", Pos: pool, Depth: 3, Paths: true, Want: 177},
	}
	tests := []struct {
		suite string
		want  []PerftCase
		err   string
	}{
		{perftSuiteSeeds[0], good, ""},
		{perftSuiteSeeds[2], nil, "suite.tsv: no rows"},
		{perftSuiteSeeds[3], nil, "suite.tsv: no rows"},
		{perftSuiteSeeds[4], nil, "suite.tsv:1: 4 columns, want 5"},
		{perftSuiteSeeds[5], nil, "suite.tsv:1: "},
		{perftSuiteSeeds[6], nil, "suite.tsv:1: "},
		{perftSuiteSeeds[7], nil, `suite.tsv:1: depth "-1" is not a number from 0 to 128`},
		{perftSuiteSeeds[8], nil, `suite.tsv:1: depth "129" is not`},
		{perftSuiteSeeds[9], nil, `suite.tsv:1: convention "all", want unique or paths`},
		{perftSuiteSeeds[10], nil, `suite.tsv:1: count "-302" is not a number`},
		{perftSuiteSeeds[11], nil, "suite.tsv:1: 6 columns, want 5"},
	}
	for _, tc := range tests {
		got, err := ReadPerftSuite(strings.NewReader(tc.suite), "suite.tsv")
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one starting %q", tc.suite, err, tc.err)
			}
			continue
		}
		if err != nil || len(got) != len(tc.want) {
			t.Fatalf("%q: %d cases, %v; want %d", tc.suite, len(got), err, len(tc.want))
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%q: case %d is %+v, want %+v", tc.suite, i, got[i], tc.want[i])
			}
		}
	}
}

// FuzzReadPerftSuite checks that any suite reads into cases or gives an
// error that names the suite, never a panic, and that every case read is
// within the bounds perft takes.
func FuzzReadPerftSuite(f *testing.F) {
	for _, s := range perftSuiteSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, suite string) {
		cases, err := ReadPerftSuite(strings.NewReader(suite), "suite.tsv")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "suite.tsv:") {
				t.Fatalf("%q: error %q does not start with the suite's name", suite, err)
			}
			return
		}
		for _, c := range cases {
			if c.Depth < 0 || c.Depth > MaxPly || c.Line < 1 || c.Pos.Validate() != nil {
				t.Fatalf("%q: case %+v out of bounds", suite, c)
			}
		}
	})
}

// TestRunPerftSuite: each case's line says ok or FAIL (a failure with the
// count expected), the summary counts them, and the failures are
// returned; a suite file reads as ReadPerftSuite reads it.
func TestRunPerftSuite(t *testing.T) {
	const good = "american\tB:W21-32:B1-12\t3\tunique\t302\npool\tW:WK2:B4,6,8,11,14,K24,K31\t3\tpaths\t177\n"
	tests := []struct {
		name   string
		suite  string
		failed int
		lines  []string // each line's start
	}{
		{"pass", good, 0, []string{"ok   line 1 american B:W21-32:B1-12 depth=3 unique nodes=302 ",
			"ok   line 2 pool W:WK2:B4,6,8,11,14,K24,K31 depth=3 paths nodes=177 ", "suite rows=2 passed=2 failed=0 nodes=479 "}},
		{"fail", good + "american\tB:W21-32:B1-12\t4\tpaths\t1470\n", 1, []string{"ok   line 1 ", "ok   line 2 ",
			"FAIL line 3 american B:W21-32:B1-12 depth=4 paths nodes=1469 ", "suite rows=3 passed=2 failed=1 nodes=1948 "}},
	}
	for _, tc := range tests {
		cases, err := ReadPerftSuite(strings.NewReader(tc.suite), "suite.tsv")
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		failed, err := RunPerftSuite(cases, PerftOptions{Threads: 2}, &out)
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if err != nil || failed != tc.failed || len(lines) != len(tc.lines) {
			t.Fatalf("%s: %d failed, %v; want %d\n%s", tc.name, failed, err, tc.failed, out.String())
		}
		for i, want := range tc.lines {
			if !strings.HasPrefix(lines[i], want) {
				t.Errorf("%s: line %q, want it to start %q", tc.name, lines[i], want)
			}
		}
		if tc.failed > 0 && !strings.HasSuffix(lines[len(lines)-2], " want=1470") {
			t.Errorf("%s: the failing line %q does not end with what it wanted", tc.name, lines[len(lines)-2])
		}
	}
}
