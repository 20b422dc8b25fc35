package cbboard

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/movegen"
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

// ReadMoveList reads a get movelist reply (MoveList) as CheckerBoard's
// get_movelist_from_engine does into CBmoves, its squares numbered in v's
// game type as ListNumber writes them: Path[1..Jumps] the landings
// (Path[0] From), Del and Delpiece the captures.
func ReadMoveList(reply string, v movegen.Variant) ([]Move, error) {
	fail := func(format string, args ...any) ([]Move, error) {
		return nil, fmt.Errorf("movelist reply %q: %s", reply, fmt.Sprintf(format, args...))
	}
	rest, ok := strings.CutPrefix(reply, "movelist ")
	if !ok {
		return fail("no movelist word")
	}
	head, body, _ := strings.Cut(rest, ",")
	n, err := strconv.Atoi(head)
	if err != nil || n < 0 || n > len(body) {
		return fail("%q is not a number of moves", head)
	}
	moves := strings.Split(body, ";")
	if n == 0 && body == "" {
		return nil, nil
	}
	if len(moves) != n+1 || moves[n] != "" {
		return fail("%d moves announced, %d given or no final ';'", n, len(moves)-1)
	}
	out := make([]Move, 0, n)
	for _, text := range moves[:n] {
		m, err := readListedMove(strings.Split(text, ","), v)
		if err != nil {
			return fail("move %q: %v", text, err)
		}
		out = append(out, m)
	}
	return out, nil
}

// readListedMove reads one move of a movelist reply from its fields.
func readListedMove(f []string, v movegen.Variant) (Move, error) {
	var m Move
	nums := make([]int, len(f))
	for i, s := range f {
		k, err := strconv.Atoi(s)
		if err != nil {
			return m, fmt.Errorf("%q is not a number", s)
		}
		nums[i] = k
	}
	if len(nums) < 5 || nums[0] < 0 || nums[0] > MaxJumps || len(nums) != 5+3*nums[0] {
		return m, fmt.Errorf("%d fields", len(nums))
	}
	coor := func(n int) (Coor, error) {
		for s := movegen.Square(0); s < movegen.NumSquares; s++ {
			if c := SquareCoor(s); ListNumber(c, v) == n {
				return c, nil
			}
		}
		return Coor{}, fmt.Errorf("square %d is off the board", n)
	}
	var err error
	m.Jumps, m.Oldpiece, m.Newpiece = int32(nums[0]), int32(nums[1]), int32(nums[2])
	if m.From, err = coor(nums[3]); err != nil {
		return m, err
	}
	if m.To, err = coor(nums[4]); err != nil {
		return m, err
	}
	m.Path[0] = m.From
	for k := range int(m.Jumps) {
		land, err := coor(nums[5+3*k])
		if err != nil {
			return m, err
		}
		if k+1 < MaxJumps {
			m.Path[k+1] = land
		}
		if m.Del[k], err = coor(nums[6+3*k]); err != nil {
			return m, err
		}
		m.Delpiece[k] = int32(nums[7+3*k])
	}
	return m, nil
}
