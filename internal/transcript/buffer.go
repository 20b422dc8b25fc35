package transcript

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// Buffer is an output that a session writes from several goroutines and
// a test reads.
type Buffer struct {
	mu sync.Mutex
	b  strings.Builder
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// RunLines runs a session (run, as Start takes it) on input to its end
// and returns the lines it wrote. The test fails if the session does not
// end within hang, returns an error, or writes a line it does not end.
func RunLines(t testing.TB, run func(ctx context.Context, in io.Reader, out io.Writer) error, input string, hang time.Duration) []string {
	t.Helper()
	var out Buffer
	done := make(chan error, 1)
	go func() { done <- run(context.Background(), strings.NewReader(input), &out) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(hang):
		t.Fatalf("no end after %v; output so far %q", hang, out.String())
	}
	text := out.String()
	if text == "" {
		return nil
	}
	if !strings.HasSuffix(text, "\n") {
		t.Fatalf("output ends inside a line: %q", text)
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}
