package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

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
