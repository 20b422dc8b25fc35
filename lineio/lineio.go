// Package lineio is the line I/O of Crown's text front ends (the line
// protocol and Hub): input read a line at a time with a bound on a line's
// length, reply lines written whole, one Write each, by every goroutine of
// a session through one writer, and diagnostics for people.
package lineio

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync"
)

// Line is one line read from the input.
type Line struct {
	Text    string
	TooLong bool // the line was longer than the bound and was dropped (Text is empty)
}

// Read sends the lines of in to lines until in ends or done closes, and
// returns the error that ended the input (io.EOF at its normal end). A
// line longer than maxBytes is read to its end and sent as TooLong, so
// that one error answers it. A carriage return before the newline is
// dropped, so CRLF input works.
func Read(in io.Reader, maxBytes int, lines chan<- Line, done <-chan struct{}) error {
	r := bufio.NewReader(in)
	var buf []byte
	for {
		buf = buf[:0]
		tooLong := false
		var err error
		for {
			var frag []byte
			frag, err = r.ReadSlice('\n')
			if !tooLong && len(buf)+len(frag) <= maxBytes+1 { // +1: the newline
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
		if len(text) > maxBytes {
			tooLong = true
		}
		if tooLong {
			text = ""
		}
		select {
		case lines <- Line{Text: text, TooLong: tooLong}:
		case <-done:
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// Writer writes whole reply lines for every goroutine of a session and
// keeps the first write error.
type Writer struct {
	mu     sync.Mutex
	w      io.Writer
	buf    []byte
	err    error
	closed bool // lines are dropped
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Close makes the writer drop every later line.
func (lw *Writer) Close() {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	lw.closed = true
}

// Line writes s as one line in one Write. Line breaks inside s (which no
// reply should hold) become spaces, so a reply is always exactly one line.
func (lw *Writer) Line(s string) {
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

// Printf formats one line and writes it.
func (lw *Writer) Printf(format string, args ...any) {
	lw.Line(fmt.Sprintf(format, args...))
}

// Failure returns the first write error, if any.
func (lw *Writer) Failure() error {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.err
}

// Notes writes diagnostics for every goroutine of a session, one Write
// each.
type Notes struct {
	mu sync.Mutex
	w  io.Writer
}

// NewNotes returns Notes to w; nil discards them.
func NewNotes(w io.Writer) *Notes {
	if w == nil {
		w = io.Discard
	}
	return &Notes{w: w}
}

// Printf writes one diagnostic line, prefixed "crown: ". Write errors are
// ignored: diagnostics are best effort.
func (n *Notes) Printf(format string, args ...any) {
	n.mu.Lock()
	defer n.mu.Unlock()
	fmt.Fprintf(n.w, "crown: "+format+"\n", args...)
}
