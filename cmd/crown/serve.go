package main

import (
	"fmt"
	"io"
	"net"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/web"
)

func init() {
	register(command{
		name:    "serve",
		summary: "serve a board in the browser to play and analyze against the engine",
		run:     runServe,
	})
}

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free port)")
	maxGames := fs.Int("max-games", web.DefaultMaxGames, "most games kept at once")
	maxThink := fs.Duration("max-think", web.DefaultMaxThink, "longest engine time per move a game may ask for")
	analysis := fs.Duration("analysis-time", web.DefaultAnalysisTime, "longest analysis of one position")
	reviewTime := fs.Duration("review-time", web.DefaultReviewTime, "a game review's time per position (the Review button)")
	idle := fs.Duration("idle", web.DefaultIdleTimeout, "how long a game nobody looks at is kept")
	engine := addOptionFlags(fs, map[string]int{"hash": web.DefaultHashMiB})
	searches := fs.Int("searches", web.DefaultSearches, "searches run at once (more wait their turn)")
	allow := fs.StringSlice("allow-host", nil, "a host name the board answers to besides localhost and IP addresses (the machine's name on the local network); repeatable")
	variant := fs.String("variant", "american", variantHelp+": the game a new board starts with (the page offers every game)")
	level := fs.Int("book", int(book.AllGood), "opening book level of the engine's moves: 0 off, 1 all good moves (variety), 2 good moves, 3 best move")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("serve")); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "serve", format, a...) }
	switch {
	case *maxGames < 1:
		return usageErr("--max-games must be at least 1")
	case *maxThink < web.MinMoveTime:
		return usageErr("--max-think must be at least %v", web.MinMoveTime)
	case *analysis <= 0:
		return usageErr("--analysis-time must be positive")
	case *reviewTime <= 0:
		return usageErr("--review-time must be positive")
	case *idle <= 0:
		return usageErr("--idle must be positive")
	case *searches < 1:
		return usageErr("--searches must be at least 1")
	case book.Level(*level).Check() != nil:
		return usageErr("--book: %v", book.Level(*level).Check())
	}
	v, err := movegen.ParseVariant(*variant)
	if err != nil {
		return usageErr("%v", err)
	}

	pool := play.NewPool()
	defer pool.Close()
	opt, err := engine(pool)
	if err != nil {
		return usageErr("%v", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return usageErr("%v", err)
	}
	board := web.New(web.Options{MaxGames: *maxGames, MaxThink: *maxThink, AnalysisTime: *analysis, ReviewTime: *reviewTime,
		IdleTimeout: *idle, Engine: opt, Pool: pool, Searches: *searches, Book: book.Level(*level), Log: stderr, AllowedHosts: *allow, Variant: v})
	ctx, cancel := untilInterrupted()
	defer cancel()
	fmt.Fprintf(stdout, "crown serve: listening on http://%s/\n", ln.Addr())
	if web.Exposed(ln.Addr()) {
		fmt.Fprintf(stderr, "crown serve: warning: %s is reachable from other machines: anyone who reaches it can play and use this machine's CPU (--addr 127.0.0.1:PORT keeps it to this one)\n", ln.Addr())
	}
	if err := board.Serve(ctx, ln); err != nil {
		return failed(stderr, "serve", err)
	}
	fmt.Fprintln(stdout, "crown serve: stopped")
	return exitOK
}
