package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/review"
)

// readPDNText reads the games of a PDN text, each read to its end.
func readPDNText(t *testing.T, text string) []movegen.Game {
	t.Helper()
	games, err := movegen.ReadPDN(strings.NewReader(text), movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		if g.Err != nil {
			t.Fatalf("game %d of the output: %v", i+1, g.Err)
		}
	}
	return games
}

// checkAnnotated checks that text, crown annotate's output, reads back as
// the first len(want) games of the input, reviewed to their end, with a
// comment per move and a summary per game.
func checkAnnotated(t *testing.T, text string, want []movegen.Game) {
	t.Helper()
	got := readPDNText(t, text)
	if len(got) != len(want) {
		t.Fatalf("%d games in the output, want %d:\n%s", len(got), len(want), text)
	}
	moves := 0
	for i := range want {
		g, w := &got[i], &want[i]
		if g.Variant != w.Variant || g.Start != w.Start || len(g.Moves) != len(w.Moves) || g.Tag(review.TagReview) != review.ReviewComplete {
			t.Errorf("game %d reads back as %v, %d moves, Review %q", i+1, g.Variant, len(g.Moves), g.Tag(review.TagReview))
		}
		for j := range g.Moves {
			if !g.Moves[j].Same(w.Moves[j]) {
				t.Errorf("game %d move %d differs", i+1, j+1)
			}
		}
		moves += len(w.Moves)
	}
	if n := strings.Count(text, "{"); n != moves+len(want) || strings.Count(text, "}") != n {
		t.Errorf("%d comments, want %d", n, moves+len(want))
	}
}

func TestAnnotate(t *testing.T) {
	tinsley := readTestGames(t, "../../testdata/tinsley-games.pdn")
	pool := readTestGames(t, "../../testdata/pool-game.pdn")
	dir := t.TempDir()
	tests := []struct {
		name  string
		args  []string
		file  string         // the input
		out   string         // --out, "" for stdout
		want  []movegen.Game // the games the output holds
		graph int            // graphs written
	}{
		{"tinsley to stdout", []string{"--depth", "4", "--games", "2"}, "../../testdata/tinsley-games.pdn", "", tinsley[:2], 0},
		{"pool with lines and graph", []string{"--depth", "4", "--multipv", "2", "--graph", filepath.Join(dir, "g")},
			"../../testdata/pool-game.pdn", filepath.Join(dir, "pool.pdn"), pool, 1},
		{"by nodes", []string{"--nodes", "2000", "--games", "1"}, "../../testdata/tinsley-games.pdn", filepath.Join(dir, "nodes.pdn"), tinsley[:1], 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.args
			if tc.out != "" {
				args = append(args, "--out", tc.out)
			}
			var stdout, stderr bytes.Buffer
			if code := runAnnotate(append(args, tc.file), &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			text, report := stdout.String(), stderr.String()
			if tc.out != "" {
				b, err := os.ReadFile(tc.out)
				if err != nil {
					t.Fatal(err)
				}
				text, report = string(b), stdout.String()
			}
			checkAnnotated(t, text, tc.want)
			if n := strings.Count(report, " s a position); Black "); n != len(tc.want) {
				t.Errorf("report %q: want a line per game", report)
			}
			// Not a terminal: plain progress lines, no carriage return.
			if !strings.Contains(stderr.String(), "\nannotate game 1/") && !strings.HasPrefix(stderr.String(), "annotate game 1/") ||
				strings.Contains(stderr.String(), "\r") {
				t.Errorf("no plain progress line on stderr: %q", stderr.String())
			}
			for k := 1; k <= tc.graph; k++ {
				b, err := os.ReadFile(filepath.Join(dir, "g", "game-"+string(rune('0'+k))+".svg"))
				if err != nil {
					t.Fatal(err)
				}
				dec := xml.NewDecoder(bytes.NewReader(b))
				for {
					if _, err := dec.Token(); err == io.EOF {
						break
					} else if err != nil {
						t.Fatalf("graph %d is not XML: %v", k, err)
					}
				}
			}
		})
	}
}

// TestAnnotateResume: a review interrupted (here before its first move)
// writes the game with a Review tag that says so; the same command then
// goes on from it, keeping what is complete byte for byte.
func TestAnnotateResume(t *testing.T) {
	tinsley := readTestGames(t, "../../testdata/tinsley-games.pdn")
	out := filepath.Join(t.TempDir(), "out.pdn")
	run := func(games string, stop bool) (string, string) {
		t.Helper()
		if stop {
			saved := untilInterrupted
			defer func() { untilInterrupted = saved }()
			untilInterrupted = func(...os.Signal) (context.Context, context.CancelFunc) {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				return ctx, cancel
			}
		}
		var stdout, stderr bytes.Buffer
		args := []string{"--depth", "3", "--games", games, "--out", out, "../../testdata/tinsley-games.pdn"}
		if code := runAnnotate(args, &stdout, &stderr); code != map[bool]int{false: exitOK, true: exitSignal + int(syscall.SIGINT)}[stop] {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b), stderr.String()
	}
	first, _ := run("1", false)
	checkAnnotated(t, first, tinsley[:1])
	stopped, msg := run("2", true)
	if !strings.HasPrefix(stopped, first) || !strings.Contains(stopped, `[Review "stopped after move 0 of `) || !strings.Contains(msg, "interrupted in game 2 after move 0") {
		t.Fatalf("interrupted: %s\n%s", msg, stopped)
	}
	done, msg := run("2", false)
	if !strings.HasPrefix(done, first) || !strings.Contains(msg, "holds 1 of the 2 games reviewed; going on from game 2") {
		t.Fatalf("resumed: %s\n%s", msg, done)
	}
	checkAnnotated(t, done, tinsley[:2])
}

func TestAnnotateErrors(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "other.pdn")
	if err := os.WriteFile(other, []byte("[Event \"x\"]\n1. 11-15 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.pdn")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	unclosed := filepath.Join(dir, "unclosed.pdn")
	if err := os.WriteFile(unclosed, []byte("[Event \"x\"]\n1. 11-15 *\n\n[Event \"y\"]\n1. 11-15 {lost\n23-19 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"no file", []string{"--depth", "2"}, exitUsage, "a PDN file"},
		{"two files", []string{"a.pdn", "b.pdn"}, exitUsage, "unexpected argument"},
		{"negative games", []string{"--games", "-1", "x.pdn"}, exitUsage, "negative"},
		{"bad variant", []string{"--variant", "chess", "x.pdn"}, exitUsage, "chess"},
		{"missing file", []string{"--depth", "2", filepath.Join(dir, "none.pdn")}, exitFail, "none.pdn"},
		{"no game", []string{"--depth", "2", empty}, exitFail, "holds no game"},
		{"a device", []string{"--depth", "2", "/dev/zero"}, exitFail, "/dev/zero is a device, not a file"},
		{"out of other games", []string{"--depth", "2", "--out", other, "../../testdata/pool-game.pdn"}, exitFail, "is not a review"},
		{"unclosed comment", []string{"--depth", "2", unclosed}, exitFail,
			"1 of 2 games could not be read to their end and were reviewed as far as they go: game 2: line 5: the comment"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := runAnnotate(tc.args, &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.err) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr.String(), tc.code, tc.err)
			}
		})
	}
}

// readTestGames reads a PDN file of the tree's testdata.
func readTestGames(t *testing.T, path string) []movegen.Game {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, err := movegen.ReadPDN(bytes.NewReader(b), movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	return games
}
