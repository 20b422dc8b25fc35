package hub

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/crown-checkers/crown/play"
)

// This file is Hub's general syntax (Scan 3.1's protocol.txt, "general
// syntax"): a line is a command and arguments, each name=value or a flag
// with no value; a value holding a blank, '=' or '"', or an empty one, is
// written in double quotes, which have no escapes.

// arg is one argument of a line: name=value, or a flag (no '=').
type arg struct {
	name, value string
	flag        bool
}

// command is one line read: the command word and its arguments in order.
type command struct {
	name string
	args []arg
}

// lookup returns the argument called name, if the line has it.
func (c command) lookup(name string) (arg, bool) {
	for _, a := range c.args {
		if a.name == name {
			return a, true
		}
	}
	return arg{}, false
}

// isNameRune reports whether r may stand in a name or an unquoted value:
// anything but a blank, a control character, '=' and '"'.
func isNameRune(r rune) bool {
	return !unicode.IsSpace(r) && !unicode.IsControl(r) && r != '=' && r != '"'
}

// scanner reads one line.
type scanner struct {
	s   string
	pos int
}

func (sc *scanner) skipBlanks() {
	for sc.pos < len(sc.s) {
		r, n := utf8.DecodeRuneInString(sc.s[sc.pos:])
		if !unicode.IsSpace(r) {
			return
		}
		sc.pos += n
	}
}

// name reads a run of name characters, "" if none is there.
func (sc *scanner) name() string {
	start := sc.pos
	for sc.pos < len(sc.s) {
		r, n := utf8.DecodeRuneInString(sc.s[sc.pos:])
		if !isNameRune(r) {
			break
		}
		sc.pos += n
	}
	return sc.s[start:sc.pos]
}

// value reads a value after '=': quoted, or a name.
func (sc *scanner) value(name string) (string, error) {
	if sc.pos < len(sc.s) && sc.s[sc.pos] == '"' {
		end := strings.IndexByte(sc.s[sc.pos+1:], '"')
		if end < 0 {
			return "", fmt.Errorf("%s=: the value's closing double quote is missing", name)
		}
		v := sc.s[sc.pos+1 : sc.pos+1+end]
		sc.pos += end + 2
		return v, nil
	}
	v := sc.name()
	if v == "" {
		return "", fmt.Errorf("%s= has no value (an empty one is written as two double quotes)", name)
	}
	return v, nil
}

// parseCommand reads a line: its command word, then its arguments, each
// name at most once. A blank line is a command with no name.
func parseCommand(line string) (command, error) {
	if !utf8.ValidString(line) {
		return command{}, fmt.Errorf("the line is not UTF-8")
	}
	if i := strings.IndexFunc(line, func(r rune) bool { return unicode.IsControl(r) && !unicode.IsSpace(r) }); i >= 0 {
		return command{}, fmt.Errorf("the line holds a control character at byte %d", i+1)
	}
	sc := scanner{s: line}
	sc.skipBlanks()
	if sc.pos == len(sc.s) {
		return command{}, nil
	}
	c := command{name: sc.name()}
	if c.name == "" {
		return command{}, fmt.Errorf("want a command word first, found %s", play.Echo(sc.s[sc.pos:]))
	}
	seen := map[string]bool{}
	for {
		sc.skipBlanks()
		if sc.pos == len(sc.s) {
			return c, nil
		}
		a := arg{name: sc.name()}
		if a.name == "" {
			return command{}, fmt.Errorf("%s: want an argument name, found %s", c.name, play.Echo(sc.s[sc.pos:]))
		}
		if seen[a.name] {
			return command{}, fmt.Errorf("%s: %s given twice", c.name, a.name)
		}
		seen[a.name] = true
		if sc.pos < len(sc.s) && sc.s[sc.pos] == '=' {
			sc.pos++
			v, err := sc.value(a.name)
			if err != nil {
				return command{}, fmt.Errorf("%s: %w", c.name, err)
			}
			a.value = v
		} else {
			a.flag = true
		}
		c.args = append(c.args, a)
	}
}

// pair writes name=value, the value quoted when it is empty or holds a
// character a bare value cannot (a blank, '=', '"'). Hub has no escape
// for '"', so one inside a value becomes '\”.
func pair(name, value string) string {
	if value != "" && strings.IndexFunc(value, func(r rune) bool { return !isNameRune(r) }) < 0 {
		return name + "=" + value
	}
	value = strings.Map(func(r rune) rune {
		switch {
		case r == '"':
			return '\''
		case unicode.IsControl(r) && !unicode.IsSpace(r):
			return ' '
		}
		return r
	}, value)
	return name + `="` + value + `"`
}

// errorLine is Hub's error reply: error message="...".
func errorLine(format string, args ...any) string {
	return "error " + pair("message", fmt.Sprintf(format, args...))
}
