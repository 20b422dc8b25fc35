// Package eval scores checkers positions statically for the search, in
// centi-men (one man = 100), with a model learned from Crown's own games.
//
// The model is linear in its inputs (listed by Extract): patterns of eight
// squares indexed by their contents, king squares, and a few counts
// (material, runaway men, mobility, tempo, exchange), each with a
// middle-game and an ending weight blended by the number of pieces. Each
// side is scored from its own side of the board with the same weights, so
// the score is exactly symmetric under movegen's Flip. The weights of both
// rule sets are the embedded file weights.bin, made by `crown train`;
// weights.txt beside it gives their provenance (the commands, seeds, data
// and the matches that accepted them) and docs/training.md the model and
// the fit. On top of the learned sum, endings of kings only get the
// knowledge material misjudges (ending.go).
//
// A rule set can instead be scored by a Network (network.go): piece
// squares seen from the side to move, one hidden layer, computed in int16
// with AVX2 where the processor has it. A weight file says which model
// each rule set uses. A Path (path.go) gives a search the same scores
// faster, updating the network's first layer by the pieces a move changes.
//
// Evaluate returns the score from the side to move's view. Explain breaks
// the same score into groups of inputs; each Term's Value is from Black's
// view (positive favours Black) and the terms sum to the score seen from
// Black, so the side to move's total is that sum, negated when White is to
// move.
package eval

import (
	"bytes"
	_ "embed"
	"fmt"

	"github.com/crown-checkers/crown/movegen"
)

//go:embed weights.bin
var weightFile []byte

// embedded is the model of the embedded weights.
var embedded *WeightFile

func init() {
	f, err := ReadWeights(bytes.NewReader(weightFile))
	if err != nil {
		panic(fmt.Sprintf("eval: embedded weights.bin: %v", err))
	}
	embedded = f
}

// Default returns the embedded weights, the model Evaluate uses. The
// caller must not change them.
func Default() *WeightFile { return embedded }

// Provenance returns the line the embedded weight file gives of how its
// weights were made.
func Provenance() string { return embedded.Provenance }

// Term is one named part of the evaluation, from Black's view (positive
// favours Black).
type Term struct {
	Name  string
	Value int
}

// The groups of inputs Explain reports, in its order.
const (
	termMaterial = iota
	termRows
	termStrips
	termKings
	termRunaway
	termMobility
	termTempo
	termExchange
	termEnding
	numTerms
)

var termNames = [numTerms]string{"material", "row patterns", "strip patterns", "king squares", "runaway", "mobility", "tempo", "exchange", "ending"}

// scalarTerm is the group of each scalar input.
var scalarTerm = [numScalars]int{scMen: termMaterial, scKings: termMaterial, scRunaway: termRunaway,
	scRunawayGuard: termRunaway, scMobility: termMobility, scTempo: termTempo, scExchange: termExchange}

// Evaluate returns the static score of p from the side to move's view,
// one man = 100, with the embedded weights.
func Evaluate(p *movegen.Position) int { return embedded.Evaluate(p) }

// Explain is WeightFile.Explain with the embedded weights.
func Explain(p *movegen.Position) (total int, terms []Term) { return embedded.Explain(p) }

// Evaluate returns the static score of p from the side to move's view,
// one man = 100, with the weights of f.
func (f *WeightFile) Evaluate(p *movegen.Position) int {
	if n := f.network(p); n != nil {
		return f.networkScore(p, n.Evaluate(p))
	}
	var g [numTerms][2]int32
	ph := accumulate(f, p, &g)
	var mg, eg int32
	for i := range g {
		mg += g[i][0]
		eg += g[i][1]
	}
	s := scale(mg, eg, ph) // from Black's view
	return sideView(p, s+endingOf(p, s))
}

// networkScore returns the score of p (from the side to move's view) whose
// network scores v: v with the knowledge of king endings.
func (f *WeightFile) networkScore(p *movegen.Position, v int) int {
	s := sideView(p, v)
	return sideView(p, s+endingOf(p, s))
}

// sideView turns a score from Black's view into the side to move's, and
// back: the same negation when White is to move.
func sideView(p *movegen.Position, s int) int {
	if p.Turn == movegen.White {
		return -s
	}
	return s
}

// Explain returns the evaluation's groups of inputs (from Black's view)
// and the total from the side to move's view, equal to f.Evaluate(p).
// Each group's value is what it adds to the rounded running sum, so the
// values sum to the total exactly.
func (f *WeightFile) Explain(p *movegen.Position) (total int, terms []Term) {
	if n := f.network(p); n != nil {
		s := sideView(p, n.Evaluate(p))
		terms = []Term{{Name: "network", Value: s}, {Name: termNames[termEnding], Value: endingOf(p, s)}}
		return sideView(p, s+terms[1].Value), terms
	}
	var g [numTerms][2]int32
	ph := accumulate(f, p, &g)
	terms = make([]Term, numTerms)
	var mg, eg int32
	prev := 0
	for i := 0; i < termEnding; i++ {
		mg += g[i][0]
		eg += g[i][1]
		s := scale(mg, eg, ph)
		terms[i] = Term{Name: termNames[i], Value: s - prev}
		prev = s
	}
	terms[termEnding].Name = termNames[termEnding]
	if p.Men(movegen.Black)|p.Men(movegen.White) == 0 {
		terms[termEnding].Value = kingsEnding(p, prev)
	}
	total = prev + terms[termEnding].Value
	if p.Turn == movegen.White {
		total = -total
	}
	return total, terms
}

// network returns the network that scores p's rule set, or nil when a
// table does.
func (f *WeightFile) network(p *movegen.Position) *Network {
	if uint(p.Variant) < uint(len(f.Nets)) {
		return f.Nets[p.Variant]
	}
	return nil
}

// endingOf returns what the knowledge of king endings adds to sum, a
// score from Black's view: nothing while men stand.
func endingOf(p *movegen.Position, sum int) int {
	if p.Men(movegen.Black)|p.Men(movegen.White) != 0 {
		return 0
	}
	return kingsEnding(p, sum)
}

// scale blends middle-game and ending sums by phase ph and turns them into
// centi-men, rounding towards zero so that a colour-flipped position gets
// exactly the opposite value.
func scale(mg, eg, ph int32) int {
	return int((int64(mg)*int64(ph) + int64(eg)*int64(PhaseScale-ph)) / (PhaseScale * WeightScale))
}

// accumulate adds each group's middle-game and ending sums with the
// weights of f, from Black's view, to g and returns the phase. It is Extract with the weights looked
// up on the way (a test checks they agree).
func accumulate(f *WeightFile, p *movegen.Position, g *[numTerms][2]int32) int32 {
	if uint(p.Variant) >= uint(len(f.Tables)) {
		p.Rules() // panics: an unknown variant
	}
	t := f.Tables[p.Variant]
	b, w := sideOf(p, movegen.Black), sideOf(p, movegen.White)
	bs, ws := patterns(t, &b), patterns(t, &w)
	for i := range bs {
		g[termRows+i/2][i%2] += bs[i] - ws[i]
	}
	for i, x := range scalars(p, &b, &w) {
		v := &t[offScalars+i]
		g[scalarTerm[i]][0] += x * int32(v[0])
		g[scalarTerm[i]][1] += x * int32(v[1])
	}
	return phase(p.Occupied().Count())
}

// patterns returns a side's sums of row patterns, strip patterns and king
// squares, middle game and ending each, in the order of the terms. The
// sums are locals, not an array, so they stay in registers.
func patterns(t *Table, s *side) [6]int32 {
	var rmg, reg, smg, seg, kmg, keg int32
	men, enemy := s.men, s.enemyMen
	for r := 0; r < numRowRegions; r++ {
		v := t[offRows+r*regionSize+int(regionIndex(rowBits(men, r), rowBits(enemy, r)))]
		rmg += int32(v[0])
		reg += int32(v[1])
	}
	for g := 0; g < numStrips/3; g++ {
		x := uint32(men>>(8*g))&0xFFFF | uint32(enemy>>(8*g))<<16
		for k := 0; k < 3; k++ {
			y := stripLanes(x >> k)
			v := t[offStrips+(3*g+k)*regionSize+int(regionIndex(uint8(y), uint8(y>>16)))]
			smg += int32(v[0])
			seg += int32(v[1])
		}
	}
	for k := s.kings; k != 0; k &= k - 1 {
		v := t[offKings+int(k.First())]
		kmg += int32(v[0])
		keg += int32(v[1])
	}
	return [6]int32{rmg, reg, smg, seg, kmg, keg}
}
