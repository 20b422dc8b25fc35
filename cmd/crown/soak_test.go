package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSoak runs short soaks of crown: two games through the line
// protocol, and the web server under four clients for a few seconds (two
// for a second with -short; its cap probed, its goroutines back after the
// load). Each must report no failure and exit 0.
func TestSoak(t *testing.T) {
	bin := crownBinary(t)
	dir := t.TempDir()
	web := []string{"soak", "web", "--duration", "6s", "--clients", "4", "--max-games", "4", "--idle", "1s"}
	if testing.Short() {
		// The server's clients keep both cores busy: a second of two.
		web = []string{"soak", "web", "--duration", "1s", "--clients", "2", "--max-games", "2", "--idle", "0.5s"}
	}
	for _, args := range [][]string{
		{"soak", "protocol", "--games", "2", "--movetime", "0.01"},
		web,
	} {
		t.Run(args[1], func(t *testing.T) {
			t.Parallel() // mostly waits: games at 0.01 s a move, a server's clients
			cmd := exec.Command(bin, append(args, "--dir", filepath.Join(dir, args[1]))...)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil || !strings.HasPrefix(string(out), "soak "+args[1]+": ") || !strings.Contains(string(out), " 0 failures (") {
				t.Fatalf("%q: %v\n%s\n%s", args, err, out, stderr.String())
			}
			t.Logf("%s", out)
		})
	}
}
