package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSoak runs short soaks of crown: two games through the line
// protocol (at 5 ms a move with -short), and the web server under four clients for a few seconds (two
// for a second with -short; its cap probed, its goroutines back after the
// load). Each must report no failure and exit 0.
func TestSoak(t *testing.T) {
	bin := crownBinary(t)
	dir := t.TempDir()
	protocol := []string{"soak", "protocol", "--games", "2", "--movetime", "0.01"}
	web := []string{"soak", "web", "--duration", "6s", "--clients", "4", "--max-games", "4", "--idle", "1s"}
	if testing.Short() {
		// Both keep the cores busy while they run: the games at half the
		// time a move, the server's clients two for a second.
		protocol[len(protocol)-1] = "0.005"
		web = []string{"soak", "web", "--duration", "1s", "--clients", "2", "--max-games", "2", "--idle", "0.5s"}
	}
	for _, args := range [][]string{protocol, web} {
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
