package review

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/search"
)

// TestBatchResume runs a batch to stdout, then to a file that is
// interrupted before the second game's first move and resumed: the file
// ends as the uninterrupted text, byte for byte, with a graph per game;
// the progress ends each game and counts the games kept as skipped.
func TestBatchResume(t *testing.T) {
	games := readGames(t, blunderPDN)[:2]
	r := newReviewer(t, Options{Limits: search.Limits{Depth: 3}}, "")
	var want bytes.Buffer
	whole := &Batch{Games: games, Annotator: "test", PDN: &want}
	if err := whole.Run(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out, graphs := filepath.Join(dir, "out.pdn"), filepath.Join(dir, "g")
	first := &Batch{Games: games[:1], Annotator: "test", Out: out}
	if err := first.Run(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	b := &Batch{Games: games, Annotator: "test", Out: out, Graphs: graphs}
	if done, err := b.Resume(); done != 1 || err != nil {
		t.Fatalf("resume: %d games done, %v; want 1", done, err)
	}
	var reports []string
	b.Reviewed = func(k int, g *Game, _ time.Duration) { reports = append(reports, g.Report(k, time.Second)) }
	if err := b.Run(stopped, r); !errors.Is(err, context.Canceled) || len(reports) != 1 || !strings.HasPrefix(reports[0], "game 2 (american): 0 of 1 moves") {
		t.Fatalf("interrupted: %v, reports %q", err, reports)
	}
	text, err := os.ReadFile(out)
	if err != nil || !bytes.Contains(text, []byte(`[Review "stopped after move 0 of 1"]`)) {
		t.Fatalf("interrupted output (%v):\n%s", err, text)
	}
	var ends []BatchProgress
	b = &Batch{Games: games, Annotator: "test", Out: out, Graphs: graphs, Progress: func(p BatchProgress) {
		if p.Ended {
			ends = append(ends, p)
		}
	}}
	if done, err := b.Resume(); done != 1 || err != nil {
		t.Fatalf("resume: %d games done, %v; want 1", done, err)
	}
	if err := b.Run(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	if text, err = os.ReadFile(out); err != nil || !bytes.Equal(text, want.Bytes()) {
		t.Errorf("resumed output (%v):\n%s\nwant:\n%s", err, text, want.Bytes())
	}
	if len(ends) != 1 || ends[0].Game != 2 || ends[0].Skipped != 2 || ends[0].Done != 1 || ends[0].Total != 3 {
		t.Errorf("progress at the ends of games: %+v", ends)
	}
	if _, err := os.Stat(filepath.Join(graphs, "game-2.svg")); err != nil {
		t.Error(err)
	}
	other := &Batch{Games: readGames(t, blunderPDN)[2:], Out: out}
	var nr *NotResumableError
	if _, err := other.Resume(); !errors.As(err, &nr) || nr.Path != out {
		t.Errorf("resume of other games: %v", err)
	}
}

func TestBatchProgressString(t *testing.T) {
	tests := []struct {
		p    BatchProgress
		want string
	}{
		{BatchProgress{Game: 1, Games: 2, Moves: 40, Total: 70}, "game 1/2 move 0/40  positions 0/70  0.0 pos/s  elapsed 0s  left ~0s"},
		{BatchProgress{Game: 2, Games: 2, Move: 5, Moves: 30, Done: 10, Skipped: 40, Total: 70, Elapsed: 5 * time.Second},
			"game 2/2 move 5/30  positions 50/70  2.0 pos/s  elapsed 5s  left ~10s"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.p, got, tt.want)
		}
	}
}

func TestReadGames(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadGames(filepath.Join(dir, "none.pdn"), 0); err == nil || !strings.Contains(err.Error(), "none.pdn") {
		t.Errorf("missing file: %v", err)
	}
	empty := filepath.Join(dir, "empty.pdn")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadGames(empty, 0); err == nil || !strings.Contains(err.Error(), "holds no game") {
		t.Errorf("empty file: %v", err)
	}
	// A device (or a named pipe) is refused before it is read: /dev/zero
	// grew the reader by hundreds of MiB a second.
	if _, err := ReadGames("/dev/zero", 0); err == nil || !strings.Contains(err.Error(), "is a device") {
		t.Errorf("/dev/zero: %v", err)
	}
}
