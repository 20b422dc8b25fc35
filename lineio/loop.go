package lineio

import (
	"context"
	"errors"
	"io"

	"github.com/crown-checkers/crown/internal/fault"
)

// Outcome says what Serve does after a line.
type Outcome int

// The outcomes of a line.
const (
	Continue Outcome = iota // read the next line
	StopJob                 // stop the running job and write its reply before the next line
	Quit                    // end the session
	// Defer holds the line until the running job has ended and its reply
	// is written, and hands it again then (it may be deferred again). The
	// lines read meanwhile are handed at once too, Ahead saying that
	// lines wait: those deferred wait behind it in order, and the others
	// (stop, ping) run at once.
	Defer
	// StopAll stops the running job and writes its reply, then runs the
	// lines waiting, each job they start stopped the same way, as at the
	// end of input: a stop that ends every search sent before it, so that
	// a client that sent two getmoves and a stop is not left with the
	// second searching.
	StopAll
)

// Loop is the loop of a text front end (the line protocol, Hub): lines
// read on a goroutine of their own, each handled in turn, and one job (a
// search, perft) running in the background at a time, so that commands
// such as ping and stop are answered while it runs. A job's final reply
// line is written by the loop once the job is over, so a client that has
// read it may send its next command at once and find the engine idle.
// Only the goroutine of Serve touches a Loop; a job talks back through
// its final reply and Out.
type Loop struct {
	Out   *Writer
	Notes *Notes
	ctx   context.Context // Serve's
	job   *job
	// waiting are the lines deferred until the job ends (Defer), in the
	// order read; ahead is set while handle has a line read after them.
	waiting []Line
	ahead   bool
	// jobDone carries a finished job's final reply line.
	jobDone chan string
}

// job is work running in the background.
type job struct {
	name   string // the command that started it
	cancel context.CancelFunc
	// unlimited: it runs until stopped, so a line waiting for its end
	// stops it (Finish). hit, for a ponder search until the ponder hit, is closed
	// by PonderHit; then unlimited becomes afterHit, whether its limits
	// end it.
	unlimited bool
	hit       chan struct{}
	afterHit  bool
}

// NewLoop returns a loop writing replies to out and diagnostics to stderr
// (nil discards them).
func NewLoop(out, stderr io.Writer) *Loop {
	return &Loop{Out: NewWriter(out), Notes: NewNotes(stderr), ctx: context.Background(), jobDone: make(chan string, 1)}
}

// Serve reads lines of at most maxBytes from in and hands each to handle
// until handle says Quit, in ends or ctx is cancelled; a line handle
// defers (Defer) waits, with those after it, for the running job's end.
// At the end of input the running job, if any, is stopped and its reply
// written, and the lines waiting run, each job they start stopped too
// (finishInput); after Quit or cancellation it is stopped and its reply
// dropped. Serve returns nil
// after Quit or the end of input, ctx.Err() after cancellation, and
// otherwise the first error reading in or writing out.
//
// Serve reads in on a goroutine of its own; when Serve returns because of
// ctx or a write error while that goroutine is blocked in a Read, the
// goroutine ends only when the Read returns (close in to end it at once).
// Serve returns only once the running job has ended, so a client must
// keep reading out until then (or close it).
func (lp *Loop) Serve(ctx context.Context, in io.Reader, maxBytes int, handle func(Line) Outcome) error {
	lp.ctx = ctx
	lines := make(chan Line)
	readDone := make(chan struct{})
	defer close(readDone)
	var readErr error // written by the reader before it closes lines
	go func() {
		defer close(lines)
		defer fault.Recover(&readErr, "reading the input")
		readErr = Read(in, maxBytes, lines, readDone)
	}()
	defer func() {
		lp.Out.Close() // no reply after quit, cancellation or a write error
		lp.abort()
	}()
	for {
		var quit bool
		var err error
		select {
		case <-ctx.Done():
			return ctx.Err()
		case l, ok := <-lines:
			if !ok {
				if errors.Is(readErr, io.EOF) {
					readErr = nil
				}
				return errors.Join(lp.finishInput(handle), readErr, lp.Out.Failure())
			}
			quit, err = lp.feed(&l, handle)
		case r := <-lp.jobDone:
			lp.job = nil
			lp.Out.Line(r)
			quit, err = lp.feed(nil, handle)
		}
		if err != nil {
			return err
		}
		if err := lp.Out.Failure(); err != nil || quit {
			return err
		}
	}
}

// feed hands l, if not nil, to handle, keeping it behind the lines
// waiting when handle defers it, and then hands the lines waiting to
// handle in order until one is deferred again (it waits, with those
// behind it, for the next call) or none is left. A line handle does not
// defer (stop, ping) runs at once, ahead of the lines waiting.
func (lp *Loop) feed(l *Line, handle func(Line) Outcome) (quit bool, err error) {
	if l != nil {
		lp.ahead = len(lp.waiting) > 0
		quit, deferred, err := lp.do(*l, handle)
		lp.ahead = false
		if deferred {
			lp.waiting = append(lp.waiting, *l)
		}
		if quit || err != nil || deferred {
			return quit, err
		}
	}
	for len(lp.waiting) > 0 {
		quit, deferred, err := lp.do(lp.waiting[0], handle)
		if deferred {
			return false, nil
		}
		lp.waiting = lp.waiting[1:]
		if quit || err != nil {
			return quit, err
		}
	}
	return false, nil
}

// do hands l to handle and does what it says; deferred reports a line
// that waits for the running job (a Defer with no job is done with).
func (lp *Loop) do(l Line, handle func(Line) Outcome) (quit, deferred bool, err error) {
	switch handle(l) {
	case Quit:
		return true, false, nil
	case StopJob:
		return false, false, lp.Finish()
	case StopAll:
		if err := lp.Finish(); err != nil {
			return false, false, err
		}
		lp.ahead = false // the lines waiting run now, not behind this one
		quit, err = lp.drain(handle)
		return quit, false, err
	case Defer:
		return false, lp.job != nil, nil
	}
	return false, false, nil
}

// finishInput ends the session at the end of input: the running job is
// stopped, as stop stops it, and writes its final line, and the lines
// waiting run as their turn comes, each job they start stopped the same
// way, until no job runs and none waits. The end of input is most often a
// host that died: a search it started must not go on holding a core (a
// depth=60 search ran for hours).
func (lp *Loop) finishInput(handle func(Line) Outcome) error {
	_, err := lp.drain(handle)
	return err
}

// drain runs the lines waiting as their turn comes, stopping each job
// they start as stop stops it, until no job runs and none waits.
func (lp *Loop) drain(handle func(Line) Outcome) (quit bool, err error) {
	for {
		quit, err := lp.feed(nil, handle)
		if quit || err != nil || lp.job == nil {
			return quit, err
		}
		if err := lp.Finish(); err != nil {
			return false, err
		}
	}
}

// Start runs work in the background as the loop's job, started by the
// command name. work returns the job's final reply line; a panic in it
// (a bug) goes to Notes with its stack, and failed's line replies
// instead, and the session goes on. unlimited says the job runs until
// stopped; a ponder search (hit not nil, closed by PonderHit) runs until
// stopped while it ponders, and after PonderHit as unlimited says.
func (lp *Loop) Start(name string, unlimited bool, hit chan struct{}, work func(ctx context.Context) string, failed func(error) string) {
	ctx, cancel := context.WithCancel(context.Background())
	lp.job = &job{name: name, cancel: cancel, unlimited: unlimited || hit != nil, hit: hit, afterHit: unlimited}
	go func() {
		defer cancel()
		lp.jobDone <- lp.runJob(ctx, name, work, failed)
	}()
}

// runJob runs a job's work and returns its final reply line, or failed's
// after a panic.
func (lp *Loop) runJob(ctx context.Context, name string, work func(ctx context.Context) string, failed func(error) string) (reply string) {
	var err error
	defer func() {
		if err != nil {
			lp.Notes.Printf("%v\n%s", err, fault.Stack(err))
			reply = failed(err)
		}
	}()
	defer fault.Recover(&err, name)
	return work(ctx)
}

// Running returns the name of the command whose job runs, if one does.
func (lp *Loop) Running() (string, bool) {
	if lp.job == nil {
		return "", false
	}
	return lp.job.name, true
}

// Ahead reports whether lines read before the one being handled wait
// for the running job (Defer): a line that must keep its place behind
// them is deferred too.
func (lp *Loop) Ahead() bool { return lp.ahead }

// Endless reports whether the running job runs until stopped: it has no
// limit, or it is a ponder search before PonderHit.
func (lp *Loop) Endless() bool { return lp.job != nil && lp.job.unlimited }

// Finish stops the running job, if any, as stop does, waits for it and
// writes its reply. It fails only when Serve's context is cancelled
// meanwhile.
func (lp *Loop) Finish() error {
	if lp.job == nil {
		return nil
	}
	lp.job.cancel()
	select {
	case r := <-lp.jobDone:
		lp.job = nil
		lp.Out.Line(r)
		return nil
	case <-lp.ctx.Done():
		return lp.ctx.Err()
	}
}

// abort stops the running job, if any, and waits for it, dropping its
// reply.
func (lp *Loop) abort() {
	if lp.job == nil {
		return
	}
	lp.job.cancel()
	<-lp.jobDone
	lp.job = nil
}

// PonderHit tells the running ponder search that the reply it expected
// was played: its clock starts, and a line waiting for its end stops it
// only if it has no limit. Without a ponder search it does nothing.
func (lp *Loop) PonderHit() {
	if lp.job == nil || lp.job.hit == nil {
		return
	}
	close(lp.job.hit)
	lp.job.hit, lp.job.unlimited = nil, lp.job.afterHit
}
