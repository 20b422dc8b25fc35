package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestWrite replaces a file whole or not at all, and leaves no temporary
// file behind either way.
func TestWrite(t *testing.T) {
	errWrite := errors.New("write failed")
	tests := []struct {
		name    string
		old     string // the file's contents before, "" for no file
		dir     bool   // path is a directory: the rename fails
		missing bool   // path's directory does not exist
		write   func(io.Writer) error
		want    string // the file's contents after
		wantErr bool
	}{
		{"new file", "", false, false, text("new"), "new", false},
		{"replaced", "old contents", false, false, text("new"), "new", false},
		{"empty", "old", false, false, text(""), "", false},
		{"write fails", "old", false, false, func(w io.Writer) error {
			if _, err := io.WriteString(w, "half"); err != nil {
				return err
			}
			return errWrite
		}, "old", true},
		{"rename over a directory", "", true, false, text("new"), "", true},
		{"no directory", "", false, true, text("new"), "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "file.bin")
			switch {
			case tt.missing:
				path = filepath.Join(dir, "missing", "file.bin")
			case tt.dir:
				if err := os.Mkdir(path, 0o755); err != nil {
					t.Fatal(err)
				}
			case tt.old != "":
				if err := os.WriteFile(path, []byte(tt.old), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			err := Write(path, tt.write)
			if (err != nil) != tt.wantErr {
				t.Fatalf("error %v, want an error: %v", err, tt.wantErr)
			}
			if tt.old == "old" && tt.wantErr && !errors.Is(err, errWrite) {
				t.Errorf("error %v, want write's own", err)
			}
			if !tt.dir && !tt.missing {
				got, rerr := os.ReadFile(path)
				if rerr != nil || string(got) != tt.want {
					t.Errorf("file holds %q (%v), want %q", got, rerr, tt.want)
				}
			}
			if err == nil && runtime.GOOS != "windows" {
				if st, serr := os.Stat(path); serr != nil || st.Mode().Perm() != Perm {
					t.Errorf("file stat %v (%v), want mode %v", st, serr, os.FileMode(Perm))
				}
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".*"+TempInfix+"*")); len(left) > 0 {
				t.Errorf("temporary files left: %q", left)
			}
		})
	}
}

// TestWriteFile writes bytes as Write does.
func TestWriteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.txt")
	for _, data := range []string{"first", "second, longer"} {
		if err := WriteFile(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(path); err != nil || string(got) != data {
			t.Errorf("file holds %q (%v), want %q", got, err, data)
		}
	}
}

// text returns a write function that writes s.
func text(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

// TestRemoveStale removes the temporary files of killed Writes of a file,
// and only theirs, whatever characters its name holds.
func TestRemoveStale(t *testing.T) {
	names := []string{"data.bin", "a*b?.txt", "[x].book"}
	if runtime.GOOS != "windows" {
		names = append(names, `back\slash`)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, name)
			stale := []string{"." + name + TempInfix + "123", "." + name + TempInfix + "4567"}
			kept := []string{name, "." + name + ".state" + TempInfix + "1", "other" + TempInfix + "1", ".data" + TempInfix + "9"}
			for _, f := range append(append([]string(nil), stale...), kept...) {
				if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if err := RemoveStale(path); err != nil {
				t.Fatal(err)
			}
			for _, f := range stale {
				if _, err := os.Stat(filepath.Join(dir, f)); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("%s: %v, want it removed", f, err)
				}
			}
			for _, f := range kept {
				if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
					t.Errorf("%s: %v, want it kept", f, err)
				}
			}
		})
	}
	if err := RemoveStale(filepath.Join(t.TempDir(), "missing", "f")); err != nil {
		t.Errorf("a missing directory: %v", err)
	}
}
