package search

import (
	"math"

	"github.com/crown-checkers/crown/movegen"
)

// Params are the search's numeric parameters: margins, reductions and
// thresholds that no rule fixes, only play. Their defaults are the values
// matches accepted (docs/experiments.md); crown tune searches for better
// ones. An engine reads them from Options.Params (nil: the defaults); front
// ends name them (package play).
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
	// ContHistory weighs the continuation history (a quiet move's history
	// after opponent moves to the same square, as GuiNN keeps history by
	// the moves before) into its order, in percent of the plain history
	// (0: off, and the table is not kept); LMRHistory then reads the sum.
	ContHistory int
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
	ContHistory:        0,
}

// marginScale is, per game, how much wider its evaluation spreads its
// scores than American's, in percent. A network's scores are centi-men
// whose winning chance its fit fixed, sigmoid(score/K); a game fitted with
// a larger K spreads the same edge over more centi-men, so a margin of
// Params, set for American (K 55), stands there for less. The search
// multiplies the margins by it (forVariant), options set by name
// included: they are in American's scale. The five games with K 200-350
// take 400, which matches at 0.05 s a move chose over 100 (200 games a
// game; docs/variants.md); Thai's K is American's.
var marginScale = [movegen.NumVariants]int{
	movegen.American:  100,
	movegen.Pool:      100,
	movegen.Russian:   400,
	movegen.Brazilian: 400,
	movegen.Czech:     400,
	movegen.Italian:   400,
	movegen.Spanish:   400,
	movegen.Thai:      100,
}

// forVariant returns p with its margins, the parameters in centi-men of
// an edge (aspiration window, ProbCut, reverse futility: those the
// matches scaled; the singular extension's was left), scaled for v's
// games; p itself where v's scale is 100.
func (p *Params) forVariant(v movegen.Variant) *Params {
	scale := marginScale[v]
	if scale == 100 {
		return p
	}
	q := *p
	for _, m := range []*int{&q.AspirationDelta, &q.ProbCutMargin, &q.RFPMargin} {
		*m = *m * scale / 100
	}
	return &q
}

// MinParams and MaxParams bound each search parameter, and ParamSteps
// are their tuning steps: the change a match can tell apart (crown tune).
var (
	MinParams = Params{
		AspirationDelta:    5,
		AspirationMinDepth: 1,
		LMRBase:            -200,
		LMRDivisor:         50,
		LMRMinDepth:        1,
		LMRMinMoves:        1,
		ProbCutMargin:      0,
		ProbCutReduction:   1,
		ProbCutMinDepth:    2,
		IIRMinDepth:        2,
		LMRHistory:         0,
		RFPMargin:          0,
		RFPMaxDepth:        1,
		SEMinDepth:         0,
		SEMargin:           0,
		EvalGrain:          1,
		Contempt:           0,
		ContHistory:        0,
	}
	MaxParams = Params{
		AspirationDelta:    200,
		AspirationMinDepth: 20,
		LMRBase:            300,
		LMRDivisor:         600,
		LMRMinDepth:        10,
		LMRMinMoves:        10,
		ProbCutMargin:      300,
		ProbCutReduction:   8,
		ProbCutMinDepth:    12,
		IIRMinDepth:        20,
		LMRHistory:         300,
		RFPMargin:          200,
		RFPMaxDepth:        8,
		SEMinDepth:         30,
		SEMargin:           20,
		EvalGrain:          20,
		Contempt:           100,
		ContHistory:        400,
	}
	ParamSteps = Params{
		AspirationDelta:    5,
		AspirationMinDepth: 1,
		LMRBase:            25,
		LMRDivisor:         20,
		LMRMinDepth:        1,
		LMRMinMoves:        1,
		ProbCutMargin:      8,
		ProbCutReduction:   1,
		ProbCutMinDepth:    1,
		IIRMinDepth:        1,
		LMRHistory:         25,
		RFPMargin:          10,
		RFPMaxDepth:        1,
		SEMinDepth:         1,
		SEMargin:           1,
		EvalGrain:          1,
		Contempt:           5,
		ContHistory:        25,
	}
)

// fields returns every parameter of p, in the order Params declares them
// (TestParamFields), for checking them all.
func (p *Params) fields() []*int {
	return []*int{
		&p.AspirationDelta, &p.AspirationMinDepth, &p.LMRBase, &p.LMRDivisor, &p.LMRMinDepth, &p.LMRMinMoves,
		&p.ProbCutMargin, &p.ProbCutReduction, &p.ProbCutMinDepth, &p.IIRMinDepth, &p.LMRHistory,
		&p.RFPMargin, &p.RFPMaxDepth, &p.SEMinDepth, &p.SEMargin, &p.EvalGrain, &p.Contempt, &p.ContHistory,
	}
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
