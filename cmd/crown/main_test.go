package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/search"
)

// asCrown makes the test binary run as crown (main, not the tests) when
// it is set in its environment: the tests that start crown processes start
// the test binary itself, which spares make test a go build of the command.
const asCrown = "CROWN_TEST_AS_CROWN"

// TestMain runs main when the binary was started as crown; otherwise it
// runs the tests, with asCrown set for the processes they start, and
// removes the database egdbtest.Dir built.
func TestMain(m *testing.M) {
	if os.Getenv(asCrown) == "1" {
		main()
	}
	if err := os.Setenv(asCrown, "1"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(egdbtest.Run(m))
}

// crownBinary returns the path of a crown binary: this test binary, which
// runs as crown in the processes the tests start (TestMain).
func crownBinary(t *testing.T) string {
	t.Helper()
	path, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return path
}

func TestProcessors(t *testing.T) {
	tests := []struct{ runtimeProcs, want int }{
		{1, minSearchProcs + search.SpareProcs},
		{2, 2 + search.SpareProcs},
		{8, 8 + search.SpareProcs},
	}
	for _, tt := range tests {
		if got := processors(tt.runtimeProcs); got != tt.want {
			t.Errorf("processors(%d) = %d, want %d", tt.runtimeProcs, got, tt.want)
		}
	}
}

// TestOutputLost: a command whose output cannot be written fails, saying
// so, where it used to exit 0 (crown analyze, perft, egdb info, book info).
func TestOutputLost(t *testing.T) {
	for _, args := range [][]string{{"analyze", "--depth", "2", "--hash", "2"}, {"perft", "--depth", "2"}, {"book", "info"}, {"version"}} {
		var errb bytes.Buffer
		if code := dispatch(args, failingWriter{}, &errb); code != exitFail || !strings.Contains(errb.String(), "writing the output: disk full") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// failingWriter fails every write, as stdout on a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
