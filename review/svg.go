package review

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// The graph's geometry, in SVG user units.
const (
	svgWidth   = 760
	svgHeight  = 320
	svgLeft    = 64  // room for the scale's labels
	svgRight   = 740 // the last ply's x
	svgTop     = 44  // below the title
	svgBottom  = 264 // the plot's lower edge; move numbers and the legend below
	svgMaxTick = 12  // at most this many move numbers on the axis
)

// moveNumber is the record's number of the move at ply (from 0) of a game
// whose first move is start's, under rules whose first mover is first.
func moveNumber(start, first movegen.Colour, ply int) int {
	if start != first {
		ply++ // "1..." opens the record: the second mover's first move shares the first mover's number 1
	}
	return ply/2 + 1
}

// WriteSVG draws the game's evaluation graph as a self-contained SVG file:
// the worth of the position after every move reviewed, from Black's view
// on the review's scale in men (evaluations clipped to ±Clip, proven
// results at ±ResultValue, drawn as squares, the database's as diamonds),
// the mistakes and blunders in colour, the turning point as a line, each
// point's move and comment as its tooltip (from the side that moved, as
// every score a person reads: docs/scores.md), and the players and result as
// the title. The x axis spans the whole record, so a review that stopped
// shows how far it went.
func (g *Game) WriteSVG(w io.Writer) error {
	bw := bufio.NewWriter(w)
	pr := func(format string, a ...any) { fmt.Fprintf(bw, format, a...) }
	n := max(len(g.Record.Moves), 1)
	x := func(ply int) float64 { return svgLeft + float64(ply)*float64(svgRight-svgLeft)/float64(n) }
	mid := float64(svgTop+svgBottom) / 2
	y := func(v int) float64 { return mid - float64(v)*float64(svgBottom-svgTop)/2/ResultValue }
	esc := html.EscapeString

	pr(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		svgWidth, svgHeight, svgWidth, svgHeight)
	pr("<title>%s</title>\n", esc(g.title()))
	pr(`<rect width="100%%" height="100%%" fill="#fff"/>` + "\n")
	pr(`<text x="%d" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", svgLeft, esc(g.title()))
	// The scale: the results at the edges, the clip as dashed lines, 0.
	pr(`<rect x="%d" y="%d" width="%d" height="%d" fill="#f6f1e7" stroke="#bbb"/>`+"\n", svgLeft, svgTop, svgRight-svgLeft, svgBottom-svgTop)
	for _, l := range []struct {
		v    int
		text string
		dash string
	}{
		{ResultValue, "Black wins", ""}, {Clip, search.MenText(Clip), "4 3"}, {0, search.MenText(0), ""},
		{-Clip, search.MenText(-Clip), "4 3"}, {-ResultValue, "White wins", ""},
	} {
		pr(`<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#999" stroke-dasharray="%s"/>`+"\n", svgLeft, y(l.v), svgRight, y(l.v), l.dash)
		pr(`<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle" fill="#444">%s</text>`+"\n", svgLeft-6, y(l.v), l.text)
	}
	// Move numbers along the bottom.
	start, first := g.Record.Start.Turn, g.Record.Variant.Rules().FirstMover
	step := 1
	for moveNumber(start, first, n-1)/step > svgMaxTick {
		step++
	}
	for ply := 0; ply < len(g.Record.Moves); ply++ {
		if (start == first) != (ply%2 == 0) || moveNumber(start, first, ply)%step != 0 {
			continue
		}
		pr(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#999"/>`+"\n", x(ply+1), svgBottom, x(ply+1), svgBottom+4)
		pr(`<text x="%.1f" y="%d" text-anchor="middle" fill="#444">%d</text>`+"\n", x(ply+1), svgBottom+17, moveNumber(start, first, ply))
	}
	pts := g.Points()
	if s := g.Summary(); s.Turn >= 0 {
		m := &g.Moves[s.Turn]
		tx := x(s.Turn + 1)
		pr(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#c62828" stroke-dasharray="2 2"/>`+"\n", tx, svgTop, tx, svgBottom)
		anchor := "start"
		if tx > (svgLeft+svgRight)/2 {
			anchor = "end"
		}
		pr(`<text x="%.1f" y="%d" text-anchor="%s" fill="#c62828">turned: %s</text>`+"\n", tx, svgTop-6, anchor, esc(m.Label()))
	}
	if len(pts) > 0 {
		var line, area strings.Builder
		fmt.Fprintf(&area, "%.1f,%.1f", x(0), mid)
		for _, p := range pts {
			fmt.Fprintf(&line, "%.1f,%.1f ", x(p.Ply), y(p.Value))
			fmt.Fprintf(&area, " %.1f,%.1f", x(p.Ply), y(p.Value))
		}
		fmt.Fprintf(&area, " %.1f,%.1f", x(pts[len(pts)-1].Ply), mid)
		pr(`<polygon points="%s" fill="#3b2a1e" fill-opacity="0.18"/>`+"\n", area.String())
		pr(`<polyline points="%s" fill="none" stroke="#3b2a1e" stroke-width="1.6" stroke-linejoin="round"/>`+"\n", strings.TrimSpace(line.String()))
	}
	for _, p := range pts {
		tip := g.startTip()
		if p.Ply > 0 {
			m := &g.Moves[p.Ply-1]
			tip = m.Label() + " " + m.Comment()
		}
		fill, r := "#3b2a1e", 2.5
		switch p.Mark {
		case Mistake:
			fill, r = "#e69500", 5
		case Blunder:
			fill, r = "#c62828", 5.5
		}
		px, py := x(p.Ply), y(p.Value)
		pr(`<g class="point" data-ply="%d"><title>%s</title>`, p.Ply, esc(tip))
		switch kind, _ := p.Score.Kind(); kind {
		case KindWin, KindLoss:
			pr(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, px-r, py-r, 2*r, 2*r, fill)
		case KindDBWin, KindDBLoss, KindDBDraw:
			pr(`<path d="M%.1f %.1fl%.1f %.1fl%.1f %.1fl%.1f %.1fz" fill="%s"/>`, px, py-r-1, r+1, r+1, -r-1, r+1, -r-1, -r-1, fill)
		default:
			pr(`<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"/>`, px, py, r, fill)
		}
		pr("</g>\n")
	}
	legend := fmt.Sprintf("Black's view in men: evaluations clipped at ±%s, proven results at the edges (■ forced, ◆ database).", search.MenText(Clip)[1:])
	pr(`<text x="%d" y="%d" fill="#444">%s</text>`+"\n", svgLeft, svgBottom+36, esc(legend))
	pr(`<circle cx="%d" cy="%d" r="5" fill="#e69500"/><text x="%d" y="%d" fill="#444">? mistake (a drop of %s)</text>`+"\n",
		svgLeft+4, svgBottom+50, svgLeft+14, svgBottom+54, search.MenText(MistakeDrop)[1:])
	pr(`<circle cx="%d" cy="%d" r="5.5" fill="#c62828"/><text x="%d" y="%d" fill="#444">?? blunder (%s, or a proven result given up)</text>`+"\n",
		svgLeft+184, svgBottom+50, svgLeft+194, svgBottom+54, search.MenText(BlunderDrop)[1:])
	if !g.Complete() {
		pr(`<text x="%d" y="%d" text-anchor="end" fill="#c62828">review stopped after move %d of %d</text>`+"\n",
			svgRight, svgBottom+54, len(g.Moves), len(g.Record.Moves))
	}
	pr("</svg>\n")
	return bw.Flush()
}

// startTip is the tooltip of the start's point: the start position's
// score from its side to move's view, as every score but the graph's line
// is (docs/scores.md).
func (g *Game) startTip() string {
	first := &g.Moves[0]
	return fmt.Sprintf("start, %s to move: %s", first.Before.Turn.Title(), first.BestScore)
}

// title names the game: the players, the result, the event.
func (g *Game) title() string {
	name := func(tag, def string) string {
		if v := g.Record.Tag(tag); v != "" && v != "?" {
			return v
		}
		return def
	}
	t := name("Black", "Black") + " – " + name("White", "White") + " " + g.Record.Result
	if ev := name("Event", ""); ev != "" {
		t += ", " + ev
	}
	return t
}
