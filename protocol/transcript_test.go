package protocol

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/internal/transcript"
)

// Golden transcripts live in testdata/protocol/*.txt, one step a line, in
// the form package internal/transcript reads. $EGDB in a line is the
// directory of a small endgame database the test builds (egdbMark).
//
// At the end the input is closed: Run must return nil with no reply left.
// Searches in transcripts carry depth or node limits, and each command's
// replies are read before the next is sent, so the order is fixed.

func TestTranscripts(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "protocol", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			steps, err := transcript.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			runTranscript(t, path, steps)
		})
	}
}

// egdbMark stands in a transcript for the directory of an endgame
// database of American checkers up to egdbMarkPieces pieces, which the
// test builds (in well under a second) when a transcript names it.
const (
	egdbMark       = "$EGDB"
	egdbMarkPieces = 3
)

func runTranscript(t *testing.T, path string, steps []transcript.Step) {
	c := startClient(t, testConfig)
	dbDir := ""
	for i, s := range steps {
		if strings.Contains(s.Text, egdbMark) {
			if dbDir == "" {
				dbDir = egdbtest.Dir(t, egdbMarkPieces)
			}
			steps[i].Text = strings.ReplaceAll(s.Text, egdbMark, dbDir)
		}
	}
	transcript.Play(t, path, steps, c)
	rest, err := c.Finish()
	if err != nil || len(rest) > 0 {
		t.Fatalf("%s: at end of input: Run returned %v, replies left %q", path, err, rest)
	}
}
