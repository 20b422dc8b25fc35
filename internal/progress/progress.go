// Package progress writes a long command's progress line (annotate,
// selfplay, book builds, perft --suite, egdb build and verify, the
// training loop, crown timing). At a terminal the line is rewritten in
// place with a carriage return; anywhere else each is a plain line, at
// most one every PlainEvery, so that a log holds no carriage returns and
// no flood.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// PlainEvery is how often a progress line is written where it cannot be
// rewritten in place (a log file, a pipe): often enough to see a long
// command live, rarely enough that its log stays readable.
const PlainEvery = 10 * time.Second

// Width is the width a progress line is cleared to at a terminal.
const Width = 100

// Line is one command's progress line on one writer. Its methods may be
// called from several goroutines; a nil *Line shows nothing.
type Line struct {
	mu       sync.Mutex // a command's workers may report from their goroutines
	w        io.Writer
	terminal bool
	now      func() time.Time
	last     time.Time // when a plain line was last written
	pending  string    // a plain line not written yet, for End
	shown    bool      // a line is on screen (terminal)
}

// New returns the progress line of w, rewritten in place when w is a
// terminal.
func New(w io.Writer) *Line {
	return &Line{w: w, terminal: IsTerminal(w), now: time.Now}
}

// Show writes line as the progress so far.
func (p *Line) Show(line string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.terminal {
		fmt.Fprintf(p.w, "\r%s   ", line)
		p.shown = true
		return
	}
	if t := p.now(); p.last.IsZero() || t.Sub(p.last) >= PlainEvery {
		fmt.Fprintln(p.w, line)
		p.last, p.pending = t, ""
		return
	}
	p.pending = line
}

// Println writes line to stay, such as a step finished: at a terminal in
// place of the progress line, which the next Show starts afresh below it;
// elsewhere at once, as a plain line that makes any pending one stale.
func (p *Line) Println(line string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	fmt.Fprintln(p.w, line)
	p.pending = ""
}

// Clear takes the line off the screen, so that a line written next
// starts afresh; elsewhere it does nothing.
func (p *Line) Clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
}

// clear is Clear with p.mu held.
func (p *Line) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r"+strings.Repeat(" ", Width)+"\r")
		p.shown = false
	}
}

// End closes the progress: at a terminal the last line stays, ended;
// elsewhere the last line, if it was not written, is.
func (p *Line) End() {
	if p == nil {
		return
	}
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

// IsTerminal reports whether f, a reader or writer, is a terminal: a
// person at it.
func IsTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	info, err := file.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0 && info.Mode()&os.ModeDevice != 0
}
