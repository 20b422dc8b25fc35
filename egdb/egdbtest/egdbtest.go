// Package egdbtest builds the small endgame databases the tests of
// Crown's packages play with, once per test binary, so that each test need
// not build one again. Only tests import it; it lives beside egdb, as
// net/http/httptest beside net/http.
package egdbtest

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/movegen"
)

var (
	mu      sync.Mutex
	running bool           // Run is running the tests
	root    string         // the builds' directory, made on first use
	dirs    map[int]string // the builds, by pieces
)

// Dir returns a directory holding every American checkers slice of up to
// n pieces, built on the first call (in well under a second for three)
// and shared by the test binary's tests, which must not change it. The
// package's TestMain runs its tests through Run, which removes it.
func Dir(t testing.TB, n int) string {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	if !running {
		t.Fatal("egdbtest.Dir: the package's TestMain must run the tests through egdbtest.Run")
	}
	if dir, ok := dirs[n]; ok {
		return dir
	}
	if root == "" {
		dir, err := os.MkdirTemp("", "crown-egdbtest-")
		if err != nil {
			t.Fatal(err)
		}
		root, dirs = dir, map[int]string{}
	}
	b := egdb.NewBuilder(movegen.American, 1)
	b.Dir = filepath.Join(root, strconv.Itoa(n))
	if err := b.Build(n); err != nil {
		t.Fatal(err)
	}
	dirs[n] = b.Dir
	return b.Dir
}

// Run runs the tests of m, removes what Dir built and returns the exit
// code: a package whose tests call Dir has
//
//	func TestMain(m *testing.M) { os.Exit(egdbtest.Run(m)) }
func Run(m *testing.M) int {
	mu.Lock()
	running = true
	mu.Unlock()
	code := m.Run()
	mu.Lock()
	defer mu.Unlock()
	if root != "" {
		os.RemoveAll(root)
	}
	return code
}
