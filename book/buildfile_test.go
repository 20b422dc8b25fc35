package book

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// TestBuildFile: a build into a file interrupted at its first checkpoint
// leaves the book so far there, and the same build into the file goes on
// from it (telling of the book it found) to the whole book, byte for byte;
// a file that is no book is refused before anything is built.
func TestBuildFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "small.book")
	ctx, cancel := context.WithCancel(context.Background())
	cfg := smallConfig(t, 1)
	cfg.Progress = func(Progress) { cancel() }
	if _, err := BuildFile(ctx, cfg, path, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted: %v", err)
	}
	part, err := Load(path)
	if err != nil || part.Positions() == 0 || part.Positions() >= cfg.Positions {
		t.Fatalf("the interrupted build left %v, %v", part, err)
	}
	found := 0
	es, err := BuildFile(context.Background(), smallConfig(t, 1), path, func(b *Book) { found = b.Positions() })
	if err != nil || found != part.Positions() {
		t.Fatalf("resumed: %v, found %d positions, want %d", err, found, part.Positions())
	}
	written, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := encode(t, movegen.American, smallBook(t)); !bytes.Equal(written, want) || !bytes.Equal(encode(t, movegen.American, es), want) {
		t.Error("the resumed build differs from the whole one")
	}
	if err := os.WriteFile(path, written[:len(written)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := BuildFile(context.Background(), smallConfig(t, 1), path, nil); err == nil || !strings.Contains(err.Error(), "delete it to start afresh") {
		t.Errorf("a damaged file: %v", err)
	}
}
