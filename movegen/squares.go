package movegen

import (
	"fmt"
	"strconv"
	"strings"
)

// Each game's own notation: square numbers in its numbering (Numbering),
// or coordinates for the games written algebraically (Russian, Czech,
// Thai). Crown's internal numbers (Square.Number, Move.PathString) are the
// English ones; what a player reads and writes goes through the functions
// below.

// SquareNumber returns the game's number of s, 1-32.
func (r *Rules) SquareNumber(s Square) int {
	n := int(s)
	if r.Numbering != EnglishNumbers {
		// The mirror image: the same row, its squares counted the other way.
		n = n&^3 + (3 - n&3)
		if r.Numbering == SpanishNumbers {
			n = NumSquares - 1 - n
		}
	}
	return n + 1
}

// SquareNumberText is SquareNumber as text: how a square is written in
// the game's numbers, which every game reads (ParseSquare).
func (r *Rules) SquareNumberText(s Square) string { return strconv.Itoa(r.SquareNumber(s)) }

// squareOfNumber is SquareNumber's inverse, for n in 1-32 (both
// mappings are their own inverses).
func (r *Rules) squareOfNumber(n int) Square {
	s := n - 1
	if r.Numbering != EnglishNumbers {
		if r.Numbering == SpanishNumbers {
			s = NumSquares - 1 - s
		}
		s = s&^3 + (3 - s&3)
	}
	return Square(s)
}

// SquareName writes s as the game does: "c3" in the algebraic games, its
// number in the others.
func (r *Rules) SquareName(s Square) string {
	if r.Algebraic {
		return string([]byte{byte('a' + s.Col()), byte('8' - s.Row())})
	}
	return r.SquareNumberText(s)
}

// ParseSquare reads a square as the game writes it: a number 1-32 in its
// numbering, or on a board of the usual colour a coordinate such as "c3"
// (the dark squares a1, c1, ..., h8).
func (r *Rules) ParseSquare(t string) (Square, error) {
	if len(t) == 2 && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8' {
		if r.Mirrored {
			return 0, fmt.Errorf("%s: %s is written with square numbers, not coordinates", Echo(t), r.Title)
		}
		s := SquareAt(int('8'-t[1]), int(t[0]-'a'))
		if s == NoSquare {
			return 0, fmt.Errorf("%s is a light square; pieces stand on the dark ones (a1, c1, ..., h8)", Echo(t))
		}
		return s, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil || t == "" || t[0] == '+' || t[0] == '-' {
		if r.Algebraic {
			return 0, fmt.Errorf("%s is not a square (a number 1-32 or a dark square such as c3)", Echo(t))
		}
		return 0, fmt.Errorf("%s is not a square number", Echo(t))
	}
	if n < 1 || n > NumSquares {
		return 0, fmt.Errorf("square %d is off the board (1-32)", n)
	}
	return r.squareOfNumber(n), nil
}

// captureSep is how the game joins the squares of a capture: ':' in the
// algebraic games (as Russian players write it), 'x' in the others.
func (r *Rules) captureSep() byte {
	if r.Algebraic {
		return ':'
	}
	return 'x'
}

// PathText writes m with every landing square in the game's notation:
// "11-15" or "15x24x31" in numbers, "c3-d4" or "c3:e5:c7" in coordinates.
func (r *Rules) PathText(m Move) string {
	var b strings.Builder
	b.WriteString(r.SquareName(m.From))
	sep := byte('-')
	if m.IsCapture() {
		sep = r.captureSep()
	}
	for i := 0; i < m.Landings(); i++ {
		b.WriteByte(sep)
		b.WriteString(r.SquareName(m.Landing(i)))
	}
	return b.String()
}

// ShortText writes m as from and to only, in the game's notation.
func (r *Rules) ShortText(m Move) string {
	sep := byte('-')
	if m.IsCapture() {
		sep = r.captureSep()
	}
	return r.SquareName(m.From) + string(sep) + r.SquareName(m.To)
}

// ParsePath reads the squares of a move in the game's notation: squares
// (ParseSquare) joined by '-', 'x' or ':'. It checks the shape only; which
// move of a position the path names is ResolvePath's job.
func (r *Rules) ParsePath(s string) ([]Square, error) {
	if s == "" {
		return nil, fmt.Errorf("empty move")
	}
	isSep := func(c rune) bool { return c == '-' || c == 'x' || c == 'X' || c == ':' }
	fields := strings.FieldsFunc(s, isSep)
	if len(fields) < 2 {
		return nil, fmt.Errorf("want at least two squares joined by '-', 'x' or ':'")
	}
	seps := 0
	for _, c := range s {
		if isSep(c) {
			seps++
		}
	}
	if seps != len(fields)-1 {
		return nil, fmt.Errorf("stray separator")
	}
	out := make([]Square, len(fields))
	for i, f := range fields {
		sq, err := r.ParseSquare(f)
		if err != nil {
			return nil, err
		}
		out[i] = sq
	}
	return out, nil
}
