// Package egdbtest builds the small endgame databases the tests of
// Crown's packages play with, so that each test need not write the build
// out again. Only tests import it.
package egdbtest

import (
	"testing"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/movegen"
)

// Dir builds every American checkers slice of up to n pieces into a new
// temporary directory of t (in well under a second for three) and returns
// the directory.
func Dir(t testing.TB, n int) string {
	t.Helper()
	b := egdb.NewBuilder(movegen.American, 1)
	b.Dir = t.TempDir()
	if err := b.Build(n); err != nil {
		t.Fatal(err)
	}
	return b.Dir
}
