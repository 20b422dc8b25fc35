package child

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// childEnv names what the test binary does when a test starts it as a
// child: one of the modes of TestMain.
const childEnv = "CROWN_CHILD_TEST"

// linesBeforeExit is how many lines the "burst" child writes before it
// exits: fewer than a pipe holds (some 9 KB), so that it ends before any
// is read.
const linesBeforeExit = 1000

// TestMain runs the test binary as a child when childEnv says so:
// "echo" copies its input lines to its output and says goodbye on its
// standard error, "exit3" exits with status 3, "sleep" sleeps until it is
// killed or interrupted, "burst" writes linesBeforeExit lines and exits.
func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
		os.Exit(m.Run())
	case "echo":
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			fmt.Println(sc.Text())
		}
		fmt.Fprintln(os.Stderr, "goodbye")
		os.Exit(0)
	case "exit3":
		os.Exit(3)
	case "sleep":
		time.Sleep(time.Minute)
		os.Exit(0)
	case "burst":
		w := bufio.NewWriter(os.Stdout)
		for i := range linesBeforeExit {
			fmt.Fprintf(w, "line %d\n", i)
		}
		w.Flush()
		os.Exit(0)
	}
	os.Exit(1)
}

// start starts the test binary as a child in mode.
func start(t *testing.T, mode string, stderr io.Writer) *Process {
	t.Helper()
	t.Setenv(childEnv, mode)
	p, err := Start([]string{os.Args[0], "-test.run=^$"}, stderr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.Kill()
		p.Stdout.Close()
		p.Wait()
	})
	return p
}

// waitFor waits for p's end, failing the test after a while.
func waitFor(t *testing.T, p *Process) {
	t.Helper()
	select {
	case <-p.Done():
	case <-time.After(time.Minute):
		t.Fatal("the child did not end")
	}
}

// TestEcho: input reaches the child, its output and standard error come
// back whole, and a clean exit is no error.
func TestEcho(t *testing.T) {
	var stderr strings.Builder // written by exec's goroutine, read once Wait has returned
	p := start(t, "echo", &stderr)
	in := []string{"ping", "getmove", "quit"}
	for _, line := range in {
		if _, err := io.WriteString(p.Stdin, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	p.Stdin.Close()
	out, err := io.ReadAll(p.Stdout)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(out), strings.Join(in, "\n")+"\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	waitFor(t, p)
	if err := p.Wait(); err != nil {
		t.Errorf("Wait: %v", err)
	}
	if got := stderr.String(); got != "goodbye\n" {
		t.Errorf("standard error %q, want \"goodbye\\n\"", got)
	}
	if runtime.GOOS == "linux" && p.Peak() <= 0 {
		t.Errorf("Peak %d on Linux, want the child's peak resident set", p.Peak())
	}
}

// TestEnds: why a child ended is its Wait's error.
func TestEnds(t *testing.T) {
	tests := []struct {
		mode   string
		end    func(*Process) error
		status int // the exit status Wait's error says, -1 for a signal
	}{
		{"exit3", func(*Process) error { return nil }, 3},
		{"sleep", func(p *Process) error { p.Kill(); return nil }, -1},
	}
	if runtime.GOOS != "windows" {
		tests = append(tests, struct {
			mode   string
			end    func(*Process) error
			status int
		}{"sleep", (*Process).Interrupt, -1})
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			p := start(t, tt.mode, io.Discard)
			if err := tt.end(p); err != nil {
				t.Fatal(err)
			}
			waitFor(t, p)
			var exit *exec.ExitError
			if err := p.Wait(); !errors.As(err, &exit) || exit.ExitCode() != tt.status {
				t.Errorf("Wait: %v, want exit status %d", err, tt.status)
			}
			p.Kill() // ended: nothing happens
		})
	}
}

// TestOutputAfterEnd: what a child wrote before it ended is read whole
// after its end.
func TestOutputAfterEnd(t *testing.T) {
	p := start(t, "burst", io.Discard)
	waitFor(t, p)
	out, err := io.ReadAll(p.Stdout)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(out), "\n"); n != linesBeforeExit {
		t.Errorf("read %d lines after the child's end, want %d", n, linesBeforeExit)
	}
}

// TestStartFails: no command, or one that does not exist, is an error.
func TestStartFails(t *testing.T) {
	for _, argv := range [][]string{nil, {"/nonexistent/crown-child-test"}} {
		if p, err := Start(argv, io.Discard); err == nil {
			p.Kill()
			t.Errorf("Start(%q): no error", argv)
		}
	}
}
