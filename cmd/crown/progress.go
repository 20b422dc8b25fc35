package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// plainProgressEvery is how often a progress line is written where it
// cannot be rewritten in place (a log file, a pipe): often enough to see
// a long command live, rarely enough that its log stays readable.
const plainProgressEvery = 10 * time.Second

// progressWidth is the width a progress line is cleared to at a terminal.
const progressWidth = 100

// progress writes a long command's progress line (annotate, selfplay,
// book build, book openings, perft --suite) on stderr. At a terminal the
// line is rewritten in place with a carriage return; anywhere else each
// is a plain line, at most one every plainProgressEvery, so that a log
// holds no carriage returns (annotate's filled log files with them) and
// no flood.
type progress struct {
	mu       sync.Mutex // a command's workers may report from their goroutines
	w        io.Writer
	terminal bool
	now      func() time.Time
	last     time.Time // when a plain line was last written
	pending  string    // a plain line not written yet, for End
	shown    bool      // a line is on screen (terminal)
}

// newProgress returns the progress line of stderr.
func newProgress(stderr io.Writer) *progress {
	return &progress{w: stderr, terminal: isTerminal(stderr), now: time.Now}
}

// Show writes line as the progress so far.
func (p *progress) Show(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.terminal {
		fmt.Fprintf(p.w, "\r%s   ", line)
		p.shown = true
		return
	}
	if t := p.now(); p.last.IsZero() || t.Sub(p.last) >= plainProgressEvery {
		fmt.Fprintln(p.w, line)
		p.last, p.pending = t, ""
		return
	}
	p.pending = line
}

// Clear takes the line off the screen, so that a line written next
// starts afresh; elsewhere it does nothing.
func (p *progress) Clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r"+strings.Repeat(" ", progressWidth)+"\r")
		p.shown = false
	}
}

// End closes the progress: at a terminal the last line stays, ended;
// elsewhere the last line, if it was not written, is.
func (p *progress) End() {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.shown:
		fmt.Fprintln(p.w)
		p.shown = false
	case p.pending != "":
		fmt.Fprintln(p.w, p.pending)
		p.pending = ""
	}
}

// isTerminal reports whether f, a reader or writer, is a terminal: a
// person at it.
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	info, err := file.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0 && info.Mode()&os.ModeDevice != 0
}
