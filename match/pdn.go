package match

import (
	"bytes"
	"io"
	"strconv"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// GamePDN returns a finished game as a PDN game: the tags Event, Date,
// Black, White, Result (GameType for Pool and the ballot's FEN come from
// the rule set and start position), then Round, the ballot as Opening when
// it has moves, and Termination with the adjudication's reason; each move's
// comment (Game.Comments) follows it.
func GamePDN(g *Game, names [2]string, v movegen.Variant, event string, date time.Time) movegen.Game {
	tags := []movegen.Tag{
		{Name: "Event", Value: event},
		{Name: "Date", Value: date.Format("2006.01.02")},
		{Name: "Black", Value: names[g.Black]},
		{Name: "White", Value: names[g.White]},
		{Name: "Result", Value: g.Result},
		{Name: "Round", Value: strconv.Itoa(g.Round)},
	}
	if g.Ballot.Moves != nil {
		tags = append(tags, movegen.Tag{Name: "Opening", Value: g.Ballot.Label()})
	}
	tags = append(tags, movegen.Tag{Name: "Termination", Value: g.Reason})
	var notes []movegen.Annotation
	if len(g.Comments) > 0 {
		notes = make([]movegen.Annotation, len(g.Comments))
		for i, c := range g.Comments {
			notes[i].Comment = c
		}
	}
	return movegen.Game{Tags: tags, Variant: v, Start: g.Start, Moves: g.Moves, Result: g.Result, Annotations: notes}
}

// writePDN writes one game with a single Write, so a file being read
// while the match runs never holds half a game.
func writePDN(w io.Writer, g *Game, names [2]string, v movegen.Variant, event string, date time.Time) error {
	var b bytes.Buffer
	pg := GamePDN(g, names, v, event, date)
	if err := pg.WritePDN(&b); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}
