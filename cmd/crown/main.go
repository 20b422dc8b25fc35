// Command crown is a checkers engine for American checkers (English
// draughts) and American Pool checkers. With no arguments it speaks its line
// protocol on stdin/stdout; subcommands run perft, benchmarks, analysis and
// matches. Run "crown help" for the list.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sort"

	"github.com/crown-checkers/crown/search"
)

// command is one subcommand. Each lives in its own file and registers itself
// from init, so this file needs no edit when one is added.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(c command) { commands[c.name] = c }

// untilInterrupted returns the context a long command runs under: Ctrl-C,
// or any of signals, ends it, and the command then writes what it has and
// stops. Tests replace it to stop a command themselves.
var untilInterrupted = func(signals ...os.Signal) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), append([]os.Signal{os.Interrupt}, signals...)...)
}

// Exit statuses shared by every subcommand.
const (
	exitOK    = 0
	exitFail  = 1 // the work ran and found a fault (a perft mismatch, a lost test)
	exitUsage = 2 // bad flags or input: nothing ran
)

// minSearchProcs: main provides Go processors for at least this many
// search threads even on a machine with fewer cores, so a two-thread search
// there still leaves the spare ones.
const minSearchProcs = 2

func main() {
	runtime.GOMAXPROCS(processors(runtime.GOMAXPROCS(0)))
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// processors is the GOMAXPROCS main sets, once for the whole process, given
// the runtime's own choice (the cores, a container's CPU limit or the
// GOMAXPROCS environment variable): a processor for each search thread up
// to that many, and search.SpareProcs more, so that input is read, and ping
// and stop are answered, at once while every search thread runs.
func processors(runtimeProcs int) int {
	return max(runtimeProcs, minSearchProcs) + search.SpareProcs
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	name := "engine"
	if len(args) > 0 {
		name, args = args[0], args[1:]
	}
	if name == "--version" {
		name = "version"
	}
	if name == "help" || name == "-h" || name == "--help" {
		usage(stdout)
		return exitOK
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "crown: unknown command %q; run 'crown help' for the list\n", name)
		return exitUsage
	}
	return c.run(args, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: crown [command] [flags]   (no command: run the engine protocol on stdin/stdout)")
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "run 'crown <command> --help' for a command's flags")
}
