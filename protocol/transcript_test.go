package protocol

import (
	"bufio"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/egdb/egdbtest"
)

// Golden transcripts live in testdata/protocol/*.txt, one step a line:
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
//
// $EGDB in a line is the directory of a small endgame database the test
// builds (egdbMark).
//
// At the end the input is closed: Run must return nil with no reply left.
// Searches in transcripts carry depth or node limits, and each command's
// replies are read before the next is sent, so the order is fixed.

// step is one line of a transcript.
type step struct {
	line int
	op   string // ">", "<", "<~", "<*" or "<?"
	text string
}

func readTranscript(t *testing.T, path string) []step {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var steps []step
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
			t.Fatalf("%s:%d: unknown step %q", path, n, l)
		}
		steps = append(steps, step{line: n, op: op, text: text})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return steps
}

func TestTranscripts(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "protocol", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			runTranscript(t, path, readTranscript(t, path))
		})
	}
}

// egdbMark stands in a transcript for the directory of an endgame
// database of American checkers up to egdbMarkPieces pieces, which the
// test builds (in well under a second) when a transcript names it.
const (
	egdbMark       = "$EGDB"
	egdbMarkPieces = 3
)

func runTranscript(t *testing.T, path string, steps []step) {
	c := startClient(t, testConfig)
	dbDir := ""
	for _, s := range steps {
		if strings.Contains(s.text, egdbMark) {
			if dbDir == "" {
				dbDir = egdbtest.Dir(t, egdbMarkPieces)
			}
			s.text = strings.ReplaceAll(s.text, egdbMark, dbDir)
		}
		where := path + ":" + strconv.Itoa(s.line)
		switch s.op {
		case ">":
			c.send(s.text)
			continue
		case "<*":
			for {
				l, ok := c.next(replyWait)
				if !ok {
					t.Fatalf("%s: output ended", where)
				}
				if !strings.HasPrefix(l, s.text) {
					c.peeked = &l
					break
				}
			}
			continue
		}
		l, ok := c.next(replyWait)
		switch {
		case !ok:
			t.Fatalf("%s: output ended, want %q", where, s.text)
		case s.op == "<" && l != s.text:
			t.Fatalf("%s:\n got  %q\n want %q", where, l, s.text)
		case s.op == "<~" && !strings.HasPrefix(l, s.text):
			t.Fatalf("%s:\n got  %q\n want prefix %q", where, l, s.text)
		case s.op == "<?" && !matchWords(s.text, l):
			t.Fatalf("%s:\n got  %q\n want pattern %q", where, l, s.text)
		}
	}
	rest, err := c.finish()
	if err != nil || len(rest) > 0 {
		t.Fatalf("%s: at end of input: Run returned %v, replies left %q", path, err, rest)
	}
}

// matchWords reports whether line matches pattern word for word, each
// word by path.Match (a bad pattern matches nothing); a last pattern word
// "..." matches any words left.
func matchWords(pattern, line string) bool {
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
