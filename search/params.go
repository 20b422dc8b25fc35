package search

import (
	"math"
	"strings"
)

// Params are the search's numeric parameters: margins, reductions and
// thresholds that no rule fixes, only play. Their defaults are the values
// matches accepted (docs/experiments.md); crown tune searches for better
// ones. An engine reads them from Options.Params (nil: the defaults).
type Params struct {
	// AspirationDelta is the first half-width of the aspiration window
	// around the previous iteration's score, in centi-men.
	AspirationDelta int
	// AspirationMinDepth is the first iteration searched in a window
	// (earlier scores swing too much).
	AspirationMinDepth int
	// LMRBase and LMRDivisor shape the late-move reduction of the i-th
	// quiet move at depth d: LMRBase/100 + ln(d) ln(i) / (LMRDivisor/100)
	// plies, rounded down.
	LMRBase, LMRDivisor int
	// LMRMinDepth and LMRMinMoves: late quiet moves are reduced from this
	// depth on, after this many moves.
	LMRMinDepth, LMRMinMoves int
	// ProbCutMargin, ProbCutReduction and ProbCutMinDepth: from
	// ProbCutMinDepth, a non-PV node whose static score clears beta by
	// ProbCutMargin centi-men is cut if a search ProbCutReduction plies
	// shallower confirms it.
	ProbCutMargin, ProbCutReduction, ProbCutMinDepth int
	// IIRMinDepth: from this depth, a node without a table move loses a
	// ply (internal iterative reduction).
	IIRMinDepth int
	// LMRHistory adjusts a late move's reduction by its history score:
	// LMRHistory/100 plies less at the best history, as many more at the
	// worst (0: no adjustment).
	LMRHistory int
	// RFPMargin and RFPMaxDepth: a quiet non-PV node up to RFPMaxDepth
	// plies deep whose static score clears beta by RFPMargin centi-men a
	// ply returns that score unsearched (reverse futility; 0: off).
	RFPMargin, RFPMaxDepth int
	// SEMinDepth and SEMargin: from SEMinDepth plies (0: off), the table's
	// move at a node whose entry is deep enough and not an upper bound is
	// searched a ply deeper if a search of the other moves at half the
	// depth stays SEMargin centi-men a ply below the entry's score
	// (singular extension).
	SEMinDepth, SEMargin int
	// EvalGrain rounds static scores towards zero to a multiple of it, in
	// centi-men (1: exact): scores a grain apart compare equal, so more
	// null-window searches cut (Cake plays with a grain of 2).
	EvalGrain int
	// Contempt is how much worse than level a draw by repetition or by a
	// rule's count is for the side to move at the root, in centi-men (0: a
	// draw is level): against a weaker opponent it plays on rather than
	// repeat a position it judges level or slightly worse.
	Contempt int
}

// DefaultParams are the parameters an engine searches with unless told
// otherwise.
var DefaultParams = Params{
	AspirationDelta:    30,
	AspirationMinDepth: 5,
	LMRBase:            50,
	LMRDivisor:         150,
	LMRMinDepth:        3,
	LMRMinMoves:        2,
	ProbCutMargin:      30,
	ProbCutReduction:   4,
	ProbCutMinDepth:    4,
	IIRMinDepth:        6,
	LMRHistory:         0,
	RFPMargin:          50,
	RFPMaxDepth:        3,
	SEMinDepth:         0,
	SEMargin:           2,
	EvalGrain:          1,
	Contempt:           0,
}

// Tunables are the search parameters as options: every front end sets
// them by key like the options of Registry (the protocol's set, a match's
// self:key=value), but help texts and flags leave them out, for they are
// for experiments and crown tune. Step is the size of a tuning step, the
// change a match can tell apart.
var Tunables = []Option{
	tunable("aspdelta", "first half-width of the aspiration window", "centi-men", 5, 200, 5, func(p *Params) *int { return &p.AspirationDelta }),
	tunable("aspmindepth", "first iteration with an aspiration window", "plies", 1, 20, 1, func(p *Params) *int { return &p.AspirationMinDepth }),
	tunable("lmrbase", "late-move reduction: constant part", "1/100 ply", -200, 300, 25, func(p *Params) *int { return &p.LMRBase }),
	tunable("lmrdivisor", "late-move reduction: divisor of ln(depth) ln(move)", "1/100", 50, 600, 20, func(p *Params) *int { return &p.LMRDivisor }),
	tunable("lmrmindepth", "late-move reduction: least depth", "plies", 1, 10, 1, func(p *Params) *int { return &p.LMRMinDepth }),
	tunable("lmrminmoves", "late-move reduction: moves searched in full first", "", 1, 10, 1, func(p *Params) *int { return &p.LMRMinMoves }),
	tunable("probcutmargin", "ProbCut: margin over beta", "centi-men", 0, 300, 8, func(p *Params) *int { return &p.ProbCutMargin }),
	tunable("probcutreduction", "ProbCut: plies less for the check", "plies", 1, 8, 1, func(p *Params) *int { return &p.ProbCutReduction }),
	tunable("probcutmindepth", "ProbCut: least depth", "plies", 2, 12, 1, func(p *Params) *int { return &p.ProbCutMinDepth }),
	tunable("iirmindepth", "internal iterative reduction: least depth", "plies", 2, 20, 1, func(p *Params) *int { return &p.IIRMinDepth }),
	tunable("lmrhistory", "late-move reduction: plies less at the best history", "1/100 ply", 0, 300, 25, func(p *Params) *int { return &p.LMRHistory }),
	tunable("rfpmargin", "reverse futility: margin a ply (0: off)", "centi-men", 0, 200, 10, func(p *Params) *int { return &p.RFPMargin }),
	tunable("rfpmaxdepth", "reverse futility: most depth", "plies", 1, 8, 1, func(p *Params) *int { return &p.RFPMaxDepth }),
	tunable("semindepth", "singular extension: least depth (0: off)", "plies", 0, 30, 1, func(p *Params) *int { return &p.SEMinDepth }),
	tunable("semargin", "singular extension: margin a ply below the table's score", "centi-men", 0, 20, 1, func(p *Params) *int { return &p.SEMargin }),
	tunable("evalgrain", "static scores rounded to a multiple of it (1: exact)", "centi-men", 1, 20, 1, func(p *Params) *int { return &p.EvalGrain }),
	tunable("contempt", "a draw by repetition or count below level, for the root's side", "centi-men", 0, 100, 5, func(p *Params) *int { return &p.Contempt }),
}

// tunable makes the option of one parameter, its default that of
// DefaultParams.
func tunable(key, help, unit string, lo, hi, step int, field func(*Params) *int) Option {
	return Option{Key: key, Flag: key, Help: help, Unit: unit, Min: lo, Max: hi, Step: step,
		Default: *field(&DefaultParams), param: field}
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

// params returns the parameters o names.
func (o *Options) params() *Params {
	if o.Params == nil {
		return &DefaultParams
	}
	return o.Params
}

// lmrTable holds the late-move reductions of a parameter set, by depth and
// move number, in plies.
type lmrTable [maxPly][lmrMoves]int8

// lmrMoves bounds the move index of the table: reductions grow with the
// logarithm of the move number, so later moves share the last column.
const lmrMoves = 64

// newLMRTable computes the reductions of p.
func newLMRTable(p *Params) *lmrTable {
	t := new(lmrTable)
	for d := 1; d < maxPly; d++ {
		for m := 1; m < lmrMoves; m++ {
			r := float64(p.LMRBase)/100 + math.Log(float64(d))*math.Log(float64(m))/(float64(p.LMRDivisor)/100)
			t[d][m] = int8(min(max(math.Floor(r), 0), maxPly-1))
		}
	}
	return t
}
