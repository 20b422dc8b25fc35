package transcript

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// ReplyWait bounds how long a test waits for a reply the engine owes at
// once (generous: the machine is shared and the race detector is slow).
const ReplyWait = 10 * time.Second

// Client drives one session of a text front end over pipes, as a GUI or
// match runner would: Start runs it, Send writes a command, Next reads a
// reply.
type Client struct {
	t  testing.TB
	in *io.PipeWriter
	// Lines are the reply lines, in order, closed when the output ends;
	// a test may read them itself (Next reads them too).
	Lines chan string
	// Cancel cancels the session's context.
	Cancel context.CancelFunc
	done   chan error // the session's result
	peeked *string
}

// Start runs a session, run (a front end's Run), over pipes until the test
// ends.
func Start(t testing.TB, run func(ctx context.Context, in io.Reader, out io.Writer) error) *Client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	c := &Client{t: t, in: inW, Lines: make(chan string, 1<<16), done: make(chan error, 1), Cancel: cancel}
	go func() {
		err := run(ctx, inR, outW)
		outW.Close()
		inR.Close()
		c.done <- err
	}()
	go func() {
		r := bufio.NewReader(outR)
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				if l != "" {
					c.Lines <- "UNTERMINATED " + l
				}
				close(c.Lines)
				return
			}
			c.Lines <- strings.TrimSuffix(l, "\n")
		}
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
	})
	return c
}

// Send writes one command line, failing the test if the session does not
// take it in time.
func (c *Client) Send(line string) {
	c.t.Helper()
	c.SendRaw(line + "\n")
}

// SendRaw writes s as it is.
func (c *Client) SendRaw(s string) {
	c.t.Helper()
	sent := make(chan error, 1)
	go func() {
		_, err := io.WriteString(c.in, s)
		sent <- err
	}()
	select {
	case err := <-sent:
		if err != nil {
			c.t.Fatalf("send %.60q: %v", s, err)
		}
	case <-time.After(ReplyWait):
		c.t.Fatalf("send %.60q: engine not reading", s)
	}
}

// Next returns the next reply line, failing the test when none comes
// within wait; ok is false when the output ended.
func (c *Client) Next(wait time.Duration) (line string, ok bool) {
	c.t.Helper()
	if c.peeked != nil {
		l := *c.peeked
		c.peeked = nil
		return l, true
	}
	select {
	case l, ok := <-c.Lines:
		return l, ok
	case <-time.After(wait):
		c.t.Fatalf("no reply within %v", wait)
		return "", false
	}
}

// Expect reads the next line and fails unless it is want.
func (c *Client) Expect(want string) {
	c.t.Helper()
	if got, ok := c.Next(ReplyWait); !ok || got != want {
		c.t.Fatalf("got %q (open %v), want %q", got, ok, want)
	}
}

// Until reads lines up to and including the first that starts with
// prefix and returns it with the lines skipped before it.
func (c *Client) Until(prefix string, wait time.Duration) (line string, skipped []string) {
	c.t.Helper()
	deadline := time.Now().Add(wait)
	for {
		l, ok := c.Next(time.Until(deadline))
		if !ok {
			c.t.Fatalf("output ended waiting for %q after %q", prefix, skipped)
		}
		if strings.HasPrefix(l, prefix) {
			return l, skipped
		}
		skipped = append(skipped, l)
	}
}

// Finish closes the input and returns the lines written after it and the
// session's result.
func (c *Client) Finish() (rest []string, err error) {
	c.t.Helper()
	c.in.Close()
	for {
		l, ok := c.Next(ReplyWait)
		if !ok {
			break
		}
		rest = append(rest, l)
	}
	select {
	case err = <-c.done:
	case <-time.After(ReplyWait):
		c.t.Fatal("the session did not end after the end of input")
	}
	return rest, err
}
