package movegen

import (
	"fmt"
	"strings"
)

// The methods here play a game and apply the rules to it; every front end
// (the protocol's game history, the match runner, the web board) keeps its
// games this way. Change Moves through Play, PlayText and Truncate: the
// positions they reach are cached.

// NewGame returns a game from start, with no moves yet.
func NewGame(start Position) *Game {
	return &Game{Variant: start.Variant, Start: start, Result: ResultUnknown}
}

// Positions returns every position of the game, the start first and then
// the one after each move; the last one is on the board. The slice is the
// game's own: read it, do not change it.
func (g *Game) Positions() []Position {
	if len(g.positions) != len(g.Moves)+1 || g.positions[0] != g.Start {
		g.positions = append(g.positions[:0], g.Start)
		for _, m := range g.Moves {
			p := g.positions[len(g.positions)-1]
			p.MakeMove(m)
			g.positions = append(g.positions, p)
		}
	}
	return g.positions
}

// Position returns the position on the board.
func (g *Game) Position() Position {
	ps := g.Positions()
	return ps[len(ps)-1]
}

// History returns a copy of the positions before the one on the board,
// oldest first: what a search needs for repetitions and the draw rules.
func (g *Game) History() []Position {
	ps := g.Positions()
	return append([]Position(nil), ps[:len(ps)-1]...)
}

// Play plays m, which must be legal on the board; otherwise the game is
// left as it was and the error says so.
func (g *Game) Play(m Move) error {
	p := g.Position()
	if !p.IsLegal(m) {
		return &MoveError{Move: m.PathString(), FEN: p.FEN(), Msg: "not legal"}
	}
	p.MakeMove(m)
	g.Moves = append(g.Moves, m)
	g.positions = append(g.positions, p)
	return nil
}

// PlayText reads a move in PDN notation (Position.ParseMove) on the board
// and plays it.
func (g *Game) PlayText(s string) (Move, error) {
	p := g.Position()
	m, err := p.ParseMove(s)
	if err != nil {
		return Move{}, err
	}
	p.MakeMove(m)
	g.Moves = append(g.Moves, m)
	g.positions = append(g.positions, p)
	return m, nil
}

// Truncate keeps the first n moves, taking back the rest.
func (g *Game) Truncate(n int) {
	if n < 0 || n > len(g.Moves) {
		panic(fmt.Sprintf("movegen: Truncate(%d) of a game of %d moves", n, len(g.Moves)))
	}
	g.Positions()
	g.Moves = g.Moves[:n]
	g.positions = g.positions[:n+1]
}

// Outcome applies the rules of the game (Adjudicate) to the position on
// the board.
func (g *Game) Outcome() Outcome { return Adjudicate(g.Positions(), g.Moves) }

// LastIrreversible returns the index in Positions of the position after
// the last irreversible move (a man move or a capture), 0 if there was
// none: the game from there is what the draw rules look at.
func (g *Game) LastIrreversible() int {
	ps := g.Positions()
	for i := len(g.Moves) - 1; i >= 0; i-- {
		if !ps[i].IsReversible(g.Moves[i]) {
			return i + 1
		}
	}
	return 0
}

// FormatLine writes a line of play from p in PDN, each move in the short
// form unless ambiguous where it is played (FormatMove), separated by
// spaces.
func (p *Position) FormatLine(line []Move) string {
	var b strings.Builder
	q := *p
	for i, m := range line {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(q.FormatMove(m))
		q.MakeMove(m)
	}
	return b.String()
}
