package book

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/crown-checkers/crown/movegen"
)

// Level is a CheckerBoard book setting: how a book move is chosen.
type Level int

// The book levels, numbered as CheckerBoard's book setting.
const (
	// Off plays no book move: the engine searches every position.
	Off Level = iota
	// AllGood picks at random among all good moves (VarietyMargin), for
	// the most variety.
	AllGood
	// Good picks at random among the moves close to the best (GoodMargin).
	Good
	// Best plays the best-scored move only, always the same.
	Best
	// NumLevels is the number of levels, 0..NumLevels-1.
	NumLevels
)

// The margins, in centi-men below the best book score, within which a move
// still counts at a level. Opening scores of sound moves differ by a few
// centi-men at the build's depth; VarietyMargin admits the moves players
// call playable, GoodMargin the ones the search finds nearly equal.
const (
	GoodMargin    = 8
	VarietyMargin = 25
)

// String names the level: "off", "all good moves", "good moves", "best move".
func (l Level) String() string {
	switch l {
	case Off:
		return "off"
	case AllGood:
		return "all good moves"
	case Good:
		return "good moves"
	case Best:
		return "best move"
	}
	return fmt.Sprintf("level %d", int(l))
}

// Check reports whether l is a level.
func (l Level) Check() error {
	if l < Off || l >= NumLevels {
		return fmt.Errorf("%d is out of range 0..%d", int(l), int(NumLevels)-1)
	}
	return nil
}

// Candidates returns the moves level l would choose among, best first:
// none at Off, the best-scored move at Best (the first in stored order on
// a tie), and every move within GoodMargin (Good) or VarietyMargin
// (AllGood) of the best. moves are Probe's answer, best first.
func (l Level) Candidates(moves []Move) []Move {
	if l <= Off || l >= NumLevels || len(moves) == 0 {
		return nil
	}
	margin := 0
	switch l {
	case AllGood:
		margin = VarietyMargin
	case Good:
		margin = GoodMargin
	case Best:
		return moves[:1]
	}
	n := 1
	for n < len(moves) && moves[n].Score >= moves[0].Score-margin {
		n++
	}
	return moves[:n]
}

// Choose picks one of moves (Probe's answer) at level l, uniformly among
// the level's candidates with rng; rng may be nil at Best. It returns
// false when the level plays no book move here.
func (l Level) Choose(moves []Move, rng *rand.Rand) (Move, bool) {
	c := l.Candidates(moves)
	switch {
	case len(c) == 0:
		return Move{}, false
	case len(c) == 1:
		return c[0], true
	}
	return c[rng.IntN(len(c))], true
}

// MainLine plays the best book move (level Best) from p while the position
// is in the book, at most limit plies, and returns the moves.
func (b *Book) MainLine(p movegen.Position, limit int) []movegen.Move {
	var line []movegen.Move
	for len(line) < limit {
		m, ok := Best.Choose(b.Probe(p), nil)
		if !ok {
			break
		}
		line = append(line, m.Move)
		p.MakeMove(m.Move)
	}
	return line
}

// BallotDepths returns, for each of ballots the book holds, the length of
// its main line beyond the ballot (MainLine to movegen.MaxPly), shortest
// first: how deep the book covers a deck.
func (b *Book) BallotDepths(ballots []Ballot) []int {
	var depths []int
	for _, bl := range ballots {
		if b.Contains(bl.Pos) {
			depths = append(depths, len(b.MainLine(bl.Pos, movegen.MaxPly)))
		}
	}
	slices.Sort(depths)
	return depths
}
