package book

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/crown-checkers/crown/internal/atomicfile"
)

// BuildFile grows the book in the file at path, as crown book build does:
// a book the file holds already is continued (Build's resume; resumed, if
// not nil, is told of it before the build starts), the file is written
// whole at every checkpoint (cfg.CheckpointEvery) and at the end, also
// when ctx ends the build, with the book as of its last whole round. It
// returns the entries written and Build's error; a file that is no book
// is an error before anything is built.
func BuildFile(ctx context.Context, cfg Config, path string, resumed func(*Book)) ([]Entry, error) {
	if err := atomicfile.RemoveStale(path); err != nil {
		return nil, err
	}
	var resume *Book
	if _, err := os.Stat(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	} else if err == nil {
		if resume, err = Load(path); err != nil {
			return nil, fmt.Errorf("%w (delete it to start afresh)", err)
		}
		if resumed != nil {
			resumed(resume)
		}
	}
	cfg.Checkpoint = func(es []Entry) error { return WriteFile(path, cfg.Variant, es) }
	entries, err := Build(ctx, cfg, resume)
	if entries != nil {
		if werr := WriteFile(path, cfg.Variant, entries); werr != nil {
			return entries, werr
		}
	}
	return entries, err
}
