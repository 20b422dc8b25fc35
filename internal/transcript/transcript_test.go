package transcript

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMatchWords(t *testing.T) {
	for _, tt := range []struct {
		pattern, line string
		want          bool
	}{
		{"done move=11-15", "done move=11-15", true},
		{"done move=*-*", "done move=11-15", true},
		{"done move=*-*", "done move=11x18x15", false},
		{"done move=*-*", "done move=11-15 ponder=23-19", false},
		{"done move=*-* ...", "done move=11-15 ponder=23-19", true},
		{"done move=*-* ...", "done move=11-15", true},
		{"info depth=1 pv=* ...", "info depth=1", false},
		{"done [", "done [", false},
	} {
		if got := MatchWords(tt.pattern, tt.line); got != tt.want {
			t.Errorf("MatchWords(%q, %q) = %v, want %v", tt.pattern, tt.line, got, tt.want)
		}
	}
}

func TestRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.txt")
	if err := os.WriteFile(path, []byte("# comment\n\n> ping\n< pong\n<? info *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	steps, err := Read(path)
	want := []Step{{3, ">", "ping"}, {4, "<", "pong"}, {5, "<?", "info *"}}
	if err != nil || len(steps) != len(want) {
		t.Fatalf("Read: %v, %v", steps, err)
	}
	for i := range want {
		if steps[i] != want[i] {
			t.Errorf("step %d: %+v, want %+v", i, steps[i], want[i])
		}
	}
	if err := os.WriteFile(path, []byte("> ping\n! what\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(path); err == nil {
		t.Error("Read took an unknown step")
	}
}
