package main

import (
	"math"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/movegen/cbboard"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// testAdapter returns a new adapter, as the library makes its one.
func testAdapter(t *testing.T) *adapter {
	t.Helper()
	a, err := newAdapter()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// boardOf returns CheckerBoard's board and colour for a FEN.
func boardOf(t *testing.T, fen string, v movegen.Variant) (cbboard.Board, int) {
	t.Helper()
	p, err := movegen.ParseFEN(fen, v)
	if err != nil {
		t.Fatal(err)
	}
	return cbboard.BoardOf(&p), cbboard.ColourCode(p.Turn)
}

func TestLimitWords(t *testing.T) {
	for _, tc := range []struct {
		maxtime        float64
		info, moreinfo int
		want           []string
		lim            search.Limits
	}{
		{1, 0, 0, []string{"maxtime=1"}, search.Limits{MoveTime: time.Second}},
		{0.5, cbboard.InfoExactTime, 0, []string{"maxtime=0.5", "exact"}, search.Limits{MoveTime: 500 * time.Millisecond, Exact: true}},
		{2, cbboard.InfoResetMoves, 0, []string{"maxtime=2"}, search.Limits{MoveTime: 2 * time.Second}},
		{cbboard.InfiniteSeconds, 0, 0, []string{"maxtime=8.6e+06"}, search.Limits{MoveTime: cbboard.InfiniteSeconds * time.Second}},
		// Incremental clock in ms, 10 ms and 100 ms units: remaining in the
		// high 16 bits, increment in the low 16.
		{1, 1 << cbboard.InfoIncrShift, 30000<<16 | 500, []string{"remaining=30", "increment=0.5"},
			search.Limits{Remaining: 30 * time.Second, Increment: 500 * time.Millisecond}},
		{1, 2 << cbboard.InfoIncrShift, 6000<<16 | 100, []string{"remaining=60", "increment=1"},
			search.Limits{Remaining: time.Minute, Increment: time.Second}},
		{1, 3<<cbboard.InfoIncrShift | cbboard.InfoExactTime, 600<<16 | 0, []string{"remaining=60", "increment=0"},
			search.Limits{Remaining: time.Minute}},
		// An empty clock still gives one unit.
		{1, 1 << cbboard.InfoIncrShift, 0, []string{"remaining=0.001", "increment=0"}, search.Limits{Remaining: time.Millisecond}},
	} {
		w := cbboard.LimitWords(tc.maxtime, tc.info, tc.moreinfo)
		if !reflect.DeepEqual(w, tc.want) {
			t.Errorf("LimitWords(%g, %d, %#x) = %q, want %q", tc.maxtime, tc.info, tc.moreinfo, w, tc.want)
			continue
		}
		lim, err := play.ParseLimits(w)
		if err != nil || lim != tc.lim {
			t.Errorf("%q: limits %+v, %v; want %+v", w, lim, err, tc.lim)
		}
	}
	for _, tc := range []struct {
		lim   search.Limits
		spent time.Duration
		want  search.Limits
	}{
		{search.Limits{MoveTime: time.Second}, 30 * time.Millisecond, search.Limits{MoveTime: 970 * time.Millisecond}},
		{search.Limits{MoveTime: time.Second, Exact: true}, 2 * time.Second, search.Limits{MoveTime: minSearchTime, Exact: true}},
		{search.Limits{Remaining: time.Second, Increment: time.Second}, 10 * time.Millisecond,
			search.Limits{Remaining: 990 * time.Millisecond, Increment: time.Second}},
		{search.Limits{Infinite: true}, time.Second, search.Limits{Infinite: true}},
	} {
		if got := chargeTime(tc.lim, tc.spent); got != tc.want {
			t.Errorf("chargeTime(%+v, %v) = %+v, want %+v", tc.lim, tc.spent, got, tc.want)
		}
	}
	for _, bad := range []float64{0, -1, math.Inf(1), 2e7} {
		if _, err := play.ParseLimits(cbboard.LimitWords(bad, 0, 0)); err == nil {
			t.Errorf("maxtime %g accepted", bad)
		}
	}
}

func TestCommand(t *testing.T) {
	a := testAdapter(t)
	dbDir := egdbtest.Dir(t, 3)
	for _, tc := range []struct {
		cmd     string
		reply   string // the reply, or its start when it ends in "*"
		handled bool
	}{
		{"name", "Crown 0.1", true},
		{"NAME", "Crown 0.1", true},
		{"about", "Crown 0.1, a checkers engine*", true},
		{"help", helpFile, true},
		{"get protocolversion", "2", true},
		{"get gametype", "21", true},
		{"get hashsize", "64", true},
		{"set hashsize 8", "8", true},
		{"get hashsize", "8", true},
		{"set hashsize 0", "hashsize set to 1 MiB, the least Crown takes (0 asked)", true},
		{"get hashsize", "1", true},
		{"set hashsize 8", "8", true},
		{"set hashsize 99999999999999999999", "error: set hashsize: *", false},
		{"set hashsize", "error: set hashsize takes one number", false},
		{"get hashsize", "8", true},
		{"get searchthreads", "1", true},
		{"get book", "2", true},
		{"set book 3", "3 (best move)", true},
		{"get book", "3", true},
		{"set book 4", "error: set book: 4 is out of range 0..3", false},
		{"get bookfile", "default", true},
		{"set bookfile C:\\no such\\file.book", "error: set bookfile: book: open *", false},
		{"set bookfile /dev/urandom", "error: set bookfile: book: /dev/urandom is a device, not a file", false},
		{"set evalfile /dev/zero", "error: set evalfile: /dev/zero is a device, not a file", false},
		{"set bookfile default", "default", true},
		{"get level", "8", true},
		{"set level 2", "2", true},
		{"get level", "2", true},
		{"set level 12", "level set to 8, the most Crown takes (12 asked)", true},
		{"set level 0", "level set to 1, the least Crown takes (0 asked)", true},
		{"set level 8", "8", true},
		{"get dbpath", "none", true},
		{"get enable_wld", "?", false},
		{"get max_dbpieces", "?", false},
		{"set dbpath C:\\db", "error: set dbpath: *", false},
		{"get dbmbytes", "64", true},
		{"set dbmbytes 32", "", true},
		{"get dbmbytes", "32", true},
		{"set dbmbytes 0", "dbmbytes set to 64 MiB: Crown needs a block cache (0 asked)", true},
		{"get dbmbytes", "64", true},
		{"set dbmbytes 100000", "dbmbytes set to 65536 MiB, the most Crown takes (100000 asked)", true},
		{"set dbmbytes 32", "", true},
		{"set egdbcache 32", "32", true},
		{"set dbpath " + dbDir, dbDir, true},
		{"get dbpath", dbDir, true},
		{"get egdbpath", dbDir, true},
		{"set max_dbpieces 6", "?", false},
		{"set enable_wld 0", "?", false},
		{"set dbpath none", "none", true},
		{"set dbpath", "error: set dbpath takes a directory or none", false},
		{"set gamehist B:W21-32:B1-12 11-15 23-19", "gamehist moves=2 fen=B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15", true},
		{"set gamehist B:W21-32:B1-12 11-18", "error: set gamehist: move 1 \"11-18\": *", false},
		{"staticevaluation B:W21-32:B1-12", "score *", true},
		{"staticevaluation B:W33:B1", "error: staticevaluation: bad FEN*", false},
		{"set gametype 23", "23", true},
		{"get gametype", "23", true},
		{"set gametype 20", "error: set gametype: unsupported game type 20*", false},
		{"set gametype 21", "21", true},
		{"frobnicate", "?", false},
		{"get movelist B:W21-32:B1-12", "movelist 7,0,6,6,9,13;0,6,6,10,14;0,6,6,11,15;0,6,6,12,16;0,6,6,9,14;0,6,6,10,15;0,6,6,11,16;", true},
		{"get movelist B:W1:B", "movelist 0", true},
		{"get movelist B:W33:B1", "error: get movelist: bad FEN*", false},
		{"get movelist", "error: get movelist takes one FEN", false},
		{"set allscores 1", "?", false},
		{"", "?", false},
		{"get", "error: get needs a key", false},
		{strings.Repeat("x", maxCommandBytes+1), "error: command longer than*", false},
	} {
		reply, handled := a.command(tc.cmd)
		if !replyMatches(reply, tc.reply) || handled != tc.handled {
			t.Errorf("%.40q: %q, %v; want %q, %v", tc.cmd, reply, handled, tc.reply, tc.handled)
		}
	}
}

// TestFullCommandBuffer: a set gamehist that fills the API's 256 bytes with
// no NUL (pydraughts, for a history of exactly 256 characters) arrives with
// whatever followed it in memory; it is read as its 256 bytes. A history
// refused for a move within them is still refused.
func TestFullCommandBuffer(t *testing.T) {
	a := testAdapter(t)
	const start = "set gamehist B:WK32:BK1 "
	moves := strings.Repeat(" 1-6 32-27 6-1 27-32", 11) // 44 moves, 220 bytes
	exact := start + strings.Repeat(" ", apiCommandBytes-len(start)-len(moves)) + moves
	if len(exact) != apiCommandBytes {
		t.Fatalf("the history is %d bytes, want %d", len(exact), apiCommandBytes)
	}
	for _, tc := range []struct {
		name, cmd, reply string
		handled          bool
	}{
		{"exact", exact, "gamehist moves=44 fen=B:WK32:BK1", true},
		{"garbage", exact + "0\xa1`\xb7\xd4\x7f", "gamehist moves=44 fen=B:WK32:BK1", true},
		{"digits", exact + "5", "gamehist moves=44 fen=B:WK32:BK1", true},
		{"bad move", strings.Replace(exact, "6-1", "6-2", 1) + "0", "error: set gamehist: move 44*", false},
		{"not a history", "staticevaluation " + strings.Repeat("x", apiCommandBytes), "error: staticevaluation: bad FEN*", false},
	} {
		reply, handled := a.command(tc.cmd)
		if !replyMatches(reply, tc.reply) || handled != tc.handled {
			t.Errorf("%s: %q, %v; want %q, %v", tc.name, reply, handled, tc.reply, tc.handled)
		}
	}
}

// replyMatches reports whether reply is want, or starts with it when want
// ends in "*".
func replyMatches(reply, want string) bool {
	if prefix, cut := strings.CutSuffix(want, "*"); cut {
		return strings.HasPrefix(reply, prefix)
	}
	return reply == want
}

// TestGameTypes: in every game type the library answers get and set
// gametype, reads CheckerBoard's FENs and moves in its numbers of the
// game type (get movelist, staticevaluation, set gamehist) and writes
// its own (get movelist), and getmove plays a legal move whose status
// text is in the game's notation.
func TestGameTypes(t *testing.T) {
	for v := range movegen.NumVariants {
		r := v.Rules()
		t.Run(v.String(), func(t *testing.T) {
			a := testAdapter(t)
			a.command("set hashsize 1")
			n := strconv.Itoa(r.GameType)
			for _, tc := range []struct{ cmd, want string }{{"set gametype " + n, n}, {"get gametype", n}} {
				if reply, ok := a.command(tc.cmd); !ok || reply != tc.want {
					t.Fatalf("%s: %q, %v", tc.cmd, reply, ok)
				}
			}
			if reply, _ := a.command("about"); !strings.Contains(reply, "Game type in force: "+n+", "+r.Title) {
				t.Errorf("about: %q", reply)
			}
			start := movegen.StartPosition(v)
			b, colour := cbboard.BoardOf(&start), cbboard.ColourCode(start.Turn)
			fen := cbboard.FEN(&b, colour, v)
			var ml movegen.MoveList
			start.GenerateMoves(&ml)
			if reply, ok := a.command("get movelist " + fen); !ok || !strings.HasPrefix(reply, "movelist "+strconv.Itoa(ml.N)+",") {
				t.Errorf("get movelist %s: %q, %v", fen, reply, ok)
			}
			if reply, ok := a.command("staticevaluation " + fen); !ok || !strings.HasPrefix(reply, "score ") {
				t.Errorf("staticevaluation %s: %q, %v", fen, reply, ok)
			}
			first := ml.Moves[0]
			after := start
			after.MakeMove(first)
			text := cbboard.MoveOf(&start, first).Text(v)
			if reply, ok := a.command("set gamehist " + fen + " " + text); !ok || reply != "gamehist moves=1 fen="+after.FEN() {
				t.Errorf("set gamehist %s %s: %q, %v", fen, text, reply, ok)
			}
			var status []string
			b = cbboard.BoardOf(&after)
			got := a.getMove(getMoveRequest{board: b, colour: cbboard.ColourCode(after.Turn), maxtime: 0.05, status: func(s string) { status = append(status, s) }})
			m, err := cbboard.Check(&after, b, got.board, got.move)
			if err != nil || !got.moved {
				t.Fatalf("getmove in %s: %v (moved %v)", after.FEN(), err, got.moved)
			}
			if len(status) == 0 || !strings.Contains(status[len(status)-1], " "+r.PathText(m)) {
				t.Errorf("getmove played %s; status texts %q", r.PathText(m), status)
			}
		})
	}
}

// TestGetMove plays a move in process and checks what comes back. The
// time is ample: the search ends by itself once it sees the win, which a
// loaded machine could keep it from within 50 ms (the claim was then
// unknown).
func TestGetMove(t *testing.T) {
	a := testAdapter(t)
	if _, ok := a.command("set hashsize 4"); !ok {
		t.Fatal("set hashsize 4 refused")
	}
	b, colour := boardOf(t, "B:W6,K15,24:B1,3", movegen.American)
	var status []string
	r := a.getMove(getMoveRequest{board: b, colour: colour, maxtime: 2, status: func(s string) { status = append(status, s) }})
	after, _ := boardOf(t, "W:W:B3,28", movegen.American)
	if !r.moved || r.board != after || r.move.Jumps != 3 || r.result != cbboard.Win {
		t.Errorf("got moved %v, result %d, move %+v, board %v", r.moved, r.result, r.move, r.board)
	}
	if len(status) == 0 || !strings.HasPrefix(status[0], "depth 1/") || !strings.Contains(status[len(status)-1], "1x10x19x28") {
		t.Errorf("status texts %q", status)
	}
	// No legal move: the board stays, the claim is a loss.
	b, colour = boardOf(t, "B:W21:B", movegen.American)
	r = a.getMove(getMoveRequest{board: b, colour: colour, maxtime: 0.05})
	if r.moved || r.result != cbboard.Loss || r.board != b {
		t.Errorf("no legal move: moved %v, result %d", r.moved, r.result)
	}
}

// TestBookMove: at the start position the library plays the book's move
// at once, at book 3 the best one; with book 0 it searches.
func TestBookMove(t *testing.T) {
	a := testAdapter(t)
	a.command("set hashsize 4")
	a.command("set book 3")
	bk, err := book.Default(movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	start := movegen.StartPosition(movegen.American)
	p := start
	p.MakeMove(bk.MainLine(start, 1)[0])
	want, _ := boardOf(t, p.FEN(), movegen.American)
	b, colour := boardOf(t, start.FEN(), movegen.American)
	var status []string
	began := time.Now()
	r := a.getMove(getMoveRequest{board: b, colour: colour, maxtime: 5, status: func(s string) { status = append(status, s) }})
	if !r.moved || r.board != want || r.result != cbboard.Unknown || time.Since(began) > time.Second {
		t.Errorf("book move: moved %v, board %v (want %v), result %d, %v", r.moved, r.board, want, r.result, time.Since(began))
	}
	if len(status) != 1 || !strings.HasPrefix(status[0], "book move ") {
		t.Errorf("status texts %q", status)
	}
	a.command("set book 0")
	status = nil
	if r = a.getMove(getMoveRequest{board: b, colour: colour, maxtime: 0.02, status: func(s string) { status = append(status, s) }}); !r.moved || len(status) == 0 || !strings.HasPrefix(status[0], "depth ") {
		t.Errorf("book 0: moved %v, status %q", r.moved, status)
	}
}

// TestPlaynow stops an "infinite" search through playnow and measures how
// long it takes to come back: at most maxPlaynowDelay, plus the time a
// loaded machine kept the process's threads waiting.
func TestPlaynow(t *testing.T) {
	a := testAdapter(t)
	a.command("set hashsize 4")
	a.command("set book 0")
	b, colour := boardOf(t, "B:W21-32:B1-12", movegen.American)
	var flag atomic.Bool
	var setAt time.Time
	var waited time.Duration // schedtest.Waited when playnow was set
	go func() {
		time.Sleep(100 * time.Millisecond)
		waited = schedtest.Waited()
		setAt = time.Now()
		flag.Store(true)
	}()
	r := a.getMove(getMoveRequest{board: b, colour: colour, maxtime: cbboard.InfiniteSeconds, playnow: flag.Load})
	took := time.Since(setAt)
	if !r.moved {
		t.Fatal("no move")
	}
	t.Logf("playnow answered after %v", took)
	if limit := maxPlaynowDelay + schedtest.Since(waited); took > limit {
		t.Errorf("playnow answered after %v, more than %v", took, limit)
	}
}

// maxPlaynowDelay is how soon getmove must return once playnow is set.
const maxPlaynowDelay = 50 * time.Millisecond

// TestHashMemory checks that set hashsize allocates what it says.
func TestHashMemory(t *testing.T) {
	a := testAdapter(t)
	heap := func() int64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return int64(ms.HeapAlloc)
	}
	const small, large = 1, 48
	if r, ok := a.command("set hashsize " + strconv.Itoa(small)); !ok {
		t.Fatal(r)
	}
	base := heap()
	if r, ok := a.command("set hashsize " + strconv.Itoa(large)); !ok {
		t.Fatal(r)
	}
	grown := float64(heap()-base) / (1 << 20)
	t.Logf("set hashsize %d after %d: the heap grew by %.2f MiB", large, small, grown)
	if math.Abs(grown-(large-small)) > 1 {
		t.Errorf("the heap grew by %.2f MiB, want %d", grown, large-small)
	}
	runtime.KeepAlive(a)
}

// TestNoSearchLeft checks that no goroutine outlives getmove: neither a
// search nor the one watching playnow.
func TestNoSearchLeft(t *testing.T) {
	a := testAdapter(t)
	a.command("set hashsize 4")
	a.command("set book 0")
	b, colour := boardOf(t, "B:W21-32:B1-12", movegen.American)
	before := runtime.NumGoroutine()
	for _, info := range []int{0, cbboard.InfoExactTime, 1 << cbboard.InfoIncrShift} {
		r := a.getMove(getMoveRequest{board: b, colour: colour, maxtime: 0.02, info: info, moreinfo: 500 << cbboard.MoreinfoShift,
			playnow: func() bool { return false }})
		if !r.moved {
			t.Fatalf("info %d: no move", info)
		}
	}
	deadline := time.Now().Add(time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after three getmoves, %d before", n, before)
	}
}

// TestStatusTextHits: the status text names the database's hits only when
// there are some, and shows a database win as the protocol does (dbwin).
func TestStatusTextHits(t *testing.T) {
	in := search.Info{Depth: 3, SelDepth: 5, Score: search.DBWinScore + 7, Nodes: 100, Time: time.Second}
	if got := statusText(in, movegen.American.Rules()); strings.Contains(got, "db ") || !strings.HasSuffix(got, "kN/s  pv") {
		t.Errorf("no hits: %q", got)
	}
	in.EGDBHits = 42
	if got := statusText(in, movegen.American.Rules()); !strings.Contains(got, "value=dbwin  nodes 100  0kN/s  db 42  pv") {
		t.Errorf("42 hits: %q", got)
	}
}

// TestSetDuringSearch: a command that changes the engine answers at once
// while getmove searches (CheckerBoard calls enginecommand from its GUI
// thread), refused with the reason; set gametype waited for the search.
func TestSetDuringSearch(t *testing.T) {
	a := testAdapter(t)
	a.command("set hashsize 4")
	a.command("set book 0")
	b, colour := boardOf(t, "B:W21-32:B1-12", movegen.American)
	var stop atomic.Bool
	done := make(chan getMoveReply, 1)
	go func() {
		done <- a.getMove(getMoveRequest{board: b, colour: colour, maxtime: cbboard.InfiniteSeconds, playnow: stop.Load})
	}()
	defer func() { stop.Store(true); <-done }()
	// The search has begun once a set of the value in force is refused.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		if _, ok := a.command("set searchthreads 1"); !ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the search did not begin")
		}
	}
	for _, cmd := range []string{"set gametype 23", "set hashsize 8", "set searchthreads 2"} {
		start := time.Now()
		reply, ok := a.command(cmd)
		if took := time.Since(start); ok || !strings.Contains(reply, "engine is searching") || took > time.Second {
			t.Errorf("%s during a search: %q, %v after %v; want a refusal at once", cmd, reply, ok, took)
		}
	}
	if reply, _ := a.command("get gametype"); reply != "21" {
		t.Errorf("the refused set gametype left gametype %s", reply)
	}
}
