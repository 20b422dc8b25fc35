//go:build !race

package egdb

// raceEnabled is true when the tests run under the race detector, which
// slows a build some ten times.
const raceEnabled = false
