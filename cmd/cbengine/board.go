package main

import (
	"fmt"

	"github.com/crown-checkers/crown/movegen"
)

// CheckerBoard's piece codes (cbapi.h): a colour bit and a kind bit.
const (
	cbFree  = 0
	cbWhite = 1
	cbBlack = 2
	cbMan   = 4
	cbKing  = 8
)

// boardSize is the width and height of CheckerBoard's board[8][8].
const boardSize = 8

// maxJumps is the length of CBmove's path, del and delpiece arrays.
const maxJumps = 12

// cbBoard is CheckerBoard's board in its own indexing: board[x][y], the
// playable squares having x+y even, y = 0 Black's back rank.
type cbBoard [boardSize][boardSize]int32

// coor is a square as CheckerBoard's struct coor gives it.
type coor struct{ x, y int32 }

// cbMove mirrors CheckerBoard's struct CBmove, field for field.
type cbMove struct {
	jumps, newpiece, oldpiece int32
	from, to                  coor
	path                      [maxJumps]coor
	del                       [maxJumps]coor
	delpiece                  [maxJumps]int32
}

// squaresPerRow is how many playable squares a row holds.
const squaresPerRow = 4

// squareCoor returns the board[x][y] coordinates of a square: PDN square n
// sits at y = (n-1)/4 and x = 2*(3-(n-1)%4), plus one on odd rows.
func squareCoor(s movegen.Square) coor {
	y := int32(s) / squaresPerRow
	x := 2*(squaresPerRow-1-int32(s)%squaresPerRow) + y&1
	return coor{x, y}
}

// coorSquare is squareCoor's inverse: the square at board[x][y], and false
// for a square that is not playable.
func coorSquare(x, y int) (movegen.Square, bool) {
	if x < 0 || x >= boardSize || y < 0 || y >= boardSize || (x+y)&1 != 0 {
		return movegen.NoSquare, false
	}
	return movegen.Square(squaresPerRow*y + squaresPerRow - 1 - x/2), true
}

// pieceCode returns CheckerBoard's code for what stands on s in p.
func pieceCode(p *movegen.Position, s movegen.Square) int32 {
	var code int32
	switch {
	case p.Pieces[movegen.Black].Has(s):
		code = cbBlack
	case p.Pieces[movegen.White].Has(s):
		code = cbWhite
	default:
		return cbFree
	}
	if p.Kings.Has(s) {
		return code | cbKing
	}
	return code | cbMan
}

// colorOf turns getmove's color (CB_BLACK or CB_WHITE) into the side to move.
func colorOf(color int) (movegen.Color, error) {
	switch color {
	case cbBlack:
		return movegen.Black, nil
	case cbWhite:
		return movegen.White, nil
	}
	return 0, fmt.Errorf("color %d is neither %d (white) nor %d (black)", color, cbWhite, cbBlack)
}

// positionFrom reads CheckerBoard's board and colour as a position of rule
// set v. Only the playable squares are read. Unknown piece codes, an
// impossible colour or an impossible position (13 pieces a side, a man on
// its crowning row) are errors that say what is wrong.
func positionFrom(b *cbBoard, color int, v movegen.Variant) (movegen.Position, error) {
	turn, err := colorOf(color)
	if err != nil {
		return movegen.Position{}, err
	}
	p := movegen.Position{Turn: turn, Variant: v}
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		c := squareCoor(s)
		code := b[c.x][c.y]
		switch code {
		case cbFree:
			continue
		case cbBlack | cbMan, cbBlack | cbKing:
			p.Pieces[movegen.Black] |= s.Bit()
		case cbWhite | cbMan, cbWhite | cbKing:
			p.Pieces[movegen.White] |= s.Bit()
		default:
			return movegen.Position{}, fmt.Errorf("board[%d][%d] (square %d) holds %d, not a piece code (0 empty, 5 white man, 6 black man, 9 white king, 10 black king)",
				c.x, c.y, s.Number(), code)
		}
		if code&cbKing != 0 {
			p.Kings |= s.Bit()
		}
	}
	if err := p.Validate(); err != nil {
		return movegen.Position{}, err
	}
	p.Hash = p.ComputeHash()
	return p, nil
}

// writeBoard stores p's pieces on the playable squares of b; the others are
// left as they are.
func writeBoard(b *cbBoard, p *movegen.Position) {
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		c := squareCoor(s)
		b[c.x][c.y] = pieceCode(p, s)
	}
}

// cbMoveOf describes m, legal in p, as CheckerBoard's CBmove: the piece
// before and after (crowned or not), from and to, the landing squares in
// path[1..jumps] (path[1..jumps-1] are the intermediate ones the API
// documents; path[0] holds from and path[jumps] to, for hosts that walk the
// whole route), and the captured squares with their pieces in the order
// they are jumped.
func cbMoveOf(p *movegen.Position, m movegen.Move) cbMove {
	after := *p
	after.MakeMove(m)
	mv := cbMove{
		jumps:    int32(m.Captured.Count()),
		oldpiece: pieceCode(p, m.From),
		newpiece: pieceCode(&after, m.To),
		from:     squareCoor(m.From),
		to:       squareCoor(m.To),
	}
	mv.path[0] = mv.from
	if m.Captured == 0 {
		return mv
	}
	prev := mv.from
	left := m.Captured
	for i := 0; i < m.Landings() && i < maxJumps; i++ {
		next := squareCoor(m.Landing(i))
		if i+1 < maxJumps {
			mv.path[i+1] = next
		}
		if s, ok := capturedOnLeg(prev, next, left); ok {
			mv.del[i] = squareCoor(s)
			mv.delpiece[i] = pieceCode(p, s)
			left &^= s.Bit()
		}
		prev = next
	}
	return mv
}

// capturedOnLeg finds the captured square on the diagonal from a to b (a
// short jump's middle square or, in Pool, the piece a flying king passes).
func capturedOnLeg(a, b coor, captured movegen.Bitboard) (movegen.Square, bool) {
	dx, dy := sign(b.x-a.x), sign(b.y-a.y)
	if dx == 0 || dy == 0 {
		return movegen.NoSquare, false
	}
	for x, y := a.x+dx, a.y+dy; x != b.x && y != b.y; x, y = x+dx, y+dy {
		if s, ok := coorSquare(int(x), int(y)); ok && captured.Has(s) {
			return s, true
		}
	}
	return movegen.NoSquare, false
}

func sign(v int32) int32 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
