package readfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenAndRead: a regular file within its limit reads; a directory, a
// device and one over the limit are refused before a byte is read.
func TestOpenAndRead(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("twelve bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		path  string
		limit int64
		want  string // the error's words, "" for none
	}{
		{"within", small, 12, ""},
		{"no limit", small, 0, ""},
		{"over", small, 11, "larger than 11 bytes"},
		{"directory", dir, 0, "is a directory, not a file"},
		{"device", os.DevNull, 0, "is a device, not a file"},
		{"missing", filepath.Join(dir, "none"), 0, "no such file"},
	} {
		data, err := ReadFile(tc.path, tc.limit)
		switch {
		case tc.want == "" && (err != nil || string(data) != "twelve bytes"):
			t.Errorf("%s: %q, %v", tc.name, data, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestReadAll: a reader is cut one byte past the limit, whatever it could
// give (a device's endless zeros).
func TestReadAll(t *testing.T) {
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if data, err := ReadAll(strings.NewReader("abc"), "x", 3); err != nil || string(data) != "abc" {
		t.Errorf("within: %q, %v", data, err)
	}
	var tl *TooLargeError
	if _, err := ReadAll(endless{}, "zeros", 1<<20); !errors.As(err, &tl) || tl.Path != "zeros" {
		t.Errorf("endless: %v, want a TooLargeError", err)
	}
}

// endless reads zeros for ever, as /dev/zero does.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// FuzzReadAll: any text and limit give the text or a TooLargeError.
func FuzzReadAll(f *testing.F) {
	f.Add([]byte("abc"), int64(3))
	f.Add([]byte(""), int64(1))
	f.Fuzz(func(t *testing.T, text []byte, limit int64) {
		if limit <= 0 || limit > 1<<20 {
			return
		}
		data, err := ReadAll(strings.NewReader(string(text)), "f", limit)
		switch {
		case int64(len(text)) <= limit && (err != nil || string(data) != string(text)):
			t.Fatalf("%d bytes within %d: %v", len(text), limit, err)
		case int64(len(text)) > limit && err == nil:
			t.Fatalf("%d bytes over %d read", len(text), limit)
		}
	})
}
