//go:build race

package schedtest

// Race is true when the tests run under the race detector, which slows
// the search some fifty times: tests that time it, or that would take
// minutes under it, skip with -short and make test runs them again
// without it.
const Race = true
