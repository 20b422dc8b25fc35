// Package atomicfile replaces files whole: every file Crown writes in one
// go (an opening book, an endgame database slice, a weight file, a
// resumable run's state, a training loop's tables) goes through Write, so
// that a reader, a crash or a kill at any moment sees the old file or the
// new one, never part of one. It takes only the standard library, so that
// every package may use it.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// TempInfix marks a file being written: the temporary file of dir/name is
// dir/.name + TempInfix + a random suffix, until it is renamed to name. A
// process killed while writing leaves one behind; a directory's owner may
// remove them (egdb.RemoveTemporary).
const TempInfix = ".tmp"

// Perm is the permission a written file gets: read for everyone, written
// by its owner, as os.Create gives it under the usual umask.
const Perm = 0o644

// Write replaces the file at path with what write writes to it: into a
// temporary file in the same directory (TempInfix), which is synced to
// disk, closed and renamed over path. On any failure, write's included,
// the temporary file is removed and the file at path is as it was; the
// error says "writing <path>: " and wraps the failure.
func Write(path string, write func(io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+TempInfix+"*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer func() {
		if err == nil {
			return
		}
		if rerr := os.Remove(f.Name()); rerr != nil {
			err = errors.Join(err, rerr)
		}
		err = fmt.Errorf("writing %s: %w", path, err)
	}()
	err = write(f)
	if err == nil {
		err = f.Chmod(Perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// WriteFile replaces the file at path with data, as Write does.
func WriteFile(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
