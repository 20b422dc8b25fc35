package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
)

// TestBookCommands builds a tiny book, continues it, probes it and reports
// its coverage; probe and info read the shipped book without --book.
func TestBookCommands(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tiny.book")
	build := []string{"book", "build", "--out", path, "--positions", "12", "--nodes", "1000", "--main-plies", "2", "--ballots", "none", "--concurrency", "1"}
	code, out, errOut := runCrown(build...)
	if code != exitOK || !strings.HasPrefix(out, "book "+path+": ") || !strings.Contains(errOut, "book [") {
		t.Fatalf("build: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	first, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	build[5] = "20"
	if code, _, errOut = runCrown(build...); code != exitOK || !strings.Contains(errOut, "continuing") {
		t.Fatalf("continued build: exit %d, stderr %q", code, errOut)
	}
	b, err := book.Load(path)
	if err != nil || b.Positions() < 20 || b.Verify() != nil {
		t.Fatalf("the continued book: %v, %d positions (first run %d bytes)", err, b.Positions(), len(first))
	}
	code, out, _ = runCrown("book", "probe", "--book", path, "--level", "3", "B:W21-32:B1-12")
	if code != exitOK || !strings.Contains(out, "7 book moves (level 3: best move)") || strings.Count(out, "\n* ") != 1 {
		t.Errorf("probe: exit %d, stdout %q", code, out)
	}
	code, out, _ = runCrown("book", "probe", "--book", path, "W:W14:B10")
	if code != exitOK || !strings.Contains(out, "not in the book") {
		t.Errorf("probe out of the book: exit %d, stdout %q", code, out)
	}
	code, out, _ = runCrown("book", "info", "--book", path, "--ballots", "none")
	if code != exitOK || !strings.Contains(out, "every stored move is legal") || !strings.Contains(out, "start: main line ") {
		t.Errorf("info: exit %d, stdout %q", code, out)
	}
	code, out, _ = runCrown("book", "info")
	if code != exitOK || !strings.Contains(out, "shipped american book") || !strings.Contains(out, "ballots: 156 of 156 in the book") {
		t.Errorf("info of the shipped book: exit %d, stdout %q", code, out)
	}
	if code, _, errOut = runCrown("book", "probe", "--book", filepath.Join(t.TempDir(), "none.book")); code != exitFail || !strings.Contains(errOut, "no such file") {
		t.Errorf("probe of a missing book: exit %d, stderr %q", code, errOut)
	}
	if err := os.WriteFile(path, first[:len(first)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut = runCrown(build...); code != exitFail || !strings.Contains(errOut, "truncated") {
		t.Errorf("build over a damaged book: exit %d, stderr %q", code, errOut)
	}
}

// TestBookBuildLines: --lines forces a PDN's games into the book, with a
// prescreen; a file that is not there, and a game that starts where no line
// from the start goes, are errors that name them.
func TestBookBuildLines(t *testing.T) {
	dir := t.TempDir()
	pdn := filepath.Join(dir, "games.pdn")
	if err := os.WriteFile(pdn, []byte("1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "lines.book")
	build := []string{"book", "build", "--out", path, "--positions", "1", "--nodes", "1000", "--prescreen-nodes", "100",
		"--main-plies", "1", "--ballots", "none", "--concurrency", "1", "--lines", pdn, "--line-plies", "5"}
	code, out, errOut := runCrown(build...)
	if code != exitOK || !strings.Contains(out, "prescreen 100 nodes within 100 centi-men") {
		t.Fatalf("build: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	b, err := book.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	// The line's fifth position (after 11-15 24-20 8-11 28-24) is in the book.
	if p, err := movegen.ParseFEN("B:W20,21,22,23,24,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15", movegen.American); err != nil || !b.Contains(p) {
		t.Errorf("the line's position after 4 plies: %v, in the book %v", err, err == nil && b.Contains(p))
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--lines", filepath.Join(dir, "none.pdn")}, "none.pdn: no such file"},
		{[]string{"--prescreen-nodes", "1000"}, "--prescreen-nodes (1000) must be below --nodes (1000)"},
		{[]string{"--line-plies", "0"}, "--line-plies must be in 1.."},
	} {
		args := append(append([]string(nil), build...), tc.args...)
		if code, _, errOut := runCrown(args...); code == exitOK || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, errOut, tc.want)
		}
	}
	if err := os.WriteFile(pdn, []byte("[FEN \"B:W28:B14\"]\n1. 14-17 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCrown(build...); code != exitFail || !strings.Contains(errOut, "games.pdn: game 1 starts at B:W28:B14, neither") {
		t.Errorf("a game from elsewhere: exit %d, stderr %q", code, errOut)
	}
}

// TestAnalyzeBook: analyze --book answers a book position from the book
// and searches one out of it.
func TestAnalyzeBook(t *testing.T) {
	b, err := book.Default(movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	start := movegen.StartPosition(movegen.American)
	best := start.FormatMove(b.Probe(start)[0].Move)
	code, out, _ := runCrown("analyze", "--book")
	if code != exitOK || !strings.Contains(out, "bestmove move="+best+" ") || !strings.HasSuffix(out, " book=1\n") || strings.Count(out, "\nbook move=") != 6 {
		t.Errorf("analyze --book: exit %d, stdout %q", code, out)
	}
	code, out, _ = runCrown("analyze", "--book", "--depth", "3", "--fen", "W:W14:B10")
	if code != exitOK || !strings.Contains(out, "bestmove move=14x7 ") || strings.Contains(out, "book") {
		t.Errorf("analyze --book out of the book: exit %d, stdout %q", code, out)
	}
}
