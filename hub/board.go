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
// first (Black in checkers) is "white", and the squares are counted from
// the other end, so Hub's k-th square is Crown's square 33-k. Its moves
// are in the English numbers, Crown's own, with a capture written as its
// from and to squares and then every captured square ("15x22x18"), where
// Crown writes the landing squares.

// positionLen is the length of a Hub position of the 8x8 board: the side
// to move and one letter for each of the 32 squares.
const positionLen = 1 + movegen.NumSquares

// The letters of a Hub position.
const (
	firstMan    = 'w' // a man of the side that moves first: Crown's Black
	firstKing   = 'W'
	secondMan   = 'b' // a man of the side that moves second: Crown's White
	secondKing  = 'B'
	emptySquare = 'e'
)

// hubSquare is Hub's number (1..32) of Crown's square s, and the index of
// its letter in a position.
func hubSquare(s movegen.Square) int { return movegen.NumSquares - int(s) }

// hubColour is the letter of a man of Crown's colour c, its king's in
// upper case.
func hubColour(c movegen.Colour) byte {
	if c == movegen.Black {
		return firstMan
	}
	return secondMan
}

// parsePosition reads a Hub position of rule set v: the side to move, 'W'
// (Black in Crown's terms, the side that moves first) or 'B', then the 32
// squares from Hub's first (Crown's 32) to its last (Crown's 1), each 'w'
// or 'W' (a man or king of the side that moves first), 'b' or 'B' (of the
// other side) or 'e'.
func parsePosition(text string, v movegen.Variant) (movegen.Position, error) {
	if len(text) != positionLen {
		if len(text) == 51 {
			return movegen.Position{}, fmt.Errorf("%s has 50 squares, international draughts: Crown plays the 8x8 board (a side and 32 squares)", play.Echo(text))
		}
		return movegen.Position{}, fmt.Errorf("%s is %d characters: want %d, the side to move (W or B) and a letter for each of the 32 squares", play.Echo(text), len(text), positionLen)
	}
	var turn movegen.Colour
	switch text[0] {
	case firstKing:
		turn = movegen.Black
	case secondKing:
		turn = movegen.White
	default:
		return movegen.Position{}, fmt.Errorf("%s: the side to move is %s, want W (the side that moves first) or B", play.Echo(text), play.Echo(text[:1]))
	}
	var squares [2][]string // Crown's numbers, K for a king, by colour
	for i := 1; i < positionLen; i++ {
		n := strconv.Itoa(positionLen - i) // Crown's number of Hub's square i
		switch text[i] {
		case emptySquare:
		case firstMan, secondMan, firstKing, secondKing:
			c := movegen.Black
			if text[i] == secondMan || text[i] == secondKing {
				c = movegen.White
			}
			if text[i] == firstKing || text[i] == secondKing {
				n = "K" + n
			}
			squares[c] = append(squares[c], n)
		default:
			return movegen.Position{}, fmt.Errorf("%s: square %d (Crown's %s) is %s, want w, b, W, B or e", play.Echo(text), i, n, play.Echo(text[i:i+1]))
		}
	}
	fen := turn.String() + ":W" + strings.Join(squares[movegen.White], ",") + ":B" + strings.Join(squares[movegen.Black], ",")
	p, err := movegen.ParseFEN(fen, v)
	if err != nil {
		return movegen.Position{}, fmt.Errorf("%s, in Crown's colours and squares: %v", play.Echo(text), positionError(err))
	}
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
	if p.Turn == movegen.Black {
		b[0] = firstKing
	}
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		letter := byte(emptySquare)
		for c := movegen.Black; c <= movegen.White; c++ {
			if p.Pieces[c].Has(s) {
				letter = hubColour(c)
				if p.Kings.Has(s) {
					letter -= 'a' - 'A'
				}
			}
		}
		b[hubSquare(s)] = letter
	}
	return string(b)
}

// formatMove writes m in Hub's form: "11-15" for a quiet move, from and
// to then the captured squares in increasing order for a capture
// ("15x22x18", "1x19x6x15"). It needs no position, and names one move:
// two legal moves with the same from, to and captured pieces lead to the
// same position.
func formatMove(m movegen.Move) string {
	if !m.IsCapture() {
		return strconv.Itoa(m.From.Number()) + "-" + strconv.Itoa(m.To.Number())
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(m.From.Number()))
	b.WriteByte('x')
	b.WriteString(strconv.Itoa(m.To.Number()))
	for c := m.Captured; c != 0; c &= c - 1 {
		b.WriteByte('x')
		b.WriteString(strconv.Itoa(c.First().Number()))
	}
	return b.String()
}

// formatLine writes a line of moves in Hub's form, one blank between.
func formatLine(pv []movegen.Move) string {
	out := make([]string, len(pv))
	for i, m := range pv {
		out[i] = formatMove(m)
	}
	return strings.Join(out, " ")
}

// parseMove reads a move of p in Hub's form: "from-to" for a quiet move,
// "from x to x captured ..." for a capture, its captured squares in any
// order. A capture may leave out its captured squares when only one
// legal capture goes from that square to that one, as PDN's short form.
func parseMove(p *movegen.Position, text string) (movegen.Move, error) {
	from, to, captured, capture, err := parseMoveText(text)
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
			return movegen.Move{}, fmt.Errorf("%s is not legal: a capture is compulsory (legal: %s)", play.Echo(text), legalMoves(&ml))
		}
		return movegen.Move{}, fmt.Errorf("%s is not legal (legal: %s)", play.Echo(text), legalMoves(&ml))
	}
	alts := make([]string, len(found))
	for i, m := range found {
		alts[i] = formatMove(m)
	}
	return movegen.Move{}, fmt.Errorf("%s is ambiguous: name the captured squares (%s)", play.Echo(text), strings.Join(alts, " or "))
}

// parseMoveText reads the squares of a Hub move: from and to, and for a
// capture ('x') the captured squares, each at most once.
func parseMoveText(text string) (from, to movegen.Square, captured movegen.Bitboard, capture bool, err error) {
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
		squares[i] = movegen.Square(n - 1)
	}
	for _, s := range squares[2:] {
		if captured.Has(s) {
			return 0, 0, 0, false, fmt.Errorf("square %d captured twice", s.Number())
		}
		captured |= s.Bit()
	}
	return squares[0], squares[1], captured, capture, nil
}

// legalMoves lists the moves of ml in Hub's form, sorted.
func legalMoves(ml *movegen.MoveList) string {
	if ml.N == 0 {
		return "none, the side to move has lost"
	}
	out := make([]string, ml.N)
	for i, m := range ml.Slice() {
		out[i] = formatMove(m)
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), " ")
}
