package protocol

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/internal/transcript"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

const startFEN = "B:W21-32:B1-12"

// runAll feeds input to a session at once and returns its output, for
// sessions without searches or with searches that end by themselves.
func runAll(t *testing.T, input string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := Run(context.Background(), strings.NewReader(input), &out, testConfig)
	return out.String(), err
}

// runToMove runs a session on input, which ends with a getmove, and ends
// its input only once the move line is out: the end of input would stop
// the search.
func runToMove(t *testing.T, input string) (string, error) {
	t.Helper()
	in, feed := io.Pipe()
	var out syncBuffer
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), in, &out, testConfig) }()
	if _, err := io.WriteString(feed, input); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); !strings.Contains(out.String(), "\nmove ") && !strings.HasPrefix(out.String(), "move "); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no move line within a minute: %q", out.String())
		}
	}
	feed.Close()
	err := <-done
	return out.String(), err
}

func TestLineEnds(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{"crlf", "ping a\r\nping b\r\n", "pong a\npong b\n"},
		{"no final newline", "ping a\nping b", "pong a\npong b\n"},
		{"quit stops reading", "ping a\nquit\nping b\n", "pong a\n"},
		{"quit with blanks", "  QUIT  \nping b\n", ""},
		{"empty input", "", ""},
		{"blank lines", "\n\n \t \n\r\n", ""},
		{"nul bytes", "\x00\n", "error unknown command \"\\x00\"; try help\n"},
		{"over-long line", "ping a\n" + strings.Repeat("x", MaxLineBytes+1) + "\nping b\n",
			fmt.Sprintf("pong a\nerror line too long: over %d bytes, ignored\npong b\n", MaxLineBytes)},
		{"longest line", "ping " + strings.Repeat("x", MaxLineBytes-5) + "\nping b\n",
			"error ping takes at most one token of letters, digits, '.', '_' or '-' (up to 64)\npong b\n"},
		{"over-long last line", strings.Repeat("y", 3*MaxLineBytes),
			fmt.Sprintf("error line too long: over %d bytes, ignored\n", MaxLineBytes)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := runAll(t, tc.input)
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// At end of input a running job is stopped, as stop stops it, and writes
// its final line: a host that died leaves no search running (a depth=60
// search went on for hours).
func TestEndOfInputStopsJob(t *testing.T) {
	for _, cmd := range []string{
		"getmove " + startFEN + " depth=60",
		"getmove " + startFEN + " maxtime=1000",
		"getmove " + startFEN,
		"getmove " + startFEN + " infinite",
		"perft 14",
	} {
		t.Run(cmd, func(t *testing.T) {
			start := time.Now()
			got, err := runAll(t, cmd+"\n")
			if err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("took %v after the end of input", took)
			}
			lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
			last := lines[len(lines)-1]
			if strings.HasPrefix(cmd, "perft") {
				if !strings.HasPrefix(last, "perft depth=14 nodes=") || !strings.HasSuffix(last, "stopped") {
					t.Fatalf("got %q", got)
				}
				return
			}
			checkMove(t, last, startFEN, movegen.American)
		})
	}
}

// TestEndOfInputStopsPonder: at end of input a ponder search, which no
// ponderhit will now reach, is stopped and its move written, whatever its
// limits; after ponderhit a limited one finishes as any getmove.
func TestEndOfInputStopsPonder(t *testing.T) {
	for _, in := range []string{
		"getmove " + startFEN + " depth=60 ponder\n",
		"getmove " + startFEN + " maxtime=1000 ponder\n",
		"getmove " + startFEN + " depth=6 ponder\nponderhit\n",
	} {
		got, err := runAll(t, in)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		checkMove(t, lines[len(lines)-1], startFEN, movegen.American)
	}
}

// TestPonderClock: a ponder search writes no move line however long it
// ponders (here well past its maxtime), and after ponderhit it takes
// about its maxtime, counted from the ponderhit.
func TestPonderClock(t *testing.T) {
	schedtest.SkipUnderRace(t, "times the search")
	const (
		maxtime = 300 * time.Millisecond
		ponder  = 2 * maxtime
	)
	c := startClient(t, testConfig)
	c.Send(fmt.Sprintf("getmove %s maxtime=%g ponder", startFEN, maxtime.Seconds()))
	deadline := time.Now().Add(ponder)
	for {
		wait := time.Until(deadline)
		if wait <= 0 {
			break
		}
		select {
		case l, ok := <-c.Lines:
			if !ok || !strings.HasPrefix(l, "info ") {
				t.Fatalf("while pondering: %q (open %v)", l, ok)
			}
		case <-time.After(wait):
		}
	}
	hit := time.Now()
	c.Send("ponderhit")
	line, _ := c.Until("move ", replyWait)
	took := time.Since(hit)
	checkMove(t, line, startFEN, movegen.American)
	if took < maxtime/2 || took > maxtime+time.Second {
		t.Errorf("move %v after ponderhit, want about the maxtime of %v", took, maxtime)
	}
	if _, err := c.Finish(); err != nil {
		t.Fatal(err)
	}
}

func TestBusyAndAnswersDuringSearch(t *testing.T) {
	c := startClient(t, testConfig)
	c.Send("getmove " + startFEN)
	for _, tc := range []struct {
		cmd, want string
		prefix    bool // the reply's tail depends on the evaluation's terms
	}{
		{"set hashsize 8", "error busy: set is not allowed while getmove runs until stopped; send stop first", false},
		{"new", "error busy: new is not allowed while getmove runs until stopped; send stop first", false},
		{"getmove " + startFEN + " depth=1", "error busy: getmove is not allowed while getmove runs until stopped; send stop first", false},
		{"perft 2", "error busy: perft is not allowed while getmove runs until stopped; send stop first", false},
		{"get hashsize", "hashsize 4", false},
		{"get gametype", "gametype 21", false},
		{"ping during", "pong during", false},
		{"get movelist B:W25,26:B23", "movelist 23x30", false},
		{"staticevaluation W:W21-32:B1-11", "staticevaluation score=", true},
		{"name", "name Crown test", false},
	} {
		c.Send(tc.cmd)
		if got, skipped := c.Until(tc.want[:strings.IndexByte(tc.want, ' ')], replyWait); got != tc.want && !(tc.prefix && strings.HasPrefix(got, tc.want)) {
			t.Fatalf("%s: got %q, want %q", tc.cmd, got, tc.want)
		} else {
			for _, l := range skipped {
				if !strings.HasPrefix(l, "info ") {
					t.Fatalf("%s: unexpected %q", tc.cmd, l)
				}
			}
		}
	}
	c.Send("stop")
	line, _ := c.Until("move ", replyWait)
	checkMove(t, line, startFEN, movegen.American)
	c.Send("set hashsize 8")
	c.Expect("hashsize 8")
	c.Send("quit")
	if rest, err := c.Finish(); err != nil || len(rest) > 0 {
		t.Fatalf("after quit: %v %q", err, rest)
	}
}

// TestPerftStop: ping answers during a perft, a getmove sent then waits
// for its end, and stop ends it at once all the same, the getmove then
// running.
func TestPerftStop(t *testing.T) {
	c := startClient(t, testConfig)
	c.Send("perft 40")
	c.Send("ping p")
	c.Expect("pong p")
	c.Send("getmove " + startFEN + " depth=1")
	c.Send("ping q")
	c.Expect("pong q")
	c.Send("stop")
	line, _ := c.Next(replyWait)
	if !strings.HasPrefix(line, "perft depth=40 nodes=") || !strings.HasSuffix(line, " stopped") {
		t.Fatalf("got %q", line)
	}
	line, _ = c.Until("move ", replyWait)
	checkMove(t, line, startFEN, movegen.American)
	c.Send("perft 3")
	line, _ = c.Next(replyWait)
	if !strings.HasPrefix(line, "perft depth=3 nodes=302 ") {
		t.Fatalf("got %q", line)
	}
}

// stopLatencyLimit is what the issue asks of stop during an infinite search.
const stopLatencyLimit = 50 * time.Millisecond

// TestStopLatency: the move line comes within stopLatencyLimit of stop,
// plus the time a loaded machine kept the process's threads waiting.
func TestStopLatency(t *testing.T) {
	schedtest.SkipUnderRace(t, "times the search")
	c := startClient(t, testConfig)
	fens := []string{startFEN, "W:W14,15,18,22,23,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "B:WK19,K26,27:BK5,K10,12"}
	var worst time.Duration
	for round := 0; round < 6; round++ {
		fen := fens[round%len(fens)]
		c.Send("getmove " + fen + " infinite")
		time.Sleep(150 * time.Millisecond)
		w := schedtest.Waited()
		start := time.Now()
		c.Send("stop")
		line, _ := c.Until("move ", replyWait)
		took := time.Since(start)
		checkMove(t, line, fen, movegen.American)
		worst = max(worst, took)
		if limit := stopLatencyLimit + schedtest.Since(w); took > limit {
			t.Errorf("%s: move %v after stop, want at most %v", fen, took, limit)
		}
	}
	t.Logf("stop to move line: worst %v over 6 searches", worst)
}

func TestMaxTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timed searches take seconds")
	}
	const limit = 600 * time.Millisecond
	c := startClient(t, testConfig)
	var worst time.Duration
	for _, fen := range []string{startFEN, "W:W14,15,18,22,23,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"} {
		w := schedtest.Waited()
		start := time.Now()
		c.Send("getmove " + fen + " maxtime=0.5")
		line, _ := c.Until("move ", 5*time.Second)
		took := time.Since(start)
		checkMove(t, line, fen, movegen.American)
		worst = max(worst, took)
		if most := limit + schedtest.Since(w); took > most {
			t.Errorf("%s: maxtime=0.5 answered after %v, want at most %v", fen, took, most)
		}
	}
	t.Logf("maxtime=0.5: slowest answer %v", worst)
}

func TestClockNeverOverspent(t *testing.T) {
	if testing.Short() {
		t.Skip("timed searches take seconds")
	}
	c := startClient(t, testConfig)
	for _, tc := range []struct{ opts string }{
		{"remaining=0.3"},
		{"remaining=0.1 increment=0.05"},
		{"remaining=1 increment=0.5"},
		{"remaining=0.05"},
		{"remaining=0.4 maxtime=5"},
		{"remaining=0.3 maxtime=3 exact"},
	} {
		remaining := 0.0
		fmt.Sscanf(tc.opts, "remaining=%g", &remaining)
		limit := time.Duration(remaining * float64(time.Second))
		w := schedtest.Waited()
		start := time.Now()
		c.Send("getmove " + startFEN + " " + tc.opts)
		line, _ := c.Until("move ", 5*time.Second)
		took := time.Since(start)
		checkMove(t, line, startFEN, movegen.American)
		t.Logf("%-32s answered after %v of %v", tc.opts, took.Round(time.Millisecond), limit)
		if waited := schedtest.Since(w); took >= limit+waited {
			t.Errorf("%s: answered after %v, more than the %v remaining (and %v waiting for a processor)", tc.opts, took, limit, waited)
		}
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestWriteErrorEndsRun(t *testing.T) {
	err := Run(context.Background(), strings.NewReader("ping\nping\n"), failWriter{}, testConfig)
	if err == nil || !strings.Contains(err.Error(), "broken pipe") {
		t.Fatalf("got %v", err)
	}
}

func TestContextCancelDuringSearch(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var out syncBuffer
	go func() { done <- Run(ctx, inR, &out, testConfig) }()
	if _, err := io.WriteString(inW, "getmove "+startFEN+" infinite\n"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Run returned %v", err)
		}
	case <-time.After(replyWait):
		t.Fatal("Run did not return after cancel")
	}
	if strings.Contains(out.String(), "move ") {
		t.Fatalf("a cancelled session reported a move: %q", out.String())
	}
}

// syncBuffer is an output safe to read while a session writes.
type syncBuffer = transcript.Buffer

// TestGameHistoryNote: a getmove whose position the game history does not
// end in searches without it, and says so on stderr once, not at every
// getmove; one that it ends in uses it without a word.
func TestGameHistoryNote(t *testing.T) {
	const hist = "set gamehist " + startFEN + " 11-15 23-19 8-11\n"
	const reached = "W:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,11,15"
	for _, tc := range []struct {
		fens  []string
		notes int
	}{
		{[]string{reached}, 0},
		{[]string{startFEN}, 1},
		{[]string{startFEN, startFEN, "B:W21-32:B1-11"}, 1},
		{[]string{startFEN, reached, startFEN}, 2},
	} {
		var stderr syncBuffer
		cfg := testConfig
		cfg.Stderr = &stderr
		var out bytes.Buffer
		in := hist
		for _, fen := range tc.fens {
			in += "getmove " + fen + " depth=2\n"
		}
		if err := Run(context.Background(), strings.NewReader(in), &out, cfg); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		checkMove(t, lines[len(lines)-1], tc.fens[len(tc.fens)-1], movegen.American)
		if got := strings.Count(stderr.String(), "gamehist ignored"); got != tc.notes {
			t.Errorf("getmove %s: stderr %q, want %d notes", tc.fens, stderr.String(), tc.notes)
		}
	}
}

func TestQuitDuringSearchDropsTheMove(t *testing.T) {
	c := startClient(t, testConfig)
	c.Send("getmove " + startFEN + " infinite")
	c.Until("info ", replyWait)
	c.Send("quit")
	rest, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range rest {
		if !strings.HasPrefix(l, "info ") {
			t.Fatalf("after quit: %q", l)
		}
	}
}

// TestInfoEGDBHits: with a database the info lines carry egdbhits=, which
// ParseReply reads and which grows from line to line; without one they do
// not (the other transcripts).
func TestInfoEGDBHits(t *testing.T) {
	cfg := testConfig
	cfg.Session.Options.EGDBPath = egdbtest.Dir(t, 3)
	c := startClient(t, cfg)
	c.Send("getmove W:WK1:BK14,K23 depth=6")
	_, infos := c.Until("move ", replyWait)
	if len(infos) == 0 {
		t.Fatal("no info lines")
	}
	last := uint64(0)
	for _, l := range infos {
		r, err := ParseReply(l)
		if err != nil || !r.Info.HasEGDB || r.Info.EGDBHits < last {
			t.Fatalf("%q: %+v, %v (hits before %d)", l, r.Info, err, last)
		}
		last = r.Info.EGDBHits
	}
	if last == 0 {
		t.Error("no hits counted")
	}
	if _, err := c.Finish(); err != nil {
		t.Fatal(err)
	}
}

// TestBookSeed: with Seed set, a session's random book choices are the
// same every run, and book level 1 varies them over the start's moves.
func TestBookSeed(t *testing.T) {
	input := "set book 1\n" + strings.Repeat("getmove "+startFEN+" depth=1\n", 30)
	play := func(seed uint64) string {
		cfg := testConfig
		cfg.Session.Seed = seed
		var out bytes.Buffer
		if err := Run(context.Background(), strings.NewReader(input), &out, cfg); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	a, b := play(5), play(5)
	if a != b {
		t.Fatalf("the same seed chose differently:\n%s\n%s", a, b)
	}
	moves := map[string]bool{}
	for _, l := range strings.Split(a, "\n") {
		if m, ok := strings.CutPrefix(l, "move "); ok {
			if !strings.HasSuffix(m, " book=1 result=unknown") {
				t.Fatalf("not a book move: %q", l)
			}
			moves[m] = true
		}
	}
	if len(moves) < 3 {
		t.Errorf("30 choices at book 1 found %d moves: %v", len(moves), moves)
	}
}

// TestMultiPVOneLine: getmove with multipv 1, set or not, writes the same
// info lines (but for their speeds and times) and the same move, and the
// last line has the score and move of the engine's own search of the
// position with the session's options; with three lines the first line of
// each iteration is a search's best line.
func TestMultiPVOneLine(t *testing.T) {
	schedtest.SkipUnderRace(t, "nine searches to depth 9 on one thread (TestTranscripts races the session)")
	const depth = 9
	for _, fen := range []string{startFEN, "W:W13,14,24,26,27,31,32:B1,2,3,4,5,18", "W:WK15,18,20,21,22:B8,12,13,K23"} {
		run := func(setup string) (infos []Info, move string) {
			out, err := runToMove(t, setup+fmt.Sprintf("getmove %s depth=%d\n", fen, depth))
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
				r, err := ParseReply(l)
				switch {
				case err != nil:
					t.Fatalf("%q: %v", l, err)
				case r.Kind == "info":
					r.Info.NPS, r.Info.Time = 0, 0
					infos = append(infos, r.Info)
				case r.Kind == "move":
					move = r.Move.Move
				}
			}
			return infos, move
		}
		none, move := run("")
		one, move1 := run("set multipv 1\n")
		if !reflect.DeepEqual(none, one) || move != move1 || len(none) != depth {
			t.Errorf("%s: without multipv %d lines and %s, with multipv 1 %d lines and %s:\n%+v\n%+v", fen, len(none), move, len(one), move1, none, one)
		}
		pool := play.NewPool()
		opt, err := pool.Open(testConfig.Session.Options)
		if err != nil {
			t.Fatal(err)
		}
		e := search.New(opt)
		p, _ := movegen.ParseFEN(fen, movegen.American)
		res, err := e.Search(context.Background(), search.Request{Pos: p, Limits: search.Limits{Depth: depth}})
		e.Close()
		pool.Close()
		if last := none[len(none)-1]; err != nil || move != res.Move.PathString() || last.Score.Value != res.Score || last.Nodes != res.Nodes {
			t.Errorf("%s: protocol %s %+v, search %s %d in %d nodes (%v)", fen, move, last, res.Move.PathString(), res.Score, res.Nodes, err)
		}
		three, _ := run("set multipv 3\n")
		for _, in := range three {
			if in.MultiPV < 1 || in.MultiPV > 3 {
				t.Errorf("%s, 3 lines: %+v", fen, in)
			}
		}
	}
}
