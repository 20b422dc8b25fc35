package soak

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestProtocol plays soaks of the line protocol against fake engines: a
// good one has no failure, and each fault is counted as its kind, with
// the game's PDN and the engines' stderr left in the directory.
func TestProtocol(t *testing.T) {
	for _, tc := range []struct {
		mode   string
		kind   Kind
		failed int
		file   string // a file a failure leaves, and what it holds
		holds  string
	}{
		{"good", 0, 0, "", ""},
		{"illegal@3", Illegal, 2, "protocol-american-1.pdn", `[Termination "illegal move: `},
		{"note@5", EngineError, 2, "protocol-pool-1-white.stderr", "search failed: a note on purpose"},
		{"crash@2", Crash, 2, "protocol-american-1-white.stderr", "fake: crashing on purpose"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			r, err := Protocol(context.Background(), ProtocolConfig{
				Engine: fakeArgv(t, fakeEngineEnv, tc.mode), Games: 2, MoveTime: 20 * time.Millisecond,
				Concurrency: 2, Dir: dir,
			})
			if err != nil {
				t.Fatal(err)
			}
			if r.Games != 2 || r.Moves == 0 || r.Total() != tc.failed || r.Failed[tc.kind] != tc.failed {
				t.Fatalf("%d games, %d moves, failures %v: want 2 games, %d %s", r.Games, r.Moves, r.Failed, tc.failed, tc.kind)
			}
			if runtime.GOOS == "linux" && r.Peak < 1<<20 {
				t.Errorf("peak memory %d bytes: want an engine process's", r.Peak)
			}
			if tc.file != "" {
				b, err := os.ReadFile(filepath.Join(dir, tc.file))
				if err != nil || !strings.Contains(string(b), tc.holds) {
					t.Errorf("%s: %q, %v: want it to hold %q", tc.file, b, err, tc.holds)
				}
			}
			var out strings.Builder
			r.Write(&out)
			if !strings.HasPrefix(out.String(), "soak protocol: 2 games, ") || (tc.failed > 0) != strings.Contains(out.String(), "FAILED: ") {
				t.Errorf("report:\n%s", out.String())
			}
		})
	}
}

// fakeHostScript writes a script that runs this test binary as the fake
// host in mode, for CheckerBoardConfig.Host.
func fakeHostScript(t *testing.T, mode string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake host is a shell script")
	}
	argv := fakeArgv(t, fakeHostEnv, mode)
	path := filepath.Join(t.TempDir(), "host")
	script := "#!/bin/sh\nexec " + strings.Join(argv, " ") + " \"$@\"\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCheckerBoard plays soaks of the CheckerBoard library against a
// fake host: a good one has no failure, and each fault ends its game as
// its kind, with the game's files left; a host that crashed or hung is
// started again for the next game.
func TestCheckerBoard(t *testing.T) {
	for _, tc := range []struct {
		mode   string
		games  int
		kind   Kind
		failed int
		file   string
		holds  string
	}{
		{"good", 8, 0, 0, "", ""},
		// A fake host misbehaves from its N-th getmove on, so in every
		// game after it too; one that crashed or hung is started again,
		// and misbehaves again at its N-th.
		{"illegal@30", 2, Illegal, 2, "checkerboard-1.exchange", "> getmove "},
		{"badmove@2", 2, BadReply, 2, "checkerboard-1.pdn", `[Termination "bad replies: the CBmove`},
		{"note@3", 2, EngineError, 2, "checkerboard-1.exchange", "Crown: search failed (on purpose)"},
		{"crash@40", 3, Crash, 3, "checkerboard-1.stderr", "fake: crashing on purpose"},
		{"hang@40", 1, TimeForfeit, 1, "checkerboard-1.pdn", `[Termination "time forfeits: getmove: no reply within `},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			r, err := CheckerBoard(context.Background(), CheckerBoardConfig{
				Host: fakeHostScript(t, tc.mode), Library: "lib.so", Games: tc.games, MoveTime: 20 * time.Millisecond,
				Concurrency: 1, Dir: dir,
			})
			if err != nil {
				t.Fatal(err)
			}
			if r.Games != tc.games || r.Moves == 0 || r.Total() != tc.failed || r.Failed[tc.kind] != tc.failed {
				t.Fatalf("%d games, %d moves, failures %v: want %d games, %d %s\n%s", r.Games, r.Moves, r.Failed, tc.games, tc.failed, tc.kind, r.Failures)
			}
			if tc.file != "" {
				b, err := os.ReadFile(filepath.Join(dir, tc.file))
				if err != nil || !strings.Contains(string(b), tc.holds) {
					t.Errorf("%s: %q, %v: want it to hold %q", tc.file, b, err, tc.holds)
				}
			}
		})
	}
}
