// Package schedtest tells the tests that time Crown how long the machine
// kept their process waiting: on a loaded machine a thread ready to run
// waits for a processor, and that wait is no fault of the code a test
// times. A test allows it on top of its bound,
//
//	w := schedtest.Waited()
//	... time something ...
//	if took > limit+schedtest.Since(w) { t.Errorf(...) }
//
// so that the bound holds as it is on an idle machine, where the wait is
// next to nothing. Only tests import it.
package schedtest

import (
	"testing"
	"time"
)

// Since returns how much longer the process's threads have waited for a
// processor than the Waited reading w.
func Since(w time.Duration) time.Duration {
	return max(0, Waited()-w)
}

// SkipUnderRace skips t under the race detector with -short, saying why
// the detector would only slow it: it times the search, or it searches on
// one goroutine, which the detector slows some ten to fifty times without
// a race to find. make test runs every test that calls it once more
// without the detector: the Makefile's NORACE_TESTS must name it, which
// TestNoRaceListed checks.
func SkipUnderRace(t testing.TB, why string) {
	t.Helper()
	if testing.Short() && Race {
		t.Skip(why + ": make test runs it without the race detector")
	}
}
