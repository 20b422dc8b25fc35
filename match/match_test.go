package match

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
)

// testBallots returns the first n ballots of the deck.
func testBallots(t testing.TB, n int) []book.Ballot {
	t.Helper()
	bs, err := book.SelectBallots("deck", movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	return bs[:n]
}

// fenBallots reads FENs of rule set v as ballots.
func fenBallots(t *testing.T, v movegen.Variant, fens ...string) []book.Ballot {
	t.Helper()
	bs, err := book.ReadBallots(strings.NewReader(strings.Join(fens, "\n")), v)
	if err != nil {
		t.Fatal(err)
	}
	return bs
}

// inProcess returns an in-process fake engine.
func inProcess(name, mode string) Engine {
	return Engine{Name: name, Run: fakeEngine(mode)}
}

// runTestMatch runs a match and checks every game it reports with
// checkGame.
func runTestMatch(t *testing.T, cfg Config) *Report {
	t.Helper()
	if cfg.Concurrency == 0 {
		cfg.Concurrency = 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r, err := Run(ctx, cfg)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	maxPlies := cfg.MaxPlies
	if maxPlies == 0 {
		maxPlies = DefaultMaxPlies
	}
	for _, g := range r.Games {
		checkGame(t, g.Start, g.Moves, g.Result, g.End, maxPlies)
	}
	return r
}

// checkGame replays a game and checks, with the rules of
// movegen.Adjudicate rather than the runner's bookkeeping, that every move is legal, that no rule of the game should have ended it
// earlier, and that its result fits how it ended: a rule draw must hold in
// the final position, a side with no move must have lost, and an engine's
// failure is a loss for the side to move.
func checkGame(t *testing.T, start movegen.Position, moves []movegen.Move, result string, end End, maxPlies int) {
	t.Helper()
	pos := start
	history := []movegen.Position{pos}
	// state reports which rule ends the game at the current position.
	state := func(ply int) End {
		if o := movegen.Adjudicate(history, moves[:ply]); o.Over() {
			return endOf(o.Ending)
		}
		if ply >= maxPlies {
			return EndMoveCap
		}
		return ""
	}
	for i, m := range moves {
		if e := state(i); e != "" {
			t.Fatalf("game from %s: %s at ply %d, but play went on", start.FEN(), e, i)
		}
		if !pos.IsLegal(m) {
			t.Fatalf("game from %s: move %d (%s) is not legal in %s", start.FEN(), i+1, m.PathString(), pos.FEN())
		}
		pos.MakeMove(m)
		history = append(history, pos)
	}
	moverLoses := "1-0"
	if pos.Turn == movegen.Black {
		moverLoses = "0-1"
	}
	final := state(len(moves))
	want := "1/2-1/2"
	switch end {
	case EndNoMove, EndRepetition, EndMoveCount, EndThreeKings, EndMoveCap:
		if final != end {
			t.Fatalf("game from %s ended by %q, but the final position %s is %q", start.FEN(), end, pos.FEN(), final)
		}
		if end == EndNoMove {
			want = moverLoses
		}
	case EndDrawClaim:
		if final == EndNoMove {
			t.Fatalf("game from %s: a draw claim ended a game already won", start.FEN())
		}
	case EndIllegal, EndBadReply, EndEngineError, EndCrash, EndTimeForfeit:
		if final != "" {
			t.Fatalf("game from %s: %s adjudicated where %s had already ended it", start.FEN(), end, final)
		}
		want = moverLoses
	default:
		t.Fatalf("game from %s: unknown ending %q", start.FEN(), end)
	}
	if result != want {
		t.Fatalf("game from %s ended by %s with %s, want %s", start.FEN(), end, result, want)
	}
}

// TestFaults plays scripted engines that misbehave and checks each
// fault is adjudicated as a loss with its reason, the faulty engine is
// restarted when it crashed or hung, and the match finishes.
func TestFaults(t *testing.T) {
	tests := []struct {
		name    string
		mode    string // engine1's behaviour; engine2 always plays its first move
		process bool   // run engine1 as a process, not in process
		end     End
		reason  string
	}{
		{"illegal", "illegal@3", false, EndIllegal, "not legal"},
		{"garbage", "garbage@2", false, EndBadReply, `sent "move banana result=win"`},
		{"no move", "nomove@2", false, EndBadReply, `sent "move"`},
		{"error", "error@2", false, EndEngineError, "error getmove"},
		{"hang", "hang@2", false, EndTimeForfeit, "no move within 300ms"},
		{"crash", "crash@3", false, EndCrash, "crashed on purpose"},
		{"panic", "panic@2", false, EndCrash, "engine faulty: panic: panicked on purpose"},
		{"process illegal", "illegal@2", true, EndIllegal, "not legal"},
		{"process hang", "hang@2", true, EndTimeForfeit, "no move within 300ms"},
		{"process crash", "crash@2", true, EndCrash, "exit status 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e1 := inProcess("faulty", tc.mode)
			if tc.process {
				e1 = fakeProcess(t, "faulty", tc.mode)
			}
			games := 4
			if tc.process {
				games = 2
			}
			var pdn bytes.Buffer
			r := runTestMatch(t, Config{
				Engines: [2]Engine{e1, inProcess("good", "first")},
				Ballots: testBallots(t, 2),
				Games:   games,
				Limits:  search.Limits{Depth: 1},
				Timeout: 300 * time.Millisecond,
				PDN:     &pdn,
			})
			if r.Score.Games() != games || r.Score.Losses != games || r.Failures[0] != games || r.Failures[1] != 0 {
				t.Fatalf("score %+v, failures %v: want %d losses, all faults of engine1", r.Score, r.Failures, games)
			}
			for _, g := range r.Games {
				if g.End != tc.end || !strings.HasPrefix(g.Reason, string(tc.end)+": faulty") || !strings.Contains(g.Reason, tc.reason) {
					t.Errorf("game %d ended %q (%s), want %q with %q", g.Round, g.End, g.Reason, tc.end, tc.reason)
				}
			}
			checkPDN(t, pdn.String(), r, 0)
		})
	}
}

// TestProcessStderr checks that a process engine's stderr goes with the
// game it was written in, so that a crash's last words are kept, that a
// game without any has none, and that the report holds the engines'
// peak memory: a process's where the system says, none in process.
func TestProcessStderr(t *testing.T) {
	r := runTestMatch(t, Config{
		Engines:     [2]Engine{fakeProcess(t, "crasher", "crash@3"), inProcess("good", "first")},
		Ballots:     testBallots(t, 1),
		Limits:      search.Limits{Depth: 1},
		Concurrency: 1,
	})
	for _, g := range r.Games {
		if g.End != EndCrash || !strings.Contains(g.Stderr[0], "fake engine: crashed on purpose") || g.Stderr[1] != "" {
			t.Errorf("game %d ended %q with stderr %q: want a crash with its last words", g.Round, g.End, g.Stderr)
		}
	}
	r = runTestMatch(t, Config{
		Engines:     [2]Engine{fakeProcess(t, "quiet", "first"), inProcess("good", "first")},
		Ballots:     testBallots(t, 1),
		Limits:      search.Limits{Depth: 1},
		Concurrency: 1,
	})
	for _, g := range r.Games {
		if g.Stderr != [2]string{} {
			t.Errorf("game %d: stderr %q, want none", g.Round, g.Stderr)
		}
	}
	if r.PeakMemory[1] != 0 || runtime.GOOS == "linux" && r.PeakMemory[0] < 1<<20 {
		t.Errorf("peak memory %v: want a process's (at least 1 MiB on Linux) and none for the engine in process", r.PeakMemory)
	}
	var sum strings.Builder
	r.WriteSummary(&sum)
	if runtime.GOOS == "linux" && !strings.Contains(sum.String(), "Peak memory of a process: quiet ") {
		t.Errorf("the summary does not give the peak memory:\n%s", sum.String())
	}
}

// TestStderrLog checks the stderr kept: what was written after a mark,
// and only the last stderrKeep bytes of much, saying how much was dropped.
func TestStderrLog(t *testing.T) {
	var l stderrLog
	io.WriteString(&l, "before\n")
	m := l.mark()
	io.WriteString(&l, "after\n")
	if got := l.since(m); got != "after\n" {
		t.Errorf("since the mark: %q, want %q", got, "after\n")
	}
	if got := l.since(l.mark()); got != "" {
		t.Errorf("since now: %q, want nothing", got)
	}
	m = l.mark()
	big := strings.Repeat("x", stderrKeep+10)
	io.WriteString(&l, big)
	if got := l.since(m); got != "(10 bytes before these dropped)\n"+big[10:] {
		t.Errorf("a long stderr: %d bytes starting %q", len(got), got[:min(len(got), 40)])
	}
}

// TestNoise checks stray lines before a move are ignored and the
// games are played out by the rules.
func TestNoise(t *testing.T) {
	r := runTestMatch(t, Config{
		Engines: [2]Engine{inProcess("noisy", "noise"), inProcess("random", "random:7")},
		Ballots: testBallots(t, 2),
		Limits:  search.Limits{Depth: 1},
	})
	if r.Score.Games() != 4 || r.Failures != [2]int{} {
		t.Fatalf("score %+v failures %v", r.Score, r.Failures)
	}
}

// TestDrawClaim checks a draw claim ends the game as a draw, recorded,
// after the claiming move is played.
func TestDrawClaim(t *testing.T) {
	var pdn bytes.Buffer
	r := runTestMatch(t, Config{
		Engines: [2]Engine{inProcess("claimer", "drawclaim@3"), inProcess("good", "first")},
		Ballots: testBallots(t, 2),
		Limits:  search.Limits{Depth: 1},
		PDN:     &pdn,
	})
	for _, g := range r.Games {
		if g.End != EndDrawClaim || g.Result != "1/2-1/2" || g.Reason != "draw claim: by claimer" {
			t.Errorf("game %d: %s %q (%s)", g.Round, g.Result, g.End, g.Reason)
		}
		// The claimer claimed with its third move; White moves first.
		want := 5
		if g.Black == 0 {
			want = 6
		}
		if len(g.Moves) != want {
			t.Errorf("game %d: %d plies, want %d", g.Round, len(g.Moves), want)
		}
	}
	if r.Score.Draws != 4 {
		t.Fatalf("score %+v, want 4 draws", r.Score)
	}
	checkPDN(t, pdn.String(), r, 0)
}

// TestBadSetup checks an engine that refuses its setup stops the match
// with an error instead of losing every game.
func TestBadSetup(t *testing.T) {
	_, err := Run(context.Background(), Config{
		Engines: [2]Engine{inProcess("bad", "badsetup"), inProcess("good", "first")},
		Ballots: testBallots(t, 1),
		Limits:  search.Limits{Depth: 1},
	})
	if err == nil || !strings.Contains(err.Error(), "setup refused") {
		t.Fatalf("err = %v, want setup refused", err)
	}
	_, err = Run(context.Background(), Config{
		Engines: [2]Engine{{Name: "missing", Argv: []string{"./no-such-engine-here"}}, inProcess("good", "first")},
		Ballots: testBallots(t, 1),
	})
	if err == nil {
		t.Fatal("a missing engine program started")
	}
}

// TestRules plays random movers from endings where the game's own
// rules end it, and checks every rule ending occurs and is right.
func TestRules(t *testing.T) {
	tests := []struct {
		name     string
		mode     string
		variant  movegen.Variant
		fens     []string
		maxPlies int
		want     []End // each must end at least one game
	}{
		{"kings shuffle", "random", movegen.American, []string{"W:WK29,K30:BK3,K4", "W:WK32:BK1"}, 0,
			[]End{EndRepetition, EndNoMove}},
		{"kings wander", "wander", movegen.American, []string{"W:WK29,K30:BK3,K4", "B:WK32:BK1"}, 0,
			[]End{EndMoveCount}},
		{"men race", "random", movegen.American, []string{"W:W21,22,23:B10,11,12", "B:W25,26,27,28:B5,6,7,8"}, 0,
			[]End{EndNoMove}},
		{"move cap", "random", movegen.American, []string{"B:W21-32:B1-12"}, 12, []End{EndMoveCap}},
		{"pool three kings", "wander", movegen.Pool, []string{"W:WK29,K30,K31:BK4", "B:WK1,K2,K3:BK30"}, 0,
			[]End{EndThreeKings}},
		{"pool men", "random", movegen.Pool, []string{"W:W21,22,23:B10,11,12", "B:W21-32:B1-12"}, 0,
			[]End{EndNoMove}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var pdn bytes.Buffer
			r := runTestMatch(t, Config{
				Engines:  [2]Engine{inProcess("r1", tc.mode+":1"), inProcess("r2", tc.mode+":2")},
				Variant:  tc.variant,
				Ballots:  fenBallots(t, tc.variant, tc.fens...),
				Games:    12 * len(tc.fens),
				MaxPlies: tc.maxPlies,
				Limits:   search.Limits{Depth: 1},
				PDN:      &pdn,
			})
			if r.Failures != [2]int{} {
				t.Errorf("engine failures %v; endings %v", r.Failures, r.Ends)
			}
			for _, e := range tc.want {
				if r.Ends[e] == 0 {
					t.Errorf("no game ended by %s; endings %v", e, r.Ends)
				}
			}
			checkPDN(t, pdn.String(), r, tc.maxPlies)
			// Engines that send no info line get the time they took.
			timed := regexp.MustCompile(`^\d+\.\d\ds$`)
			for _, g := range r.Games {
				for i, c := range g.Comments {
					if !timed.MatchString(c) {
						t.Fatalf("round %d, move %d: comment %q", g.Round, i+1, c)
					}
				}
			}
		})
	}
}

// TestSPRTStops checks a sequential test stops a one-sided match early.
func TestSPRTStops(t *testing.T) {
	r, err := Run(context.Background(), Config{
		Engines: [2]Engine{inProcess("good", "random:3"), inProcess("faulty", "illegal@4")},
		Ballots: testBallots(t, 40),
		Limits:  search.Limits{Depth: 1},
		SPRT:    &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05},
	})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != SPRTAcceptH1 || r.Score.Games() >= r.Planned || !strings.HasPrefix(r.Stopped, "SPRT") {
		t.Fatalf("verdict %v after %d of %d games (stopped %q)", r.Verdict, r.Score.Games(), r.Planned, r.Stopped)
	}
	var out strings.Builder
	r.WriteSummary(&out)
	for _, want := range []string{"H1 accepted", "good is stronger", "faulty"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, out.String())
		}
	}
}

// TestRunRefuses checks the configurations Run refuses before it starts
// an engine.
func TestRunRefuses(t *testing.T) {
	engines := [2]Engine{inProcess("r1", "random:1"), inProcess("r2", "random:2")}
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no ballots", Config{Engines: engines}, "match: no ballots"},
		{"ballots of the other rule set", Config{Engines: engines, Variant: movegen.Pool, Ballots: testBallots(t, 1)},
			"match: ballot 1 (9-13 21-17 5-9) is a position of american, the match plays pool"},
	}
	for _, tc := range tests {
		if _, err := Run(context.Background(), tc.cfg); err == nil || err.Error() != tc.want {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestSummary checks the summary's table: engine1's results, then
// engine2's mirrored, each split by colour.
func TestSummary(t *testing.T) {
	r := &Report{
		Names:    [2]string{"new", "old"},
		Planned:  10,
		Score:    Score{Wins: 4, Losses: 1, Draws: 5},
		AsBlack:  Score{Wins: 3, Losses: 0, Draws: 2},
		AsWhite:  Score{Wins: 1, Losses: 1, Draws: 3},
		Ends:     map[End]int{EndNoMove: 5, EndMoveCount: 4, EndCrash: 1},
		Failures: [2]int{0, 1},
	}
	var out strings.Builder
	r.WriteSummary(&out)
	for _, want := range []string{
		"Match new vs old, American checkers, 10 games\n",
		"new             4      1      5   65.0%\n",
		"  as Black      3      0      2   80.0%\n",
		"  as White      1      1      3   50.0%\n",
		"old             1      4      5   35.0%\n",
		"  as Black      1      1      3   50.0%\n",
		"  as White      0      3      2   20.0%\n",
		"Black vs White: 4-1-5, Black scored 65.0%\n",
		"Elo difference new - old: +107.5 ± 166.5 (95%), LOS 91.0%\n",
		"Significance: not significant",
		"Endings: no legal move 5, move-count rule 4, crash 1\n",
		"Engine failures (illegal move, bad reply, error, crash, time forfeit): new 0, old 1\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, out.String())
		}
	}
}

// TestPonder: an engine that ponders gets getmove ... ponder after each
// of its moves that names a reply, then ponderhit when that reply is
// played and stop when it is not, and never another command while it
// ponders, also when the game ends: the fake ponderer answers any other
// as an error, and a ponderhit without a ponder search too, which would
// lose it the game. Against an opponent that plays the reply it expects
// every ponder is a hit; against a random one some are misses.
func TestPonder(t *testing.T) {
	tests := []struct {
		opponent string
		misses   bool
	}{
		{"first", false},
		{"random:5", true},
	}
	for _, tc := range tests {
		t.Run(tc.opponent, func(t *testing.T) {
			ponderer := inProcess("ponderer", "ponder:0")
			ponderer.Ponder = true
			r := runTestMatch(t, Config{
				Engines:  [2]Engine{ponderer, inProcess("opponent", tc.opponent)},
				Ballots:  testBallots(t, 2),
				Limits:   search.Limits{Depth: 1},
				MaxPlies: 40,
			})
			if r.Score.Games() != 4 || r.Failures != [2]int{} {
				t.Fatalf("score %+v failures %v: %v", r.Score, r.Failures, r.Ends)
			}
			if r.PonderHits[0] == 0 || (r.PonderMisses[0] > 0) != tc.misses || r.PonderHits[1]+r.PonderMisses[1] > 0 {
				t.Errorf("ponder hits %v, misses %v", r.PonderHits, r.PonderMisses)
			}
			var sum bytes.Buffer
			r.WriteSummary(&sum)
			if !strings.Contains(sum.String(), "Pondering: ponderer expected the reply played") || strings.Contains(sum.String(), "Pondering: opponent") {
				t.Errorf("summary:\n%s", sum.String())
			}
		})
	}
}

// TestPonderOwnTime: a pondering engine's move is timed from ponderhit,
// not from its ponder search's start: the opponent thinks a second, the
// ponderer answers a second after ponderhit, and a time forfeit of 1.5 s
// takes neither, though the two together pass it. Half a second either
// way: on a loaded machine an answer due after 600 ms once missed a
// forfeit of one second.
func TestPonderOwnTime(t *testing.T) {
	ponderer := inProcess("ponderer", "ponder:1000")
	ponderer.Ponder = true
	r := runTestMatch(t, Config{
		Engines:  [2]Engine{ponderer, inProcess("slow", "slow:1000")},
		Ballots:  testBallots(t, 1),
		Games:    1,
		Limits:   search.Limits{Depth: 1},
		Timeout:  1500 * time.Millisecond,
		MaxPlies: 4,
	})
	if r.Failures != [2]int{} || r.PonderHits[0] != 1 || r.Games[0].End != EndMoveCap {
		t.Fatalf("failures %v, ponder hits %v, game ended %s", r.Failures, r.PonderHits, r.Games[0].Reason)
	}
}

// TestPonderSelf: Crown in process pondering (self:ponder=1) against
// Crown: the runner's commands and the engines' replies hold no error
// line (a command refused while pondering would be one), and ponder
// searches were started, then hit or stopped.
func TestPonderSelf(t *testing.T) {
	var mu sync.Mutex
	var commands, replies bytes.Buffer
	record := func(spec string) Engine {
		e, err := ParseEngine(spec, protocol.Config{Name: "Crown", Session: play.Config{Options: play.Options{HashMiB: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		run := e.Run
		e.Run = func(ctx context.Context, in io.Reader, out io.Writer) error {
			return run(ctx, io.TeeReader(in, lockedWriter{&mu, &commands}), io.MultiWriter(out, lockedWriter{&mu, &replies}))
		}
		return e
	}
	var pdn bytes.Buffer
	r := runTestMatch(t, Config{
		Engines:  [2]Engine{record("self:depth=3,ponder=1"), record("self:depth=3")},
		Ballots:  testBallots(t, 2),
		MaxPlies: 60,
		PDN:      &pdn,
	})
	checkPDN(t, pdn.String(), r, 60)
	// Each move's comment holds the mover's score and depth, or says it
	// came from the book, and is written after the move.
	scored := regexp.MustCompile(`^(book|[+-]?\d+\.\d\d/3|(win|loss) in \d+ moves?/\d+) \d+\.\d\ds$`)
	text := strings.ReplaceAll(pdn.String(), "\n", " ") // a comment may be broken across lines
	comments := 0
	for _, g := range r.Games {
		if len(g.Comments) != len(g.Moves) {
			t.Fatalf("round %d: %d comments for %d moves", g.Round, len(g.Comments), len(g.Moves))
		}
		for i, c := range g.Comments {
			if !scored.MatchString(c) {
				t.Errorf("round %d, move %d: comment %q", g.Round, i+1, c)
			}
			if !strings.Contains(text, "{"+c+"}") {
				t.Errorf("round %d, move %d: comment %q is not in the PDN", g.Round, i+1, c)
			}
		}
		comments += len(g.Comments)
	}
	if n := strings.Count(text, "{"); n != comments {
		t.Errorf("the PDN holds %d comments, the games %d", n, comments)
	}
	mu.Lock()
	defer mu.Unlock()
	if r.Failures != [2]int{} || r.PonderHits[0]+r.PonderMisses[0] == 0 {
		t.Fatalf("failures %v, ponder hits %v misses %v", r.Failures, r.PonderHits, r.PonderMisses)
	}
	for _, l := range strings.Split(replies.String(), "\n") {
		if strings.HasPrefix(l, "error") {
			t.Errorf("engine replied %q", l)
		}
	}
	// Every ponder search ends in a ponderhit (a hit) or a stop (a miss,
	// or the game's end).
	cmds := commands.String()
	ponders, hits, stops := strings.Count(cmds, " ponder\n"), strings.Count(cmds, "ponderhit\n"), strings.Count(cmds, "stop\n")
	if ponders != hits+stops || hits != r.PonderHits[0] || stops < r.PonderMisses[0] {
		t.Errorf("%d ponder searches, %d ponderhits, %d stops; hits %v misses %v", ponders, hits, stops, r.PonderHits, r.PonderMisses)
	}
}

// lockedWriter writes to w under mu.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// TestSetDefaults: engines of one name are told apart, and moves get
// DefaultMoveTime unless the match or both engines bound them.
func TestSetDefaults(t *testing.T) {
	depth := search.Limits{Depth: 3}
	for _, tc := range []struct {
		name         string
		names        [2]string
		limits       search.Limits
		own          [2]search.Limits
		wantNames    [2]string
		wantMoveTime time.Duration
	}{
		{"one name, no limits", [2]string{"self", "self"}, search.Limits{}, [2]search.Limits{}, [2]string{"self (1)", "self (2)"}, DefaultMoveTime},
		{"two names, the match's limits", [2]string{"a", "b"}, depth, [2]search.Limits{}, [2]string{"a", "b"}, 0},
		{"one engine's limits", [2]string{"a", "b"}, search.Limits{}, [2]search.Limits{depth, {}}, [2]string{"a", "b"}, DefaultMoveTime},
		{"both engines' limits", [2]string{"a", "b"}, search.Limits{}, [2]search.Limits{depth, depth}, [2]string{"a", "b"}, 0},
	} {
		cfg := Config{Limits: tc.limits}
		for e := range cfg.Engines {
			cfg.Engines[e] = Engine{Name: tc.names[e], Limits: tc.own[e]}
		}
		cfg.SetDefaults()
		if got := [2]string{cfg.Engines[0].Name, cfg.Engines[1].Name}; got != tc.wantNames || cfg.Limits.MoveTime != tc.wantMoveTime ||
			cfg.Limits.Depth != tc.limits.Depth {
			t.Errorf("%s: names %q, limits %+v; want %q, movetime %v", tc.name, got, cfg.Limits, tc.wantNames, tc.wantMoveTime)
		}
	}
}
