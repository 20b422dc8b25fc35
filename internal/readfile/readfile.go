// Package readfile opens the files Crown reads whole (books, weights, PDN
// games, ballots, training data and states, database slices) the one
// bounded way: only a regular file, checked before it is opened, so that a
// named pipe cannot hang a reader and /dev/zero or /dev/urandom cannot
// grow it without end; and no larger than the limit its format sets,
// checked before reading and again while reading, for a file that grows.
package readfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// NotRegularError is the error for a path that names no regular file: a
// named pipe, a device, a directory, a socket.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a file", e.Path, kind(e.Mode))
}

// kind names what a file mode is.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0, m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}

// TooLargeError is the error for a file over its format's limit.
type TooLargeError struct {
	Path  string
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %d bytes, the most this kind of file may hold", e.Path, e.Limit)
}

// Open opens path for reading if it is a regular file of at most limit
// bytes (0: any size). The caller closes the file; reading it past limit
// is for Reader to refuse.
func Open(path string, limit int64) (*os.File, error) {
	// Stat before open: opening a named pipe blocks until a writer comes.
	info, err := os.Stat(path)
	if pe, ok := err.(*fs.PathError); ok {
		pe.Op = "open" // what the caller asked for: "open x.book: no such file"
	}
	if err != nil {
		return nil, err
	}
	if err := check(path, info, limit); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	// The path may have been replaced between the two: check what opened.
	if info, err = f.Stat(); err == nil {
		err = check(path, info, limit)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// check refuses what is not a regular file, or is over limit.
func check(path string, info fs.FileInfo, limit int64) error {
	if !info.Mode().IsRegular() {
		return &NotRegularError{Path: path, Mode: info.Mode()}
	}
	if limit > 0 && info.Size() > limit {
		return &TooLargeError{Path: path, Limit: limit}
	}
	return nil
}

// ReadFile reads the regular file at path whole, at most limit bytes (0:
// its size, whatever it is).
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if limit == 0 {
		return io.ReadAll(f)
	}
	return ReadAll(f, path, limit)
}

// ReadAll reads r to its end, at most limit bytes (limit > 0): more is a
// TooLargeError naming name, found after limit+1 bytes, not at the end.
func ReadAll(r io.Reader, name string, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Path: name, Limit: limit}
	}
	return data, nil
}
