package search

import (
	"context"
	"os"
	"runtime"
	"testing"

	"github.com/crown-checkers/crown/egdb/egdbtest"
)

// testThreads is the most search threads a test uses.
const testThreads = 3

// TestMain gives the tests' searches spare processors, as a program does
// (see SpareProcs): the stop-latency checks need them. It removes the
// database egdbtest.Dir built.
func TestMain(m *testing.M) {
	runtime.GOMAXPROCS(max(runtime.GOMAXPROCS(0), testThreads) + SpareProcs)
	os.Exit(egdbtest.Run(m))
}

// newEngine returns an engine with opt, closed when the test ends.
func newEngine(t testing.TB, opt Options) *Engine {
	t.Helper()
	e := New(opt)
	t.Cleanup(e.Close)
	return e
}

// searchOK runs a search on the test's goroutine and fails the test on
// its error.
func searchOK(t testing.TB, e *Engine, ctx context.Context, req Request) Result {
	t.Helper()
	res, err := e.Search(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}
