package main

// The C host (host/host.c) loads the library with dlopen, as CheckerBoard
// does, and drives it through getmove and enginecommand alone; these tests
// run it and check what it prints. make test-cb builds the library and the
// host and passes them in CROWN_CB_LIB and CROWN_CB_HOST, and the library
// built with the tag crownfault (panics injected where CROWN_FAULT says,
// internal/fault) in CROWN_CB_FAULT_LIB; without them the tests build them
// into a temporary folder (skipped with -short, or without a C compiler).
//
// CROWN_CB_GAMES (default 2) sets how many ballot games the host plays,
// CROWN_CB_MAXTIME (default 0.05) the seconds per move.

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/movegen/cbboard"
	"github.com/crown-checkers/crown/play"
)

// Defaults of the host tests.
const (
	defaultHostGames   = 2
	defaultHostMaxtime = 0.05
	// hostMaxPlies caps a game: CheckerBoard's 300-move cap, in plies.
	hostMaxPlies = 600
	hostHashMiB  = 16
	// playnowDelay is how long the host lets the infinite search run
	// before it sets *playnow.
	playnowDelay = 300 * time.Millisecond
	// The search stops at maxtime by its own clock, and the host measures
	// both the wall time of each getmove and the CPU time the process
	// spent in it. On a machine whose cores are busy (and at low priority)
	// the wall time can run far past maxtime while the search thread waits
	// for a core (measured on 2 loaded cores at nice 19: up to 484 ms for
	// 50); the CPU time cannot. So each move's CPU time must keep within
	// cpuNum/cpuDen of maxtime plus cpuSlack (the runtime's own threads),
	// and its wall time within wallSlack of maxtime, which only a search
	// that ignores maxtime breaks. The process's CPU time also holds what
	// the kernel did for it (page faults, memory compaction), which a
	// loaded machine can make long: CI once measured 141 ms of CPU in a
	// 150 ms move for 50, the other 517 moves within the bound. So up to
	// one move in cpuOutliersPer may pass the CPU bound (each one logged)
	// while the mean keeps within it; a search that ignores maxtime
	// breaks it on most moves.
	cpuNum, cpuDen = 11, 10
	cpuOutliersPer = 100
	// exactNum/exactDen of maxtime is the least a CB_EXACT_TIME move takes
	// (by the wall clock, which can only run longer than the engine's).
	exactNum, exactDen = 99, 100
	cpuSlack           = 20 * time.Millisecond
	wallSlack          = time.Second
	// maxIdleCPU bounds the CPU time the host's process may use in its
	// 300 ms without a getmove after the games: a search left running would
	// use all of it.
	maxIdleCPU = 30 * time.Millisecond
)

var (
	hostOnce             sync.Once
	hostLib, hostBin     string
	hostErr, hostSkipMsg string
	hostTmp              string
	faultOnce            sync.Once
	faultLib, faultErr   string
)

// TestMain removes what the tests built: the library and host, and the
// database egdbtest.Dir built.
func TestMain(m *testing.M) {
	code := egdbtest.Run(m)
	if hostTmp != "" {
		os.RemoveAll(hostTmp)
	}
	os.Exit(code)
}

// hostPaths returns the library and the host program, building them when
// the environment does not name them.
func hostPaths(t *testing.T) (lib, bin string) {
	t.Helper()
	hostOnce.Do(func() {
		hostLib, hostBin = os.Getenv("CROWN_CB_LIB"), os.Getenv("CROWN_CB_HOST")
		if hostLib != "" && hostBin != "" {
			return
		}
		if testing.Short() {
			hostSkipMsg = "builds the library and the C host; skipped with -short (make test-cb runs it)"
			return
		}
		cc, err := exec.LookPath("gcc")
		if err != nil || runtime.GOOS != "linux" {
			hostSkipMsg = "needs gcc on Linux"
			return
		}
		dir, err := hostTempDir()
		if err != nil {
			hostErr = err.Error()
			return
		}
		hostLib, hostBin = filepath.Join(dir, "crown-cb.so"), filepath.Join(dir, "host")
		for _, argv := range [][]string{
			{"go", "build", "-buildmode=c-shared", "-o", hostLib, "."},
			{cc, "-std=c11", "-O1", "-Wall", "-o", hostBin, "host/host.c", "-ldl", "-lpthread"},
		} {
			if out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput(); err != nil {
				hostErr = fmt.Sprintf("%q: %v\n%s", argv, err, out)
				return
			}
		}
	})
	switch {
	case hostSkipMsg != "":
		t.Skip(hostSkipMsg)
	case hostErr != "":
		t.Fatal(hostErr)
	}
	return hostLib, hostBin
}

// hostTempDir returns the folder the tests build into, made on first use
// and removed by TestMain.
func hostTempDir() (string, error) {
	if hostTmp != "" {
		return hostTmp, nil
	}
	dir, err := os.MkdirTemp("", "crown-cb")
	hostTmp = dir
	return dir, err
}

// faultLibPath returns the library built with the tag crownfault, building
// it when the environment does not name it.
func faultLibPath(t *testing.T) string {
	t.Helper()
	hostPaths(t) // skips as the other host tests do
	faultOnce.Do(func() {
		if faultLib = os.Getenv("CROWN_CB_FAULT_LIB"); faultLib != "" {
			return
		}
		dir, err := hostTempDir()
		if err != nil {
			faultErr = err.Error()
			return
		}
		faultLib = filepath.Join(dir, "crown-cb-fault.so")
		if out, err := exec.Command("go", "build", "-tags", "crownfault", "-buildmode=c-shared", "-o", faultLib, ".").CombinedOutput(); err != nil {
			faultErr = fmt.Sprintf("building the library with crownfault: %v\n%s", err, out)
		}
	})
	if faultErr != "" {
		t.Fatal(faultErr)
	}
	return faultLib
}

// runHost runs the host with args and stdin, and returns its output lines.
func runHost(t *testing.T, stdin string, args ...string) []string {
	t.Helper()
	lib, _ := hostPaths(t)
	return runHostLib(t, lib, nil, stdin, args...)
}

// runHostLib runs the host on the library lib with env added to its
// environment, args and stdin, and returns its output lines.
func runHostLib(t *testing.T, lib string, env []string, stdin string, args ...string) []string {
	t.Helper()
	_, bin := hostPaths(t)
	cmd := exec.Command(bin, append([]string{lib}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("host %q: %v\n%s\n%s", args, err, out, stderr.Bytes())
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) < 2 || lines[0] != "name "+play.Name+" "+play.Version || lines[len(lines)-1] != "done" {
		t.Fatalf("host %q: output does not start with the name and end with done:\n%s", args, out)
	}
	return lines
}

// ints reads the blank-separated integers of s.
func ints(t *testing.T, s string) []int {
	t.Helper()
	var v []int
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("not a number %q in %q", f, s)
		}
		v = append(v, n)
	}
	return v
}

// hostRead reads a board or a CBmove the host printed (cbboard.ReadBoard,
// cbboard.ReadMove), failing the test if it cannot.
func hostRead[T any](t *testing.T, read func([]string) (T, error), f []string) T {
	t.Helper()
	v, err := read(f)
	if err != nil {
		t.Fatalf("%v in %q", err, f)
	}
	return v
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

func envFloat(name string, def float64) float64 {
	if f, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil && f > 0 {
		return f
	}
	return def
}

// TestHostGames plays ballot games through the host and checks every
// returned board is a legal successor, the CBmove agrees with it, and the
// time per move keeps to maxtime.
func TestHostGames(t *testing.T) {
	games := envInt("CROWN_CB_GAMES", defaultHostGames)
	ballots, err := book.SelectBallots("deck", movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	var fens []string
	for i := range games {
		// Spread the games over the deck.
		fens = append(fens, ballots[i*len(ballots)/games].Pos.FEN())
	}
	playHostGames(t, movegen.American, fens, "plain", hostMaxPlies)
}

// TestHostClocks plays the first moves of a game with CB_EXACT_TIME and
// with an incremental clock (info bits 2-3, moreinfo).
func TestHostClocks(t *testing.T) {
	for _, mode := range []string{"exact", "incr"} {
		t.Run(mode, func(t *testing.T) {
			playHostGames(t, movegen.American, []string{"B:W21-32:B1-12"}, mode, clockPlies)
		})
	}
}

// clockPlies is how many plies TestHostClocks plays in each mode.
const clockPlies = 24

// TestHostPoolGame plays a game of American Pool checkers (set gametype
// 23, as a host that knows Pool would) from one of the Pool openings.
func TestHostPoolGame(t *testing.T) {
	playHostGames(t, movegen.Pool, []string{poolOpening}, "plain", hostMaxPlies)
}

// poolOpening is the first position of testdata/pool-openings.txt.
const poolOpening = "B:W17,19,20,21,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,10,11,12,14"

// gameTypePlies is how long a game TestHostGameTypes plays in each game
// type: the issue's 40 plies.
const gameTypePlies = 40

// TestHostGameTypes plays a game of gameTypePlies plies from the start in
// each game type but American's and Pool's (the tests above play those),
// the host numbering its FENs and moves as CheckerBoard does in that game
// type; every move and every get movelist reply is checked by Crown's
// generator. The start is CheckerBoard's: its board array and, for the
// side to move, its get_startcolor, which names no Brazilian and so starts
// Brazilian games with Black, the mirror image of the rules' start.
func TestHostGameTypes(t *testing.T) {
	for v := range movegen.NumVariants {
		if v == movegen.American || v == movegen.Pool {
			continue
		}
		t.Run(v.String(), func(t *testing.T) {
			start := movegen.StartPosition(v)
			colour := cbboard.ColourCode(start.Turn)
			if v == movegen.Brazilian {
				colour = cbboard.Black
			}
			b := cbboard.BoardOf(&start)
			if plies := playHostGames(t, v, []string{cbboard.FEN(&b, colour, v)}, "plain", gameTypePlies); plies != gameTypePlies {
				t.Errorf("%d plies, want %d", plies, gameTypePlies)
			}
		})
	}
}

// playHostGames has the host play a game from each FEN in rule set v (in
// CheckerBoard's numbers of its game type), at most maxPlies plies, with
// the time given as mode says ("plain" maxtime, "exact" maxtime with
// CB_EXACT_TIME, "incr" an incremental clock), checks every move and
// every get movelist reply, and returns the plies played.
func playHostGames(t *testing.T, v movegen.Variant, fens []string, mode string, maxPlies int) int {
	maxtime := envFloat("CROWN_CB_MAXTIME", defaultHostMaxtime)
	games := len(fens)
	gameType := strconv.Itoa(v.Rules().GameType)
	lines := runHost(t, strings.Join(fens, "\n")+"\n", "play", strconv.FormatFloat(maxtime, 'g', -1, 64),
		strconv.Itoa(maxPlies), strconv.Itoa(hostHashMiB), gameType, mode)
	if lines[1] != "hashsize ret 1 reply "+strconv.Itoa(hostHashMiB) || lines[2] != "gethashsize "+strconv.Itoa(hostHashMiB) {
		t.Errorf("hash size not set: %q, %q", lines[1], lines[2])
	}
	if lines[3] != "gametype ret 1 reply "+gameType {
		t.Errorf("game type not set: %q", lines[3])
	}

	var (
		pos        movegen.Position
		board      cbboard.Board
		game       *movegen.Game
		played     int
		ended      int
		plies      int
		total      time.Duration
		longest    time.Duration
		totalCPU   time.Duration
		longestCPU time.Duration
		overTime   int
		overCPU    int           // moves past the CPU bound
		clock      time.Duration // incr: the remaining time the next getmove gets
		listed     int           // get movelist replies checked
	)
	limit := time.Duration(maxtime * float64(time.Second))
	cpuBound := limit*cpuNum/cpuDen + cpuSlack // a move's CPU time on a fixed maxtime
	for _, line := range lines[4 : len(lines)-1] {
		word, rest, _ := strings.Cut(line, " ")
		switch word {
		case "game":
			played++
			_, fen, _ := strings.Cut(rest, " ")
			var err error
			if pos, err = cbboard.ReadPosition(fen, v); err != nil {
				t.Fatal(err)
			}
			game = movegen.NewGame(pos)
		case "start":
			board = hostRead(t, cbboard.ReadBoard, strings.Fields(rest))
			if board != cbboard.BoardOf(&pos) {
				t.Fatalf("game %d: start board %v is not its FEN's", played, board)
			}
		case "ply":
			f := strings.Fields(rest)
			if len(f) != 10+cbboard.BoardInts+1+cbboard.MoveInts || f[7] != "cpu" || f[9] != "board" || f[74] != "move" {
				t.Fatalf("bad ply line %q", line)
			}
			ret := ints(t, f[4])[0]
			ms, _ := strconv.ParseFloat(f[6], 64)
			cpuMS, _ := strconv.ParseFloat(f[8], 64)
			after := hostRead(t, cbboard.ReadBoard, f[10:74])
			m, err := cbboard.Check(&pos, board, after, hostRead(t, cbboard.ReadMove, f[75:]))
			if err != nil {
				t.Fatalf("game %d ply %s (%s): %v", played, f[0], pos.FEN(), err)
			}
			if ret < cbboard.Draw || ret > cbboard.Unknown {
				t.Errorf("game %d ply %s: return value %d", played, f[0], ret)
			}
			took := time.Duration(ms * float64(time.Millisecond))
			cpu := time.Duration(cpuMS * float64(time.Millisecond))
			total += took
			totalCPU += cpu
			longest = max(longest, took)
			longestCPU = max(longestCPU, cpu)
			if took > limit*11/10 {
				overTime++
			}
			switch mode {
			case "incr":
				// The search never uses more than the remaining time.
				if cpu > clock {
					t.Errorf("game %d ply %s: %v (CPU %v) with %v on the clock", played, f[0], took, cpu, clock)
				}
			case "exact":
				// Exactly maxtime: never less (the answer is held), and no
				// more CPU than a plain move.
				if took < limit*exactNum/exactDen {
					t.Errorf("game %d ply %s: %v for exactly %v", played, f[0], took, limit)
				}
				fallthrough
			default:
				if took > limit+wallSlack {
					t.Errorf("game %d ply %s: %v (CPU %v) for maxtime %v", played, f[0], took, cpu, limit)
				}
				if cpu > cpuBound {
					overCPU++
					t.Logf("game %d ply %s: CPU %v (wall %v) for maxtime %v", played, f[0], cpu, took, limit)
				}
			}
			if err := game.Play(m); err != nil {
				t.Fatal(err)
			}
			pos.MakeMove(m)
			board = after
			plies++
		case "end":
			ended++
			reason, _, _ := strings.Cut(rest, " ")
			var ml movegen.MoveList
			pos.GenerateMoves(&ml)
			if reason == "maxplies" && maxPlies == hostMaxPlies {
				t.Errorf("game %d: not over after %d plies", played, maxPlies)
			}
			if reason == "nomove" && ml.N != 0 {
				t.Errorf("game %d: the engine found no move in %s, which has %d", played, pos.FEN(), ml.N)
			}
			t.Logf("game %d: %d plies, ends by %s; by the rules: %v", played, len(game.Moves), reason, game.Outcome())
		case "idle":
			f := strings.Fields(rest)
			cpuMS, _ := strconv.ParseFloat(f[1], 64)
			wallMS, _ := strconv.ParseFloat(f[3], 64)
			t.Logf("after the games, %.1f ms of CPU in %.0f ms idle", cpuMS, wallMS)
			if cpuMS > float64(maxIdleCPU/time.Millisecond) {
				t.Errorf("%.1f ms of CPU in %.0f ms without a getmove: a search is still running", cpuMS, wallMS)
			}
		case "clock":
			ms := ints(t, rest)
			clock = time.Duration(ms[0]) * time.Millisecond
		case "movelist":
			if err := checkMoveList(&pos, board, rest); err != nil {
				t.Fatalf("game %d: %v", played, err)
			}
			listed++
		case "info":
		default:
			t.Fatalf("unexpected line %q", line)
		}
	}
	if played != games || ended != games {
		t.Errorf("%d games asked, %d started, %d ended", games, played, ended)
	}
	if plies > 0 {
		meanCPU := totalCPU / time.Duration(plies)
		// An incremental clock may give a move more than maxtime.
		if mode != "incr" && (overCPU > plies/cpuOutliersPer || meanCPU > cpuBound) {
			t.Errorf("%d of %d moves over the CPU bound (%v), at most %d allowed; CPU mean %v",
				overCPU, plies, cpuBound, plies/cpuOutliersPer, meanCPU)
		}
		t.Logf("%d moves, %s time, maxtime %v: wall time mean %v, longest %v, %d over 1.1 x maxtime; CPU time mean %v, longest %v; %d move lists checked",
			plies, mode, limit, total/time.Duration(plies), longest, overTime, meanCPU, longestCPU, listed)
	}
	return plies
}

// checkMoveList checks a get movelist record of the host, "ret <r> fen
// <FEN> reply <reply>", against the position and board it was asked
// about: handled, the FEN the board's, and every legal move listed once,
// each one's board (as CheckerBoard's domove makes it: from emptied,
// newpiece on to, del emptied) a successor's.
func checkMoveList(p *movegen.Position, board cbboard.Board, record string) error {
	f := strings.SplitN(record, " ", 6)
	if len(f) != 6 || f[0] != "ret" || f[2] != "fen" || f[4] != "reply" {
		return fmt.Errorf("bad movelist record %q", record)
	}
	if want := cbboard.FEN(&board, cbboard.ColourCode(p.Turn), p.Variant); f[1] != "1" || f[3] != want {
		return fmt.Errorf("get movelist %s (want %s) returned %s: %s", f[3], want, f[1], f[5])
	}
	moves, err := cbboard.ReadMoveList(f[5], p.Variant)
	if err != nil {
		return err
	}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	if len(moves) != ml.N {
		return fmt.Errorf("%s: %d moves listed, %d legal: %s", p.FEN(), len(moves), ml.N, f[5])
	}
	seen := map[cbboard.Board]bool{}
	for _, m := range ml.Slice() {
		q := *p
		q.MakeMove(m)
		seen[cbboard.BoardOf(&q)] = true
	}
	for _, mv := range moves {
		after := board
		after[mv.From.X][mv.From.Y] = cbboard.Free
		after[mv.To.X][mv.To.Y] = mv.Newpiece
		for k := range int(mv.Jumps) {
			after[mv.Del[k].X][mv.Del[k].Y] = cbboard.Free
		}
		if !seen[after] || mv.Oldpiece != board[mv.From.X][mv.From.Y] {
			return fmt.Errorf("%s: listed move %+v is no legal move, or listed twice: %s", p.FEN(), mv, f[5])
		}
		delete(seen, after)
	}
	return nil
}

// TestHostPlaynow sets *playnow from another thread of the host during an
// "infinite" search: getmove must return a legal move within 50 ms, plus
// the time the host's threads waited for a processor meanwhile (on a
// loaded machine the stop is seen late through no fault of the library's).
func TestHostPlaynow(t *testing.T) {
	lines := runHost(t, "", "playnow", strconv.Itoa(int(playnowDelay/time.Millisecond)))
	f := strings.Fields(lines[1])
	if len(f) != 10+cbboard.BoardInts || f[0] != "playnow" || f[7] != "waited_ms" || f[9] != "board" {
		t.Fatalf("bad line %q", lines[1])
	}
	total, _ := strconv.ParseFloat(f[4], 64)
	stop, _ := strconv.ParseFloat(f[6], 64)
	waited, _ := strconv.ParseFloat(f[8], 64)
	t.Logf("getmove ran %.1f ms, returned %.2f ms after playnow was set (its threads waited %.2f ms for a processor); %s", total, stop, waited, lines[3])
	// While it thinks, str holds the last finished iteration.
	if !strings.HasPrefix(lines[2], "thinking depth ") || !strings.Contains(lines[2], " nodes ") || !strings.Contains(lines[2], " pv ") {
		t.Errorf("status while thinking: %q", lines[2])
	}
	if limit := float64(maxPlaynowDelay/time.Millisecond) + waited; stop > limit {
		t.Errorf("getmove returned %.1f ms after playnow, more than %v and the %.1f ms its threads waited", stop, maxPlaynowDelay, waited)
	}
	if total < float64(playnowDelay/time.Millisecond) {
		t.Errorf("getmove returned after %.1f ms, before playnow was set", total)
	}
	start, _ := movegen.ParseFEN("B:W21-32:B1-12", movegen.American)
	before := cbboard.BoardOf(&start)
	after := hostRead(t, cbboard.ReadBoard, f[10:])
	var ml movegen.MoveList
	start.GenerateMoves(&ml)
	legal := false
	for _, m := range ml.Slice() {
		q := start
		q.MakeMove(m)
		want := before
		cbboard.Write(&want, &q)
		legal = legal || want == after
	}
	if !legal {
		t.Errorf("board after playnow %v is no legal successor", after)
	}
}

// TestHostBadInput sends bad boards, colours and commands through the
// host: each gets a clear reply or return code, nothing is written past a
// buffer, and the library does not crash (the host reaches "done").
func TestHostBadInput(t *testing.T) {
	lines := runHost(t, "", "bad")
	want := []string{
		"bad13 ret 3 guard 1 info Crown: bad input: black has 13 pieces, more than 12",
		"badcolor3 ret 3 info Crown: bad input: color 3 is neither 1 (white) nor 2 (black)",
		"badcolor0 ret 3 info Crown: bad input: color 0 is neither 1 (white) nor 2 (black)",
		"badcode ret 3 info Crown: bad input: board[0][0] (square 4) holds 7, not a piece code*",
		"badtime ret 3 info Crown: bad input: maxtime=\"-1\"*",
		"nomove ret 2 info Crown: no legal move, black has lost",
		"nullboard ret 3 info Crown: bad input: no board",
		"nullcmd ret 0 reply ?",
		"nullreply ret 1 nullstr ret 3",
		"cmd [frobnicate] ret 0 guard 1 reply ?",
		"cmd [get nothing] ret 0 guard 1 reply ?",
		"cmd [set hashsize 0] ret 1 guard 1 reply hashsize set to 1 MiB, the least Crown takes (0 asked)",
		"cmd [set hashsize x] ret 0 guard 1 reply error: set hashsize: \"x\" is not a whole number",
		"cmd [] ret 0 guard 1 reply ?",
		"cmd [set dbpath /nonexistent-crown-db] ret 0 guard 1 reply error: set dbpath: *",
		"cmd [set gametype 20] ret 0 guard 1 reply error: set gametype: unsupported game type 20*",
		"cmd [staticevaluation B:W33:B1] ret 0 guard 1 reply error: staticevaluation: bad FEN*",
		"long 300 ret 0 guard 1 reply error: staticevaluation: bad FEN*",
		"long 100000 ret 0 guard 1 reply error: command longer than 65536 bytes, or not ended in readable memory, ignored",
		"unterminated ret 0 reply error: command longer than 65536 bytes, or not ended in readable memory, ignored",
		"longhist 423 ret 1 reply gamehist moves=80 fen=B:WK32:BK1",
		"fullbuffer ret 1 reply gamehist moves=44 fen=B:WK32:BK1",
		"about ret 1 guard 1 len *",
	}
	got := lines[1 : len(lines)-1]
	if len(got) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !replyMatches(got[i], w) {
			t.Errorf("got  %q\nwant %q", got[i], w)
		}
	}
}

// TestHostFaults injects a panic into a helper search thread and into the
// distance builder of the library (built with crownfault, the points named
// in CROWN_FAULT) as the host drives it: getmove still returns a legal
// move, says the search failed in its status string, returns unknown, and
// the library serves on (the host reaches "done").
func TestHostFaults(t *testing.T) {
	lib := faultLibPath(t)
	db := egdbtest.Dir(t, 3)
	const won = "B:WK1:BK14,K23" // two kings against one: a database win
	for _, tc := range []struct {
		point fault.Point
		setup []string
		fen   string
		moves int // getmoves; at least one must fail (the distances are built in the background)
	}{
		{fault.SearchHelper, []string{"set searchthreads 2"}, "B:W21-32:B1-12", 2},
		{fault.DistanceBuilder, []string{"set dbpath " + db}, won, 6},
	} {
		t.Run(tc.point.String(), func(t *testing.T) {
			script := strings.Join(tc.setup, "\n") + strings.Repeat("\ngetmove "+tc.fen, tc.moves) + "\nget searchthreads\n"
			lines := runHostLib(t, lib, []string{"CROWN_FAULT=" + tc.point.String()}, script, "script", "0.05")
			failed := 0
			for i := 1; i < len(lines)-1; i++ {
				word, rest, _ := strings.Cut(lines[i], " ")
				switch word {
				case "cmd":
					if !strings.Contains(rest, "] ret 1 reply ") {
						t.Fatalf("command refused: %q", lines[i])
					}
				case "getmove":
					f := strings.Fields(rest)
					if len(f) != 3+cbboard.BoardInts+1+cbboard.MoveInts || f[2] != "board" || f[67] != "move" || i+1 == len(lines)-1 {
						t.Fatalf("bad getmove line %q", lines[i])
					}
					pos, err := movegen.ParseFEN(tc.fen, movegen.American)
					if err != nil {
						t.Fatal(err)
					}
					after := hostRead(t, cbboard.ReadBoard, f[3:67])
					if _, err := cbboard.Check(&pos, cbboard.BoardOf(&pos), after, hostRead(t, cbboard.ReadMove, f[68:])); err != nil {
						t.Fatalf("%s: %v", lines[i], err)
					}
					i++
					info := strings.TrimPrefix(lines[i], "info ")
					if strings.HasPrefix(info, "Crown: search failed (") {
						failed++
						if !strings.Contains(info, "panic: fault injected at "+tc.point.String()) || f[1] != strconv.Itoa(cbboard.Unknown) {
							t.Errorf("a failed getmove: return %s, status %q", f[1], info)
						}
					}
				default:
					t.Fatalf("unexpected line %q", lines[i])
				}
			}
			if failed == 0 {
				t.Errorf("no getmove failed:\n%s", strings.Join(lines, "\n"))
			}
			t.Logf("%d of %d getmoves failed, each with a legal move", failed, tc.moves)
		})
	}
}
