package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// scorePattern is a score for people as analyze writes it (docs/scores.md):
// men, a forced result in moves (quoted), the database's, or lost.
const scorePattern = `(?:[+-]\d+\.\d\d|0\.00|"(?:win|loss) in \d+ moves?"|"(?:win|loss) \(database\)"|lost)`

var (
	analyzeLine = regexp.MustCompile(`^info depth=\d+ seldepth=\d+ score=` + scorePattern + ` nodes=\d+ nps=\d+ time=\d+\.\d{3} pv=\S+( \S+)*$`)
	multiLine   = regexp.MustCompile(`^info depth=(\d+) seldepth=\d+ score=` + scorePattern + ` nodes=\d+ nps=\d+ time=\d+\.\d{3} multipv=(\d+) pv=\S+( \S+)*$`)
	bestLine    = regexp.MustCompile(`^bestmove move=(\S+) score=` + scorePattern + ` depth=(\d+) nodes=\d+ time=\d+\.\d{3}$`)
	quoted      = regexp.MustCompile(`"[^"]*"`)
)

func TestAnalyze(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		best  string // expected best move, "" for any
		depth string // expected final depth, "" for any
	}{
		{"start by depth", []string{"--depth", "5"}, "", "5"},
		{"pool by nodes", []string{"--variant", "pool", "--nodes", "5000"}, "", ""},
		{"depth and nodes", []string{"--depth", "30", "--nodes", "20000"}, "", ""},
		{"movetime", []string{"--movetime", "0.05", "--threads", "2", "--hash", "4"}, "", ""},
		{"forced capture", []string{"--fen", "B:W25,26:B23", "--depth", "2"}, "23x30", ""},
		{"pool king", []string{"--variant", "23", "--fen", "W:WK29:B22,10,9,26", "--depth", "3"}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := runAnalyze(tt.args, &out, &errb); code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, errb.String())
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) < 2 {
				t.Fatalf("want iteration lines and a bestmove line, got %q", out.String())
			}
			for _, l := range lines[:len(lines)-1] {
				if !analyzeLine.MatchString(l) {
					t.Errorf("bad iteration line %q", l)
				}
			}
			m := bestLine.FindStringSubmatch(lines[len(lines)-1])
			if m == nil {
				t.Fatalf("bad last line %q", lines[len(lines)-1])
			}
			if tt.best != "" && m[1] != tt.best {
				t.Errorf("best move %s, want %s", m[1], tt.best)
			}
			if tt.depth != "" && m[2] != tt.depth {
				t.Errorf("depth %s, want %s", m[2], tt.depth)
			}
		})
	}
}

// TestAnalyzeMultiPV: with --multipv N every iteration prints N lines
// ranked 1 to N (fewer when the position has fewer moves), and the best
// move is the last iteration's first line.
func TestAnalyzeMultiPV(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		lines int
	}{
		{"3 of 7", []string{"--multipv", "3", "--depth", "4"}, 3},
		{"every move", []string{"--multipv", "20", "--depth", "3", "--variant", "pool"}, 7},
		{"more than the 2 moves", []string{"--multipv", "5", "--depth", "3", "--variant", "pool", "--fen", "W:WK29:B22,10,9,26"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := runAnalyze(tt.args, &out, &errb); code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, errb.String())
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			iterations := lines[:len(lines)-1]
			depth, rank := 1, 1
			for _, l := range iterations {
				m := multiLine.FindStringSubmatch(l)
				if m == nil || m[1] != strconv.Itoa(depth) || m[2] != strconv.Itoa(rank) {
					t.Fatalf("line %q, want depth %d, multipv %d", l, depth, rank)
				}
				if rank++; rank > tt.lines {
					depth, rank = depth+1, 1
				}
			}
			best := bestLine.FindStringSubmatch(lines[len(lines)-1])
			first := iterations[len(iterations)-tt.lines]
			if best == nil || rank != 1 || !strings.Contains(first, " pv="+best[1]) {
				t.Errorf("best move line %q after the lines %q", lines[len(lines)-1], iterations)
			}
		})
	}
	var errb bytes.Buffer
	if code := runAnalyze([]string{"--multipv", "0"}, io.Discard, &errb); code == exitOK || !strings.Contains(errb.String(), "multipv") {
		t.Errorf("--multipv 0: exit %d, stderr %q", code, errb.String())
	}
}

func TestAnalyzeUntilStopped(t *testing.T) {
	old := untilInterrupted
	defer func() { untilInterrupted = old }()
	untilInterrupted = func(...os.Signal) (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), 50*time.Millisecond)
	}
	var out, errb bytes.Buffer
	if code := runAnalyze([]string{"--hash", "2"}, &out, &errb); code != exitSignal+int(syscall.SIGINT) {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("no bestmove line in %q", out.String())
	}
}

func TestAnalyzeNoMove(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runAnalyze([]string{"--fen", "W:W:B1", "--depth", "3"}, &out, &errb); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if out.String() != "bestmove move=none score=lost depth=0 nodes=0 time=0.000\n" || !strings.Contains(errb.String(), "White has no pieces left") {
		t.Errorf("got %q, stderr %q, want bestmove move=none and why on stderr", out.String(), errb.String())
	}
}

// TestAnalyzeKeyValue: every line crown analyze prints is a keyword and
// key=value words (a quoted value one word, the pv's moves after pv=
// aside), whatever the answer: a search, several lines, the book, no move.
func TestAnalyzeKeyValue(t *testing.T) {
	for _, args := range [][]string{
		{"analyze", "--depth", "3"},
		{"analyze", "--depth", "3", "--multipv", "2"},
		{"analyze", "--book"},
		{"analyze", "--fen", "W:W:B1", "--depth", "3"},
	} {
		code, out, _ := runCrown(args...)
		if code != exitOK {
			t.Fatalf("%q: exit %d", args, code)
		}
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			w := strings.Fields(quoted.ReplaceAllString(l, `"q"`)) // a quoted value is one word
			for _, word := range w[1:] {
				if strings.HasPrefix(word, "pv=") {
					break
				}
				if k, v, ok := strings.Cut(word, "="); !ok || k == "" || v == "" {
					t.Errorf("%q: %q in %q is not key=value", args, word, l)
				}
			}
		}
	}
}
