package hub

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// A param is one engine parameter as Hub lists it (param) and sets it
// (set-param): the rule set, the book's level and file, and every option
// of play.Registry.
type param struct {
	name string
	// kind is the param line's type: "int", "string" or "enum"; an int
	// has min and max, an enum its values.
	kind     string
	min, max int
	values   []string
	get      func(s *session) string
	set      func(s *session, value string) error
}

// line writes p's param line with the value in force.
func (p *param) line(s *session) string {
	f := []string{"param", pair("name", p.name), pair("value", p.get(s)), pair("type", p.kind)}
	switch p.kind {
	case "int":
		f = append(f, pair("min", strconv.Itoa(p.min)), pair("max", strconv.Itoa(p.max)))
	case "enum":
		f = append(f, pair("values", strings.Join(p.values, " ")))
	}
	return strings.Join(f, " ")
}

// Variants are the values of the variant param, each with the rule set
// it names: the games of the 8x8 board pydraughts plays, as it names them
// (English checkers "english", and "american", which pydraughts reads as
// "english"; "russian", "brazilian", "italian"), and American Pool
// checkers as Crown does. Crown's other games (Czech, Spanish, Thai) have
// no Hub client to say how their positions and moves are written.
var variants = []struct {
	name    string
	variant movegen.Variant
	listed  bool // named in the param line's values
}{
	{"english", movegen.American, true},
	{"pool", movegen.Pool, true},
	{"russian", movegen.Russian, true},
	{"brazilian", movegen.Brazilian, true},
	{"italian", movegen.Italian, true},
	{"american", movegen.American, false},
}

// params are the parameters in the order hub lists them.
var params = func() []param {
	ps := []param{variantParam(), {
		name: "book", kind: "int", min: int(book.Off), max: int(book.NumLevels) - 1,
		get: func(s *session) string { return strconv.Itoa(int(s.play.BookLevel())) },
		set: func(s *session, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("%s is not a whole number", play.Echo(v))
			}
			return s.play.SetBookLevel(n)
		},
	}, {
		name: "bookfile", kind: "string",
		get: func(s *session) string { return s.play.BookFile() },
		set: func(s *session, v string) error { return s.play.SetBookFile(v) },
	}}
	for i := range play.Registry {
		ps = append(ps, optionParam(&play.Registry[i]))
	}
	return ps
}()

// variantParam is the rule set as an enum of variants' names.
func variantParam() param {
	var names []string
	for _, v := range variants {
		if v.listed {
			names = append(names, v.name)
		}
	}
	return param{
		name: "variant", kind: "enum", values: names,
		get: func(s *session) string {
			for _, v := range variants {
				if v.variant == s.play.Variant() {
					return v.name
				}
			}
			return s.play.Variant().Rules().Name
		},
		set: func(s *session, value string) error {
			for _, v := range variants {
				if strings.EqualFold(value, v.name) {
					if err := s.play.SetGameType(v.variant.Rules().GameType); err != nil {
						return err
					}
					s.setPosition(movegen.StartPosition(v.variant))
					return nil
				}
			}
			return fmt.Errorf("Crown does not play %s: it plays %s", play.Echo(value), describeVariants())
		},
	}
}

// describeVariants names the variants Crown plays and their rules, for
// an error: "english (American checkers), pool (American Pool checkers),
// ... and italian (Italian draughts)".
func describeVariants() string {
	var out []string
	for _, v := range variants {
		if v.listed {
			out = append(out, v.name+" ("+v.variant.Rules().Title+")")
		}
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// optionParam is an engine option of play's registry (or a search
// parameter) as a param, its type and range play's.
func optionParam(op *play.Option) param {
	return param{
		name: op.Key, kind: op.Kind().String(), min: op.Min, max: op.Max,
		get: func(s *session) string { return op.Format(s.play.Options()) },
		set: func(s *session, v string) error { return s.play.SetOption(op, v) },
	}
}

// findParam returns the param called name (any case): a listed one, or
// a search parameter (play.Tunables), which set-param takes but hub does
// not list, as the line protocol's set takes them and help leaves them
// out.
func findParam(name string) (param, bool) {
	for _, p := range params {
		if strings.EqualFold(name, p.name) {
			return p, true
		}
	}
	if op, ok := play.LookupTunable(name); ok {
		return optionParam(op), true
	}
	return param{}, false
}

// setParam reads set-param name=... value=...: the value is checked and
// takes effect at once; only an error is answered.
func (s *session) setParam(c command) {
	name, ok := c.lookup("name")
	if !ok || name.flag || name.value == "" {
		s.out.Line(errorLine("set-param needs name=... and value=..."))
		return
	}
	p, ok := findParam(name.value)
	if !ok {
		s.out.Line(errorLine("set-param: unknown param %s (hub lists them)", play.Echo(name.value)))
		return
	}
	value, ok := c.lookup("value")
	if !ok || value.flag {
		s.out.Line(errorLine("set-param %s needs value=...", p.name))
		return
	}
	if err := p.set(s, value.value); err != nil {
		s.out.Line(errorLine("set-param %s: %v", p.name, err))
	}
}
