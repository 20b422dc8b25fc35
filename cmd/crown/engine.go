package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/crown-checkers/crown/protocol"
)

// The name and version the engine reports through "name" and "about".
const (
	engineName    = "Crown"
	engineVersion = "0.1"
)

// engineInput is where the engine reads its commands; tests replace it.
var engineInput io.Reader = os.Stdin

func init() {
	register(command{
		name:    "engine",
		summary: "speak the line protocol on stdin/stdout (the default; see docs/protocol.md)",
		run:     runEngine,
	})
}

const engineUsage = `usage: crown [engine]
Reads protocol commands from stdin, one a line, and writes replies to stdout
until quit or end of input. The commands are in docs/protocol.md.`

func runEngine(args []string, stdout, stderr io.Writer) int {
	if code, ok := parseFlags(newFlags("engine"), args, stdout, stderr, engineUsage); !ok {
		return code
	}
	cfg := protocol.Config{Name: engineName, Version: engineVersion, Stderr: stderr}
	if err := protocol.Run(context.Background(), engineInput, stdout, cfg); err != nil {
		fmt.Fprintf(stderr, "crown engine: %v\n", err)
		return exitFail
	}
	return exitOK
}
