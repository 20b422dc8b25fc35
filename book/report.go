package book

import (
	"fmt"
	"time"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// CoveredPlies is the main line beyond a ballot, in plies, from which
// InfoLines counts the ballot covered (issue 15's target).
const CoveredPlies = 8

// ForcedBallots returns the ballots a build of rule set v forces, or book
// info counts: sel is "deck", "crossboard", "all" or "none", and "" the
// rule set's default (the deck for American, none for Pool: the ACF
// ballots are American only). Its errors start with the setting's name,
// "ballots", as crown book's flag spells it.
func ForcedBallots(sel string, v movegen.Variant) ([]Ballot, error) {
	if sel == "" {
		sel = "deck"
		if v != movegen.American {
			sel = "none"
		}
	}
	if sel == "none" {
		return nil, nil
	}
	if sel != "deck" && sel != "crossboard" && sel != "all" {
		return nil, fmt.Errorf("ballots %q: want deck, crossboard, all or none", sel)
	}
	if v != movegen.American {
		return nil, fmt.Errorf("ballots %s: the ACF ballots are American only", sel)
	}
	return SelectBallots(sel, v)
}

// ProbeLines returns what crown book probe prints of p: that it is not in
// the book, or a line of the moves' count and level l, then a line a move
// (its score for people, search.ScoreText, and the positions below it),
// the ones l chooses among marked
// with "*".
func (b *Book) ProbeLines(p movegen.Position, l Level) []string {
	moves := b.Probe(p)
	if len(moves) == 0 {
		return []string{p.FEN() + ": not in the book"}
	}
	chosen := l.Candidates(moves)
	lines := []string{fmt.Sprintf("%s: %d book moves (level %d: %s)", p.FEN(), len(moves), int(l), l)}
	for i, m := range moves {
		mark := " "
		if i < len(chosen) {
			mark = "*"
		}
		lines = append(lines, fmt.Sprintf("%s %-8s score %-6s count %d", mark, p.FormatMove(m.Move), search.ScoreText(m.Score), m.Count))
	}
	return lines
}

// InfoLines returns what crown book info prints of b, read from the file
// at path ("": the shipped book) in loaded: its size, whether every
// stored move is legal, the start position's main line, and how many of
// ballots it holds and how deep beyond them (none with no ballots).
func (b *Book) InfoLines(path string, loaded time.Duration, ballots []Ballot) []string {
	rules := b.Variant().Rules().Name
	if path == "" {
		path = "shipped " + rules + " book"
	}
	verdict := "every stored move is legal"
	if err := b.Verify(); err != nil {
		verdict = err.Error()
	}
	start := movegen.StartPosition(b.Variant())
	main := b.MainLine(start, movegen.MaxPly)
	lines := []string{
		fmt.Sprintf("%s: %s, %d positions, %d moves, %d bytes, read in %s", path, rules,
			b.Positions(), b.Moves(), b.Size(), loaded.Round(time.Microsecond)),
		verdict,
		fmt.Sprintf("start: main line %d plies: %s", len(main), start.FormatLine(main)),
	}
	if len(ballots) == 0 {
		return lines
	}
	depths := b.BallotDepths(ballots)
	covered := 0
	for _, d := range depths {
		if d >= CoveredPlies {
			covered++
		}
	}
	lines = append(lines, fmt.Sprintf("ballots: %d of %d in the book, %d with a main line of %d plies or more beyond the ballot",
		len(depths), len(ballots), covered, CoveredPlies))
	if len(depths) > 0 {
		lines = append(lines, fmt.Sprintf("main line beyond the ballot: min %d, median %d, max %d plies",
			depths[0], depths[len(depths)/2], depths[len(depths)-1]))
	}
	return lines
}
