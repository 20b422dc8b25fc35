package soak

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/movegen"
)

// CheckerBoard's piece codes (cbapi.h).
const (
	cbFree  = 0
	cbWhite = 1
	cbBlack = 2
	cbMan   = 4
	cbKing  = 8
)

// getmove's return values (cbapi.h): the claim from the mover's view.
const (
	cbDraw    = 0
	cbLoss    = 2
	cbUnknown = 3
)

// cbMaxJumps is the length of a CBmove's path, del and delpiece.
const cbMaxJumps = 12

// cbBoard is CheckerBoard's board[x][y], as the host prints it (x major).
type cbBoard [8][8]int

// cbCoor is a square in board[x][y] coordinates.
type cbCoor struct{ x, y int }

// cbMove is a struct CBmove as the host prints it.
type cbMove struct {
	jumps, oldpiece, newpiece int
	from, to                  cbCoor
	path, del                 [cbMaxJumps]cbCoor
	delpiece                  [cbMaxJumps]int
}

// cbMoveInts is how many numbers the host prints for a CBmove.
const cbMoveInts = 7 + 5*cbMaxJumps

// squareCoor returns square s's coordinates: square n = 4*(y+1) - x/2,
// the playable squares at x + y even.
func squareCoor(s movegen.Square) cbCoor {
	n := s.Number() - 1
	y := n / 4
	x := 2 * (3 - n%4)
	if y&1 == 1 {
		x++
	}
	return cbCoor{x, y}
}

// coorSquare returns the square at c, false if c is off the board or not
// a playable square.
func coorSquare(c cbCoor) (movegen.Square, bool) {
	if c.x < 0 || c.x > 7 || c.y < 0 || c.y > 7 || (c.x+c.y)%2 != 0 {
		return 0, false
	}
	return movegen.Square(4*(c.y+1) - c.x/2 - 1), true
}

// cbBoardOf returns the board of position p.
func cbBoardOf(p *movegen.Position) cbBoard {
	var b cbBoard
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		code := 0
		switch {
		case p.Pieces[movegen.Black].Has(s):
			code = cbBlack
		case p.Pieces[movegen.White].Has(s):
			code = cbWhite
		default:
			continue
		}
		if p.Kings.Has(s) {
			code |= cbKing
		} else {
			code |= cbMan
		}
		c := squareCoor(s)
		b[c.x][c.y] = code
	}
	return b
}

// readInts reads n blank-separated integers from the start of f.
func readInts(f []string, n int) ([]int, error) {
	if len(f) < n {
		return nil, fmt.Errorf("%d numbers, want %d", len(f), n)
	}
	v := make([]int, n)
	for i := range v {
		var err error
		if v[i], err = strconv.Atoi(f[i]); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// cbBoardFrom reads 64 numbers, board[x][y] with x major.
func cbBoardFrom(v []int) cbBoard {
	var b cbBoard
	for i, n := range v[:64] {
		b[i/8][i%8] = n
	}
	return b
}

// cbMoveFrom reads a CBmove's cbMoveInts numbers.
func cbMoveFrom(v []int) cbMove {
	m := cbMove{jumps: v[0], oldpiece: v[1], newpiece: v[2], from: cbCoor{v[3], v[4]}, to: cbCoor{v[5], v[6]}}
	v = v[7:]
	for i := range cbMaxJumps {
		m.path[i] = cbCoor{v[2*i], v[2*i+1]}
		m.del[i] = cbCoor{v[2*cbMaxJumps+2*i], v[2*cbMaxJumps+2*i+1]}
		m.delpiece[i] = v[4*cbMaxJumps+i]
	}
	return m
}

// text writes the CBmove as PDN from its own fields, as a host reads it:
// from, the intermediate landings path[1..jumps-1], to.
func (m cbMove) text() string {
	num := func(c cbCoor) string { return strconv.Itoa(4*(c.y+1) - c.x/2) }
	if m.jumps == 0 {
		return num(m.from) + "-" + num(m.to)
	}
	var b strings.Builder
	b.WriteString(num(m.from))
	for i := 1; i < m.jumps && i < cbMaxJumps; i++ {
		b.WriteString("x" + num(m.path[i]))
	}
	return b.String() + "x" + num(m.to)
}

// checkCBMove checks that after is p's board with one of p's legal moves
// played, and that mv describes that move as CheckerBoard reads it; it
// returns the move. Its error says which check failed: a board that is no
// legal successor is an illegal move, the rest are bad replies.
func checkCBMove(p *movegen.Position, after cbBoard, mv cbMove) (movegen.Move, Kind, error) {
	before := cbBoardOf(p)
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	var m movegen.Move
	found := false
	for _, c := range ml.Slice() {
		q := *p
		q.MakeMove(c)
		if cbBoardOf(&q) == after {
			m, found = c, true
			break
		}
	}
	if !found {
		return m, Illegal, fmt.Errorf("the board returned is no legal successor of %s", p.FEN())
	}
	text := mv.text()
	pm, err := p.ParseMove(text)
	switch {
	case err != nil:
		return m, BadReply, fmt.Errorf("the CBmove reads as %s: %v", text, err)
	case !pm.Same(m):
		return m, BadReply, fmt.Errorf("the CBmove reads as %s, the board says %s", text, m.PathString())
	case mv.from != squareCoor(m.From) || mv.to != squareCoor(m.To) || mv.jumps != m.Captured.Count():
		return m, BadReply, fmt.Errorf("the CBmove's from, to or jumps %+v disagree with %s", mv, m.PathString())
	case mv.oldpiece != before[mv.from.x][mv.from.y] || mv.newpiece != after[mv.to.x][mv.to.y]:
		return m, BadReply, fmt.Errorf("the CBmove's pieces %d -> %d disagree with the boards", mv.oldpiece, mv.newpiece)
	}
	var dels movegen.Bitboard
	for i := range mv.jumps {
		s, ok := coorSquare(mv.del[i])
		if !ok || mv.delpiece[i] != before[mv.del[i].x][mv.del[i].y] || after[mv.del[i].x][mv.del[i].y] != cbFree {
			return m, BadReply, fmt.Errorf("the CBmove's capture %d at %v (piece %d) disagrees with the boards", i, mv.del[i], mv.delpiece[i])
		}
		dels |= s.Bit()
	}
	if dels != m.Captured {
		return m, BadReply, fmt.Errorf("the CBmove captures %v, the move %s others", dels, m.PathString())
	}
	return m, 0, nil
}
