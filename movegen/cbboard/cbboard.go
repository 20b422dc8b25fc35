// Package cbboard is CheckerBoard's encoding of the board and of a move
// (cmd/cbengine/cbapi.h, from CheckerBoard's cb_interface.h): the piece
// codes, int board[8][8], struct CBmove, getmove's colours, time arguments
// and return values, and their translation to and from movegen's
// positions, moves and results.
//
// The CheckerBoard library (cmd/cbengine) writes boards and CBmoves with
// it, and whatever checks what a host got back (the library's C-host
// tests, the soak of package soak) reads and checks them with it, so the
// writer and its judges cannot disagree on the encoding. Its integers are
// int32, C's int on every platform the library is built for, so the cgo
// glue converts field by field.
//
// It takes only movegen and the standard library.
package cbboard

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/movegen"
)

// Piece codes on the board (cbapi.h's CB_FREE .. CB_KING): a colour bit
// ORed with a kind bit, so that a host tests either with a mask.
const (
	Free  = 0 // an empty square
	White = 1 // a white piece; also getmove's color when White is to move
	Black = 2 // a black piece; also getmove's color when Black is to move
	Man   = 4 // a man (uncrowned)
	King  = 8 // a king
)

// getmove's return values (cbapi.h's CB_DRAW .. CB_UNKNOWN): the result
// the engine claims, from the mover's view. CheckerBoard ends an engine
// match's game on Draw, so an engine without a claim returns Unknown.
const (
	Draw    = 0
	Win     = 1
	Loss    = 2
	Unknown = 3
)

// Size is the width and height of CheckerBoard's board[8][8].
const Size = 8

// MaxJumps is the length of a CBmove's path, del and delpiece arrays: no
// move captures more than the opponent's 12 pieces.
const MaxJumps = 12

// squaresPerRow is how many playable squares a row of the board holds.
const squaresPerRow = 4

// Board is CheckerBoard's board in its own indexing: board[x][y], the
// playable squares those with x+y even, y = 0 Black's back rank (squares
// 1-4). The other squares are the host's, never read and never written.
type Board [Size][Size]int32

// Coor is a square in board[x][y] coordinates, CheckerBoard's struct coor.
type Coor struct{ X, Y int32 }

// Move mirrors CheckerBoard's struct CBmove field for field, in its order.
type Move struct {
	Jumps    int32 // the number of pieces captured
	Newpiece int32 // the piece code that lands on To (crowned or not)
	Oldpiece int32 // the piece code that leaves From
	From, To Coor
	// Path holds the landing squares: Path[1..Jumps-1] the intermediate
	// ones the API documents; MoveOf also puts From in Path[0] and To in
	// Path[Jumps], for hosts that walk the whole route.
	Path [MaxJumps]Coor
	// Del holds the captured squares and Delpiece their piece codes.
	Del      [MaxJumps]Coor
	Delpiece [MaxJumps]int32
}

// SquareCoor returns the board[x][y] coordinates of a square: PDN square n
// sits at y = (n-1)/4 and x = 2*(3-(n-1)%4), plus one on odd rows, so that
// n = 4*(y+1) - x/2.
func SquareCoor(s movegen.Square) Coor {
	y := int32(s) / squaresPerRow
	x := 2*(squaresPerRow-1-int32(s)%squaresPerRow) + y&1
	return Coor{x, y}
}

// CoorSquare is SquareCoor's inverse: the square at c, and false for a c
// off the board or not playable.
func CoorSquare(c Coor) (movegen.Square, bool) {
	if c.X < 0 || c.X >= Size || c.Y < 0 || c.Y >= Size || (c.X+c.Y)&1 != 0 {
		return movegen.NoSquare, false
	}
	return movegen.Square(squaresPerRow*c.Y + squaresPerRow - 1 - c.X/2), true
}

// squareNumber is the PDN number of the square at c by the API's formula,
// n = 4*(y+1) - x/2, as a host computes it (whether or not c is playable).
func squareNumber(c Coor) int {
	return squaresPerRow*(int(c.Y)+1) - int(c.X)/2
}

// PieceCode returns CheckerBoard's code for what stands on s in p.
func PieceCode(p *movegen.Position, s movegen.Square) int32 {
	var code int32
	switch {
	case p.Pieces[movegen.Black].Has(s):
		code = Black
	case p.Pieces[movegen.White].Has(s):
		code = White
	default:
		return Free
	}
	if p.Kings.Has(s) {
		return code | King
	}
	return code | Man
}

// ColourOf turns getmove's color (Black or White) into the side to move.
func ColourOf(colour int) (movegen.Colour, error) {
	switch colour {
	case Black:
		return movegen.Black, nil
	case White:
		return movegen.White, nil
	}
	return 0, fmt.Errorf("color %d is neither %d (white) nor %d (black)", colour, White, Black)
}

// ColourCode is ColourOf's inverse: getmove's color for side c.
func ColourCode(c movegen.Colour) int {
	if c == movegen.Black {
		return Black
	}
	return White
}

// PositionFrom reads a board and getmove's color as a position of rule
// set v. Only the playable squares are read. Unknown piece codes, an
// impossible colour or an impossible position (13 pieces a side, a man on
// its crowning row) are errors that say what is wrong.
func PositionFrom(b *Board, colour int, v movegen.Variant) (movegen.Position, error) {
	turn, err := ColourOf(colour)
	if err != nil {
		return movegen.Position{}, err
	}
	p := movegen.Position{Turn: turn, Variant: v}
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		c := SquareCoor(s)
		code := b[c.X][c.Y]
		switch code {
		case Free:
			continue
		case Black | Man, Black | King:
			p.Pieces[movegen.Black] |= s.Bit()
		case White | Man, White | King:
			p.Pieces[movegen.White] |= s.Bit()
		default:
			return movegen.Position{}, fmt.Errorf("board[%d][%d] (square %d) holds %d, not a piece code (0 empty, 5 white man, 6 black man, 9 white king, 10 black king)",
				c.X, c.Y, Number(c, v), code)
		}
		if code&King != 0 {
			p.Kings |= s.Bit()
		}
	}
	if err := p.Validate(); err != nil {
		return movegen.Position{}, err
	}
	p.Hash = p.ComputeHash()
	return p, nil
}

// Write stores p's pieces on the playable squares of b; the others are
// left as they are (they are the host's).
func Write(b *Board, p *movegen.Position) {
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		c := SquareCoor(s)
		b[c.X][c.Y] = PieceCode(p, s)
	}
}

// BoardOf returns p's board, the squares that are not playable empty.
func BoardOf(p *movegen.Position) Board {
	var b Board
	Write(&b, p)
	return b
}

// MoveOf describes m, legal in p, as a CBmove: the piece before and after
// (crowned or not), From and To, the landing squares in Path[1..Jumps]
// (Path[0] holds From), and the captured squares with their pieces in the
// order they are jumped.
func MoveOf(p *movegen.Position, m movegen.Move) Move {
	after := *p
	after.MakeMove(m)
	mv := Move{
		Jumps:    int32(m.Captured.Count()),
		Oldpiece: PieceCode(p, m.From),
		Newpiece: PieceCode(&after, m.To),
		From:     SquareCoor(m.From),
		To:       SquareCoor(m.To),
	}
	mv.Path[0] = mv.From
	if m.Captured == 0 {
		return mv
	}
	prev := mv.From
	left := m.Captured
	for i := 0; i < m.Landings() && i < MaxJumps; i++ {
		next := SquareCoor(m.Landing(i))
		if i+1 < MaxJumps {
			mv.Path[i+1] = next
		}
		if s, ok := capturedOnLeg(prev, next, left); ok {
			mv.Del[i] = SquareCoor(s)
			mv.Delpiece[i] = PieceCode(p, s)
			left &^= s.Bit()
		}
		prev = next
	}
	return mv
}

// capturedOnLeg finds the captured square on the diagonal from a to b (a
// short jump's middle square or, in Pool, the piece a flying king passes).
func capturedOnLeg(a, b Coor, captured movegen.Bitboard) (movegen.Square, bool) {
	dx, dy := sign(b.X-a.X), sign(b.Y-a.Y)
	if dx == 0 || dy == 0 {
		return movegen.NoSquare, false
	}
	for x, y := a.X+dx, a.Y+dy; x != b.X && y != b.Y; x, y = x+dx, y+dy {
		if s, ok := CoorSquare(Coor{x, y}); ok && captured.Has(s) {
			return s, true
		}
	}
	return movegen.NoSquare, false
}

// sign is -1, 0 or 1 as v is negative, zero or positive.
func sign(v int32) int32 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// Text writes the move as PDN from its own fields, as a host reads it:
// From, the intermediate landings Path[1..Jumps-1], To; each square's
// number in CheckerBoard's numbering of v's game type (Number).
func (m Move) Text(v movegen.Variant) string {
	num := func(c Coor) string { return strconv.Itoa(Number(c, v)) }
	if m.Jumps == 0 {
		return num(m.From) + "-" + num(m.To)
	}
	var b strings.Builder
	b.WriteString(num(m.From))
	for i := 1; i < int(m.Jumps) && i < MaxJumps; i++ {
		b.WriteString("x" + num(m.Path[i]))
	}
	return b.String() + "x" + num(m.To)
}

// ErrNoSuccessor is wrapped by Check's error when the board after the move
// is no legal successor: the move played was illegal, where every other
// error of Check's is a CBmove that misdescribes a legal move.
var ErrNoSuccessor = errors.New("the board returned is no legal successor")

// Check checks a getmove's reply: that after is before with one of p's
// legal moves played (before with Write of the successor), and that mv
// describes that move as a host reads it (its text, From, To, Jumps, the
// pieces, the captured squares in any order with their pieces); it returns
// the move. before must be p's board. An after that is no legal successor
// is an error that wraps ErrNoSuccessor.
func Check(p *movegen.Position, before, after Board, mv Move) (movegen.Move, error) {
	if got, err := PositionFrom(&before, ColourCode(p.Turn), p.Variant); err != nil || got != *p {
		return movegen.Move{}, fmt.Errorf("the board before the move is not the position %s (%v)", p.FEN(), err)
	}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	var m movegen.Move
	found := false
	for _, c := range ml.Slice() {
		q := *p
		q.MakeMove(c)
		want := before
		Write(&want, &q)
		if want == after {
			m, found = c, true
			break
		}
	}
	if !found {
		return m, fmt.Errorf("%w of %s", ErrNoSuccessor, p.FEN())
	}
	text := mv.Text(p.Variant)
	pm, err := readMove(p, text)
	switch {
	case err != nil:
		return m, fmt.Errorf("the CBmove reads as %s: %v", text, err)
	case !pm.Same(m):
		return m, fmt.Errorf("the CBmove reads as %s, the board says %s", text, p.Rules().PathText(m))
	case mv.From != SquareCoor(m.From) || mv.To != SquareCoor(m.To) || mv.Jumps != int32(m.Captured.Count()):
		return m, fmt.Errorf("the CBmove's from, to or jumps %+v disagree with %s", mv, p.Rules().PathText(m))
	case mv.Oldpiece != before[mv.From.X][mv.From.Y] || mv.Newpiece != after[mv.To.X][mv.To.Y]:
		return m, fmt.Errorf("the CBmove's pieces %d -> %d disagree with the boards", mv.Oldpiece, mv.Newpiece)
	}
	// Jumps is the number captured, at most the opponent's 12 pieces.
	var dels movegen.Bitboard
	for i := range int(mv.Jumps) {
		d := mv.Del[i]
		s, ok := CoorSquare(d)
		if !ok || mv.Delpiece[i] != before[d.X][d.Y] || after[d.X][d.Y] != Free {
			return m, fmt.Errorf("the CBmove's capture %d at %v (piece %d) disagrees with the boards", i, d, mv.Delpiece[i])
		}
		dels |= s.Bit()
	}
	if dels != m.Captured {
		return m, fmt.Errorf("the CBmove captures %v, the move %s others", dels, p.Rules().PathText(m))
	}
	return m, nil
}

// readMove reads a move of p written in CheckerBoard's numbers of its
// game type, as a host does.
func readMove(p *movegen.Position, text string) (movegen.Move, error) {
	game, err := GameMove(text, p.Variant)
	if err != nil {
		return movegen.Move{}, err
	}
	return p.ParseMove(game)
}
