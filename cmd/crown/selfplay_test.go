package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/train"
)

// TestSelfplayCommand plays a few shallow games of each rule set into one
// file, then continues it.
func TestSelfplayCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.bin")
	tests := []struct {
		args []string
		want []string // in the summary
	}{
		{[]string{"--games", "2", "--depth", "2", "--hash", "1"}, []string{"games 2 ", "results: "}},
		{[]string{"--games", "2", "--depth", "2", "--hash", "1", "--variant", "pool"}, []string{"games 2 ", "results: "}},
		{[]string{"--games", "2", "--depth", "2", "--hash", "1"}, []string{"positions written 0,", "data.bin now holds"}},
	}
	for _, tt := range tests {
		args := append([]string{"selfplay", "--out", path}, tt.args...)
		code, out, errOut := runCrown(args...)
		if code != exitOK || !strings.Contains(errOut, "selfplay games 2/2") {
			t.Fatalf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: summary %q does not say %q", args, out, w)
			}
		}
	}
	if st, err := os.Stat(path); err != nil || (st.Size()-int64(train.HeaderSize))%train.RecordSize != 0 {
		t.Errorf("data file: %v, %v", st, err)
	}
}
