package search

import (
	"os"
	"runtime"
	"testing"
)

// testThreads is the most search threads a test uses.
const testThreads = 3

// TestMain gives the tests' searches spare processors, as a program does
// (see SpareProcs): the stop-latency checks need them.
func TestMain(m *testing.M) {
	runtime.GOMAXPROCS(max(runtime.GOMAXPROCS(0), testThreads) + SpareProcs)
	os.Exit(m.Run())
}
