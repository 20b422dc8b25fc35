package main

import (
	"fmt"
	"io"

	"github.com/crown-checkers/crown/play"
)

func init() {
	register(command{
		name:    "version",
		summary: "print Crown's version, build and licence",
		run:     runVersion,
	})
}

func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("version")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("version")); !ok {
		return code
	}
	fmt.Fprintf(stdout, "%s %s\n%s\n%s (LICENSE in the source)\n", play.Name, play.Version, play.Build(), play.Licence)
	return exitOK
}
