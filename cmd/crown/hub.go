package main

import (
	"context"
	"fmt"
	"io"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/hub"
	"github.com/crown-checkers/crown/play"
)

func init() {
	register(command{
		name:    "hub",
		summary: "speak the Hub protocol (Scan's, v2; pydraughts' HubEngine) on stdin/stdout (docs/hub.md)",
		run:     runHub,
	})
}

// hubBook is crown hub's book level at start: all good moves, for
// variety, as the board in the browser plays; go analyze never uses it.
const hubBook = book.AllGood

func runHub(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("hub")
	session := addSessionFlags(fs, hubBook)
	if code, ok := parseFlags(fs, args, stdout, stderr, help("hub")); !ok {
		return code
	}
	pool := play.NewPool()
	defer pool.Close()
	sc, err := session(pool)
	if err != nil {
		return usageError(stderr, "hub", "%v", err)
	}
	cfg := hub.Config{Name: play.Name, Version: play.Version, Stderr: stderr, Session: sc}
	if err := hub.Run(context.Background(), engineInput, stdout, cfg); err != nil {
		fmt.Fprintf(stderr, "crown hub: %v\n", err)
		return exitFail
	}
	return exitOK
}
