package movegen

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxPiecesPerSide is the most pieces a side may have in a position: the 12
// it starts with. Longer capture paths would not fit a Move.
const MaxPiecesPerSide = 12

// FENError says what is wrong with a PDN FEN string and where.
type FENError struct {
	FEN    string
	Column int // 1-based character position, 0 when the fault is the whole position
	Msg    string
}

// Error writes the fault with the FEN (Echo's quote of it) and the
// column.
func (e *FENError) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("bad FEN %s at column %d: %s", Echo(e.FEN), e.Column, e.Msg)
	}
	return fmt.Sprintf("bad FEN %s: %s", Echo(e.FEN), e.Msg)
}

// maxEcho bounds how much of a client's text an error quotes: enough to
// recognise it, not a 200 KB line sent back.
const maxEcho = 40

// Echo quotes a client's text for an error message, cut to 40 bytes, with
// Go escapes for what is not printable ASCII: every error that repeats
// what a user or a host sent (a FEN, a move, an option's value) quotes it
// this way, in every front end.
func Echo(t string) string {
	if len(t) > maxEcho {
		return strconv.QuoteToASCII(t[:maxEcho]) + "..."
	}
	return strconv.QuoteToASCII(t)
}

// ParseFEN reads a PDN FEN such as "B:W21-32:B1-12" or
// "W:WK10:B14,15,22,23": the side to move, then one block per colour in
// either order, squares separated by commas, K before a king, ranges a-b
// allowed, spaces around the parts and a final dot tolerated.
func ParseFEN(s string, v Variant) (Position, error) {
	p := Position{Variant: v}
	fail := func(col int, format string, args ...any) (Position, error) {
		return Position{}, &FENError{FEN: s, Column: col, Msg: fmt.Sprintf(format, args...)}
	}
	body := strings.TrimSuffix(strings.TrimSpace(s), ".")
	if strings.TrimSpace(body) == "" {
		return fail(0, "empty")
	}
	offset := strings.Index(s, body) // columns are reported against the original string
	parts := strings.Split(body, ":")
	if len(parts) != 3 {
		return fail(0, "want the side to move and two colour blocks separated by ':', found %d part(s)", len(parts))
	}
	col := offset + 1
	switch strings.ToUpper(strings.TrimSpace(parts[0])) {
	case "B":
		p.Turn = Black
	case "W":
		p.Turn = White
	default:
		return fail(col, "side to move must be B or W, not %s", Echo(strings.TrimSpace(parts[0])))
	}
	col += len(parts[0]) + 1
	var seen [2]bool
	var owner [NumSquares]byte // 0 none, 1 black, 2 white: who listed the square
	for _, part := range parts[1:] {
		lead := len(part) - len(strings.TrimLeft(part, " \t"))
		block := strings.TrimSpace(part)
		bcol := col + lead
		if block == "" {
			return fail(bcol, "empty colour block: want W or B followed by squares")
		}
		var c Colour
		switch block[0] {
		case 'W', 'w':
			c = White
		case 'B', 'b':
			c = Black
		default:
			return fail(bcol, "colour block must start with W or B, not %s", Echo(block[:1]))
		}
		if seen[c] {
			return fail(bcol, "colour %s given twice", c)
		}
		seen[c] = true
		icol := bcol + 1
		items := block[1:]
		if strings.TrimSpace(items) != "" {
			for _, item := range strings.Split(items, ",") {
				ilead := len(item) - len(strings.TrimLeft(item, " \t"))
				it := strings.TrimSpace(item)
				at := icol + ilead
				king := false
				if it != "" && (it[0] == 'K' || it[0] == 'k') {
					king = true
					it = strings.TrimSpace(it[1:])
				}
				squares, err := parseRange(it, v.Rules())
				if err != nil {
					return fail(at, "%v", err)
				}
				for _, sq := range squares {
					if owner[sq] != 0 {
						return fail(at, "square %s listed twice", v.Rules().SquareName(sq))
					}
					owner[sq] = byte(c) + 1
					p.Pieces[c] |= sq.Bit()
					if king {
						p.Kings |= sq.Bit()
					}
				}
				icol += len(item) + 1
			}
		}
		col += len(part) + 1
	}
	if err := p.Validate(); err != nil {
		return fail(0, "%v", err)
	}
	p.Hash = p.ComputeHash()
	return p, nil
}

// parseRange reads one item of a FEN colour block: a square in the game's
// notation (Rules.ParseSquare), or a range of square numbers lo-hi.
func parseRange(it string, r *Rules) ([]Square, error) {
	if it == "" {
		return nil, fmt.Errorf("empty square (stray comma?)")
	}
	a, b, isRange := strings.Cut(it, "-")
	if !isRange {
		sq, err := r.ParseSquare(it)
		return []Square{sq}, err
	}
	if strings.TrimSpace(a) == "" || strings.TrimSpace(b) == "" {
		return nil, fmt.Errorf("range %s lacks a square at one end", Echo(it))
	}
	lo, err := parseSquareNumber(strings.TrimSpace(a))
	if err != nil {
		return nil, err
	}
	hi, err := parseSquareNumber(strings.TrimSpace(b))
	if err != nil {
		return nil, err
	}
	if hi < lo {
		return nil, fmt.Errorf("range %s runs backwards", Echo(it))
	}
	out := make([]Square, 0, hi-lo+1)
	for n := lo; n <= hi; n++ {
		out = append(out, r.squareOfNumber(n))
	}
	return out, nil
}

func parseSquareNumber(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || s == "" || s[0] == '+' || s[0] == '-' {
		return 0, fmt.Errorf("%s is not a square number", Echo(s))
	}
	if n < 1 || n > NumSquares {
		return 0, fmt.Errorf("square %d is off the board (1-32)", n)
	}
	return n, nil
}

// Validate checks that the position could occur: no square held by both
// sides, kings only on occupied squares, at most 12 pieces a side, and no man
// standing on its own crowning row.
func (p *Position) Validate() error {
	if p.Pieces[Black]&p.Pieces[White] != 0 {
		return fmt.Errorf("square %s is both black and white", p.Rules().SquareName((p.Pieces[Black] & p.Pieces[White]).First()))
	}
	if p.Kings&^p.Occupied() != 0 {
		return fmt.Errorf("king on empty square %s", p.Rules().SquareName((p.Kings &^ p.Occupied()).First()))
	}
	for c := Black; c <= White; c++ {
		if n := p.Pieces[c].Count(); n > MaxPiecesPerSide {
			return fmt.Errorf("%s has %d pieces, more than %d", c.Name(), n, MaxPiecesPerSide)
		}
		if m := p.Men(c) & crownRow[c]; m != 0 {
			return fmt.Errorf("%s man on %s, its crowning row, must be a king", c.Name(), p.Rules().SquareName(m.First()))
		}
	}
	return nil
}

// FEN writes the position as PDN FEN in the game's notation: side to move,
// then the white and the black block, kings marked K, no ranges, no
// spaces, no final dot.
func (p *Position) FEN() string {
	r := p.Rules()
	var b strings.Builder
	b.WriteString(p.Turn.String())
	for _, c := range [2]Colour{White, Black} {
		b.WriteByte(':')
		b.WriteString(c.String())
		for i, s := range r.inOrder(p.Pieces[c]) {
			if i > 0 {
				b.WriteByte(',')
			}
			if p.Kings.Has(s) {
				b.WriteByte('K')
			}
			b.WriteString(r.SquareName(s))
		}
	}
	return b.String()
}

// inOrder lists the squares of b in the order of the game's numbers (the
// internal order for English numbers and coordinates).
func (r *Rules) inOrder(b Bitboard) []Square {
	out := make([]Square, 0, b.Count())
	if r.Numbering == EnglishNumbers || r.Algebraic {
		for ; b != 0; b &= b - 1 {
			out = append(out, b.First())
		}
		return out
	}
	for n := 1; n <= NumSquares; n++ {
		if s := r.squareOfNumber(n); b.Has(s) {
			out = append(out, s)
		}
	}
	return out
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }
