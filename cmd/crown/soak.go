package main

import (
	"io"
	"time"

	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/soak"
)

func init() {
	register(command{
		name:    "soak",
		summary: "long runs that count every failure: games through the protocol, the CheckerBoard library, the web server",
		run:     runSoak,
	})
}

// soakSubcommands are the subcommands of crown soak.
var soakSubcommands = []subcommand{
	{"protocol", runSoakProtocol},
	{"checkerboard", runSoakCheckerBoard},
	{"web", runSoakWeb},
}

func runSoak(args []string, stdout, stderr io.Writer) int {
	return runSubcommand("soak", help("soak"), soakSubcommands, args, stdout, stderr)
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

func runSoakProtocol(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("soak protocol")
	games := fs.Int("games", defaultSoakGames, "games to play, half of each rule set")
	moveTime := fs.Float64("movetime", defaultSoakMoveTime, "seconds a move (getmove maxtime=)")
	concurrency := fs.Int("concurrency", defaultSoakConcurrency, "games played at once, each by its own two processes")
	dir := fs.String("dir", defaultSoakDir, "directory for the files of failed games")
	engine := fs.String("engine", "", "engine command line (default: this crown)")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("soak protocol")); !ok {
		return code
	}
	cfg := soak.ProtocolConfig{Games: *games, MoveTime: play.Seconds(*moveTime), Concurrency: *concurrency, Dir: *dir, Progress: stderr}
	if err := cfg.Check(); err != nil {
		return usageError(stderr, "soak protocol", "--%v", err) // soak's errors name the setting first
	}
	var err error
	if cfg.Engine, err = soak.Program(*engine); err != nil {
		return usageError(stderr, "soak protocol", "--engine: %v", err)
	}
	ctx, stop := untilInterrupted()
	defer stop()
	r, err := soak.Protocol(ctx, cfg)
	return soakResult("soak protocol", r, err, stdout, stderr)
}

func runSoakCheckerBoard(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("soak checkerboard")
	host := fs.String("host", "", "the C host program, built from cmd/cbengine/host/host.c")
	lib := fs.String("lib", "", "the CheckerBoard library (bin/crown-cb.so)")
	games := fs.Int("games", defaultSoakGames, "games to play, American and Pool in turn")
	moveTime := fs.Float64("movetime", defaultSoakMoveTime, "maxtime in seconds, the clock's increment, the mean delay of playnow")
	concurrency := fs.Int("concurrency", defaultSoakConcurrency, "host processes playing at once")
	dir := fs.String("dir", defaultSoakDir, "directory for the files of failed games")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("soak checkerboard")); !ok {
		return code
	}
	cfg := soak.CheckerBoardConfig{Host: *host, Library: *lib, Games: *games, MoveTime: play.Seconds(*moveTime),
		Concurrency: *concurrency, Dir: *dir, Progress: stderr}
	if *host == "" || *lib == "" {
		return usageError(stderr, "soak checkerboard", "--host and --lib are required")
	}
	if err := cfg.Check(); err != nil {
		return usageError(stderr, "soak checkerboard", "--%v", err)
	}
	ctx, stop := untilInterrupted()
	defer stop()
	r, err := soak.CheckerBoard(ctx, cfg)
	return soakResult("soak checkerboard", r, err, stdout, stderr)
}

func runSoakWeb(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("soak web")
	duration := fs.Duration("duration", defaultSoakWeb, "how long the load runs")
	clients := fs.Int("clients", defaultSoakClients, "loopback clients playing at once")
	maxGames := fs.Int("max-games", defaultSoakMaxGames, "the server's cap on the games it keeps (crown serve --max-games)")
	idle := fs.Duration("idle", defaultSoakIdle, "how long the server keeps an abandoned game (crown serve --idle)")
	seed := fs.Uint64("seed", 1, "seed of the clients' choices")
	dir := fs.String("dir", defaultSoakDir, "directory for the files of failures")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("soak web")); !ok {
		return code
	}
	cfg := soak.WebConfig{Duration: *duration, Clients: *clients, MaxGames: *maxGames, Idle: *idle, Seed: *seed, Dir: *dir, Progress: stderr}
	if err := cfg.Check(); err != nil {
		return usageError(stderr, "soak web", "--%v", err)
	}
	var err error
	if cfg.Crown, err = soak.Program(""); err != nil {
		return usageError(stderr, "soak web", "%v", err)
	}
	ctx, stop := untilInterrupted()
	defer stop()
	r, err := soak.Web(ctx, cfg)
	return soakResult("soak web", r, err, stdout, stderr)
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
