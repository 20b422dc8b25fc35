package search

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/movegen"
)

// An Option is one engine setting as every front end sees it: the
// protocol's get and set, a match's self:key=value, the command line's
// flags and the web board. Its range and default live here only, so no
// front end checks a range by itself. Most options are whole numbers; a
// text option (IsText: the endgame database's directory) has no range and
// reads its value as it is written.
type Option struct {
	Key     string // name in the protocol and in self:key=value: "hashsize"
	Flag    string // command-line flag: "hash"
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
	field       func(*Options) *int
	text        func(*Options) *string
	param       func(*Params) *int // a search parameter's field (Tunables)
	// check, if set, vets a text option's value as it is set: a file
	// that must load.
	check func(string) error
}

// NoEGDB is the egdbpath value that means no database, as the protocol
// and self:egdbpath= write it (an empty value cannot be written there).
const NoEGDB = "none"

// Registry lists every engine option, in the order help texts show them.
var Registry = []Option{
	{
		Key: "hashsize", Flag: "hash", Unit: "MiB", Help: "transposition table size",
		Min: MinHashMiB, Max: MaxHashMiB, Default: DefaultHashMiB,
		field: func(o *Options) *int { return &o.HashMiB },
	},
	{
		Key: "searchthreads", Flag: "threads", Help: "search threads",
		Min: 1, Max: MaxThreads, Default: DefaultThreads,
		field: func(o *Options) *int { return &o.Threads },
	},
	{
		Key: "egdbpath", Flag: "egdb", Help: "endgame database directory (docs/egdb.md); " + NoEGDB + " or empty: none",
		text: func(o *Options) *string { return &o.EGDBPath },
	},
	{
		Key: "evalfile", Flag: "eval-file", Help: "evaluation weight file (crown train's output); " + NoEGDB + " or empty: the built-in weights",
		text:  func(o *Options) *string { return &o.EvalFile },
		check: func(path string) error { _, err := loadEvalFile(path); return err },
	},
	{
		Key: "egdbcache", Flag: "egdb-cache", Unit: "MiB", Help: "endgame database block cache",
		Min: MinEGDBCacheMiB, Max: egdb.MaxCacheMiB, Default: DefaultEGDBCacheMiB,
		field: func(o *Options) *int { return &o.EGDBCacheMiB },
	},
	{
		Key: "disable", Flag: "disable",
		Help: "search features off, for experiments: the sum of 1 ProbCut, 2 late-move reductions, 4 internal iterative reduction, 8 extensions, 16 transposition-table cutoffs, 32 reverse futility",
		Min:  0, Max: DisableAll, Default: 0,
		field: func(o *Options) *int { return &o.Disable },
	},
	{
		Key: "multipv", Flag: "multipv",
		Help: "lines to search: the N best moves, each with its exact score and line (multi-PV)",
		Min:  1, Max: MaxMultiPV, Default: 1, OmitDefault: true,
		field: func(o *Options) *int { return &o.MultiPV },
	},
}

// MaxMultiPV bounds the multipv option: more lines than a position has
// moves search them all.
const MaxMultiPV = movegen.MaxMoves

// The search features Options.Disable can switch off, one bit each.
const (
	DisableProbCut    = 1 << iota // ProbCut pruning of quiet non-PV nodes
	DisableLMR                    // late-move reductions
	DisableIIR                    // internal iterative reduction
	DisableExtensions             // the threat and forced-move extensions
	// DisableTTCutoffs: the transposition table orders moves but cuts no
	// node. With every feature off (DisableAll) the search is plain
	// alpha-beta over a tree that depends only on the position and the
	// depth: its scores are the tree's minimax values whatever the table
	// and history hold, so that separate searches agree exactly (the
	// multi-PV test).
	DisableTTCutoffs
	DisableRFP // reverse futility, whose cut returns a static score
	// DisableAll is every feature off.
	DisableAll = 1<<iota - 1
)

// LookupOption finds an option by its key or its flag name, in any case:
// one of Registry, or a search parameter of Tunables.
func LookupOption(name string) (*Option, bool) {
	for i := range Registry {
		op := &Registry[i]
		if strings.EqualFold(name, op.Key) || strings.EqualFold(name, op.Flag) {
			return op, true
		}
	}
	return LookupTunable(name)
}

// maxValueEcho bounds how much of a bad value an error quotes: every
// accepted value is a short number.
const maxValueEcho = 40

// IsText reports whether op's value is text (a directory), not a number.
func (op *Option) IsText() bool { return op.text != nil }

// Format returns op's value in o as the protocol writes it: the number
// (the default for a zero field), or the text ("none" for an empty one).
func (op *Option) Format(o Options) string {
	if op.text != nil {
		if t := *op.text(&o); t != "" {
			return t
		}
		return NoEGDB
	}
	return strconv.Itoa(op.Get(o))
}

// SetText reads op's value from text, as the protocol and self:key=value
// give it, and stores it in o: a number in range, or any text ("none" is
// the empty value).
func (op *Option) SetText(o *Options, text string) error {
	if op.text != nil {
		if text == NoEGDB {
			text = ""
		}
		if op.check != nil && text != "" {
			if err := op.check(text); err != nil {
				return err
			}
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
		if len(text) > maxValueEcho {
			text = text[:maxValueEcho] + "..."
		}
		return 0, fmt.Errorf("%s is not a whole number", strconv.QuoteToASCII(text))
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
		return fmt.Errorf("unknown option %s", strconv.QuoteToASCII(key))
	}
	if err := op.SetText(o, text); err != nil {
		return fmt.Errorf("%s: %w", op.Key, err)
	}
	return nil
}

// withDefaults fills zero fields with the defaults.
func (o Options) withDefaults() Options {
	for i := range Registry {
		op := &Registry[i]
		if op.IsText() {
			continue
		}
		*op.field(&o) = op.Get(o)
	}
	return o
}

// validate checks every option's range.
func (o Options) validate() error {
	for i := range Registry {
		op := &Registry[i]
		if op.IsText() {
			continue
		}
		if err := op.Check(*op.field(&o)); err != nil {
			return fmt.Errorf("%s: %w", op.Key, err)
		}
	}
	for i := range Tunables {
		op := &Tunables[i]
		if err := op.Check(op.Get(o)); err != nil {
			return fmt.Errorf("%s: %w", op.Key, err)
		}
	}
	return nil
}

// clamp brings every option into its range.
func (o Options) clamp() Options {
	for i := range Registry {
		op := &Registry[i]
		if op.IsText() {
			continue
		}
		f := op.field(&o)
		*f = min(max(*f, op.Min), op.Max)
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
