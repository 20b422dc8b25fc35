package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

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

func runEngine(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("engine", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			fmt.Fprintln(stdout, "usage: crown [engine]")
			fmt.Fprintln(stdout, "Reads protocol commands from stdin, one a line, and writes replies to stdout")
			fmt.Fprintln(stdout, "until quit or end of input. The commands are in docs/protocol.md.")
			return exitOK
		}
		fmt.Fprintf(stderr, "crown engine: %v\n", err)
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "crown engine: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	cfg := protocol.Config{Name: engineName, Version: engineVersion, Stderr: stderr}
	if err := protocol.Run(context.Background(), engineInput, stdout, cfg); err != nil {
		fmt.Fprintf(stderr, "crown engine: %v\n", err)
		return exitFail
	}
	return exitOK
}
