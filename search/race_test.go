//go:build race

package search

// raceEnabled is true when the tests run under the race detector, which
// slows the search some fifty times.
const raceEnabled = true
