// Package eval scores checkers positions statically for the search: a
// hand-written evaluation per rule set, in centi-men (one man = 100).
//
// Evaluate returns the score from the side to move's view. Explain breaks
// the same score into named terms; each Term's Value is from Black's view
// (positive favours Black), and the terms sum to the total seen from Black,
// so the side to move's total is that sum, negated when White is to move.
package eval

import "github.com/crown-checkers/crown/movegen"

// Term is one named part of the evaluation, from Black's view (positive
// favours Black).
type Term struct {
	Name  string
	Value int
}

// Material values in centi-men.
const (
	manValue = 100
	// American kings step one square: worth about a man and a third.
	kingValueAmerican = 130
	// Pool kings fly across the board and dominate men: worth far more.
	kingValuePool = 250
)

// Evaluate returns the static score of p from the side to move's view,
// one man = 100.
func Evaluate(p *movegen.Position) int {
	s := material(p)
	if p.Turn == movegen.White {
		return -s
	}
	return s
}

// Explain returns the evaluation's terms (from Black's view) and the total
// from the side to move's view, equal to Evaluate(p).
func Explain(p *movegen.Position) (total int, terms []Term) {
	terms = []Term{{Name: "material", Value: material(p)}}
	sum := 0
	for _, t := range terms {
		sum += t.Value
	}
	if p.Turn == movegen.White {
		sum = -sum
	}
	return sum, terms
}

func kingValue(v movegen.Variant) int {
	if v.Rules().FlyingKings {
		return kingValuePool
	}
	return kingValueAmerican
}

// material returns the material balance from Black's view.
func material(p *movegen.Position) int {
	kv := kingValue(p.Variant)
	b := p.Men(movegen.Black).Count()*manValue + p.KingsOf(movegen.Black).Count()*kv
	w := p.Men(movegen.White).Count()*manValue + p.KingsOf(movegen.White).Count()*kv
	return b - w
}
