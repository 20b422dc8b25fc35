package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// fakeEnv names the environment variable that turns the test binary into a
// fake engine (see TestMain), so process engines need no build step.
const fakeEnv = "CROWN_MATCH_FAKE_ENGINE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		err := fakeEngine(mode)(context.Background(), os.Stdin, os.Stdout)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fake engine:", err)
			os.Exit(3)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeProcess returns a process engine running this test binary as the fake
// engine of the given mode.
func fakeProcess(t *testing.T, name, mode string) Engine {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Engine{Name: name, Argv: []string{"/usr/bin/env", fakeEnv + "=" + mode, exe}}
}

// fakeHangTime is how long a hanging fake engine hangs: far beyond any
// test's time forfeit.
const fakeHangTime = time.Hour

// errFakeCrash is what a crashing fake engine returns.
var errFakeCrash = errors.New("crashed on purpose")

// fakeEngine returns a scripted engine that speaks just enough of the
// protocol for the runner. mode is a behaviour, optionally followed by
// "@N": the behaviour starts at the game's N-th getmove (default 1), and
// before that the engine plays its first legal move. Behaviours:
//
//	first      the first legal move, always
//	random:S   a random legal move, seeded with S and the game count
//	wander:S   a random legal move that offers no capture and reaches no
//	           position it has seen this game, if there is one (it plays
//	           out long king endings)
//	illegal    a well-formed move that is not legal
//	garbage    "move banana"
//	nomove     "move" with no move
//	noise      stray, blank and malformed info lines before a legal move
//	           (which must be accepted)
//	error      an "error" reply instead of a move
//	hang       no reply at all
//	crash      exits
//	drawclaim  a legal move with result=draw
//	badsetup   refuses set gametype
//	slow:D     the first legal move after D milliseconds
//	ponder:D   the first legal move, naming the first legal reply to it as
//	           ponder=; it ponders on getmove ... ponder: no answer until
//	           ponderhit, which it answers D milliseconds later, or stop,
//	           which it answers at once; while it ponders any command but
//	           ping, ponderhit, stop and quit is an error (busy), and so is
//	           a ponderhit without a ponder search
//
// Every mode takes stop without a ponder search as a no-op, as Crown does.
func fakeEngine(mode string) RunFunc {
	behaviour, at := mode, 1
	if b, n, ok := strings.Cut(mode, "@"); ok {
		behaviour = b
		at, _ = strconv.Atoi(n)
	}
	var seed uint64
	if b, s, ok := strings.Cut(behaviour, ":"); ok {
		behaviour = b
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	return func(ctx context.Context, in io.Reader, out io.Writer) error {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		variant := movegen.American
		games, calls := 0, 0
		seen := map[string]bool{}
		var hist string      // the position set gamehist leads to
		var herr error       // what was wrong with the last gamehist
		var pondering string // the position of the running ponder search
		rng := rand.New(rand.NewPCG(seed, 0))
		reply := func(format string, args ...any) error {
			_, err := fmt.Fprintf(out, format+"\n", args...)
			return err
		}
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) == 0 {
				continue
			}
			if pondering != "" && f[0] != "ping" && f[0] != "ponderhit" && f[0] != "stop" && f[0] != "quit" {
				if err := reply("error busy: %s while pondering", f[0]); err != nil {
					return err
				}
				continue
			}
			var err error
			switch f[0] {
			case "quit":
				return nil
			case "ponderhit":
				if pondering == "" {
					err = reply("error ponderhit without a ponder search")
					break
				}
				if err = fakeSleep(ctx, seed); err != nil {
					return err
				}
				err = fakeMove(ctx, behaviour, true, []string{"getmove", pondering}, variant, rng, seen, reply)
				pondering = ""
			case "stop":
				if pondering != "" {
					err = fakeMove(ctx, behaviour, true, []string{"getmove", pondering}, variant, rng, seen, reply)
					pondering = ""
				}
			case "ping":
				err = reply("pong")
			case "new":
				games++
				calls = 0
				rng = rand.New(rand.NewPCG(seed, uint64(games)))
				clear(seen)
				err = reply("new ok")
			case "set":
				switch {
				case len(f) == 3 && f[1] == "gametype" && behaviour == "badsetup":
					err = reply("error set gametype: not supported")
				case len(f) == 3 && f[1] == "gametype":
					n, _ := strconv.Atoi(f[2])
					variant, _ = movegen.VariantForGameType(n)
					err = reply("gametype %d", n)
				case len(f) > 2 && f[1] == "gamehist":
					hist, herr = fakeGameHist(f[2], f[3:], variant)
					err = reply("gamehist ok")
				default:
					err = reply("%s", strings.Join(f[1:], " "))
				}
			case "getmove":
				calls++
				if herr != nil || len(f) < 2 || f[1] != hist {
					err = reply("error gamehist %q (%v) does not lead to the getmove position", hist, herr)
					break
				}
				if behaviour == "ponder" && f[len(f)-1] == "ponder" {
					pondering = f[1]
					break
				}
				if behaviour == "slow" {
					if err = fakeSleep(ctx, seed); err != nil {
						return err
					}
				}
				err = fakeMove(ctx, behaviour, calls >= at, f, variant, rng, seen, reply)
			default:
				err = reply("error unknown command %s", f[0])
			}
			if err != nil {
				return err
			}
		}
		return sc.Err()
	}
}

// fakeSleep waits ms milliseconds, or until ctx ends (its error).
func fakeSleep(ctx context.Context, ms uint64) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Duration(ms) * time.Millisecond):
		return nil
	}
}

// fakeGameHist checks a gamehist as the runner must send it: the moves
// after the FEN are all reversible (king moves without capture), and
// returns the FEN of the position they lead to.
func fakeGameHist(fen string, moves []string, v movegen.Variant) (string, error) {
	pos, err := movegen.ParseFEN(fen, v)
	if err != nil {
		return "", err
	}
	for _, s := range moves {
		m, err := pos.ParseMove(s)
		if err != nil {
			return "", err
		}
		if !pos.IsReversible(m) {
			return "", fmt.Errorf("gamehist move %s is irreversible", s)
		}
		pos.MakeMove(m)
	}
	return pos.FEN(), nil
}

// fakeMove answers one getmove.
func fakeMove(ctx context.Context, behaviour string, misbehave bool, f []string, v movegen.Variant, rng *rand.Rand, seen map[string]bool, reply func(string, ...any) error) error {
	if len(f) < 2 {
		return reply("error getmove needs a FEN")
	}
	pos, err := movegen.ParseFEN(f[1], v)
	if err != nil {
		return reply("error %v", err)
	}
	var ml movegen.MoveList
	pos.GenerateMoves(&ml)
	if ml.N == 0 {
		return reply("move none result=loss")
	}
	m := ml.Moves[0]
	if !misbehave {
		return reply("move %s result=unknown", m.PathString())
	}
	switch behaviour {
	case "random":
		return reply("move %s result=unknown", ml.Moves[rng.IntN(ml.N)].PathString())
	case "wander":
		seen[pos.FEN()] = true
		var quiet []movegen.Move
		for _, c := range ml.Slice() {
			child := pos
			child.MakeMove(c)
			if !child.HasCapture() && !seen[child.FEN()] {
				quiet = append(quiet, c)
			}
		}
		if len(quiet) == 0 {
			quiet = ml.Slice()
		}
		c := quiet[rng.IntN(len(quiet))]
		child := pos
		child.MakeMove(c)
		seen[child.FEN()] = true
		return reply("move %s result=unknown", c.PathString())
	case "illegal":
		return reply("move %d-%d result=unknown", m.To.Number(), m.From.Number())
	case "garbage":
		return reply("move banana result=win")
	case "nomove":
		return reply("move")
	case "noise":
		for _, l := range []string{"hello there", "", "info depth 1 score 0", "MOVE 1-2"} {
			if err := reply("%s", l); err != nil {
				return err
			}
		}
	case "error":
		return reply("error getmove: out of ideas")
	case "hang":
		// A timer, not a bare wait: a fake engine process whose only
		// goroutine blocks for ever would die of Go's deadlock check
		// instead of hanging.
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(fakeHangTime):
			return errors.New("hung for the whole fake hang time")
		}
	case "crash":
		return errFakeCrash
	case "panic":
		panic("panicked on purpose")
	case "drawclaim":
		return reply("move %s result=draw", m.PathString())
	case "ponder":
		after := pos
		after.MakeMove(m)
		after.GenerateMoves(&ml)
		if ml.N > 0 {
			return reply("move %s ponder=%s result=unknown", m.PathString(), ml.Moves[0].PathString())
		}
	}
	return reply("move %s result=unknown", m.PathString())
}
