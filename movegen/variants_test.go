package movegen

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/crown-checkers/crown/internal/schedtest"
)

// Perft rows of the published variant counts are run by size: up to
// shortVariantsPerftMax leaves always, up to longVariantsPerftMax (depth
// 12 of every game) without -short.
const (
	shortVariantsPerftMax = 200_000
	longVariantsPerftMax  = 400_000_000
)

// variantsStartFEN is where the published counts of a game start: its own
// start position, except Thai, whose counts start from the 12-man
// position (dctl's initial(2)), not its 8-man one.
func variantsStartFEN(v Variant) Position {
	if v == Thai {
		p, err := ParseFEN("W:W21-32:B1-12", Thai)
		if err != nil {
			panic(err)
		}
		return p
	}
	return StartPosition(v)
}

// readVariantsPerft reads testdata/variants-perft.tsv: a header row
// (variant, count, depth, leaves), then one row a count.
func readVariantsPerft(t *testing.T) []PerftCase {
	lines, numbers := readDataLines(t, "variants-perft.tsv")
	if len(lines) < 2 || lines[0][0] != "variant" {
		t.Fatal("variants-perft.tsv: want a header row starting with variant")
	}
	var rows []PerftCase
	for i, f := range lines[1:] {
		if len(f) != 4 {
			t.Fatalf("variants-perft.tsv:%d: %d fields, want 4", numbers[i+1], len(f))
		}
		v, err := ParseVariant(f[0])
		if err != nil {
			t.Fatalf("variants-perft.tsv:%d: %v", numbers[i+1], err)
		}
		depth, err1 := strconv.Atoi(f[2])
		count, err2 := strconv.ParseUint(f[3], 10, 64)
		if err1 != nil || err2 != nil || (f[1] != "paths" && f[1] != "unique") {
			t.Fatalf("variants-perft.tsv:%d: bad row %q", numbers[i+1], f)
		}
		p := variantsStartFEN(v)
		rows = append(rows, PerftCase{Line: numbers[i+1], FEN: p.FEN(), Pos: p, Depth: depth, Paths: f[1] == "paths", Want: count})
	}
	return rows
}

// TestPerftVariants reproduces the published start-position counts of
// every game of the family, both conventions: the arbiter of its rules.
func TestPerftVariants(t *testing.T) {
	schedtest.SkipUnderRace(t, "perft on both cores, whose shared table TestPerftRunOptions races under it")
	rows := readVariantsPerft(t)
	seen := map[Variant]bool{}
	for _, r := range rows {
		seen[r.Pos.Variant] = true
	}
	for v := Variant(0); v < NumVariants; v++ {
		if !seen[v] {
			t.Errorf("variants-perft.tsv has no row for %s", v)
		}
	}
	limit := uint64(longVariantsPerftMax)
	if testing.Short() {
		limit = shortVariantsPerftMax
	}
	for _, r := range rows {
		if r.Want > limit {
			continue
		}
		res, err := PerftRun(r.Pos, r.Depth, PerftOptions{Paths: r.Paths, Threads: runtime.GOMAXPROCS(0), CacheMiB: 64})
		if err != nil {
			t.Fatal(err)
		}
		if res.Nodes != r.Want {
			t.Errorf("variants-perft.tsv:%d: %s depth %d %s: got %d, want %d",
				r.Line, r.Pos.Variant, r.Depth, r.Convention(), res.Nodes, r.Want)
		}
	}
}
