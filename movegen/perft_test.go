package movegen

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crown-checkers/crown/internal/schedtest"
)

// Perft rows are run by size: start-position rows up to shortPerftMax
// leaves and suite rows up to shortSuitePerftMax always (the -short suite
// stays within seconds under -race), any row up to longPerftMax only
// without -short. Deeper rows (tens of billions of leaves) are left to
// `make perft`, which runs the suite with the crown binary.
const (
	shortPerftMax      = 5_000_000
	shortSuitePerftMax = 500_000
	longPerftMax       = 3_000_000_000
)

// referencePerftMax bounds the rows the slow reference generator recounts
// (it does about a million leaves a second); shortReferencePerftMax is the
// bound in -short mode.
const (
	referencePerftMax      = 3_000_000
	shortReferencePerftMax = 20_000
)

// readDataLines returns the non-comment, non-blank lines of a testdata file,
// split at tabs, with their line numbers.
func readDataLines(t *testing.T, name string) (lines [][]string, numbers []int) {
	t.Helper()
	f, err := os.Open("../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		lines = append(lines, strings.Split(text, "\t"))
		numbers = append(numbers, n)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines, numbers
}

// readPerftStart reads testdata/perft-start.tsv: a header row, then depth
// and one count per column (variant_convention), '-' where none is known.
func readPerftStart(t *testing.T) []PerftCase {
	lines, numbers := readDataLines(t, "perft-start.tsv")
	if len(lines) < 2 || lines[0][0] != "depth" {
		t.Fatal("perft-start.tsv: want a header row starting with depth")
	}
	header := lines[0]
	var rows []PerftCase
	for i, fields := range lines[1:] {
		if len(fields) != len(header) {
			t.Fatalf("perft-start.tsv:%d: %d fields, want %d", numbers[i+1], len(fields), len(header))
		}
		depth, err := strconv.Atoi(fields[0])
		if err != nil {
			t.Fatalf("perft-start.tsv:%d: %v", numbers[i+1], err)
		}
		for c := 1; c < len(header); c++ {
			if fields[c] == "-" {
				continue
			}
			name, conv, _ := strings.Cut(header[c], "_")
			v, err := ParseVariant(name)
			if err != nil {
				t.Fatalf("perft-start.tsv header: %v", err)
			}
			start := StartPosition(v)
			count, err := strconv.ParseUint(fields[c], 10, 64)
			if err != nil {
				t.Fatalf("perft-start.tsv:%d: %v", numbers[i+1], err)
			}
			rows = append(rows, PerftCase{Line: numbers[i+1], FEN: start.FEN(), Pos: start, Depth: depth, Paths: conv == "paths", Want: count})
		}
	}
	return rows
}

// readPerftSuite reads testdata/perft.tsv with ReadPerftSuite, as crown
// perft --suite does.
func readPerftSuite(t *testing.T) []PerftCase {
	t.Helper()
	f, err := os.Open("../testdata/perft.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := ReadPerftSuite(f, "perft.tsv")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// runPerftRows checks each row small enough for the mode the tests run in.
func runPerftRows(t *testing.T, file string, rows []PerftCase, shortLimit uint64) {
	limit := uint64(longPerftMax)
	if testing.Short() {
		limit = shortLimit
	}
	for _, r := range rows {
		if r.Want > limit {
			continue
		}
		var got uint64
		if r.Want < shortPerftMax {
			got = Perft(r.Pos, r.Depth, r.Paths)
		} else {
			res, err := PerftRun(r.Pos, r.Depth, PerftOptions{Paths: r.Paths, Threads: runtime.GOMAXPROCS(0)})
			if err != nil {
				t.Fatal(err)
			}
			got = res.Nodes
		}
		if got != r.Want {
			t.Errorf("%s:%d: %s %s depth %d %s: got %d, want %d",
				file, r.Line, r.Pos.Variant, r.FEN, r.Depth, r.Convention(), got, r.Want)
		}
	}
}

// TestPerftStart reproduces the published start-position counts of both
// rule sets, both conventions.
func TestPerftStart(t *testing.T) {
	schedtest.SkipUnderRace(t, "perft on both cores, whose shared table TestPerftRunOptions races under it")
	runPerftRows(t, "perft-start.tsv", readPerftStart(t), shortPerftMax)
}

// TestPerftSuite runs the project's own suite, testdata/perft.tsv, except its
// start-position rows, which must equal perft-start.tsv (checked without
// counting them again).
func TestPerftSuite(t *testing.T) {
	start := map[string]uint64{}
	for _, r := range readPerftStart(t) {
		start[r.Pos.Variant.String()+strconv.Itoa(r.Depth)+r.Convention()] = r.Want
	}
	startPos := StartPosition(American)
	startFEN := startPos.FEN()
	var rows []PerftCase
	for _, r := range readPerftSuite(t) {
		if r.Pos.FEN() != startFEN {
			rows = append(rows, r)
			continue
		}
		key := r.Pos.Variant.String() + strconv.Itoa(r.Depth) + r.Convention()
		if want, ok := start[key]; !ok || want != r.Want {
			t.Errorf("perft.tsv:%d: start row %d, perft-start.tsv has %d", r.Line, r.Want, want)
		}
		delete(start, key)
	}
	if len(start) > 0 {
		t.Errorf("perft.tsv lacks %d start-position rows of perft-start.tsv", len(start))
	}
	runPerftRows(t, "perft.tsv", rows, shortSuitePerftMax)
}

// TestPerftSuiteReference recounts the suite's rows with the reference
// generator, the way their counts were established.
func TestPerftSuiteReference(t *testing.T) {
	schedtest.SkipUnderRace(t, "the reference generator on one goroutine")
	limit := uint64(referencePerftMax)
	if testing.Short() {
		limit = shortReferencePerftMax
	}
	for _, r := range readPerftSuite(t) {
		if r.Want > limit {
			continue
		}
		if got := refBoardFrom(&r.Pos).perft(r.Depth, r.Paths); got != r.Want {
			t.Errorf("perft.tsv:%d: reference generator counts %d, want %d", r.Line, got, r.Want)
		}
	}
}

// TestPerftRunOptions checks that threads, the subtree cache and divide
// give the same counts as the plain recursion.
func TestPerftRunOptions(t *testing.T) {
	depth := 8
	if testing.Short() {
		depth = 6
	}
	for _, v := range []Variant{American, Pool} {
		for _, paths := range []bool{false, true} {
			p := StartPosition(v)
			want := Perft(p, depth, paths)
			for _, opt := range []PerftOptions{
				{Paths: paths},
				{Paths: paths, Threads: 2},
				{Paths: paths, Threads: 3, CacheMiB: 4},
			} {
				res, err := PerftRun(p, depth, opt)
				if err != nil {
					t.Fatal(err)
				}
				var sum uint64
				for i, m := range res.Moves {
					c := p
					c.MakeMove(m)
					if n := Perft(c, depth-1, paths); n != res.Per[i] {
						t.Errorf("%s %+v: divide %s = %d, want %d", v, opt, m, res.Per[i], n)
					}
					sum += res.Per[i]
				}
				if res.Nodes != want || sum != want {
					t.Errorf("%s %+v: nodes %d (divide sum %d), want %d", v, opt, res.Nodes, sum, want)
				}
			}
		}
	}
}

func TestPerftRunStop(t *testing.T) {
	for _, threads := range []int{1, 2} {
		var stop atomic.Bool
		done := make(chan PerftResult)
		go func() {
			res, err := PerftRun(StartPosition(American), 20, PerftOptions{Threads: threads, Stop: &stop})
			if err != nil {
				t.Error(err)
			}
			done <- res
		}()
		time.Sleep(20 * time.Millisecond)
		stop.Store(true)
		res := <-done
		if !res.Stopped {
			t.Errorf("threads=%d: a stopped perft(20) should say so", threads)
		}
	}
}

// TestPerftResultText: a count's line and the divide, root moves in square
// order, a capture counted by paths named by its full path.
func TestPerftResultText(t *testing.T) {
	if got, want := (PerftResult{Nodes: 1500, Elapsed: 3 * time.Second}).String(), "nodes=1500 time=3.000 nps=500"; got != want {
		t.Errorf("String: %q, want %q", got, want)
	}
	if got, want := (PerftResult{Nodes: 7}).String(), "nodes=7 time=0.000 nps=0"; got != want {
		t.Errorf("String without time: %q, want %q", got, want)
	}
	for _, c := range []struct {
		fen   string
		depth int
		paths bool
		want  string
	}{
		{"", 2, false, "9-13 7,9-14 7,10-14 7,10-15 7,11-15 7,11-16 7,12-16 7"},
		{"W:WK10:B14,15,22,23", 1, true, "10x17x26x19x10 1,10x19x26x17x10 1"},
	} {
		p := StartPosition(American)
		if c.fen != "" {
			var err error
			if p, err = ParseFEN(c.fen, American); err != nil {
				t.Fatal(err)
			}
		}
		res, err := PerftRun(p, c.depth, PerftOptions{Paths: c.paths})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(res.Divide(&p), ","); got != c.want {
			t.Errorf("%q depth %d: divide %q, want %q", c.fen, c.depth, got, c.want)
		}
	}
}
