package search

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// outcome is how a test game ended.
type outcome struct {
	winner movegen.Colour
	drawn  bool
	plies  int
	why    string
}

// playOut lets e play both sides from p, each move to the given limits
// with the game so far as history, and applies the rules independently of
// the search: a side without a move loses; threefold repetition, the
// move-count rule and Pool's three-kings count draw.
func playOut(t *testing.T, e *Engine, p movegen.Position, l Limits, maxPlies int) outcome {
	t.Helper()
	var hist []movegen.Position
	var ml movegen.MoveList
	quiet, kvkMoves := 0, 0
	for ply := 0; ; ply++ {
		p.GenerateMoves(&ml)
		if ml.N == 0 {
			return outcome{winner: p.Turn ^ 1, plies: ply, why: "no move"}
		}
		reps := 1
		for _, h := range hist {
			if h.Hash == p.Hash {
				reps++
			}
		}
		switch {
		case reps >= 3:
			return outcome{drawn: true, plies: ply, why: "repetition"}
		case quiet >= 2*p.Rules().DrawMoves:
			return outcome{drawn: true, plies: ply, why: "move count"}
		case p.Rules().ThreeKingsMoves > 0 && kvkMoves >= p.Rules().ThreeKingsMoves:
			return outcome{drawn: true, plies: ply, why: "three kings count"}
		case ply >= maxPlies:
			return outcome{drawn: true, plies: ply, why: "ply cap"}
		}
		res := searchOK(t, e, context.Background(), Request{Pos: p, History: hist, Limits: l})
		if !res.HasMove || !p.IsLegal(res.Move) {
			t.Fatalf("%s: bad result %+v", p.FEN(), res)
		}
		strong := p.ThreeKingsAgainstOne() && p.Pieces[p.Turn].Count() == 3
		quiet++
		if !p.IsReversible(res.Move) {
			quiet = 0
		}
		hist = append(hist, p)
		p.MakeMove(res.Move)
		switch {
		case !p.ThreeKingsAgainstOne():
			kvkMoves = 0
		case strong:
			kvkMoves++
		}
	}
}

// TestConvertEndings: the engine, playing both sides, wins the endings
// that are won: two kings against one in American checkers (also from the
// double corner) and three kings against one in Pool within the count.
func TestConvertEndings(t *testing.T) {
	tests := []struct {
		v   movegen.Variant
		fen string
		win movegen.Colour
		// long: only at the long suite's depth; the short one's is too
		// shallow to be sure of this win (it hangs on the weights).
		long bool
	}{
		{movegen.American, "W:WK14:BK1,K32", movegen.Black, false},
		{movegen.American, "B:WK1:BK14,K23", movegen.Black, false},
		{movegen.American, "W:WK32:BK10,K12", movegen.Black, false},
		{movegen.American, "B:WK19,K30:BK5", movegen.White, false},
		{movegen.Pool, "B:WK13:BK1,K3,K32", movegen.Black, true},
		{movegen.Pool, "W:WK15,K19,K29:BK7", movegen.White, false},
	}
	if testing.Short() && schedtest.Race {
		t.Skip("a game per ending takes minutes under the race detector; run without -race or without -short")
	}
	l := Limits{Depth: 14}
	if testing.Short() {
		l = Limits{Depth: 12}
	}
	for _, tt := range tests {
		if tt.long && testing.Short() {
			continue
		}
		e := newEngine(t, Options{HashMiB: 4})
		p := mustFEN(t, tt.fen, tt.v)
		o := playOut(t, e, p, l, 200)
		if o.drawn || o.winner != tt.win {
			t.Errorf("%v %s: %+v, want a win for %v", tt.v, tt.fen, o, tt.win)
		} else {
			t.Logf("%v %s: won in %d plies", tt.v, tt.fen, o.plies)
		}
	}
}

// TestStopLatency: a cancelled search returns within 10 ms, plus the time
// a loaded machine kept its threads waiting.
func TestStopLatency(t *testing.T) {
	schedtest.SkipUnderRace(t, "times the search")
	e := newEngine(t, Options{HashMiB: 16, Threads: 2})
	for _, v := range []movegen.Variant{movegen.American, movegen.Pool} {
		p := movegen.StartPosition(v)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan time.Time)
		go func() {
			res, err := e.Search(ctx, Request{Pos: p, Limits: Limits{Infinite: true}})
			if err != nil || !res.HasMove || !p.IsLegal(res.Move) {
				t.Errorf("bad result %+v, %v", res, err)
			}
			done <- time.Now()
		}()
		time.Sleep(60 * time.Millisecond)
		w := schedtest.Waited()
		stop := time.Now()
		cancel()
		took := (<-done).Sub(stop)
		if limit := 10*time.Millisecond + schedtest.Since(w); took > limit {
			t.Errorf("%v: stop took %v, want at most %v", v, took, limit)
		}
	}
}

// TestTimeLimits: move time, exact time and the clock are kept; the upper
// bounds allow the time a loaded machine kept the search waiting.
func TestTimeLimits(t *testing.T) {
	schedtest.SkipUnderRace(t, "times the search")
	const slack = 30 * time.Millisecond
	tests := []struct {
		name     string
		l        Limits
		min, max time.Duration
	}{
		{"exact", Limits{MoveTime: 150 * time.Millisecond, Exact: true}, 140 * time.Millisecond, 150*time.Millisecond + slack},
		{"target", Limits{MoveTime: 100 * time.Millisecond}, 0, 150*time.Millisecond + slack},
		{"clock", Limits{Remaining: 200 * time.Millisecond}, 0, 200 * time.Millisecond},
		{"clock and increment", Limits{Remaining: 300 * time.Millisecond, Increment: 100 * time.Millisecond}, 0, 300 * time.Millisecond},
	}
	e := newEngine(t, Options{HashMiB: 16})
	p := movegen.StartPosition(movegen.American)
	for _, tt := range tests {
		w := schedtest.Waited()
		start := time.Now()
		res := search(t, e, p, tt.l)
		if d, most := time.Since(start), tt.max+schedtest.Since(w); d < tt.min || d > most {
			t.Errorf("%s: took %v, want %v..%v", tt.name, d, tt.min, most)
		}
		if res.Depth < 1 {
			t.Errorf("%s: no iteration finished", tt.name)
		}
	}
}

// TestStopAfterAbort: an iteration given up because a helper finished it
// ends an iteration like any other, so the main worker asks the time
// manager whether to go on. (It once went straight on to the next depth,
// so two-thread searches ran past the soft limit to the hard one.) The test
// plays the helper: while the main worker searches some depth, it finishes
// that depth with a win in one ply, where the time manager stops the search;
// no deeper iteration may follow.
func TestStopAfterAbort(t *testing.T) {
	const hard = 5 * time.Second
	e := newEngine(t, Options{HashMiB: 16})
	req := Request{Pos: movegen.StartPosition(movegen.American), Limits: Limits{MoveTime: hard}}
	var ml movegen.MoveList
	req.Pos.GenerateMoves(&ml)
	pv := []movegen.Move{ml.Moves[0]}
	s := e.newShared(&req, timeManager{start: time.Now(), hard: hard, winStop: true})
	s.maxDepth = maxDepth
	w := e.workers[0]
	w.setup(s, &req)
	const win = WinScore - 1
	faked := make(chan int, 1)
	go func() {
		for {
			d := int(s.bestDepth.Load()) + 1 // the main worker's depth: it works alone
			if d <= 12 {
				time.Sleep(100 * time.Microsecond)
				continue
			}
			s.finish(d, 0, []rootLine{{score: win, pv: pv}})
			if done, score := s.bestSoFar(); done == d && score == win {
				faked <- d
				return
			}
		}
	}()
	w.iterate()
	d := <-faked
	if done, score := s.bestSoFar(); done != d || score != win {
		t.Errorf("depth %d was finished for the main worker with a win in one, yet it went on to depth %d (score %d)", d, done, score)
	}
}

// TestHoldAnswer: a search that ends by itself early, here at the depth cap
// in a won ending, still answers only when stopped (analysis) or when an
// exact time is up; a depth limit reached first ends it at once. The
// answer must come within 200 ms of the stop (timed from when it was
// sent) or of the exact time, plus the time a loaded machine kept the
// search waiting.
func TestHoldAnswer(t *testing.T) {
	schedtest.SkipUnderRace(t, "times the search")
	const wait = 300 * time.Millisecond
	tests := []struct {
		name   string
		l      Limits
		cancel bool          // stop the search after wait
		want   time.Duration // when the answer comes, for an uncancelled search
	}{
		{"infinite", Limits{Infinite: true}, true, 0},
		{"no limit", Limits{}, true, 0},
		{"exact", Limits{MoveTime: wait, Exact: true}, false, wait},
		{"exact and depth", Limits{MoveTime: 10 * wait, Exact: true, Depth: 6}, false, 0},
	}
	p := mustFEN(t, "W:WK7,25,26,27,28:B11,15,19,20,23", movegen.American) // a win in 19 plies
	for _, tt := range tests {
		e := newEngine(t, Options{HashMiB: 16})
		ctx, cancel := context.WithCancel(context.Background())
		stopped := make(chan time.Duration, 1) // when the stop was sent, after the start
		w := schedtest.Waited()
		start := time.Now()
		if tt.cancel {
			time.AfterFunc(wait, func() {
				stopped <- time.Since(start)
				cancel()
			})
		}
		res := searchOK(t, e, ctx, Request{Pos: p, Limits: tt.l})
		took := time.Since(start)
		cancel()
		want := tt.want
		if tt.cancel {
			select {
			case want = <-stopped:
			default:
				t.Errorf("%s: answered %v after %v, before the stop", tt.name, res.Claim, took)
				continue
			}
		}
		if late := 200*time.Millisecond + schedtest.Since(w); !res.HasMove || took < want-time.Millisecond || took > want+late {
			t.Errorf("%s: answered %v after %v, want after %v..%v", tt.name, res.Claim, took, want, want+late)
		}
	}
}

// TestNodeLimit: a node budget stops the search close to it.
func TestNodeLimit(t *testing.T) {
	e := newEngine(t, Options{HashMiB: 4})
	res := search(t, e, movegen.StartPosition(movegen.Pool), Limits{Nodes: 20000})
	if res.Nodes < 20000 || res.Nodes > 20000+2*(pollMask+1) {
		t.Errorf("searched %d nodes for a budget of 20000", res.Nodes)
	}
}

// TestThreadsRace: several threads with a stop arriving mid-search (run
// under -race by make test). The stop comes after the checks made during
// the search, once its first iteration has reported: never after a search
// that already ended, however loaded the machine.
func TestThreadsRace(t *testing.T) {
	e := newEngine(t, Options{HashMiB: 4, Threads: 3})
	for _, v := range []movegen.Variant{movegen.American, movegen.Pool} {
		p := movegen.StartPosition(v)
		ctx, cancel := context.WithCancel(context.Background())
		started, returned, checked := make(chan struct{}), make(chan struct{}), make(chan struct{})
		var once sync.Once
		go func() {
			defer close(checked)
			defer cancel()
			select {
			case <-started:
			case <-returned:
				return
			}
			time.Sleep(20 * time.Millisecond) // the threads deep in the tree when the stop comes
			if o := e.Options(); o.Threads != 3 {
				t.Errorf("Options during a search: %+v", o)
			}
			if err := e.SetOptions(Options{HashMiB: 1}); err == nil {
				t.Error("SetOptions during a search succeeded")
			}
		}()
		res, err := e.Search(ctx, Request{Pos: p, Limits: Limits{Depth: 60},
			Report: func(Info) { once.Do(func() { close(started) }) }})
		close(returned)
		<-checked
		if err != nil {
			t.Fatal(err)
		}
		if !res.HasMove || !p.IsLegal(res.Move) {
			t.Fatalf("bad result %+v", res)
		}
		checkPV(t, p, res.PV)
	}
	if err := e.SetOptions(Options{HashMiB: 2, Threads: 2}); err != nil {
		t.Fatal(err)
	}
	res := search(t, e, movegen.StartPosition(movegen.American), Limits{Depth: 6})
	if res.Depth != 6 {
		t.Errorf("depth %d after SetOptions, want 6", res.Depth)
	}
}

func TestOptions(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	e := newEngine(t, Options{})
	if o := e.Options(); o.HashMiB != DefaultHashMiB || o.Threads != DefaultThreads {
		t.Errorf("defaults: %+v", o)
	}
	for _, o := range []Options{{HashMiB: -1}, {HashMiB: MaxHashMiB + 1}, {Threads: MaxThreads + 1}, {Threads: -2}} {
		if err := e.SetOptions(o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if err := e.SetOptions(Options{HashMiB: 2, Threads: 3}); err != nil || e.Options() != (Options{HashMiB: 2, Threads: 3, MultiPV: 1, Eval: eval.Default()}) {
		t.Errorf("SetOptions: %v, now %+v", err, e.Options())
	}
	if n := runtime.GOMAXPROCS(0); n != procs {
		t.Errorf("GOMAXPROCS %d after New and SetOptions, was %d: a library leaves it to the program", n, procs)
	}
}

// TestSingleMove: with one legal move and a clock the answer comes at once.
func TestSingleMove(t *testing.T) {
	// 15x22 is the only move; under a clock it is answered at once, under
	// an average move time it is thought about like any other.
	g := movegen.NewGame(movegen.StartPosition(movegen.American))
	for _, m := range []string{"11-15", "23-19", "8-11", "22-18"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	p := g.Position()
	var ml movegen.MoveList
	if p.GenerateMoves(&ml); ml.N != 1 {
		t.Fatalf("%d legal moves in %s, want one", ml.N, p.FEN())
	}
	e := newEngine(t, Options{HashMiB: 1})
	w := schedtest.Waited()
	start := time.Now()
	search(t, e, p, Limits{Remaining: 30 * time.Second})
	if d, most := time.Since(start), 200*time.Millisecond+schedtest.Since(w); d > most {
		t.Errorf("clock: took %v for the only move, want at most %v", d, most)
	}
	start = time.Now()
	search(t, newEngine(t, Options{HashMiB: 1}), p, Limits{MoveTime: 300 * time.Millisecond})
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("move time: answered the only move after %v, want about 300ms of thought", d)
	}
}

// TestPonder: a ponder search thinks with no time limit until ponderhit,
// however long that takes, and only then does the clock of its limits
// start; a depth reached while pondering is held until ponderhit; a stop
// while pondering answers at once with the best move so far. The times
// reported count from the search's start. Two threads: each notices
// ponderhit as it polls.
func TestPonder(t *testing.T) {
	ponder := 400 * time.Millisecond // before ponderhit or stop
	if testing.Short() {
		ponder = 200 * time.Millisecond // each case burns two threads while it waits
	}
	const (
		mt    = 300 * time.Millisecond
		slack = 400 * time.Millisecond // for a loaded machine
	)
	tests := []struct {
		name     string
		l        Limits
		hit      bool          // ponderhit after ponder, else stop
		min, max time.Duration // when the answer comes after it
	}{
		{"move time", Limits{MoveTime: mt}, true, mt * softNum / softDen, mt + slack},
		{"exact time", Limits{MoveTime: mt, Exact: true}, true, mt, mt + slack},
		{"depth reached while pondering", Limits{Depth: 5}, true, 0, slack},
		{"stop while pondering", Limits{MoveTime: mt}, false, 0, slack},
		{"infinite, stopped after ponderhit", Limits{Infinite: true}, true, ponder, ponder + slack},
	}
	p := movegen.StartPosition(movegen.American)
	for _, tt := range tests {
		e := newEngine(t, Options{HashMiB: 4, Threads: 2})
		hit := make(chan struct{})
		ctx, cancel := context.WithCancel(context.Background())
		type answer struct {
			res Result
			err error
		}
		done := make(chan answer, 1)
		var began time.Time // when the search was called, which done publishes
		go func() {
			began = time.Now()
			res, err := e.Search(ctx, Request{Pos: p, Limits: tt.l, PonderHit: hit})
			done <- answer{res, err}
		}()
		select {
		case a := <-done:
			t.Fatalf("%s: answered %v while pondering (%v)", tt.name, a.res.Move, a.err)
		case <-time.After(ponder):
		}
		w := schedtest.Waited()
		at := time.Now()
		if tt.hit {
			close(hit)
			if tt.l.Infinite {
				time.AfterFunc(ponder, cancel)
			}
		} else {
			cancel()
		}
		a := <-done
		took := time.Since(at)
		cancel()
		if a.err != nil || !a.res.HasMove || !p.IsLegal(a.res.Move) || a.res.Depth == 0 {
			t.Fatalf("%s: result %+v, %v", tt.name, a.res, a.err)
		}
		if most := tt.max + schedtest.Since(w); took < tt.min || took > most {
			t.Errorf("%s: answered %v after the %s, want %v to %v", tt.name, took, map[bool]string{true: "ponderhit", false: "stop"}[tt.hit], tt.min, most)
		}
		// The search pondered from its call to the ponderhit (at least
		// ponder, more if its goroutine started late); its clock starts a
		// little after the call.
		if least := at.Sub(began) + tt.min - 20*time.Millisecond; a.res.Time < least {
			t.Errorf("%s: time %v, less than the %v pondered and after", tt.name, a.res.Time, least)
		}
	}
}
