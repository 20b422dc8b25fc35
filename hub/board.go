package hub

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// This file converts positions and moves between Hub's text and Crown's
// (docs/hub.md, "Squares and colours"). pydraughts, the Hub client of
// 8x8 games, writes a position in its own orientation: the side that moves
// first is "white" (Black in checkers, White in the other games) and sits
// at the bottom, the squares counted from the top left, so that Hub's k-th
// square is Crown's square 33-k in English checkers (whose first mover
// starts at the top) and Crown's square k in Russian and Brazilian; in
// Italian it is the k-th square of the Italian numbers. Its moves are in
// the numbers of the game's PDN as pydraughts writes them: English and
// Italian ones, and for Russian and Brazilian (algebraic games it also
// numbers) squares counted from White's left corner, a1 = 1, which are
// Crown's Spanish numbers. A capture is written as its from and to squares
// and then every captured square ("15x22x18"), where Crown writes the
// landing squares.

// positionLen is the length of a Hub position of the 8x8 board: the side
// to move and one letter for each of the 32 squares.
const positionLen = 1 + movegen.NumSquares

// The letters of a Hub position.
const (
	firstMan    = 'w' // a man of the side that moves first
	firstKing   = 'W'
	secondMan   = 'b' // a man of the side that moves second
	secondKing  = 'B'
	emptySquare = 'e'
)

// hubSquare is Hub's number (1..32) of Crown's square s in a position of
// rule set v, and the index of its letter.
func hubSquare(s movegen.Square, v movegen.Variant) int {
	switch v {
	case movegen.American, movegen.Pool:
		return movegen.NumSquares - int(s)
	case movegen.Italian:
		return v.Rules().SquareNumber(s)
	}
	return s.Number()
}

// moveNumber is the number of Crown's square s in a Hub move of rule set
// v: the game's own numbers, and for Russian and Brazilian pydraughts'
// (a1 = 1, Crown's Spanish numbers).
func moveNumber(s movegen.Square, v movegen.Variant) int {
	if v == movegen.Russian || v == movegen.Brazilian {
		return movegen.Spanish.Rules().SquareNumber(s)
	}
	return v.Rules().SquareNumber(s)
}

// squareOf returns the square whose number is n by number (hubSquare or
// moveNumber), and false for an n off 1-32.
func squareOf(n int, v movegen.Variant, number func(movegen.Square, movegen.Variant) int) (movegen.Square, bool) {
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		if number(s, v) == n {
			return s, true
		}
	}
	return movegen.NoSquare, false
}

// hubColour is the letter of a man of Crown's colour c in rule set v, its
// king's in upper case.
func hubColour(c movegen.Colour, v movegen.Variant) byte {
	if c == v.Rules().FirstMover {
		return firstMan
	}
	return secondMan
}

// parsePosition reads a Hub position of rule set v: the side to move, 'W'
// (the side that moves first) or 'B', then the 32 squares in Hub's order
// (hubSquare), each 'w' or 'W' (a man or king of the side that moves
// first), 'b' or 'B' (of the other side) or 'e'.
func parsePosition(text string, v movegen.Variant) (movegen.Position, error) {
	if len(text) != positionLen {
		if len(text) == 51 {
			return movegen.Position{}, fmt.Errorf("%s has 50 squares, international draughts: Crown plays the 8x8 board (a side and 32 squares)", play.Echo(text))
		}
		return movegen.Position{}, fmt.Errorf("%s is %d characters: want %d, the side to move (W or B) and a letter for each of the 32 squares", play.Echo(text), len(text), positionLen)
	}
	first := v.Rules().FirstMover
	p := movegen.Position{Variant: v}
	switch text[0] {
	case firstKing:
		p.Turn = first
	case secondKing:
		p.Turn = first.Other()
	default:
		return movegen.Position{}, fmt.Errorf("%s: the side to move is %s, want W (the side that moves first) or B", play.Echo(text), play.Echo(text[:1]))
	}
	for i := 1; i < positionLen; i++ {
		s, _ := squareOf(i, v, hubSquare)
		c := first
		switch text[i] {
		case emptySquare:
			continue
		case firstMan, firstKing:
		case secondMan, secondKing:
			c = first.Other()
		default:
			return movegen.Position{}, fmt.Errorf("%s: square %d (Crown's %s) is %s, want w, b, W, B or e", play.Echo(text), i, v.Rules().SquareName(s), play.Echo(text[i:i+1]))
		}
		p.Pieces[c] |= s.Bit()
		if text[i] == firstKing || text[i] == secondKing {
			p.Kings |= s.Bit()
		}
	}
	if err := p.Validate(); err != nil {
		return movegen.Position{}, fmt.Errorf("%s, in Crown's colours and squares: %v", play.Echo(text), positionError(err))
	}
	p.Hash = p.ComputeHash()
	return p, nil
}

// positionError is the reason a FEN error gives, without the FEN, which
// the client did not write.
func positionError(err error) string {
	if fe, ok := err.(*movegen.FENError); ok {
		return fe.Msg
	}
	return err.Error()
}

// formatPosition writes p as a Hub position, parsePosition's inverse.
func formatPosition(p *movegen.Position) string {
	b := make([]byte, positionLen)
	b[0] = secondKing
	if p.Turn == p.Rules().FirstMover {
		b[0] = firstKing
	}
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		letter := byte(emptySquare)
		for c := movegen.Black; c <= movegen.White; c++ {
			if p.Pieces[c].Has(s) {
				letter = hubColour(c, p.Variant)
				if p.Kings.Has(s) {
					letter -= 'a' - 'A'
				}
			}
		}
		b[hubSquare(s, p.Variant)] = letter
	}
	return string(b)
}

// formatMove writes m, a move of rule set v, in Hub's form (moveNumber's
// numbers): "11-15" for a quiet move, from and to then the captured
// squares in increasing order for a capture ("15x22x18", "1x19x6x15"). It
// needs no position, and names one move: two legal moves with the same
// from, to and captured pieces lead to the same position.
func formatMove(m movegen.Move, v movegen.Variant) string {
	num := func(s movegen.Square) string { return strconv.Itoa(moveNumber(s, v)) }
	if !m.IsCapture() {
		return num(m.From) + "-" + num(m.To)
	}
	captured := make([]int, 0, m.Captured.Count())
	for c := m.Captured; c != 0; c &= c - 1 {
		captured = append(captured, moveNumber(c.First(), v))
	}
	slices.Sort(captured)
	var b strings.Builder
	b.WriteString(num(m.From) + "x" + num(m.To))
	for _, n := range captured {
		b.WriteString("x" + strconv.Itoa(n))
	}
	return b.String()
}

// formatLine writes a line of moves of rule set v in Hub's form, one
// blank between.
func formatLine(pv []movegen.Move, v movegen.Variant) string {
	out := make([]string, len(pv))
	for i, m := range pv {
		out[i] = formatMove(m, v)
	}
	return strings.Join(out, " ")
}

// parseMove reads a move of p in Hub's form: "from-to" for a quiet move,
// "from x to x captured ..." for a capture, its captured squares in any
// order. A capture may leave out its captured squares when only one
// legal capture goes from that square to that one, as PDN's short form.
func parseMove(p *movegen.Position, text string) (movegen.Move, error) {
	from, to, captured, capture, err := parseMoveText(text, p.Variant)
	if err != nil {
		return movegen.Move{}, fmt.Errorf("%s: %v", play.Echo(text), err)
	}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	var found []movegen.Move
	for _, m := range ml.Slice() {
		if m.From != from || m.To != to || m.IsCapture() != capture {
			continue
		}
		if captured != 0 && m.Captured != captured {
			continue
		}
		if len(found) == 0 || m.Captured != found[0].Captured {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		if p.HasCapture() && !capture {
			return movegen.Move{}, fmt.Errorf("%s is not legal: a capture is compulsory (legal: %s)", play.Echo(text), legalMoves(&ml, p.Variant))
		}
		return movegen.Move{}, fmt.Errorf("%s is not legal (legal: %s)", play.Echo(text), legalMoves(&ml, p.Variant))
	}
	alts := make([]string, len(found))
	for i, m := range found {
		alts[i] = formatMove(m, p.Variant)
	}
	return movegen.Move{}, fmt.Errorf("%s is ambiguous: name the captured squares (%s)", play.Echo(text), strings.Join(alts, " or "))
}

// parseMoveText reads the squares of a Hub move of rule set v: from and
// to, and for a capture ('x') the captured squares, each at most once.
func parseMoveText(text string, v movegen.Variant) (from, to movegen.Square, captured movegen.Bitboard, capture bool, err error) {
	sep := "-"
	if strings.ContainsAny(text, "xX") {
		sep, capture = "x", true
	}
	fields := strings.Split(strings.ToLower(text), sep)
	switch {
	case len(fields) < 2:
		return 0, 0, 0, false, fmt.Errorf("want from-to, or fromxto followed by x and each captured square")
	case !capture && len(fields) > 2:
		return 0, 0, 0, false, fmt.Errorf("a quiet move is from-to; a capture is written with x")
	}
	squares := make([]movegen.Square, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > movegen.NumSquares || f != strconv.Itoa(n) && f != "0"+strconv.Itoa(n) {
			return 0, 0, 0, false, fmt.Errorf("%s is no square: want 1..%d", play.Echo(f), movegen.NumSquares)
		}
		squares[i], _ = squareOf(n, v, moveNumber)
	}
	for _, s := range squares[2:] {
		if captured.Has(s) {
			return 0, 0, 0, false, fmt.Errorf("square %d captured twice", moveNumber(s, v))
		}
		captured |= s.Bit()
	}
	return squares[0], squares[1], captured, capture, nil
}

// legalMoves lists the moves of ml, of rule set v, in Hub's form, sorted.
func legalMoves(ml *movegen.MoveList, v movegen.Variant) string {
	if ml.N == 0 {
		return "none, the side to move has lost"
	}
	out := make([]string, ml.N)
	for i, m := range ml.Slice() {
		out[i] = formatMove(m, v)
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), " ")
}
