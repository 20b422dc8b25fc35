package protocol

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// An OptionSpec is one key set takes as "options" lists it: its type,
// default and range, for a front end's options dialog and for crown help
// options, which print the same lines from the same list.
type OptionSpec struct {
	Name    string // the key of get and set
	Type    string // "int", "string" or "enum"
	Default string
	// Bounds is the range, "min=1 max=4096 unit=MiB", or an enum's
	// "values=...", "" for a string.
	Bounds string
	Flag   string // crown engine's flag that sets it at start, "" for none
	Help   string // what it does, for people
	// value returns the value in force in a session.
	value func(s *session) string
}

// Line writes the option as the options command does: "option
// name=hashsize type=int default=64 min=1 max=4096 unit=MiB value=4".
// value comes last, as the rest of the line, for a file's name may hold
// blanks; "" leaves value= out (crown help options, which has no
// session).
func (o OptionSpec) Line(value string) string {
	f := []string{"option", "name=" + o.Name, "type=" + o.Type, "default=" + o.Default}
	if o.Bounds != "" {
		f = append(f, o.Bounds)
	}
	if value != "" {
		f = append(f, "value="+value)
	}
	return strings.Join(f, " ")
}

// OptionSpecs lists every key set takes but the search's parameters (as
// help leaves them out; crown tune --list has them) and gamehist: the
// rule set, every option of play.Registry (its type, range and default
// read from there), ponder and the book.
func OptionSpecs() []OptionSpec {
	var types, names []string
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		types = append(types, strconv.Itoa(v.Rules().GameType))
		names = append(names, v.String())
	}
	specs := []OptionSpec{
		{Name: "gametype", Type: "enum", Default: strconv.Itoa(movegen.American.Rules().GameType),
			Bounds: "values=" + strings.Join(types, ","), Help: "the game by its PDN GameType (docs/variants.md)",
			value: func(s *session) string { return strconv.Itoa(s.play.Variant().Rules().GameType) }},
		{Name: "variant", Type: "enum", Default: movegen.American.String(),
			Bounds: "values=" + strings.Join(names, ","), Help: "the game by name, as gametype",
			value: func(s *session) string { return s.play.Variant().String() }},
	}
	for i := range play.Registry {
		op := &play.Registry[i]
		specs = append(specs, OptionSpec{Name: op.Key, Type: op.Kind().String(), Default: op.DefaultText(),
			Bounds: rangeOf(op), Flag: op.Flag, Help: op.Help,
			value: func(s *session) string { return op.Format(s.play.Options()) }})
	}
	return append(specs,
		OptionSpec{Name: "ponder", Type: "int", Default: "0", Bounds: "min=0 max=1",
			Help:  "1: move lines name the reply the engine expects, to ponder on (docs/protocol.md, Pondering)",
			value: func(s *session) string { return map[bool]string{false: "0", true: "1"}[s.ponder] }},
		OptionSpec{Name: "book", Type: "int", Default: strconv.Itoa(int(book.Off)),
			Bounds: fmt.Sprintf("min=%d max=%d", book.Off, book.NumLevels-1), Flag: "book",
			Help:  "opening book level: 0 off, 1 all good moves, 2 good moves, 3 best move (docs/book.md)",
			value: func(s *session) string { return strconv.Itoa(int(s.play.BookLevel())) }},
		OptionSpec{Name: "bookfile", Type: "string", Default: play.DefaultBook, Flag: "book-file",
			Help:  "opening book file; " + play.DefaultBook + ": the one that ships",
			value: func(s *session) string { return s.play.BookFile() }})
}

// options answers "options": OptionSpecs' lines with the values in
// force, then "options end". A front end (a GUI's options dialog) builds
// its settings from it.
func (s *session) options(args []string) {
	s.noArgs("options", args, func() {
		for _, o := range OptionSpecs() {
			s.out.Line(o.Line(o.value(s)))
		}
		s.out.Line("options end")
	})
}

// rangeOf writes a numeric option's range and unit, "" for a text one.
func rangeOf(op *play.Option) string {
	if op.IsText() {
		return ""
	}
	r := fmt.Sprintf("min=%d max=%d", op.Min, op.Max)
	if op.Unit != "" {
		r += " unit=" + strings.ReplaceAll(op.Unit, " ", "-")
	}
	return r
}
