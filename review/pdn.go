package review

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crown-checkers/crown/movegen"
)

// The tags a review writes into a record.
const (
	// TagAnnotator is PDN's tag for who annotated the game: the reviewer
	// and its limits.
	TagAnnotator = "Annotator"
	// TagReview says how far the review went: ReviewComplete, or
	// "stopped after move N of M".
	TagReview = "Review"
	// ReviewComplete is TagReview's value for a game reviewed to its end.
	ReviewComplete = "complete"
)

// Comment writes what the review found about the move, for its record:
// the played move's score from the side that moved, then the best move
// with its score when it is another that scores more ("-40; best 9-14
// +15"), or every line of a multi-PV search ("+12; best 11-15 +12, 9-14
// +5").
func (m *Move) Comment() string {
	text := m.Played.String()
	switch {
	case len(m.Lines) > 1:
		lines := make([]string, len(m.Lines))
		for i, l := range m.Lines {
			lines[i] = m.Before.FormatMove(l.PV[0]) + " " + Score{Search: l.Score}.String()
		}
		text += "; best " + strings.Join(lines, ", ")
	case m.ShowBest():
		text += "; best " + m.BestText() + " " + m.BestScore.String()
	}
	return text
}

// Annotated returns the game's record with the review written into it:
// the tags Annotator (annotator, if not empty) and Review (how far the
// review went), the summary as the game's comment (SummaryText), and each
// reviewed move's mark and comment. Its text (movegen's WritePDN) reads
// back as the same moves.
func (g *Game) Annotated(annotator string) movegen.Game {
	rec := g.Record
	rec.Tags = slices.Clone(g.Record.Tags)
	rec.DeleteTag(TagAnnotator) // a review written over an earlier one names only its own annotator
	if annotator != "" {
		rec.SetTag(TagAnnotator, annotator)
	}
	state := ReviewComplete
	if !g.Complete() {
		state = fmt.Sprintf("stopped after move %d of %d", len(g.Moves), len(g.Record.Moves))
	}
	rec.SetTag(TagReview, state)
	rec.Comment = g.SummaryText()
	rec.Annotations = make([]movegen.Annotation, len(g.Moves))
	for i := range g.Moves {
		m := &g.Moves[i]
		rec.Annotations[i] = movegen.Annotation{Mark: m.Mark.String(), Comment: m.Comment()}
	}
	return rec
}

// SummaryText sums the review up in a few sentences: each side's mistakes
// and blunders, the move where the game turned, and whether the review or
// the record stopped short.
func (g *Game) SummaryText() string {
	var parts []string
	if len(g.Record.Moves) == 0 {
		parts = append(parts, "No move to review.")
	} else {
		s := g.Summary()
		parts = append(parts, fmt.Sprintf("Black: %s; White: %s.",
			marks(s.Mistakes[movegen.Black], s.Blunders[movegen.Black]), marks(s.Mistakes[movegen.White], s.Blunders[movegen.White])))
		if s.Turn >= 0 {
			m := &g.Moves[s.Turn]
			parts = append(parts, fmt.Sprintf("The game turned at %s (%s).", m.Label(), m.Comment()))
		}
	}
	if !g.Complete() {
		parts = append(parts, fmt.Sprintf("The review stopped after move %d of %d: the moves after it have no comment.",
			len(g.Moves), len(g.Record.Moves)))
	}
	if g.Record.Err != nil {
		parts = append(parts, "The record could not be read to its end: "+plain(g.Record.Err.Error())+".")
	}
	return strings.Join(parts, " ")
}

// marks counts mistakes and blunders in words.
func marks(mistakes, blunders int) string {
	count := func(n int, what string) string {
		switch n {
		case 0:
			return "no " + what
		case 1:
			return "1 " + what
		}
		return fmt.Sprintf("%d %ss", n, what)
	}
	return count(mistakes, "mistake") + " (?), " + count(blunders, "blunder") + " (??)"
}

// plain replaces the braces of a text that goes into a comment.
func plain(s string) string { return strings.NewReplacer("{", "(", "}", ")").Replace(s) }
