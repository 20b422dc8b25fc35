package play

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/search"
)

// Options are an engine's settings as its user gives them: the search's
// numbers, and the files it searches with by name (an endgame database's
// directory, a weight file). Zero fields take the defaults. A Session
// opens the files they name (Pool.Open) and gives the search the numbers
// with the files opened (search.Options).
type Options struct {
	HashMiB int // transposition table size in MiB (search.DefaultHashMiB)
	Threads int // search threads (search.DefaultThreads)
	Disable int // search features off, a sum of search's Disable* bits
	MultiPV int // lines a search finds (search.Options.MultiPV)
	// Params are the search's numeric parameters (Tunables), nil for
	// search.DefaultParams. They are not changed once set: Option.Set
	// makes a new set, so copies of Options may share one.
	Params *search.Params
	// EGDBPath is the endgame database's directory, "" for none, and
	// EGDBCacheMiB its block cache in MiB (DefaultEGDBCacheMiB).
	EGDBPath     string
	EGDBCacheMiB int
	// EvalFile is a weight file to evaluate with (crown train's output),
	// "" for the built-in weights.
	EvalFile string
	// Level is the playing level (Levels), FullStrength when zero: it
	// changes how a session chooses a game's move, not the search
	// (Session.Decide), so Pool.Open leaves it out.
	Level int
}

// The endgame database's block cache (the option egdbcache).
const (
	// DefaultEGDBCacheMiB: 64 MiB hold every block of the 5-piece
	// databases decompressed (36 MiB a rule set), and the hot part of the
	// 6-piece ones.
	DefaultEGDBCacheMiB = 64
	MinEGDBCacheMiB     = 1
)

// An Option is one engine setting as every front end sees it: the
// protocol's get and set, a match's self:key=value, the command line's
// flags and the web board. Its range and default live here only, so no
// front end checks a range by itself. Most options are whole numbers; a
// text option (IsText: a file's name) has no range and reads its value as
// it is written.
type Option struct {
	Key     string // name in the protocol and in self:key=value: "hashsize"
	Flag    string // command-line flag: "hash"; "" for none
	Unit    string // unit of the value, "" for a plain count
	Help    string // one line for help texts
	Min     int    // smallest accepted value
	Max     int    // largest accepted value
	Default int    // the value a zero field of Options takes
	// Step is a tunable's tuning step (Tunables), 0 for other options.
	Step int
	// OmitDefault marks an option newer than the files and engines that
	// list every option: a self-play state file, crown timing's settings
	// for an engine. At its default they leave it out, so that a state
	// file written before it still matches and an engine that predates it
	// is still timed.
	OmitDefault bool
	// Names is what a text option's value names, for its errors: "a
	// directory", "a file".
	Names string
	field func(*Options) *int
	text  func(*Options) *string
	param func(*search.Params) *int // a search parameter's field (Tunables)
}

// None is the value of a text option that names no file, as the protocol
// and self:key=value write it (an empty value cannot be written there):
// egdbpath none is no database, evalfile none the built-in weights.
const None = "none"

// Registry lists every engine option, in the order help texts show them.
// What each does to the search is Pool.Open's.
var Registry = []Option{
	{
		Key: "hashsize", Flag: "hash", Unit: "MiB", Help: "transposition table size",
		Min: search.MinHashMiB, Max: search.MaxHashMiB, Default: search.DefaultHashMiB,
		field: func(o *Options) *int { return &o.HashMiB },
	},
	{
		Key: "searchthreads", Flag: "threads", Help: "search threads",
		Min: search.MinThreads, Max: search.MaxThreads, Default: search.DefaultThreads,
		field: func(o *Options) *int { return &o.Threads },
	},
	{
		Key: "egdbpath", Flag: "egdb", Help: "endgame database directory (docs/egdb.md); " + None + " or empty: none",
		Names: "a directory",
		text:  func(o *Options) *string { return &o.EGDBPath },
	},
	{
		Key: "evalfile", Flag: "eval-file", Help: "evaluation weight file (crown train's output); " + None + " or empty: the built-in weights",
		Names: "a file",
		text:  func(o *Options) *string { return &o.EvalFile },
	},
	{
		Key: "egdbcache", Flag: "egdb-cache", Unit: "MiB", Help: "endgame database block cache",
		Min: MinEGDBCacheMiB, Max: egdb.MaxCacheMiB, Default: DefaultEGDBCacheMiB,
		field: func(o *Options) *int { return &o.EGDBCacheMiB },
	},
	{
		Key: "disable", Flag: "disable",
		Help: "search features off, for experiments: the sum of 1 ProbCut, 2 late-move reductions, 4 internal iterative reduction, 8 extensions, 16 transposition-table cutoffs, 32 reverse futility",
		Min:  0, Max: search.DisableAll, Default: 0,
		field: func(o *Options) *int { return &o.Disable },
	},
	{
		Key: "multipv", Flag: "multipv",
		Help: "lines to search: the N best moves, each with its exact score and line (multi-PV)",
		Min:  search.MinMultiPV, Max: search.MaxMultiPV, Default: search.DefaultMultiPV, OmitDefault: true,
		field: func(o *Options) *int { return &o.MultiPV },
	},
	{
		// No flag: the commands that take option flags search positions
		// (analyze, annotate, selfplay), which a level does not weaken;
		// engines and matches set it (set level, self:level=N).
		Key: "level", Help: levelHelp(),
		Min: MinLevel, Max: FullStrength, Default: FullStrength, OmitDefault: true,
		field: func(o *Options) *int { return &o.Level },
	},
}

// Tunables are the search parameters as options: every front end sets
// them by key like the options of Registry (the protocol's set, a match's
// self:key=value), but help texts and flags leave them out, for they are
// for experiments and crown tune. Their ranges and steps are the search's
// (search.MinParams, MaxParams, ParamSteps).
var Tunables = []Option{
	tunable("aspdelta", "first half-width of the aspiration window", "centi-men at American's scale", func(p *search.Params) *int { return &p.AspirationDelta }),
	tunable("aspmindepth", "first iteration with an aspiration window", "plies", func(p *search.Params) *int { return &p.AspirationMinDepth }),
	tunable("lmrbase", "late-move reduction: constant part", "1/100 ply", func(p *search.Params) *int { return &p.LMRBase }),
	tunable("lmrdivisor", "late-move reduction: divisor of ln(depth) ln(move)", "1/100", func(p *search.Params) *int { return &p.LMRDivisor }),
	tunable("lmrmindepth", "late-move reduction: least depth", "plies", func(p *search.Params) *int { return &p.LMRMinDepth }),
	tunable("lmrminmoves", "late-move reduction: moves searched in full first", "", func(p *search.Params) *int { return &p.LMRMinMoves }),
	tunable("probcutmargin", "ProbCut: margin over beta", "centi-men at American's scale", func(p *search.Params) *int { return &p.ProbCutMargin }),
	tunable("probcutreduction", "ProbCut: plies less for the check", "plies", func(p *search.Params) *int { return &p.ProbCutReduction }),
	tunable("probcutmindepth", "ProbCut: least depth", "plies", func(p *search.Params) *int { return &p.ProbCutMinDepth }),
	tunable("iirmindepth", "internal iterative reduction: least depth", "plies", func(p *search.Params) *int { return &p.IIRMinDepth }),
	tunable("lmrhistory", "late-move reduction: plies less at the best history", "1/100 ply", func(p *search.Params) *int { return &p.LMRHistory }),
	tunable("rfpmargin", "reverse futility: margin a ply (0: off)", "centi-men at American's scale", func(p *search.Params) *int { return &p.RFPMargin }),
	tunable("rfpmaxdepth", "reverse futility: most depth", "plies", func(p *search.Params) *int { return &p.RFPMaxDepth }),
	tunable("semindepth", "singular extension: least depth (0: off)", "plies", func(p *search.Params) *int { return &p.SEMinDepth }),
	tunable("semargin", "singular extension: margin a ply below the table's score", "centi-men", func(p *search.Params) *int { return &p.SEMargin }),
	tunable("evalgrain", "static scores rounded to a multiple of it (1: exact)", "centi-men", func(p *search.Params) *int { return &p.EvalGrain }),
	tunable("contempt", "a draw by repetition or count below level, for the root's side", "centi-men", func(p *search.Params) *int { return &p.Contempt }),
	tunable("conthistory", "continuation history's weight in a quiet move's order (0: off)", "% of the history", func(p *search.Params) *int { return &p.ContHistory }),
}

// tunable makes the option of one search parameter, with the search's
// range, step and default for it.
func tunable(key, help, unit string, field func(*search.Params) *int) Option {
	return Option{Key: key, Flag: key, Help: help, Unit: unit,
		Min: *field(&search.MinParams), Max: *field(&search.MaxParams), Step: *field(&search.ParamSteps),
		Default: *field(&search.DefaultParams), param: field}
}

// LookupOption finds an option by its key or its flag name, in any case:
// one of Registry, or a search parameter of Tunables.
func LookupOption(name string) (*Option, bool) {
	for i := range Registry {
		op := &Registry[i]
		if strings.EqualFold(name, op.Key) || op.Flag != "" && strings.EqualFold(name, op.Flag) {
			return op, true
		}
	}
	return LookupTunable(name)
}

// LookupTunable finds a search parameter by key, in any case.
func LookupTunable(key string) (*Option, bool) {
	for i := range Tunables {
		if strings.EqualFold(key, Tunables[i].Key) {
			return &Tunables[i], true
		}
	}
	return nil, false
}

// IsText reports whether op's value is text (a file's name), not a
// number.
func (op *Option) IsText() bool { return op.text != nil }

// ValueKind is what an option's value is, for a front end that lists
// the options with their types, defaults and ranges (Hub's param lines).
type ValueKind uint8

// The kinds of value.
const (
	// IntValue: a whole number in Min..Max.
	IntValue ValueKind = iota
	// TextValue: text as it is written, naming a file or a directory;
	// None (or empty) names none. It has no range.
	TextValue
)

// String names the kind as Hub and UCI write an option's type: "int" or
// "string".
func (k ValueKind) String() string {
	if k == TextValue {
		return "string"
	}
	return "int"
}

// Kind returns what op's value is.
func (op *Option) Kind() ValueKind {
	if op.IsText() {
		return TextValue
	}
	return IntValue
}

// DefaultText returns op's default as Format writes a value: the number,
// or None for a text option.
func (op *Option) DefaultText() string { return op.Format(Options{}) }

// Takes says what a value of op is, for an error that has none: "one
// number", or for a text option what it names or None.
func (op *Option) Takes() string {
	if op.IsText() {
		return op.Names + " or " + None
	}
	return "one number"
}

// Format returns op's value in o as the protocol writes it: the number
// (the default for a zero field), or the text (None for an empty one).
func (op *Option) Format(o Options) string {
	if op.text != nil {
		if t := *op.text(&o); t != "" {
			return t
		}
		return None
	}
	return strconv.Itoa(op.Get(o))
}

// SetText reads op's value from text, as the protocol and self:key=value
// give it, and stores it in o: a number in range, or any text (None is
// the empty value). A file a text option names is opened, and checked,
// as the options are given to a session (Pool.Open).
func (op *Option) SetText(o *Options, text string) error {
	if op.text != nil {
		if text == None {
			text = ""
		}
		*op.text(o) = text
		return nil
	}
	n, err := op.Parse(text)
	if err != nil {
		return err
	}
	return op.Set(o, n)
}

// Parse reads a value of op from text and checks its range.
func (op *Option) Parse(text string) (int, error) {
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, fmt.Errorf("%s is not a whole number", Echo(text))
	}
	return n, op.Check(n)
}

// Check reports whether n is in op's range.
func (op *Option) Check(n int) error {
	if n < op.Min || n > op.Max {
		unit := ""
		if op.Unit != "" {
			unit = " (" + op.Unit + ")"
		}
		return fmt.Errorf("%d is out of range %d..%d%s", n, op.Min, op.Max, unit)
	}
	return nil
}

// Usage describes op for a flag's help: "transposition table size in MiB
// (1-4096)".
func (op *Option) Usage() string {
	if op.IsText() {
		return op.Help
	}
	unit := ""
	if op.Unit != "" {
		unit = " in " + op.Unit
	}
	return fmt.Sprintf("%s%s (%d-%d)", op.Help, unit, op.Min, op.Max)
}

// Get returns op's value in o, the default for a zero field (0 for a
// text option).
func (op *Option) Get(o Options) int {
	if op.param != nil {
		return *op.param(o.params())
	}
	if op.field == nil {
		return 0
	}
	if v := *op.field(&o); v != 0 {
		return v
	}
	return op.Default
}

// Set stores n as op's value in o after checking its range.
func (op *Option) Set(o *Options, n int) error {
	if err := op.Check(n); err != nil {
		return err
	}
	if op.param != nil {
		p := *o.params() // a copy: other Options may share the old set
		*op.param(&p) = n
		o.Params = &p
		return nil
	}
	*op.field(o) = n
	return nil
}

// Set reads the value of the option named key (a key or a flag name) from
// text and stores it in o. Errors name the option.
func (o *Options) Set(key, text string) error {
	op, ok := LookupOption(key)
	if !ok {
		return fmt.Errorf("unknown option %s", Echo(key))
	}
	if err := op.SetText(o, text); err != nil {
		return fmt.Errorf("%s: %w", op.Key, err)
	}
	return nil
}

// params returns the parameters o names.
func (o *Options) params() *search.Params {
	if o.Params == nil {
		return &search.DefaultParams
	}
	return o.Params
}

// withDefaults fills zero fields with the defaults and brings every
// number into its range.
func (o Options) withDefaults() Options {
	for i := range Registry {
		op := &Registry[i]
		if op.IsText() {
			continue
		}
		f := op.field(&o)
		*f = min(max(op.Get(o), op.Min), op.Max)
	}
	if o.Params != nil {
		p := *o.Params
		for i := range Tunables {
			op := &Tunables[i]
			f := op.param(&p)
			*f = min(max(*f, op.Min), op.Max)
		}
		o.Params = &p
	}
	return o
}
