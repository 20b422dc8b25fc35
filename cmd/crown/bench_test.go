package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/bench"
)

func TestBenchCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runBench([]string{"--depth", "3"}, &out, &errb); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(bench.Suite)+1 {
		t.Fatalf("%d lines, want %d positions and a total", len(lines), len(bench.Suite))
	}
	last := regexp.MustCompile(`^bench nodes=\d+ time=\d+\.\d{3} nps=\d+$`)
	if !last.MatchString(lines[len(lines)-1]) {
		t.Errorf("bad last line %q", lines[len(lines)-1])
	}
	for _, l := range lines[:len(lines)-1] {
		if !strings.Contains(l, " bestmove ") || strings.Contains(l, "bestmove none") {
			t.Errorf("bad position line %q", l)
		}
	}
}

func TestBenchUsage(t *testing.T) {
	for _, args := range [][]string{{"--depth", "0"}, {"--nope"}, {"x"}} {
		var out, errb bytes.Buffer
		if code := runBench(args, &out, &errb); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
	var out, errb bytes.Buffer
	if code := runBench([]string{"--help"}, &out, &errb); code != exitOK || !strings.Contains(out.String(), "bench nodes=") {
		t.Errorf("--help: exit %d, output %q", code, out.String())
	}
}
