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
	if len(lines) != len(bench.Suite)+2 {
		t.Fatalf("%d lines, want %d positions, a total and the signature verdict", len(lines), len(bench.Suite))
	}
	total := regexp.MustCompile(`^bench nodes=\d+ time=\d+\.\d{3} nps=\d+$`)
	if l := lines[len(lines)-2]; !total.MatchString(l) {
		t.Errorf("bad total line %q", l)
	}
	if l := lines[len(lines)-1]; !strings.HasPrefix(l, "signature not checked") {
		t.Errorf("depth 3: verdict %q, want not checked", l)
	}
	for _, l := range lines[:len(lines)-2] {
		if !strings.Contains(l, " bestmove ") || strings.Contains(l, "bestmove none") {
			t.Errorf("bad position line %q", l)
		}
	}
}

func TestSignatureVerdict(t *testing.T) {
	tests := []struct {
		depth int
		nodes uint64
		want  string
	}{
		{bench.SuiteDepth, bench.Signature, "signature matches"},
		{bench.SuiteDepth, bench.Signature + 1, "signature MISMATCH"},
		{bench.SuiteDepth - 1, bench.Signature, "signature not checked"},
	}
	for _, tt := range tests {
		if got := signatureVerdict(tt.depth, tt.nodes); !strings.HasPrefix(got, tt.want) {
			t.Errorf("depth %d nodes %d: %q, want %q...", tt.depth, tt.nodes, got, tt.want)
		}
	}
}
