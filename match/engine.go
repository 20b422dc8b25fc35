package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/crown-checkers/crown/child"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
)

// RunFunc runs an engine in process: it speaks the line protocol on in
// and out until in ends or ctx is cancelled (protocol.Run has this shape
// once its configuration is bound).
type RunFunc func(ctx context.Context, in io.Reader, out io.Writer) error

// Engine says how to start one engine of a match and how it searches.
type Engine struct {
	Name string // label in progress lines, the summary and PDN tags
	// Argv is the engine process to run (program and arguments); used when
	// Run is nil.
	Argv []string
	// Run, if not nil, runs the engine in process over pipes.
	Run RunFunc
	// Setup holds protocol commands sent once after start, before the first
	// game, e.g. "set hashsize 16". An "error" reply to any of them stops
	// the match: the engine is misconfigured.
	Setup []string
	// Limits, when any is set, replace the match's limits for this engine.
	Limits search.Limits
	// Ponder lets the engine think on its opponent's time: after each of
	// its moves whose line names the reply it expects (set ponder 1 in
	// its Setup makes Crown name it), the runner sends it the position
	// after that reply with getmove ... ponder, then ponderhit if the
	// reply is played (its move is timed from there) or stop if not
	// (docs/protocol.md, Pondering).
	Ponder bool
}

// overLimits returns o if it sets any limit, else l: an engine's own
// limits replace the match's whole.
func overLimits(l, o search.Limits) search.Limits {
	if o != (search.Limits{}) {
		return o
	}
	return l
}

// Engine failures, told apart because each is adjudicated with its own
// reason.
var (
	errEngineExited = errors.New("engine exited")
	errTimeout      = errors.New("timed out")
)

// lineBuffer bounds the lines an engine may send ahead of the runner
// reading them (info lines while it searches); a faster talker blocks.
const lineBuffer = 256

// Conn is a running engine, used by one goroutine at a time: lines to
// it go through a writer goroutine so a stuck engine never blocks the
// runner; lines from it arrive on lines, which is closed when its output
// ends.
type Conn struct {
	lines   chan string
	send    chan string
	quit    chan struct{} // closed when the runner is done with the engine
	stop    func()        // kills the engine; safe to call more than once
	done    chan struct{} // closed when the engine has ended
	mu      sync.Mutex    // guards exitErr and peak
	exitErr error         // why the engine ended (or a panic of its goroutines)
	peak    int64         // a process's peak memory in bytes, known once it has ended
	closed  bool
	// stderr keeps what a process engine writes to its stderr; nil for an
	// engine in process.
	stderr *stderrLog
}

// StartEngine starts e: a process, or Run on pipes in a goroutine. The
// match runner drives its engines through it, and so may other tools that
// talk to engines (crown timing).
func StartEngine(e *Engine) (*Conn, error) {
	c := &Conn{
		lines: make(chan string, lineBuffer),
		send:  make(chan string, lineBuffer),
		quit:  make(chan struct{}),
		done:  make(chan struct{}),
	}
	var in io.WriteCloser
	var out io.ReadCloser
	var wait func() error
	if e.Run != nil {
		in, out, wait = c.runInProcess(e)
	} else {
		var err error
		if in, out, wait, err = c.startProcess(e); err != nil {
			return nil, err
		}
	}
	c.serve(in, out, wait)
	return c, nil
}

// runInProcess runs e.Run on pipes in a goroutine, sets c.stop to cancel
// it and close the pipes, and returns the engine's input, its output and
// a wait for its end.
func (c *Conn) runInProcess(e *Engine) (in io.WriteCloser, out io.ReadCloser, wait func() error) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	finished := make(chan error, 1)
	go func() {
		var err error
		defer func() {
			outW.CloseWithError(io.EOF)
			inR.CloseWithError(io.ErrClosedPipe)
			finished <- err
		}()
		defer fault.Recover(&err, "engine "+e.Name) // a crash, adjudicated as one
		err = e.Run(ctx, inR, outW)
	}()
	c.stop = func() {
		cancel()
		inW.CloseWithError(io.ErrClosedPipe)
		outR.CloseWithError(io.ErrClosedPipe)
	}
	return inW, outR, func() error { err := <-finished; cancel(); return err }
}

// startProcess starts e's process, its stderr kept in c.stderr, sets
// c.stop to kill it, and returns its stdin, its stdout and a wait for its
// end that keeps its peak memory.
func (c *Conn) startProcess(e *Engine) (in io.WriteCloser, out io.ReadCloser, wait func() error, err error) {
	if len(e.Argv) == 0 {
		return nil, nil, nil, fmt.Errorf("engine %s: no command", e.Name)
	}
	c.stderr = &stderrLog{}
	p, err := child.Start(e.Argv, c.stderr)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("engine %s: %w", e.Name, err)
	}
	var once sync.Once
	c.stop = func() {
		once.Do(func() {
			p.Kill()
			p.Stdout.Close()
		})
	}
	wait = func() error {
		err := p.Wait()
		c.mu.Lock()
		c.peak = p.Peak()
		c.mu.Unlock()
		return err
	}
	return p.Stdin, p.Stdout, wait, nil
}

// serve starts the connection's goroutines: one writes the lines sent to
// in, one reads out's lines, and one waits for the engine's end.
func (c *Conn) serve(in io.WriteCloser, out io.ReadCloser, wait func() error) {
	go c.guard("writing to the engine", func() {
		for line := range c.send {
			if _, err := io.WriteString(in, line+"\n"); err != nil {
				break
			}
		}
		in.Close()
		for range c.send { // drain: nothing more reaches the engine
		}
	})
	go c.guard("reading from the engine", func() {
		defer close(c.lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), maxLine)
		for sc.Scan() {
			select {
			case c.lines <- sc.Text():
			case <-c.quit:
			}
		}
	})
	go c.guard("waiting for the engine", func() {
		defer close(c.done)
		err := wait()
		c.mu.Lock()
		defer c.mu.Unlock()
		c.exitErr = errors.Join(c.exitErr, err)
	})
}

// guard runs one of the connection's goroutines: a panic in it (a bug)
// kills the engine and is kept as the reason it ended, so that the runner
// adjudicates it as a crash instead of the process ending.
func (c *Conn) guard(what string, f func()) {
	var err error
	defer func() {
		if err != nil {
			c.mu.Lock()
			c.exitErr = errors.Join(c.exitErr, err)
			c.mu.Unlock()
			c.stop()
		}
	}()
	defer fault.Recover(&err, what)
	f()
}

// peakMemory returns the peak memory in bytes of a process engine that
// has ended, or 0 (in process, still running, or not known here).
func (c *Conn) peakMemory() int64 {
	select {
	case <-c.done:
	default:
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.peak
}

// stderrMark returns the place in a process engine's stderr that
// stderrSince counts from.
func (c *Conn) stderrMark() int64 {
	if c.stderr == nil {
		return 0
	}
	return c.stderr.mark()
}

// stderrSince returns what a process engine wrote to its stderr after
// mark ("" for an engine in process).
func (c *Conn) stderrSince(mark int64) string {
	if c.stderr == nil {
		return ""
	}
	return c.stderr.since(mark)
}

// stderrKeep bounds how much of an engine's stderr is kept: its last
// bytes, those a failure is most likely to be explained by.
const stderrKeep = 64 << 10

// stderrLog is a process engine's stderr: the number of bytes written
// and the last stderrKeep of them. Its Write is called by the goroutine
// exec starts to copy the pipe, its other methods by the runner.
type stderrLog struct {
	mu    sync.Mutex
	total int64  // bytes written since the engine started
	tail  []byte // the last of them, at most stderrKeep
}

// Write keeps p's bytes, dropping the oldest beyond stderrKeep.
func (l *stderrLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total += int64(len(p))
	l.tail = append(l.tail, p...)
	if over := len(l.tail) - stderrKeep; over > 0 {
		l.tail = append(l.tail[:0], l.tail[over:]...)
	}
	return len(p), nil
}

// mark returns the bytes written so far.
func (l *stderrLog) mark() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.total
}

// since returns the bytes written after the first mark of them, as far as
// they are kept, with a first line saying how many were dropped if some
// were.
func (l *stderrLog) since(mark int64) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.total - mark
	if n <= 0 {
		return ""
	}
	if n <= int64(len(l.tail)) {
		return string(l.tail[int64(len(l.tail))-n:])
	}
	return fmt.Sprintf("(%d bytes before these dropped)\n%s", n-int64(len(l.tail)), l.tail)
}

// maxLine bounds one line from an engine; a longer one ends the
// engine's output (it is treated as having crashed).
const maxLine = 1 << 20

// Send queues a command line for the engine. It never blocks: if the queue
// is full the engine is not reading, and the reply it then fails to send
// is what gets adjudicated.
func (c *Conn) Send(s string) {
	if c.closed {
		return
	}
	select {
	case c.send <- s:
	default:
	}
}

// finish marks the engine as no longer used and stops queueing commands.
func (c *Conn) finish() {
	if !c.closed {
		c.closed = true
		close(c.send)
		close(c.quit)
	}
}

// Close asks the engine to quit, waits up to grace for it, then kills it.
func (c *Conn) Close(grace time.Duration) {
	c.Send("quit")
	c.finish()
	select {
	case <-c.done:
	case <-time.After(grace):
	}
	c.kill()
}

// kill stops the engine at once (crashed or hung) and waits a while for it
// to end. An in-process engine that ignores its cancelled context is left
// behind rather than stalling the match.
func (c *Conn) kill() {
	c.finish()
	c.stop()
	select {
	case <-c.done:
	case <-time.After(killWait):
	}
}

// killWait is how long kill waits for a stopped engine to end.
const killWait = 5 * time.Second

// ReadLine returns the engine's next line, or errEngineExited when its
// output has ended, or errTimeout at the deadline, or ctx's error.
func (c *Conn) ReadLine(ctx context.Context, deadline <-chan time.Time) (string, error) {
	select {
	case line, ok := <-c.lines:
		if !ok {
			return "", c.exitError()
		}
		return line, nil
	case <-deadline:
		return "", errTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// exitError describes the end of the engine's output.
func (c *Conn) exitError() error {
	select {
	case <-c.done:
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.exitErr != nil {
			return fmt.Errorf("%w (%v)", errEngineExited, c.exitErr)
		}
	case <-time.After(exitWait):
	}
	return errEngineExited
}

// exitWait is how long to wait, once an engine's output has ended, for
// its exit status to name in the reason.
const exitWait = 500 * time.Millisecond

// Sync sends ping and reads up to pong. It returns the "error" lines seen on
// the way: replies to the commands sent before it.
func (c *Conn) Sync(ctx context.Context, timeout time.Duration) ([]string, error) {
	c.Send("ping")
	deadline := time.After(timeout)
	var errs []string
	for {
		line, err := c.ReadLine(ctx, deadline)
		if errors.Is(err, errTimeout) {
			return errs, fmt.Errorf("no pong within %v: %w", timeout, err)
		}
		if err != nil {
			return errs, err
		}
		// Any line but pong and error, malformed or blank too, is not a
		// reply to these commands and is passed over.
		switch r, _ := protocol.ParseReply(line); r.Kind {
		case "pong":
			return errs, nil
		case "error":
			errs = append(errs, line)
		}
	}
}
