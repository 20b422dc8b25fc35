package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTrainLoopUsage(t *testing.T) {
	code, stdout, _ := runCrown("train", "loop", "--help")
	if code != exitOK || !strings.Contains(stdout, "usage: crown train loop --dir DIR") || !strings.Contains(stdout, "--match-nodes") ||
		!strings.Contains(stdout, "a match cut short is\nplayed again from its first game") {
		t.Errorf("help: exit %d, %q", code, stdout)
	}
	if code, stdout, _ := runCrown("train", "--help"); code != exitOK || !strings.Contains(stdout, "crown train loop --dir DIR") {
		t.Errorf("crown train's help: exit %d, %q", code, stdout)
	}
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{nil, "--dir DIR is required"},
		{[]string{"--dir", dir, "--generations", "0"}, "must be at least 1"},
		{[]string{"--dir", dir, "--window", "0"}, "must be at least 1"},
		{[]string{"--dir", dir, "--american-games", "0", "--pool-games", "0"}, "nor all 0"},
		{[]string{"--dir", dir, "--pool-games", "-1"}, "must not be negative"},
		{[]string{"--dir", dir, "--movetime", "1"}, "--movetime: self-play is limited by --nodes or --depth"},
		{[]string{"--dir", dir, "--depth", "4", "--node-jitter", "10"}, "--node-jitter needs --nodes"},
		{[]string{"--dir", dir, "--node-jitter", "99"}, "--node-jitter must be in 0.."},
		{[]string{"--dir", dir, "--random-plies", "99"}, "--random-plies must be in 0.."},
		{[]string{"--dir", dir, "--lambda", "2"}, "--lambda must be in 0..1"},
		{[]string{"--dir", dir, "--match-games", "-2"}, "--match-games must not be negative"},
		{[]string{"--dir", dir, "--match-depth", "x"}, "invalid argument"},
		{[]string{"--dir", dir, "--sprt", "10,0"}, "--sprt: elo1 (0) must be above elo0 (10)"},
		{[]string{"--dir", dir, "--adjudicate"}, "--adjudicate needs --egdb DIR"},
		{[]string{"--dir", dir, "--pool-openings", filepath.Join(dir, "none.txt")}, "--pool-openings: "},
		{[]string{"--dir", dir, "--pool-games", "0", "--start", filepath.Join(dir, "none.bin")}, "--start: "},
		{[]string{"--dir", dir, "--pool-games", "0", "--egdb", filepath.Join(dir, "none")}, "--egdb: "},
		{[]string{"--dir", dir, "stray"}, `unexpected argument "stray"`},
		{[]string{"--dir", dir, "--colour", "blue"}, "unknown flag: --colour"},
	}
	for _, tt := range tests {
		code, _, stderr := runCrown(append([]string{"train", "loop"}, tt.args...)...)
		if code != exitUsage || !strings.HasPrefix(stderr, "crown train loop: ") || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d, stderr %q, want usage error saying %q", tt.args, code, stderr, tt.want)
		}
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Errorf("usage errors wrote %v (%v)", entries, err)
	}
}

// TestTrainLoopCommand runs one quick generation of American only, then
// the same loop with another window, which is refused.
func TestTrainLoopCommand(t *testing.T) {
	dir := t.TempDir()
	args := []string{"train", "loop", "--dir", dir, "--generations", "1", "--american-games", "6", "--pool-games", "0",
		"--depth", "2", "--match-depth", "2", "--match-games", "2", "--concurrency", "1"}
	code, stdout, stderr := runCrown(args...)
	if code != exitOK || !strings.HasPrefix(stdout, "gen 1: american: 6 games, ") || strings.Contains(stdout, "pool") ||
		!strings.Contains(stdout, "\n1 generations, ") || !strings.Contains(stderr, "gen 1 american: [2/2] game ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, name := range []string{"loop.txt", "generations.md", "gen-1/american.bin", "gen-1/weights.bin", "gen-1/next.bin", "gen-1/result.txt", "gen-1/match-american.pdn"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	code, _, stderr = runCrown(append(args, "--window", "1")...)
	if code != exitFail || !strings.Contains(stderr, "window: 3 in loop.txt, 1 now") {
		t.Errorf("other window: exit %d, stderr %q", code, stderr)
	}
}
