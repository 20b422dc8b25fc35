package cbboard

import (
	"fmt"
	"strconv"
	"strings"
)

// The text form of boards and CBmoves is how the C host
// (cmd/cbengine/host/host.c, print_board and print_move) prints what
// getmove returned, blank-separated integers, for the library's host tests
// and the soak to read.
const (
	// BoardInts is how many integers a board is: board[x][y], x major.
	BoardInts = Size * Size
	// MoveInts is how many integers a CBmove is: jumps, oldpiece,
	// newpiece, from.x, from.y, to.x, to.y, then path's and del's MaxJumps
	// pairs and delpiece's MaxJumps codes.
	MoveInts = 7 + 5*MaxJumps
)

// readInts reads the first n of fields as integers C's int holds.
func readInts(fields []string, n int) ([]int32, error) {
	if len(fields) < n {
		return nil, fmt.Errorf("%d numbers, want %d", len(fields), n)
	}
	v := make([]int32, n)
	for i := range v {
		k, err := strconv.ParseInt(fields[i], 10, 32)
		if err != nil {
			return nil, err
		}
		v[i] = int32(k)
	}
	return v, nil
}

// ReadBoard reads a board from the first BoardInts of fields.
func ReadBoard(fields []string) (Board, error) {
	var b Board
	v, err := readInts(fields, BoardInts)
	if err != nil {
		return b, fmt.Errorf("board: %v", err)
	}
	for i, n := range v {
		b[i/Size][i%Size] = n
	}
	return b, nil
}

// ReadMove reads a CBmove from the first MoveInts of fields.
func ReadMove(fields []string) (Move, error) {
	v, err := readInts(fields, MoveInts)
	if err != nil {
		return Move{}, fmt.Errorf("CBmove: %v", err)
	}
	m := Move{Jumps: v[0], Oldpiece: v[1], Newpiece: v[2], From: Coor{v[3], v[4]}, To: Coor{v[5], v[6]}}
	v = v[7:]
	for i := range MaxJumps {
		m.Path[i] = Coor{v[2*i], v[2*i+1]}
		m.Del[i] = Coor{v[2*MaxJumps+2*i], v[2*MaxJumps+2*i+1]}
		m.Delpiece[i] = v[4*MaxJumps+i]
	}
	return m, nil
}

// Ints writes b in the text form ReadBoard reads.
func (b *Board) Ints() string {
	var s strings.Builder
	for x := range b {
		for y := range b[x] {
			if s.Len() > 0 {
				s.WriteByte(' ')
			}
			s.WriteString(strconv.Itoa(int(b[x][y])))
		}
	}
	return s.String()
}

// Ints writes m in the text form ReadMove reads.
func (m *Move) Ints() string {
	v := []int32{m.Jumps, m.Oldpiece, m.Newpiece, m.From.X, m.From.Y, m.To.X, m.To.Y}
	for _, c := range m.Path {
		v = append(v, c.X, c.Y)
	}
	for _, c := range m.Del {
		v = append(v, c.X, c.Y)
	}
	v = append(v, m.Delpiece[:]...)
	f := make([]string, len(v))
	for i, n := range v {
		f[i] = strconv.Itoa(int(n))
	}
	return strings.Join(f, " ")
}
