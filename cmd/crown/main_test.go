package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/crown-checkers/crown/internal/egdbtest"
	"github.com/crown-checkers/crown/search"
)

// TestMain removes what the tests built: the database egdbtest.Dir built
// and the crown binary.
func TestMain(m *testing.M) {
	code := egdbtest.Run(m)
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// built is the crown binary, built once for the tests that run it.
var built struct {
	once      sync.Once
	dir, path string
	err       error
}

// crownBinary returns the path of crown built with the go tool, or ""
// without one.
func crownBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			return
		}
		if built.dir, built.err = os.MkdirTemp("", "crown-test-"); built.err != nil {
			return
		}
		path := filepath.Join(built.dir, "crown")
		if out, err := exec.Command(goTool, "build", "-o", path, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		built.path = path
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
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
