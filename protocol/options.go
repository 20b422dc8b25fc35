package protocol

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// options answers "options": one line for every key set takes but the
// search's parameters (as help leaves them out; crown tune --list has
// them) and gamehist, with its type, default, range and the value in
// force, then "options end":
//
//	option name=hashsize type=int default=64 min=1 max=4096 unit=MiB value=4
//
// value comes last, as the rest of the line, for a file's name may hold
// blanks. A front end (a GUI's options dialog, the Hub front end's param
// lines) builds its settings from it.
func (s *session) options(args []string) {
	s.noArgs("options", args, func() {
		var types, names []string
		for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
			types = append(types, strconv.Itoa(v.Rules().GameType))
			names = append(names, v.String())
		}
		s.option("gametype", "enum", strconv.Itoa(movegen.American.Rules().GameType),
			"values="+strings.Join(types, ","), strconv.Itoa(s.play.Variant().Rules().GameType))
		s.option("variant", "enum", movegen.American.String(), "values="+strings.Join(names, ","), s.play.Variant().String())
		for i := range play.Registry {
			op := &play.Registry[i]
			s.option(op.Key, op.Kind().String(), op.DefaultText(), rangeOf(op), op.Format(s.play.Options()))
		}
		s.option("ponder", "int", "0", "min=0 max=1", map[bool]string{false: "0", true: "1"}[s.ponder])
		s.option("book", "int", strconv.Itoa(int(book.Off)), fmt.Sprintf("min=%d max=%d", book.Off, book.NumLevels-1),
			strconv.Itoa(int(s.play.BookLevel())))
		s.option("bookfile", "string", play.DefaultBook, "", s.play.BookFile())
		s.out.Line("options end")
	})
}

// option writes one option line; bounds is its range or values, "" for
// none.
func (s *session) option(name, kind, def, bounds, value string) {
	f := []string{"option", "name=" + name, "type=" + kind, "default=" + def}
	if bounds != "" {
		f = append(f, bounds)
	}
	s.out.Line(strings.Join(append(f, "value="+value), " "))
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
