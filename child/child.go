// Package child starts the processes Crown's tools run as children (a
// match's engines, the soak's CheckerBoard host and web server): with a
// pipe to each's standard input and from its standard output, its
// standard error to a writer, waited for on a goroutine of its own, and
// its peak memory read from that wait (internal/rusage).
//
// It takes only the ground floor, internal/fault (its goroutine's panic is
// the process's error, as every goroutine Crown starts) and
// internal/rusage, so that the match runner and the soak use it alike.
package child

import (
	"errors"
	"io"
	"os"
	"os/exec"

	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/internal/rusage"
)

// Process is a child process started by Start.
type Process struct {
	// Stdin is the process's standard input; closing it ends its input.
	Stdin io.WriteCloser
	// Stdout is the read end of the process's standard output, the
	// caller's to read to its end and close. It is a pipe of our own, not
	// exec's StdoutPipe, which Wait closes as the process ends: reading it
	// could then lose the last lines.
	Stdout *os.File

	cmd  *exec.Cmd
	done chan struct{} // closed when the process has ended
	err  error         // why it ended, once done is closed
	peak int64         // its peak memory in bytes, once done is closed
}

// Start starts the program argv[0] with the arguments argv[1:], its
// standard error written to stderr, and waits for it on a goroutine of
// its own.
func Start(argv []string, stderr io.Writer) (*Process, error) {
	if len(argv) == 0 {
		return nil, errors.New("no command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		stdin.Close()
		return nil, err
	}
	cmd.Stdout = pw
	err = cmd.Start()
	pw.Close() // the child's now; its end is the end of the output
	if err != nil {
		pr.Close()
		return nil, err
	}
	p := &Process{Stdin: stdin, Stdout: pr, cmd: cmd, done: make(chan struct{})}
	go p.wait()
	return p, nil
}

// wait waits for the process to end, and for its standard error to be
// written to the end, and keeps why it ended and its peak memory.
func (p *Process) wait() {
	var err error
	defer func() {
		p.err = err
		close(p.done)
	}()
	defer fault.Recover(&err, "waiting for "+p.cmd.Path)
	err = p.cmd.Wait()
	p.peak = rusage.Peak(p.cmd.ProcessState)
}

// Done returns a channel closed when the process has ended and its
// standard error is written.
func (p *Process) Done() <-chan struct{} { return p.done }

// Wait waits for the process to end and returns why it ended: nil for a
// clean exit, an *exec.ExitError for another status or a signal. Any
// number of goroutines may wait, any number of times.
func (p *Process) Wait() error {
	<-p.done
	return p.err
}

// Peak waits for the process to end and returns its peak memory in bytes
// (its peak resident set): 0 where the system does not say (Windows).
func (p *Process) Peak() int64 {
	<-p.done
	return p.peak
}

// Pid returns the process's id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Kill kills the process (a crash or a hang) without waiting for its
// end; a process that has ended is left as it is.
func (p *Process) Kill() {
	_ = p.cmd.Process.Kill() // an error says it has ended: nothing to kill
}

// Interrupt interrupts the process, as Ctrl-C does (an error on Windows,
// which has no such signal to send).
func (p *Process) Interrupt() error { return p.cmd.Process.Signal(os.Interrupt) }
