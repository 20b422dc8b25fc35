package hub

import (
	"path/filepath"
	"testing"

	"github.com/crown-checkers/crown/internal/transcript"
)

// Golden transcripts live in testdata/hub/*.txt, one step a line, in the
// form package internal/transcript reads. At the end the input is
// closed: Run must return nil with no reply left. Searches in transcripts
// carry depth or node limits, and each command's replies are read before
// the next is sent, so the order is fixed.
func TestTranscripts(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "hub", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			steps, err := transcript.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			c := startClient(t, testConfig)
			transcript.Play(t, path, steps, c)
			rest, err := c.Finish()
			if err != nil || len(rest) > 0 {
				t.Fatalf("%s: at end of input: Run returned %v, replies left %q", path, err, rest)
			}
		})
	}
}
