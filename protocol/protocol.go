package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/play"
)

// Version is the protocol version reported by "get protocolversion". It is
// 2, the number CheckerBoard engines answer, since the commands it shares
// with CheckerBoard's enginecommand keep their meaning.
const Version = 2

// MaxLineBytes bounds an input line. The longest useful line is a set
// gamehist with maxHistoryMoves full-path captures (about 40 KB); a longer
// line is read to its end, dropped and answered with one error.
const MaxLineBytes = 64 << 10

// Config describes the engine a session speaks for.
type Config struct {
	Name    string    // engine name, as in "name Crown 0.1"
	Version string    // engine version
	Stderr  io.Writer // diagnostics; nil discards them
	// Session holds the session's settings at start: the engine's
	// options, the host's cap on the hash table ("set hashsize" accepts
	// no more), the book and its level (0, off, when zero: scripts and
	// matches measure the search unless they ask for the book).
	Session play.Config
}

// Run serves one protocol session: it reads commands from in and writes
// replies to out until quit, end of input or the cancellation of ctx. At
// end of input the running job, if any, ends as if the input went on (a
// search without limits is stopped) and its reply is written, so a script
// can pipe in "getmove <FEN> depth=8" and read the move; after quit or
// cancellation it is stopped and its reply dropped. Run returns nil after
// quit or end of input, ctx.Err() after cancellation, and otherwise the
// first error reading in or writing out, or the error that kept the
// session from starting (a weight file or endgame database in cfg that
// does not open).
//
// Run reads in on a goroutine of its own; when Run returns because of ctx
// or a write error while that goroutine is blocked in a Read, the goroutine
// ends only when the Read returns (close in to end it at once). Run returns
// only once the running job has ended, so a client must keep reading out
// until then (or close it): a job blocked writing a line blocks Run too.
func Run(ctx context.Context, in io.Reader, out io.Writer, cfg Config) error {
	s, err := newSession(out, cfg)
	if err != nil {
		return err
	}
	lines := make(chan inputLine)
	readDone := make(chan struct{})
	defer close(readDone)
	var readErr error // written by the reader before it closes lines
	go func() {
		defer close(lines)
		defer fault.Recover(&readErr, "reading the input")
		readErr = readLines(in, lines, readDone)
	}()
	defer func() {
		s.out.close() // no reply after quit, cancellation or a write error
		s.abort()
		s.play.Close()
	}()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case l, ok := <-lines:
			if !ok {
				if errors.Is(readErr, io.EOF) {
					readErr = nil
				}
				if err := s.finish(ctx, false); err != nil {
					return err
				}
				return errors.Join(readErr, s.out.failure())
			}
			switch s.handle(l) {
			case stopSession:
				return s.out.failure()
			case stopJob:
				if err := s.finish(ctx, true); err != nil {
					return err
				}
			}
		case r := <-s.jobDone:
			s.job = nil
			s.out.line(r)
		}
		if err := s.out.failure(); err != nil {
			return err
		}
	}
}

// inputLine is one line read from the input.
type inputLine struct {
	text    string
	tooLong bool // the line was longer than MaxLineBytes and was dropped
}

// readLines sends the lines of in to lines until in ends or done closes. It
// returns the error that ended the input (io.EOF at its normal end). A
// carriage return before the newline is dropped, so CRLF input works.
func readLines(in io.Reader, lines chan<- inputLine, done <-chan struct{}) error {
	r := bufio.NewReader(in)
	var buf []byte
	for {
		buf = buf[:0]
		tooLong := false
		var err error
		for {
			var frag []byte
			frag, err = r.ReadSlice('\n')
			if !tooLong && len(buf)+len(frag) <= MaxLineBytes+1 { // +1: the newline
				buf = append(buf, frag...)
			} else {
				tooLong = true
			}
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if len(buf) == 0 && !tooLong && err != nil {
			return err
		}
		text := strings.TrimSuffix(strings.TrimSuffix(string(buf), "\n"), "\r")
		if len(text) > MaxLineBytes {
			tooLong = true
		}
		if tooLong {
			text = ""
		}
		select {
		case lines <- inputLine{text: text, tooLong: tooLong}:
		case <-done:
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// lineWriter writes whole reply lines for every goroutine of a session and
// keeps the first write error.
type lineWriter struct {
	mu     sync.Mutex
	w      io.Writer
	buf    []byte
	err    error
	closed bool // lines are dropped
}

// close makes the writer drop every later line.
func (lw *lineWriter) close() {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	lw.closed = true
}

// line writes s as one line in one Write. Line breaks inside s (which no
// reply should hold) become spaces, so a reply is always exactly one line.
func (lw *lineWriter) line(s string) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.err != nil || lw.closed {
		return
	}
	lw.buf = append(lw.buf[:0], s...)
	for i, c := range lw.buf {
		if c == '\n' || c == '\r' {
			lw.buf[i] = ' '
		}
	}
	lw.buf = append(lw.buf, '\n')
	_, lw.err = lw.w.Write(lw.buf)
}

// printf formats one line and writes it.
func (lw *lineWriter) printf(format string, args ...any) {
	lw.line(fmt.Sprintf(format, args...))
}

// failure returns the first write error, if any.
func (lw *lineWriter) failure() error {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.err
}

// session is the state of one Run: the play session (engine, rule set,
// game history, book) and the job (search or perft) running in the
// background. Only the goroutine of Run touches it; jobs talk back through
// jobDone and the writer.
type session struct {
	cfg     Config
	out     *lineWriter
	stderr  *noteWriter
	play    *play.Session
	job     *job
	jobDone chan string // a finished job's final reply line
	// ponder is set ponder: move lines name the reply the engine expects.
	ponder bool
}

// job is a search or perft running in the background.
type job struct {
	name      string // the command that started it
	cancel    context.CancelFunc
	unlimited bool // it runs until stopped: at the end of input, it is stopped
	// hit, for a ponder search until ponderhit, is closed by ponderhit;
	// then unlimited becomes afterHit, whether its limits end it.
	hit      chan struct{}
	afterHit bool
}

func newSession(out io.Writer, cfg Config) (*session, error) {
	stderr := cfg.Stderr
	if stderr == nil {
		stderr = io.Discard
	}
	s := &session{cfg: cfg, out: &lineWriter{w: out}, stderr: &noteWriter{w: stderr}, jobDone: make(chan string, 1)}
	pc := cfg.Session
	if pc.Book != nil && pc.BookName == "" {
		pc.BookName = givenBook
	}
	pc.Notes = func(note string) { s.stderr.printf("%s", note) }
	var err error
	if s.play, err = play.New(pc); err != nil {
		return nil, err
	}
	return s, nil
}

// givenBook is the bookfile value of a book Config gives without a name.
const givenBook = "(given)"

// start runs work in the background as the session's job. work returns
// the job's final reply line, which Run writes once the job is over, so a
// client that has read it may send its next command at once. unlimited
// says the job runs until stopped; a ponder search (hit not nil, closed
// by ponderhit) runs until stopped while it ponders, and after ponderhit
// as unlimited says.
func (s *session) start(name string, unlimited bool, hit chan struct{}, work func(ctx context.Context) string) {
	ctx, cancel := context.WithCancel(context.Background())
	s.job = &job{name: name, cancel: cancel, unlimited: unlimited || hit != nil, hit: hit, afterHit: unlimited}
	go func() {
		defer cancel()
		s.jobDone <- s.runJob(ctx, name, work)
	}()
}

// runJob runs a job's work and returns its final reply line; a panic in
// it (a bug) is answered as an error line instead, its stack going to
// stderr, and the session goes on.
func (s *session) runJob(ctx context.Context, name string, work func(ctx context.Context) string) (reply string) {
	var err error
	defer func() {
		if err != nil {
			s.stderr.printf("%v\n%s", err, fault.Stack(err))
			reply = "error " + err.Error()
		}
	}()
	defer fault.Recover(&err, name)
	return work(ctx)
}

// finish waits for the running job, if any, and writes its reply. It stops
// the job first when stop is set or the job has no limit.
func (s *session) finish(ctx context.Context, stop bool) error {
	if s.job == nil {
		return nil
	}
	if stop || s.job.unlimited {
		s.job.cancel()
	}
	select {
	case r := <-s.jobDone:
		s.job = nil
		s.out.line(r)
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// abort stops the running job, if any, and waits for it, dropping its
// reply.
func (s *session) abort() {
	if s.job == nil {
		return
	}
	s.job.cancel()
	<-s.jobDone
	s.job = nil
}

// noteWriter writes diagnostics for every goroutine of a session, one
// Write each.
type noteWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// printf writes one diagnostic line, prefixed "crown: ". Write errors are
// ignored: diagnostics are best effort.
func (nw *noteWriter) printf(format string, args ...any) {
	nw.mu.Lock()
	defer nw.mu.Unlock()
	fmt.Fprintf(nw.w, "crown: "+format+"\n", args...)
}
