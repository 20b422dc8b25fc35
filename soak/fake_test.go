package soak

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/movegen/cbboard"
)

// The environment variables that turn the test binary into a fake engine
// (the line protocol) or a fake C host (its soak mode), so the soaks'
// drivers are tested without building anything. Their value is a mode:
// a behaviour, optionally "@N" for the N-th getmove of the process from
// which it misbehaves (default 1); before that, and in mode "good", the
// fake plays the first legal move. Behaviours:
//
//	good     always the first legal move
//	illegal  a move that is not legal (the engine), or the board unchanged
//	         with "no move" (the host)
//	crash    exits, after a line on stderr
//	hang     answers nothing for an hour
//	note     a line on stderr (the engine), a failed search's status (the
//	         host), then the first legal move
//	badmove  (host) the board after the first legal move, with a CBmove
//	         from the wrong square
const (
	fakeEngineEnv = "CROWN_SOAK_FAKE_ENGINE"
	fakeHostEnv   = "CROWN_SOAK_FAKE_HOST"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEngineEnv); mode != "" {
		os.Exit(fakeEngine(mode, os.Stdin, os.Stdout, os.Stderr))
	}
	if mode := os.Getenv(fakeHostEnv); mode != "" {
		os.Exit(fakeHost(mode, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// fakeMode splits a mode into its behaviour and the getmove it starts at.
func fakeMode(mode string) (string, int) {
	b, n, ok := strings.Cut(mode, "@")
	if !ok {
		return mode, 1
	}
	at, _ := strconv.Atoi(n)
	return b, at
}

// fakeMisbehave does what behaviour b does when it is not a move: it
// reports whether the fake is to go on.
func fakeMisbehave(b string, stderr io.Writer) bool {
	switch b {
	case "crash":
		fmt.Fprintln(stderr, "fake: crashing on purpose")
		os.Exit(3)
	case "hang":
		time.Sleep(time.Hour)
		return false
	}
	return true
}

// fakeEngine speaks enough of the line protocol for the match runner.
func fakeEngine(mode string, in io.Reader, out, stderr io.Writer) int {
	behaviour, at := fakeMode(mode)
	variant := movegen.American
	calls := 0
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "quit":
			return 0
		case "ping":
			fmt.Fprintln(out, "pong")
		case "new":
			fmt.Fprintln(out, "new ok")
		case "set":
			if len(f) == 3 && f[1] == "gametype" {
				n, _ := strconv.Atoi(f[2])
				variant, _ = movegen.VariantForGameType(n)
			}
			fmt.Fprintln(out, strings.Join(f[1:], " "))
		case "getmove":
			calls++
			pos, err := movegen.ParseFEN(f[1], variant)
			if err != nil {
				fmt.Fprintf(out, "error %v\n", err)
				continue
			}
			var ml movegen.MoveList
			pos.GenerateMoves(&ml)
			m := ml.Moves[0]
			if calls >= at && behaviour != "good" {
				if !fakeMisbehave(behaviour, stderr) {
					return 0
				}
				switch behaviour {
				case "illegal":
					fmt.Fprintf(out, "move %d-%d result=unknown\n", m.To.Number(), m.From.Number())
					continue
				case "note":
					fmt.Fprintln(stderr, "search failed: a note on purpose")
				}
			}
			fmt.Fprintf(out, "move %s result=unknown\n", m.PathString())
		default:
			fmt.Fprintf(out, "error unknown command %s\n", f[0])
		}
	}
	return 0
}

// fakeHost speaks the C host's soak mode, with the first legal move.
func fakeHost(mode string, in io.Reader, out, stderr io.Writer) int {
	behaviour, at := fakeMode(mode)
	variant := movegen.American
	calls := 0
	fmt.Fprintln(out, "name Crown 0.1")
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if cmd, ok := strings.CutPrefix(line, "cmd "); ok {
			f := strings.Fields(cmd)
			switch {
			case len(f) > 2 && f[1] == "gamehist":
				pos, err := movegen.ParseFEN(f[2], variant)
				for _, s := range f[3:] {
					var m movegen.Move
					if err == nil {
						m, err = pos.ParseMove(s)
						pos.MakeMove(m)
					}
				}
				if err != nil {
					fmt.Fprintf(out, "cmd ret 0 reply error: %v\n", err)
					continue
				}
				fmt.Fprintf(out, "cmd ret 1 reply gamehist moves=%d fen=%s\n", len(f)-3, pos.FEN())
			case len(f) == 3 && f[0] == "set":
				if f[1] == "gametype" {
					n, _ := strconv.Atoi(f[2])
					variant, _ = movegen.VariantForGameType(n)
				}
				fmt.Fprintf(out, "cmd ret 1 reply %s\n", f[2])
			default:
				fmt.Fprintln(out, "cmd ret 0 reply ?")
			}
			continue
		}
		f := strings.Fields(line)
		if len(f) != 7 || f[0] != "getmove" {
			fmt.Fprintf(out, "bad request %s\n", line)
			continue
		}
		calls++
		pos, err := movegen.ParseFEN(f[1], variant)
		if err != nil {
			fmt.Fprintf(out, "bad FEN %s\n", f[1])
			continue
		}
		var ml movegen.MoveList
		pos.GenerateMoves(&ml)
		m := ml.Moves[0]
		after := pos
		after.MakeMove(m)
		mv := cbboard.MoveOf(&pos, m)
		board, ret, info := cbboard.BoardOf(&after), cbboard.Unknown, "depth 1"
		if calls >= at && behaviour != "good" {
			if !fakeMisbehave(behaviour, stderr) {
				return 0
			}
			switch behaviour {
			case "illegal":
				board, ret, info = cbboard.BoardOf(&pos), cbboard.Loss, "no move"
			case "note":
				info = "Crown: search failed (on purpose); playing " + m.PathString()
			case "badmove":
				mv.From = cbboard.SquareCoor(m.To)
			}
		}
		fmt.Fprintf(out, "getmove ret %d ms 1.000 cpu 1.000 stop -1 board %s move %s info %s\n", ret, board.Ints(), mv.Ints(), info)
	}
	return 0
}

// fakeArgv returns a command that runs this test binary as the fake
// named by env in mode.
func fakeArgv(t *testing.T, env, mode string) []string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// Under the race detector a process sleeps a second at its exit
	// (atexit_sleep_ms) for reports to come in: not the fakes.
	return []string{"/usr/bin/env", "GORACE=atexit_sleep_ms=0", env + "=" + mode, exe}
}
