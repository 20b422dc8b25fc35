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

	"github.com/crown-checkers/crown/internal/rusage"
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

// TestHostileFilesMemory: a device named where a file is read is refused
// before a byte is read, so the process stays small: set bookfile
// /dev/urandom grew the engine to 2.6 GiB, annotate /dev/zero and book
// probe --book /dev/zero by hundreds of MiB a second.
func TestHostileFilesMemory(t *testing.T) {
	bin := crownBinary(t)
	const mostMiB = 200 // the engine with its table and weights is far below
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string // in the output
	}{
		{[]string{"annotate", "--depth", "1", "/dev/zero"}, "", "/dev/zero is a device, not a file"},
		{[]string{"book", "probe", "--book", "/dev/zero", "B:W21-32:B1-12"}, "", "/dev/zero is a device, not a file"},
		{[]string{"engine", "--hash", "2"}, "set bookfile /dev/urandom\nset evalfile /dev/zero\nquit\n", "/dev/urandom is a device, not a file"},
	} {
		cmd := exec.Command(bin, tc.args...)
		cmd.Stdin = strings.NewReader(tc.stdin)
		out, _ := cmd.CombinedOutput()
		peak := float64(rusage.Peak(cmd.ProcessState)) / (1 << 20)
		t.Logf("crown %s: peak %.1f MiB", strings.Join(tc.args, " "), peak)
		if !strings.Contains(string(out), tc.want) || peak > mostMiB {
			t.Errorf("crown %s: peak %.0f MiB (at most %d), output %q; want %q", strings.Join(tc.args, " "), peak, mostMiB, out, tc.want)
		}
	}
}
