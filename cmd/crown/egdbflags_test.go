package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/egdb/egdbtest"
)

// TestAnalyzeEGDB: analyze --egdb counts hits on its lines and shows a
// database win as "win (database)", as Crown shows it to people; a directory that does
// not open is a usage error.
func TestAnalyzeEGDB(t *testing.T) {
	dir := egdbtest.Dir(t, 3)
	var out, errb bytes.Buffer
	if code := runAnalyze([]string{"--fen", "B:WK1:BK14,K23", "--depth", "4", "--egdb", dir, "--egdb-cache", "2"}, &out, &errb); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	line := regexp.MustCompile(`^info depth=\d+ seldepth=\d+ score="win \(database\)" nodes=\d+ nps=\d+ time=\d+\.\d{3} egdbhits=[1-9]\d* pv=\S+( \S+)*$`)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for _, l := range lines[:len(lines)-1] {
		if !line.MatchString(l) {
			t.Errorf("bad iteration line %q", l)
		}
	}
	for _, args := range [][]string{
		{"--egdb", filepath.Join(dir, "missing")},
		{"--egdb", dir, "--egdb-cache", "0"},
	} {
		errb.Reset()
		if code := runAnalyze(append(args, "--depth", "1"), &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "--egdb") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// TestMatchEGDB: --egdb gives the self engines a database unless one says
// egdbpath=none; a missing directory is a usage error, in the flag and in
// a self engine's settings.
func TestMatchEGDB(t *testing.T) {
	dir := egdbtest.Dir(t, 3)
	ballots := filepath.Join(t.TempDir(), "ballots.txt")
	if err := os.WriteFile(ballots, []byte("B:WK1:BK14,K23\nW:WK19:BK28,K5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCrown("match", "--engine1", "self:depth=6,hashsize=1", "--engine2", "self:depth=6,hashsize=1,egdbpath=none",
		"--egdb", dir, "--ballots", ballots)
	if code != exitOK || !strings.Contains(out, "4 games") {
		t.Fatalf("exit %d, stdout %s, stderr %s", code, out, errOut)
	}
	missing := filepath.Join(dir, "missing")
	for _, args := range [][]string{
		{"--engine1", "self", "--engine2", "self", "--egdb", missing},
		{"--engine1", "self:egdbpath=" + missing, "--engine2", "self"},
	} {
		if code, _, errOut := runCrown(append([]string{"match"}, args...)...); code != exitUsage || !strings.Contains(errOut, "missing") {
			t.Errorf("%q: exit %d, stderr %s", args, code, errOut)
		}
	}
}

// TestServeEGDBFlag: serve takes --egdb through the engine options and
// refuses a directory that does not open before it listens.
func TestServeEGDBFlag(t *testing.T) {
	var out, errb bytes.Buffer
	missing := filepath.Join(t.TempDir(), "missing")
	if code := runServe([]string{"--addr", "127.0.0.1:0", "--egdb", missing}, &out, &errb); code != exitUsage ||
		!strings.Contains(errb.String(), "--egdb") || out.Len() != 0 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
