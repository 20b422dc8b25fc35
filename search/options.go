package search

import (
	"fmt"
	"reflect"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
)

// Option defaults and ranges.
const (
	DefaultHashMiB = 64
	MinHashMiB     = 1
	MaxHashMiB     = 4096
	DefaultThreads = 1
	MinThreads     = 1
	MaxThreads     = 64
	// DefaultMultiPV is one line, the best move's; MinMultiPV too.
	DefaultMultiPV = 1
	MinMultiPV     = 1
	// MaxMultiPV bounds MultiPV: more lines than a position has moves
	// search them all.
	MaxMultiPV = movegen.MaxMoves
)

// Options configure an Engine: numbers, and the resources it searches
// with, opened by its caller (package play opens them from the names its
// front ends give).
type Options struct {
	HashMiB int // transposition table size in MiB (default 64)
	Threads int // search threads (default 1)
	// Disable switches search features off for experiments (matches that
	// measure what each is worth): a sum of the Disable* bits; 0, the
	// default, plays with all of them.
	Disable int
	// MultiPV is the number of lines a search finds (default 1): the N best
	// root moves, each with its exact score and line (Result.Lines), for
	// analysis. A Request's MultiPV overrides it.
	MultiPV int
	// EGDB is the endgame database the engine probes, nil for none. The
	// engine neither opens nor closes it: whoever opened it keeps it open
	// while the engine uses it, until the engine is closed or given
	// another.
	EGDB *egdb.DB
	// Eval is the evaluation's weights, nil for the built-in ones
	// (eval.Default()), so that matches can set weights against weights.
	// The engine only reads them.
	Eval *eval.WeightFile
	// Params are the search's numeric parameters, nil for DefaultParams.
	// They are not changed once set: whoever changes one makes a new set,
	// so copies of Options may share one.
	Params *Params
}

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

// span is one number of Options with its range, for checking them all.
type span struct {
	name    string
	v       *int
	lo, hi  int
	initial int // the value a zero field takes
}

// spans returns the numbers of o with their ranges.
func (o *Options) spans() []span {
	return []span{
		{"HashMiB", &o.HashMiB, MinHashMiB, MaxHashMiB, DefaultHashMiB},
		{"Threads", &o.Threads, MinThreads, MaxThreads, DefaultThreads},
		{"Disable", &o.Disable, 0, DisableAll, 0},
		{"MultiPV", &o.MultiPV, MinMultiPV, MaxMultiPV, DefaultMultiPV},
	}
}

// withDefaults fills zero fields with the defaults.
func (o Options) withDefaults() Options {
	for _, s := range o.spans() {
		if *s.v == 0 {
			*s.v = s.initial
		}
	}
	if o.Eval == nil {
		o.Eval = eval.Default()
	}
	return o
}

// validate checks every number of o and of its parameters against its
// range.
func (o Options) validate() error {
	for _, s := range o.spans() {
		if *s.v < s.lo || *s.v > s.hi {
			return fmt.Errorf("search: %s %d is out of range %d..%d", s.name, *s.v, s.lo, s.hi)
		}
	}
	return o.params().check()
}

// clamp brings every number of o and of its parameters into its range.
func (o Options) clamp() Options {
	for _, s := range o.spans() {
		*s.v = min(max(*s.v, s.lo), s.hi)
	}
	if o.Params != nil {
		p := *o.Params // a copy: other Options may share the old set
		lo, hi := MinParams.fields(), MaxParams.fields()
		for i, f := range p.fields() {
			*f = min(max(*f, *lo[i]), *hi[i])
		}
		o.Params = &p
	}
	return o
}

// check reports the first parameter of p out of its range
// (MinParams..MaxParams).
func (p *Params) check() error {
	lo, hi := MinParams.fields(), MaxParams.fields()
	for i, f := range p.fields() {
		if *f < *lo[i] || *f > *hi[i] {
			name := reflect.TypeFor[Params]().Field(i).Name
			return fmt.Errorf("search: parameter %s %d is out of range %d..%d", name, *f, *lo[i], *hi[i])
		}
	}
	return nil
}
