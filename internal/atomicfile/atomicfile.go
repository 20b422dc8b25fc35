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
	"strings"
)

// TempInfix marks a file being written: the temporary file of dir/name is
// dir/.name + TempInfix + a random suffix, until it is renamed to name. A
// process killed while writing leaves one behind, which no reader takes
// for the file; its writer removes them when it starts again (RemoveStale,
// egdb.RemoveTemporary).
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

// RemoveStale removes the temporary files that Writes of path killed
// before their end left behind. Only the one writer of path may call it,
// before it writes: a command resuming its work calls it for its files.
func RemoveStale(path string) error {
	names, err := filepath.Glob(filepath.Join(filepath.Dir(path), "."+globLiteral(filepath.Base(path))+TempInfix+"*"))
	if err != nil {
		return err
	}
	for _, name := range names {
		if err := os.Remove(name); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// globLiteral returns a filepath.Match pattern that matches name alone:
// its special characters each in a class of its own.
func globLiteral(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch r {
		case '*', '?', '[':
			b.WriteString("[" + string(r) + "]")
		case '\\':
			// Match's escape, escaped in its class (no name holds one on
			// Windows, where it is the separator).
			b.WriteString(`[\\]`)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
