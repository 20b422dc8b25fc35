package main

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

// helpFiles are the commands' help texts, prose apart from the Go that
// wires the commands: help/NAME.txt for a command, NAME its words joined
// by "-" (help/book-build.txt for crown book build).
//
//go:embed help/*.txt
var helpFiles embed.FS

// help returns the help text of the command name ("book build"), without
// its last newline. Every command's file is there (TestHelpFiles): a
// missing one is a mistake of the build, and panics.
func help(name string) string {
	b, err := helpFiles.ReadFile("help/" + strings.ReplaceAll(name, " ", "-") + ".txt")
	if err != nil {
		panic(fmt.Sprintf("crown: no help text for %q: %v", name, err))
	}
	return strings.TrimSuffix(string(b), "\n")
}

// newFlags returns the flag set of a subcommand; it prints nothing itself,
// parseFlags does.
func newFlags(name string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses a subcommand's arguments, which take no positional
// words. With --help it prints usage (the usage line and a few sentences)
// and the flags to stdout; a bad flag or a stray word is one line on
// stderr. It returns false, with the exit status, when the command is to
// stop there.
func parseFlags(fs *pflag.FlagSet, args []string, stdout, stderr io.Writer, usage string) (int, bool) {
	return parseFlagsArgs(fs, args, stdout, stderr, usage, 0)
}

// parseFlagsArgs is parseFlags for a subcommand that takes up to maxArgs
// positional words (fs.Args after it returns).
func parseFlagsArgs(fs *pflag.FlagSet, args []string, stdout, stderr io.Writer, usage string, maxArgs int) (int, bool) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, pflag.ErrHelp):
		fmt.Fprintln(stdout, strings.TrimRight(usage, "\n"))
		fmt.Fprintln(stdout, "flags:")
		fmt.Fprint(stdout, fs.FlagUsages())
		return exitOK, false
	case err != nil:
		return usageError(stderr, fs.Name(), "%v", err), false
	case fs.NArg() > maxArgs:
		return usageError(stderr, fs.Name(), "unexpected argument %q", fs.Arg(maxArgs)), false
	}
	return exitOK, true
}

// usageError writes one line saying what was wrong with a subcommand's
// input and returns the usage exit status.
func usageError(stderr io.Writer, name, format string, a ...any) int {
	fmt.Fprintf(stderr, "crown %s: %s\n", name, fmt.Sprintf(format, a...))
	return exitUsage
}

// failed writes why a subcommand's work failed, in one line, and returns
// the failure's exit status.
func failed(stderr io.Writer, name string, err error) int {
	fmt.Fprintf(stderr, "crown %s: %v\n", name, err)
	return exitFail
}

// subcommand is one word of a command that has several (crown book build).
type subcommand struct {
	name string
	run  func(args []string, stdout, stderr io.Writer) int
}

// runSubcommand runs the subcommand of command name that args[0] names,
// or prints usage for --help; its errors list subs in their order.
func runSubcommand(name, usage string, subs []subcommand, args []string, stdout, stderr io.Writer) int {
	names := make([]string, len(subs))
	for i, s := range subs {
		names[i] = s.name
	}
	list := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	if len(args) == 0 {
		return usageError(stderr, name, "a subcommand is required: %s", list)
	}
	if args[0] == "--help" || args[0] == "-h" || args[0] == "help" {
		fmt.Fprintln(stdout, usage)
		fmt.Fprintln(stdout, "flags:")
		fmt.Fprintln(stdout, "  (each subcommand has its own)")
		return exitOK
	}
	for _, s := range subs {
		if s.name == args[0] {
			return s.run(args[1:], stdout, stderr)
		}
	}
	return usageError(stderr, name, "unknown subcommand %q (want %s)", args[0], list)
}
