package egdb

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// sharedRoot holds the builds the package's tests share (threePieces); it
// lives as long as the test binary.
var sharedRoot string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "crown-egdb-test-")
	if err != nil {
		panic(err)
	}
	sharedRoot = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// shared holds the three-piece build of each rule set, made once.
var shared [movegen.NumVariants]struct {
	once sync.Once
	b    *Builder
	dir  string
	err  error
}

// threePieces returns every slice of up to three pieces of v, built once
// for all of the package's tests on two threads: the builder (its values
// in memory) and the directory it wrote, which tests only read (copyDir
// gives one to change).
func threePieces(t testing.TB, v movegen.Variant) (*Builder, string) {
	t.Helper()
	s := &shared[v]
	s.once.Do(func() {
		s.dir = filepath.Join(sharedRoot, v.String())
		s.b = NewBuilder(v, 2)
		s.b.Dir = s.dir
		s.err = s.b.Build(3)
	})
	if s.err != nil {
		t.Fatal(s.err)
	}
	return s.b, s.dir
}

// copyDir copies the files of src into dst, a new directory of t if dst
// is empty, and returns dst.
func copyDir(t testing.TB, dst, src string) string {
	t.Helper()
	if dst == "" {
		dst = t.TempDir()
	}
	files, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(src, f.Name()))
		if err == nil {
			err = os.WriteFile(filepath.Join(dst, f.Name()), data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return dst
}
