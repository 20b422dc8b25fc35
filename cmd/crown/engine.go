package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/internal/progress"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
)

// selfConfig is the configuration of Crown in process as a match engine
// (match.ParseEngine's self), searching with opt and opening the files it
// names from pool (nil: each engine its own).
func selfConfig(pool *play.Pool, opt play.Options) protocol.Config {
	return protocol.Config{Name: play.Name, Version: play.Version, Session: play.Config{Options: opt, Pool: pool}}
}

// engineInput is where the engine reads its commands; tests replace it.
var engineInput io.Reader = os.Stdin

func init() {
	register(command{
		name:    "engine",
		summary: "speak the line protocol on stdin/stdout (the default; see docs/protocol.md)",
		run:     runEngine,
	})
}

const engineUsage = `usage: crown [engine] [--book LEVEL] [--book-file FILE] [--hash MiB] [--threads N]
                    [--egdb DIR] [--eval-file FILE] ...
Reads protocol commands from stdin, one a line, and writes replies to stdout
until quit or end of input. The commands are in docs/protocol.md. --book
sets the opening book level at start (0 off, 1 all good moves, 2 good moves,
3 best move; set book changes it), --book-file the book (default: the one
that ships). The engine options start at the flags' values (set changes
them; crown help options lists them with their types, defaults and
ranges): another program can then run Crown with, say, its own weight file
(crown match --engine2 "crown engine --eval-file new.bin").`

func runEngine(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("engine")
	session := addSessionFlags(fs, book.Off)
	if code, ok := parseFlags(fs, args, stdout, stderr, engineUsage); !ok {
		return code
	}
	pool := play.NewPool()
	defer pool.Close()
	sc, err := session(pool)
	if err != nil {
		return usageError(stderr, "engine", "%v", err)
	}
	cfg := protocol.Config{Name: play.Name, Version: play.Version, Stderr: stderr, Session: sc}
	if progress.IsTerminal(engineInput) { // a person, not a GUI: say what this is, or it looks hung
		fmt.Fprintf(stderr, "%s %s speaks its line protocol here (docs/protocol.md): type help, or quit; crown help lists the commands\n",
			play.Name, play.Version)
	}
	if err := protocol.Run(context.Background(), engineInput, stdout, cfg); err != nil {
		fmt.Fprintf(stderr, "crown engine: %v\n", err)
		return exitFail
	}
	return exitOK
}
