package main

import (
	"bufio"
	"bytes"
	"io"
	"os/exec"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

func TestEngineCommand(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		input      string
		code       int
		stdout     string // exact, or a prefix when it ends in "..."
		stderrLine bool   // one line on stderr
	}{
		{"default command", nil, "name\nping\n", exitOK, "name Crown 0.1\npong\n", false},
		{"engine", []string{"engine"}, "get protocolversion\nquit\nname\n", exitOK, "protocolversion 2\n", false},
		{"help", []string{"engine", "--help"}, "", exitOK, "usage: crown [engine] [--book LEVEL]...", false},
		{"bad flag", []string{"engine", "--bogus"}, "", exitUsage, "", true},
		{"extra argument", []string{"engine", "now"}, "", exitUsage, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			engineInput = strings.NewReader(tc.input)
			var stdout, stderr bytes.Buffer
			code := dispatch(tc.args, &stdout, &stderr)
			if code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, stderr.String())
			}
			if want, prefix := strings.CutSuffix(tc.stdout, "..."); prefix && !strings.HasPrefix(stdout.String(), want) ||
				!prefix && stdout.String() != tc.stdout {
				t.Errorf("stdout %q, want %q", stdout.String(), tc.stdout)
			}
			if lines := strings.Count(stderr.String(), "\n"); tc.stderrLine && (lines != 1 || !strings.HasPrefix(stderr.String(), "crown engine: ")) ||
				!tc.stderrLine && lines != 0 {
				t.Errorf("stderr %q", stderr.String())
			}
		})
	}
}

// TestEngineBinary talks to crown to it through real stdin and
// stdout: replies on stdout only, the move legal, a clean exit at the end
// of input (which comes after the move line: it would stop the search).
func TestEngineBinary(t *testing.T) {
	bin := crownBinary(t)
	const fen = "B:W21-32:B1-12"
	cmd := exec.Command(bin)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(in, "name\nset gamehist "+fen+" 11-15\nget movelist W:WK10:B14,15,22,23\nbogus\ngetmove "+fen+" depth=4\n")
	var stdout strings.Builder
	for sc := bufio.NewScanner(out); sc.Scan(); {
		stdout.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "move ") {
			in.Close()
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("crown: %v; stderr %q", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	want := []string{"name Crown 0.1", "gamehist moves=1 ", "movelist 10x17x26x19x10", `error unknown command "bogus"; try help`, "info depth=1 ", "info depth=4 ", "move "}
	w := 0
	for _, l := range lines {
		if w < len(want) && strings.HasPrefix(l, want[w]) {
			w++
		} else if !strings.HasPrefix(l, "info ") {
			t.Errorf("unexpected line %q", l)
		}
		if strings.HasPrefix(l, "move ") {
			p, _ := movegen.ParseFEN(fen, movegen.American)
			f := strings.Fields(l)
			if _, err := p.ParseMove(f[1]); err != nil || len(f) != 3 || !strings.HasPrefix(f[2], "result=") {
				t.Errorf("move line %q: %v", l, err)
			}
		}
	}
	if w != len(want) {
		t.Errorf("stdout %q: missing a line starting %q", stdout.String(), want[w])
	}
	if !strings.Contains(stderr.String(), "gamehist ignored") {
		t.Errorf("stderr %q: want the note that the history was ignored", stderr.String())
	}
}
