package cbboard

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/movegen"
)

// CheckerBoard numbers the squares of one board array differently in
// some game types (cb_interface.h, coorstonumber): every text it sends or
// reads (set gamehist, get movelist, staticevaluation, the moves it
// writes) is in those numbers. For every game but Czech they are the
// numbers Crown reads in that game (movegen.Rules.SquareNumber); Czech,
// written with coordinates, CheckerBoard numbers as Spanish, so texts are
// converted through the board squares, never taken as they come.

// The game types whose numbers are not the English ones.
const (
	gameTypeItalian = 22
	gameTypeSpanish = 24
	gameTypeCzech   = 29
)

// Number returns CheckerBoard's number of the square at c in the game
// type of rule set v (its PDN GameType), by coorstonumber's formulas:
// Italian counts each row the other way, Spanish and Czech from White's
// back row, the others are the English numbers.
func Number(c Coor, v movegen.Variant) int {
	x, y := int(c.X), int(c.Y)
	switch v.Rules().GameType {
	case gameTypeItalian:
		return 1 + squaresPerRow*y + x/2
	case gameTypeSpanish:
		return 1 + squaresPerRow*(Size-1-y) + (Size-1-x)/2
	case gameTypeCzech:
		return movegen.NumSquares - squaresPerRow*y - x/2
	}
	return squareNumber(c)
}

// SquareOfNumber is Number's inverse on the playable squares: the square
// CheckerBoard numbers n in v's game type, and false for an n off 1-32.
// It searches rather than using CheckerBoard's numbertocoors, whose Czech
// case is not coorstonumber's inverse.
func SquareOfNumber(n int, v movegen.Variant) (movegen.Square, bool) {
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		if Number(SquareCoor(s), v) == n {
			return s, true
		}
	}
	return movegen.NoSquare, false
}

// ListNumber is the number of the square at c in a get movelist reply
// of v's game type: Number, but two more in Czech. CheckerBoard reads a
// reply's squares with numbertocoors, whose Czech case is off by two
// against coorstonumber (it takes n to the square coorstonumber numbers
// n-2, so 1 and 2 fall off the board); the list is written so that its
// reader finds the right squares, with the numbers 3-34.
func ListNumber(c Coor, v movegen.Variant) int {
	if v.Rules().GameType == gameTypeCzech {
		return Number(c, v) + 2
	}
	return Number(c, v)
}

// maxTextBytes bounds a FEN or move ReadFEN and GameMove read: a position
// lists at most 32 squares, a move at most 13.
const maxTextBytes = 1 << 10

// ReadFEN reads a FEN as CheckerBoard writes it in v's game type
// (fen.c's board8toFEN: "B:W21,K22:B1,2", its numbers; ranges such as
// 1-12 are read too, and in the games not played on the mirrored board
// coordinates such as c3, as pydraughts sends them) into a board and
// getmove's colour, as its FENtoboard8 does: the board is not checked
// (PositionFrom checks it), so that a side with no pieces can be seen
// before a position is judged.
func ReadFEN(s string, v movegen.Variant) (Board, int, error) {
	var b Board
	fail := func(format string, args ...any) (Board, int, error) {
		return b, 0, fmt.Errorf("bad FEN %s: %s", movegen.Echo(s), fmt.Sprintf(format, args...))
	}
	if len(s) > maxTextBytes {
		return fail("longer than %d bytes", maxTextBytes)
	}
	fields := strings.Split(strings.TrimSuffix(strings.TrimSpace(s), "."), ":")
	colour, ok := colourLetter(fields[0])
	if !ok || len(fields) > 3 {
		return fail("want W or B, then :W and :B with the squares of each side")
	}
	for _, f := range fields[1:] {
		side, ok := colourLetter(f[:min(len(f), 1)])
		if !ok {
			return fail("%s does not start with W or B", movegen.Echo(f))
		}
		for _, item := range strings.Split(f[1:], ",") {
			if item == "" {
				continue
			}
			piece := side | Man
			if rest, king := strings.CutPrefix(item, "K"); king {
				item, piece = rest, side|King
			}
			if isCoordinate(item, 0) {
				sq, err := v.Rules().ParseSquare(item)
				if err != nil {
					return fail("%v", err)
				}
				c := SquareCoor(sq)
				b[c.X][c.Y] = int32(piece)
				continue
			}
			lo, hi, isRange := strings.Cut(item, "-")
			if !isRange {
				hi = lo
			}
			from, err1 := strconv.Atoi(lo)
			to, err2 := strconv.Atoi(hi)
			if err1 != nil || err2 != nil || from > to {
				return fail("%s is not a square number or a range of them", movegen.Echo(item))
			}
			for n := from; n <= to; n++ {
				sq, ok := SquareOfNumber(n, v)
				if !ok {
					return fail("square %d is off the board (1-32)", n)
				}
				c := SquareCoor(sq)
				b[c.X][c.Y] = int32(piece)
			}
		}
	}
	return b, colour, nil
}

// ReadPosition reads a FEN as CheckerBoard writes it in v's game type
// (ReadFEN) as a position of v (PositionFrom).
func ReadPosition(fen string, v movegen.Variant) (movegen.Position, error) {
	b, colour, err := ReadFEN(fen, v)
	if err != nil {
		return movegen.Position{}, err
	}
	p, err := PositionFrom(&b, colour, v)
	if err != nil {
		return movegen.Position{}, fmt.Errorf("bad FEN %s: %v", movegen.Echo(fen), err)
	}
	return p, nil
}

// colourLetter reads "W" or "B" as getmove's colour.
func colourLetter(s string) (int, bool) {
	switch s {
	case "W":
		return White, true
	case "B":
		return Black, true
	}
	return 0, false
}

// colourName writes getmove's colour as a FEN does: "W" or "B".
func colourName(colour int) string {
	if colour == White {
		return "W"
	}
	return "B"
}

// FEN writes b and getmove's colour as CheckerBoard does in v's game type
// (board8toFEN), each side's squares in ascending numbers.
func FEN(b *Board, colour int, v movegen.Variant) string {
	var out strings.Builder
	out.WriteString(colourName(colour))
	for _, side := range []int32{White, Black} {
		out.WriteString(":" + colourName(int(side)))
		sep := ""
		for n := 1; n <= movegen.NumSquares; n++ {
			sq, _ := SquareOfNumber(n, v)
			c := SquareCoor(sq)
			code := b[c.X][c.Y]
			if code&side == 0 || code&(Man|King) == 0 {
				continue
			}
			out.WriteString(sep)
			if code&King != 0 {
				out.WriteByte('K')
			}
			out.WriteString(strconv.Itoa(n))
			sep = ","
		}
	}
	return out.String()
}

// GameMove rewrites a move CheckerBoard wrote in v's game type ("11-15",
// "9x18", its numbers joined by '-' or 'x') in the numbers Crown reads in
// that game (movegen.Rules.SquareNumber), separators kept; a square
// written as a coordinate (c3, as pydraughts writes Russian moves) is
// kept as it is, for Crown reads those too.
func GameMove(s string, v movegen.Variant) (string, error) {
	if len(s) > maxTextBytes {
		return "", fmt.Errorf("move %s: longer than %d bytes", movegen.Echo(s), maxTextBytes)
	}
	var out strings.Builder
	for i := 0; i < len(s); {
		if isCoordinate(s, i) {
			out.WriteString(s[i : i+2])
			i += 2
			continue
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i {
			out.WriteByte(s[i])
			i++
			continue
		}
		n, err := strconv.Atoi(s[i:j])
		sq, ok := SquareOfNumber(n, v)
		if err != nil || !ok {
			return "", fmt.Errorf("move %s: square %s is off the board (1-32)", movegen.Echo(s), s[i:j])
		}
		out.WriteString(v.Rules().SquareNumberText(sq))
		i = j
	}
	return out.String(), nil
}

// isCoordinate reports whether s holds a coordinate at i: a file a-h and
// a rank 1-8.
func isCoordinate(s string, i int) bool {
	return i+1 < len(s) && s[i] >= 'a' && s[i] <= 'h' && s[i+1] >= '1' && s[i+1] <= '8'
}

// MoveList answers CheckerBoard's "get movelist": every legal move of p
// as its get_movelist_from_engine reads them, "movelist <n>," then per
// move "<jumps>,<oldpiece>,<newpiece>,<from>,<to>," and for each capture
// "<landing>,<captured>,<captured piece>," with the last comma a
// semicolon; "movelist 0" when there is none. Squares are numbered in p's
// game type as CheckerBoard reads them back (ListNumber).
func MoveList(p *movegen.Position) string {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	var out strings.Builder
	fmt.Fprintf(&out, "movelist %d", ml.N)
	num := func(c Coor) string { return strconv.Itoa(ListNumber(c, p.Variant)) }
	for i, m := range ml.Slice() {
		if i == 0 {
			out.WriteByte(',')
		}
		mv := MoveOf(p, m)
		f := []string{strconv.Itoa(int(mv.Jumps)), strconv.Itoa(int(mv.Oldpiece)), strconv.Itoa(int(mv.Newpiece)), num(mv.From), num(mv.To)}
		for k := 0; k < int(mv.Jumps) && k < MaxJumps; k++ {
			// The k-th landing: Path[k+1], the last To.
			land := mv.To
			if k+1 < int(mv.Jumps) {
				land = mv.Path[k+1]
			}
			f = append(f, num(land), num(mv.Del[k]), strconv.Itoa(int(mv.Delpiece[k])))
		}
		out.WriteString(strings.Join(f, ","))
		out.WriteByte(';')
	}
	return out.String()
}

// MoveListOf answers CheckerBoard's "get movelist FEN", the FEN in its
// numbers of v's game type: MoveList of the position, and "movelist 0"
// when the side to move has no piece, whatever the other side's pieces
// (CheckerBoard asks for B:W1:B, which no game allows, to learn whether
// an engine knows the command, and wants that answer).
func MoveListOf(fen string, v movegen.Variant) (string, error) {
	b, colour, err := ReadFEN(fen, v)
	if err != nil {
		return "", err
	}
	if !hasPiece(&b, int32(colour)) {
		return "movelist 0", nil
	}
	p, err := PositionFrom(&b, colour, v)
	if err != nil {
		return "", fmt.Errorf("bad FEN %s: %v", movegen.Echo(fen), err)
	}
	return MoveList(&p), nil
}

// hasPiece reports whether side has a piece on a playable square of b.
func hasPiece(b *Board, side int32) bool {
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		c := SquareCoor(s)
		if b[c.X][c.Y]&side != 0 {
			return true
		}
	}
	return false
}
