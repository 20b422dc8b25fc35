//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
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

// TestHostileFilesMemory: a device named where a file is read is refused
// before a byte is read, so the process stays small: set bookfile
// /dev/urandom grew the engine to 2.6 GiB in 45 s. The engine's peak is
// read from /proc while it runs (its VmHWM): a child's rusage after it
// ends counts this test process's peak too, for Go starts children with
// vfork and Linux keeps the parent's high-water mark across the exec.
func TestHostileFilesMemory(t *testing.T) {
	for _, args := range [][]string{{"annotate", "--depth", "1", "/dev/zero"}, {"book", "probe", "--book", "/dev/zero", "B:W21-32:B1-12"}} {
		var stdout, stderr bytes.Buffer
		if code := dispatch(args, &stdout, &stderr); code != exitFail || !strings.Contains(stderr.String(), "/dev/zero is a device, not a file") {
			t.Errorf("crown %s: exit %d, stderr %q", strings.Join(args, " "), code, stderr.String())
		}
	}
	const mostMiB = 100 // the engine with a 2 MiB table and its weights is far below
	c := startEngine(t, "--hash", "2")
	for _, l := range []string{"set bookfile /dev/urandom", "set evalfile /dev/zero"} {
		if got := c.ask(l); !strings.Contains(got, "is a device, not a file") {
			t.Errorf("%s: %q", l, got)
		}
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.cmd.Process.Pid))
	if err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	var kib float64
	for _, l := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kib, _ = strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
		}
	}
	t.Logf("the engine's peak after them: %.1f MiB", kib/1024)
	if kib == 0 || kib/1024 > mostMiB {
		t.Errorf("the engine's peak: %.1f MiB, want some and at most %d", kib/1024, mostMiB)
	}
}

// engineProc is crown engine run as a process, asked a line at a time.
type engineProc struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// startEngine starts crown engine with args; the test's end quits it.
func startEngine(t *testing.T, args ...string) *engineProc {
	t.Helper()
	cmd := exec.Command(crownBinary(t), append([]string{"engine"}, args...)...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	return &engineProc{cmd: cmd, in: in, out: bufio.NewScanner(out)}
}

// ask sends a line and returns the reply's one line.
func (e *engineProc) ask(line string) string {
	fmt.Fprintln(e.in, line)
	if !e.out.Scan() {
		return "(no reply)"
	}
	return e.out.Text()
}
