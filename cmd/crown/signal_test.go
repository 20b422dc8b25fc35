//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignals: Ctrl-C (SIGINT) and SIGTERM end a long command the same
// way, its work kept (analyze's best move written), with 128 plus the
// signal's number; SIGTERM used to kill analyze without a word.
func TestSignals(t *testing.T) {
	bin := crownBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(bin, "analyze", "--hash", "2")
		var errb bytes.Buffer
		cmd.Stderr = &errb
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string, 1024)
		go func() {
			defer close(lines)
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				lines <- sc.Text()
			}
		}()
		// Signalled once it searches: its first info line is out.
		select {
		case l := <-lines:
			if !strings.HasPrefix(l, "info ") {
				t.Fatalf("%v: first line %q", sig, l)
			}
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: no info line", sig)
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		last := ""
		for l := range lines {
			last = l
		}
		err = cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != exitSignal+int(sig) || !strings.HasPrefix(last, "bestmove ") {
			t.Errorf("%v: %v, last line %q, stderr %q; want exit %d after a bestmove line", sig, err, last, errb.String(), exitSignal+int(sig))
		}
	}
}
