//go:build unix

package readfile

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNamedPipe: a named pipe is refused at once; opening it would wait
// for a writer that never comes.
func TestNamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadFile(fifo, 100)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "is a named pipe, not a file") {
			t.Errorf("a named pipe: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reading a named pipe hangs")
	}
}
