package main

import (
	"io"
	"os"
	"time"

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
  crown soak web [--duration D] [--clients N] [--max-games N] [--idle D] [--seed N] [--dir DIR]
Run 'crown soak <subcommand> --help' for each one's flags.`

// soakSubcommands are the subcommands of crown soak.
var soakSubcommands = []subcommand{
	{"protocol", runSoakProtocol},
	{"checkerboard", runSoakCheckerBoard},
	{"web", runSoakWeb},
}

func runSoak(args []string, stdout, stderr io.Writer) int {
	return runSubcommand("soak", soakUsage, soakSubcommands, args, stdout, stderr)
}

// Defaults of the soaks.
const (
	defaultSoakGames       = 1000
	defaultSoakMoveTime    = 0.02
	defaultSoakConcurrency = 2
	defaultSoakDir         = "soak-failures"
	defaultSoakWeb         = 10 * time.Minute
	defaultSoakClients     = 16
	defaultSoakMaxGames    = 24
	defaultSoakIdle        = 10 * time.Second
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
	ctx, stop := untilInterrupted()
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
	ctx, stop := untilInterrupted()
	defer stop()
	r, err := soak.CheckerBoard(ctx, soak.CheckerBoardConfig{Host: *host, Library: *lib, Games: *games,
		MoveTime: seconds(*moveTime), Concurrency: *concurrency, Dir: *dir, Progress: stderr})
	return soakResult("soak checkerboard", r, err, stdout, stderr)
}

const soakWebUsage = `usage: crown soak web [--duration D] [--clients N] [--max-games N] [--idle D] [--seed N] [--dir DIR]
Runs this crown's web server (crown serve, on a free loopback port, keeping
at most --max-games games, an abandoned one for --idle) under the load of N
loopback clients for D: each creates games, plays the legal moves the
server offers against the engine, undoes, redoes, analyses, asks for hints
and reviews, follows the event stream, and abandons the game. Every answer
must have its expected status and body, every game's record must replay
legally, and the engine must move within 30 s. A prober fills the server to
its cap now and then: the next game must be refused with 503. Goroutines and
memory are sampled from /debug/vars; once the load has ended and the
abandoned games are dropped, the goroutines must be back to about their
number at the start. Any line of the server's log is a failure.`

func runSoakWeb(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("soak web")
	duration := fs.Duration("duration", defaultSoakWeb, "how long the load runs")
	clients := fs.Int("clients", defaultSoakClients, "loopback clients playing at once")
	maxGames := fs.Int("max-games", defaultSoakMaxGames, "the server's cap on the games it keeps (crown serve --max-games)")
	idle := fs.Duration("idle", defaultSoakIdle, "how long the server keeps an abandoned game (crown serve --idle)")
	seed := fs.Uint64("seed", 1, "seed of the clients' choices")
	dir := fs.String("dir", defaultSoakDir, "directory for the files of failures")
	if code, ok := parseFlags(fs, args, stdout, stderr, soakWebUsage); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "soak web", format, a...) }
	switch {
	case *duration <= 0:
		return usageErr("--duration must be positive")
	case *clients < 1:
		return usageErr("--clients must be at least 1")
	case *maxGames < 1:
		return usageErr("--max-games must be at least 1")
	case *idle <= 0:
		return usageErr("--idle must be positive")
	}
	crown, err := soakEngine("")
	if err != nil {
		return usageErr("%v", err)
	}
	ctx, stop := untilInterrupted()
	defer stop()
	r, err := soak.Web(ctx, soak.WebConfig{Crown: crown, Duration: *duration, Clients: *clients, MaxGames: *maxGames,
		Idle: *idle, Seed: *seed, Dir: *dir, Progress: stderr})
	return soakResult("soak web", r, err, stdout, stderr)
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
		return failed(stderr, name, err)
	}
	if r.Total() > 0 {
		return exitFail
	}
	return exitOK
}
