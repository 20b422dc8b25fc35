package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/soak"
)

func init() {
	register(command{
		name:    "soak",
		summary: "long runs that count every failure: games through the protocol, the CheckerBoard library, the web server",
		run:     runSoak,
	})
}

const soakUsage = `usage: crown soak protocol|checkerboard|web [flags]
The soaks make soak runs (docs/reliability.md): each plays for long, judges
every reply, and reports moves played, illegal moves, bad replies, crashes,
time forfeits, errors the engine reported itself, peak memory and run time.
A failure leaves its files (the game's PDN, the engine's stderr) in --dir,
and the command exits 1 if there was any.
  crown soak protocol [--games N] [--movetime S] [--concurrency N] [--dir DIR] [--engine CMD]
  crown soak checkerboard --host HOST --lib LIB [--games N] [--movetime S] [--concurrency N] [--dir DIR]
Run 'crown soak <subcommand> --help' for each one's flags.`

// soakSubcommands are the subcommands of crown soak.
var soakSubcommands = []subcommand{
	{"protocol", runSoakProtocol},
	{"checkerboard", runSoakCheckerBoard},
}

func runSoak(args []string, stdout, stderr io.Writer) int {
	return runSubcommand("soak", soakUsage, soakSubcommands, args, stdout, stderr)
}

// soakStop is the context a soak runs under until interrupted; tests
// replace it.
var soakStop = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// Defaults of the soaks.
const (
	defaultSoakGames       = 1000
	defaultSoakMoveTime    = 0.02
	defaultSoakConcurrency = 2
	defaultSoakDir         = "soak-failures"
)

const soakProtocolUsage = `usage: crown soak protocol [--games N] [--movetime S] [--concurrency N] [--dir DIR] [--engine CMD]
Plays N games process against process through the line protocol, the first
half American checkers and the rest Pool, from the ACF deck's ballots, at S
seconds a move, with the game sent as CheckerBoard sends it (set gamehist)
before every getmove. A game lost by an engine's failure (illegal move, bad
or error reply, crash, time forfeit) is a failure, and so is any line an
engine writes to stderr during a game. The engine is this crown unless
--engine names another command.`

func runSoakProtocol(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("soak protocol")
	games := fs.Int("games", defaultSoakGames, "games to play, half of each rule set")
	moveTime := fs.Float64("movetime", defaultSoakMoveTime, "seconds a move (getmove maxtime=)")
	concurrency := fs.Int("concurrency", defaultSoakConcurrency, "games played at once, each by its own two processes")
	dir := fs.String("dir", defaultSoakDir, "directory for the files of failed games")
	engine := fs.String("engine", "", "engine command line (default: this crown)")
	if code, ok := parseFlags(fs, args, stdout, stderr, soakProtocolUsage); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "soak protocol", format, a...) }
	switch {
	case *games < 1:
		return usageErr("--games must be at least 1")
	case *moveTime <= 0:
		return usageErr("--movetime must be positive")
	case *concurrency < 1:
		return usageErr("--concurrency must be at least 1")
	}
	argv, err := soakEngine(*engine)
	if err != nil {
		return usageErr("--engine: %v", err)
	}
	ctx, stop := soakStop()
	defer stop()
	r, err := soak.Protocol(ctx, soak.ProtocolConfig{Engine: argv, Games: *games, MoveTime: seconds(*moveTime),
		Concurrency: *concurrency, Dir: *dir, Progress: stderr})
	return soakResult("soak protocol", r, err, stdout, stderr)
}

const soakCheckerBoardUsage = `usage: crown soak checkerboard --host HOST --lib LIB [--games N] [--movetime S] [--concurrency N] [--dir DIR]
Plays N games, engine against itself, through the CheckerBoard library LIB
(make cb-linux's bin/crown-cb.so) loaded by the C host HOST (built from
cmd/cbengine/host/host.c, as make soak does) in its soak mode: American and
Pool in turn, the time given in turn as maxtime, exact maxtime, an
incremental clock and the infinite level stopped by playnow, the hash size,
search threads, book level and lines changed between games, and the game
sent as set gamehist before every getmove. Every returned board must be a
legal successor with its CBmove agreeing, every command accepted, and no
status text may report a failure.`

func runSoakCheckerBoard(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("soak checkerboard")
	host := fs.String("host", "", "the C host program, built from cmd/cbengine/host/host.c")
	lib := fs.String("lib", "", "the CheckerBoard library (bin/crown-cb.so)")
	games := fs.Int("games", defaultSoakGames, "games to play, American and Pool in turn")
	moveTime := fs.Float64("movetime", defaultSoakMoveTime, "maxtime in seconds, the clock's increment, the mean delay of playnow")
	concurrency := fs.Int("concurrency", defaultSoakConcurrency, "host processes playing at once")
	dir := fs.String("dir", defaultSoakDir, "directory for the files of failed games")
	if code, ok := parseFlags(fs, args, stdout, stderr, soakCheckerBoardUsage); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "soak checkerboard", format, a...) }
	switch {
	case *host == "" || *lib == "":
		return usageErr("--host and --lib are required")
	case *games < 1:
		return usageErr("--games must be at least 1")
	case *moveTime < 0.005:
		return usageErr("--movetime must be at least 0.005")
	case *concurrency < 1:
		return usageErr("--concurrency must be at least 1")
	}
	ctx, stop := soakStop()
	defer stop()
	r, err := soak.CheckerBoard(ctx, soak.CheckerBoardConfig{Host: *host, Library: *lib, Games: *games,
		MoveTime: seconds(*moveTime), Concurrency: *concurrency, Dir: *dir, Progress: stderr})
	return soakResult("soak checkerboard", r, err, stdout, stderr)
}

// soakEngine returns the engine command of a soak: cmdline split as a
// shell would, or this program.
func soakEngine(cmdline string) ([]string, error) {
	if cmdline != "" {
		return match.SplitCommandLine(cmdline)
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return []string{exe}, nil
}

// soakResult writes a soak's report and returns its exit status: 1 on
// any failure or error.
func soakResult(name string, r *soak.Report, err error, stdout, stderr io.Writer) int {
	if r != nil {
		r.Write(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "crown %s: %v\n", name, err)
		return exitFail
	}
	if r.Total() > 0 {
		return exitFail
	}
	return exitOK
}
