package book

import (
	"fmt"

	"github.com/crown-checkers/crown/movegen"
)

// DefaultLinePlies is how much of a game GameLines forces into a book:
// 20 plies after its opening, past where the shipped book's main lines
// end (the ballot's 3 plies and 10 more), so that a build grows the book
// where games left it.
const DefaultLinePlies = 20

// GameLines turns games into lines for a build to force, as it forces the
// ballots (Config.Ballots): each game's first plies plies (all of a
// shorter game) after its start, preceded by the moves that reach its
// start, which must be the start position of v or an ACF ballot's (as
// crown match writes them). The positions along a line are expanded and
// the position it reaches is a root, so the book grows where the games
// went. A game of another rule set or without moves gives no line, and so
// does plies below 1; a game that cannot be read to its end gives the
// moves read.
func GameLines(games []movegen.Game, v movegen.Variant, plies int) ([]Ballot, error) {
	if plies < 1 {
		return nil, nil
	}
	start := movegen.StartPosition(v)
	var ballots map[movegen.Position][]movegen.Move
	if v <= movegen.Pool {
		all, err := SelectBallots("all", v)
		if err != nil {
			return nil, err
		}
		ballots = make(map[movegen.Position][]movegen.Move, len(all))
		for _, b := range all {
			ballots[b.Pos] = b.Moves
		}
	}
	var out []Ballot
	for i, g := range games {
		if g.Variant != v || len(g.Moves) == 0 {
			continue
		}
		var moves []movegen.Move
		if g.Start != start {
			prefix, ok := ballots[g.Start]
			if !ok {
				return nil, fmt.Errorf("game %d starts at %s, neither the start position nor an ACF ballot's", i+1, g.Start.FEN())
			}
			moves = append(moves, prefix...)
		}
		moves = append(moves, g.Moves[:min(plies, len(g.Moves))]...)
		pos := start
		for _, m := range moves {
			pos.MakeMove(m)
		}
		out = append(out, Ballot{Num: i + 1, Moves: moves, Deck: "game", Pos: pos})
	}
	return out, nil
}
