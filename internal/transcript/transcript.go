// Package transcript is for tests: golden transcripts of a text protocol
// (the line protocol's testdata/protocol, Hub's testdata/hub), read and
// played against a session. A transcript is one step a line:
//
//	# comment (blank lines are ignored too)
//	> command        send the command
//	< reply          the next reply line is exactly this
//	<~ prefix        the next reply line starts with this
//	<* prefix        any number of reply lines (maybe none) start with this
//	<? pattern       the next reply line matches the pattern: word for word,
//	                 each word as path.Match reads it ("score=*" is any
//	                 score), and a last word "..." stands for any words
//	                 left, none too
package transcript

import (
	"bufio"
	"fmt"
	"os"
	"path"
	"strconv"
	"strings"
	"testing"
)

// Step is one line of a transcript.
type Step struct {
	Line int    // its line number in the file
	Op   string // ">", "<", "<~", "<*" or "<?"
	Text string
}

// Read reads the transcript in the file at path.
func Read(path string) ([]Step, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var steps []Step
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		op, text, _ := strings.Cut(l, " ")
		switch op {
		case ">", "<", "<~", "<*", "<?":
		default:
			return nil, fmt.Errorf("%s:%d: unknown step %q", path, n, l)
		}
		steps = append(steps, Step{Line: n, Op: op, Text: text})
	}
	return steps, sc.Err()
}

// Play plays the steps read from the file at path against the session c
// drives, failing t at the first reply that does not match. A line a
// "<*" step read past is the next that c.Next returns.
func Play(t testing.TB, path string, steps []Step, c *Client) {
	t.Helper()
	for _, st := range steps {
		where := path + ":" + strconv.Itoa(st.Line)
		switch st.Op {
		case ">":
			c.Send(st.Text)
			continue
		case "<*":
			for {
				l, ok := c.Next(ReplyWait)
				if !ok {
					t.Fatalf("%s: output ended", where)
				}
				if !strings.HasPrefix(l, st.Text) {
					c.peeked = &l
					break
				}
			}
			continue
		}
		l, ok := c.Next(ReplyWait)
		switch {
		case !ok:
			t.Fatalf("%s: output ended, want %q", where, st.Text)
		case st.Op == "<" && l != st.Text:
			t.Fatalf("%s:\n got  %q\n want %q", where, l, st.Text)
		case st.Op == "<~" && !strings.HasPrefix(l, st.Text):
			t.Fatalf("%s:\n got  %q\n want prefix %q", where, l, st.Text)
		case st.Op == "<?" && !MatchWords(st.Text, l):
			t.Fatalf("%s:\n got  %q\n want pattern %q", where, l, st.Text)
		}
	}
}

// MatchWords reports whether line matches pattern word for word, each
// word by path.Match (a bad pattern matches nothing); a last pattern word
// "..." matches any words left.
func MatchWords(pattern, line string) bool {
	pw, lw := strings.Fields(pattern), strings.Fields(line)
	if n := len(pw); n > 0 && pw[n-1] == "..." {
		if pw = pw[:n-1]; len(lw) < len(pw) {
			return false
		}
		lw = lw[:len(pw)]
	}
	if len(pw) != len(lw) {
		return false
	}
	for i := range pw {
		if ok, err := path.Match(pw[i], lw[i]); !ok || err != nil {
			return false
		}
	}
	return true
}
