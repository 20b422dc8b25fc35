package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// TestMatchCommand plays a short match of Crown against itself at two
// depths and reads back its PDN.
func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	ballots := filepath.Join(dir, "ballots.txt")
	fens := "W:W17,22-32:B1-4,6-13\nW:W18,21,23-32:B1-5,7-13\n"
	if err := os.WriteFile(ballots, []byte(fens), 0o644); err != nil {
		t.Fatal(err)
	}
	pdn := filepath.Join(dir, "games.pdn")
	code, out, errOut := runCrown("match", "--engine1", "self:depth=3,hashsize=1", "--engine2", "self:depth=1,hashsize=1",
		"--ballots", ballots, "--concurrency", "2", "--pdn", pdn, "--variant", "pool")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	for _, want := range []string{"Match self:depth=3,hashsize=1 vs self:depth=1,hashsize=1, American Pool checkers, 4 games",
		"Elo difference", "LOS", "Endings:", "Engine failures (illegal move, bad reply, error, crash, time forfeit): self:depth=3,hashsize=1 0, self:depth=1,hashsize=1 0"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(errOut, "\n"); n != 4 || !strings.Contains(errOut, "[4/4]") {
		t.Errorf("want 4 progress lines, got:\n%s", errOut)
	}
	f, err := os.Open(pdn)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := movegen.ReadPDN(f, movegen.American)
	if err != nil || len(games) != 4 {
		t.Fatalf("PDN: %d games, %v", len(games), err)
	}
	for _, g := range games {
		if g.Err != nil || g.Variant != movegen.Pool || g.Tag("FEN") == "" || g.Tag("Termination") == "" || g.Result == "*" {
			t.Errorf("PDN game %s: err %v variant %v FEN %q termination %q result %s",
				g.Tag("Round"), g.Err, g.Variant, g.Tag("FEN"), g.Tag("Termination"), g.Result)
		}
	}
}

// TestMatchResume stops a match's PDN after two of its four games and
// continues it with --resume: two more games are played and appended; a
// PDN of another match is refused, and --resume needs --pdn.
func TestMatchResume(t *testing.T) {
	dir := t.TempDir()
	ballots := filepath.Join(dir, "ballots.txt")
	if err := os.WriteFile(ballots, []byte("W:W17,22-32:B1-4,6-13\nW:W18,21,23-32:B1-5,7-13\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pdn := filepath.Join(dir, "games.pdn")
	args := []string{"match", "--engine1", "self:depth=2,hashsize=1", "--engine2", "self:depth=1,hashsize=1",
		"--ballots", ballots, "--pdn", pdn}
	if code, _, errOut := runCrown(args...); code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	data, err := os.ReadFile(pdn)
	if err != nil {
		t.Fatal(err)
	}
	// The third game's tags start where the second game's text ends.
	text := string(data)
	third := strings.Index(text[1:], "[Event") + 1
	third += strings.Index(text[third+1:], "[Event") + 1
	if err := os.WriteFile(pdn, []byte(text[:third]), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCrown(append(args, "--resume")...)
	if code != exitOK || !strings.Contains(out, "4 games") || !strings.HasPrefix(errOut, "[2/4] resumed 2 finished games") ||
		strings.Count(errOut, "\n") != 3 {
		t.Fatalf("resumed: exit %d\n%s\n%s", code, out, errOut)
	}
	f, err := os.Open(pdn)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if games, err := movegen.ReadPDN(f, movegen.American); err != nil || len(games) != 4 {
		t.Fatalf("PDN after resuming: %d games, %v", len(games), err)
	}

	other := append([]string{"match", "--engine1", "self:depth=3,hashsize=1"}, args[3:]...)
	if code, _, errOut := runCrown(append(other, "--resume")...); code != exitUsage || !strings.Contains(errOut, "is not this match's PDN to continue") {
		t.Errorf("another match's PDN: exit %d, stderr %s", code, errOut)
	}
	if code, _, errOut := runCrown("match", "--engine1", "self", "--engine2", "self", "--resume"); code != exitUsage || !strings.Contains(errOut, "--resume needs --pdn") {
		t.Errorf("--resume without --pdn: exit %d, stderr %s", code, errOut)
	}
}
