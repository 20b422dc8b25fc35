// Command crown is a checkers engine for American checkers (English
// draughts) and American Pool checkers. With no arguments it speaks its line
// protocol on stdin/stdout; subcommands run perft, benchmarks, analysis and
// matches. Run "crown help" for the list.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sort"
	"sync"
	"syscall"

	"github.com/crown-checkers/crown/movegen"
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

// untilInterrupted returns the context a long command runs under: Ctrl-C
// or SIGTERM (or any of signals) ends it, and the command then writes what
// it has and stops, with exitInterrupted's status. Tests replace it to
// stop a command themselves.
var untilInterrupted = func(signals ...os.Signal) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(context.Background())
	caught := make(chan os.Signal, 1)
	signal.Notify(caught, append([]os.Signal{os.Interrupt, syscall.SIGTERM}, signals...)...)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-caught:
			cancel(interrupt{sig})
		case <-done:
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(caught)
			close(done)
			cancel(context.Canceled)
		})
	}
}

// interrupt is the cause of a context untilInterrupted's signal ended.
type interrupt struct{ sig os.Signal }

func (i interrupt) Error() string { return "interrupted by " + i.sig.String() }

// exitInterrupted is the exit status of a long command that ctx's signal
// stopped after it kept its work: 128 plus the signal's number, as a
// shell reports a process the signal killed (130 for Ctrl-C, 143 for
// SIGTERM), so that a script tells it from the end of the work; 130 when
// the context ended without a signal (a test's).
func exitInterrupted(ctx context.Context) int {
	var i interrupt
	if errors.As(context.Cause(ctx), &i) {
		if s, ok := i.sig.(syscall.Signal); ok {
			return exitSignal + int(s)
		}
	}
	return exitSignal + int(syscall.SIGINT)
}

// Exit statuses shared by every subcommand.
const (
	exitOK    = 0
	exitFail  = 1 // the work ran and found a fault (a perft mismatch, a lost test)
	exitUsage = 2 // bad flags or input: nothing ran
	// exitSignal plus a signal's number is the status of a command the
	// signal stopped (exitInterrupted).
	exitSignal = 128
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
		return runHelp(args, stdout, stderr)
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "crown: unknown command %q; run 'crown help' for the list\n", name)
		return exitUsage
	}
	out := &checkedWriter{w: stdout}
	code := c.run(args, out, stderr)
	if err := out.failed(); err != nil && code == exitOK {
		fmt.Fprintf(stderr, "crown %s: writing the output: %v\n", name, err)
		return exitFail
	}
	return code
}

// checkedWriter keeps the first error of its writes, so that a command
// whose output was lost (a full disk, a closed stdout) does not exit 0:
// crown analyze, perft, egdb info and book info did.
type checkedWriter struct {
	w   io.Writer
	mu  sync.Mutex // commands write from their workers' goroutines too
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if err != nil {
		c.mu.Lock()
		if c.err == nil {
			c.err = err
		}
		c.mu.Unlock()
	}
	return n, err
}

// failed returns the first write's error, nil if every write went out.
func (c *checkedWriter) failed() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
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
	fmt.Fprintln(w, "run 'crown help <command>' (or 'crown <command> --help') for a command's flags, 'crown help options' for the engine's options")
}

// variantHelp is the help text of every command's --variant flag.
var variantHelp = "rule set: " + movegen.VariantNames() + " (or its PDN GameType number)"
