package main

import (
	"fmt"
	"io"

	"github.com/crown-checkers/crown/protocol"
)

// optionsTopic is the word of crown help options.
const optionsTopic = "options"

// runHelp answers crown help: the list of commands with no word, a
// command's --help for its name (crown help book build), and the engine's
// options for "options".
func runHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stdout)
		return exitOK
	}
	if args[0] == optionsTopic {
		if len(args) > 1 {
			return usageError(stderr, "help", "unexpected argument %q", args[1])
		}
		writeOptions(stdout)
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		return usageError(stderr, "help", "no command or topic %q; run 'crown help' for the list", args[0])
	}
	return c.run(append(append([]string(nil), args[1:]...), "--help"), stdout, stderr)
}

// optionsIntro heads crown help options.
const optionsIntro = `usage: crown help options
The engine's options, one line each as the line protocol's options command
writes them (docs/protocol.md; there each line ends with value=, the value in
force): the key set and get take, its type, default and range, then what it
does and the flag of crown engine that sets it at start. crown match's
self:key=value takes the same keys; the search's numeric parameters, for
experiments, are listed by crown tune --list.
`

// writeOptions prints crown help options: protocol.OptionSpecs, the list
// the protocol's options command writes.
func writeOptions(w io.Writer) {
	fmt.Fprint(w, optionsIntro+"\n")
	for _, o := range protocol.OptionSpecs() {
		fmt.Fprintln(w, o.Line(""))
		flag := ""
		if o.Flag != "" {
			flag = " (flag --" + o.Flag + ")"
		}
		fmt.Fprintf(w, "    %s%s\n", o.Help, flag)
	}
}
