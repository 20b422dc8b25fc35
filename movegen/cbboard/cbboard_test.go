package cbboard

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// sq returns the coordinates of PDN square n.
func sq(n int) Coor { return SquareCoor(movegen.Square(n - 1)) }

// position parses a FEN or fails the test.
func position(t testing.TB, fen string, v movegen.Variant) movegen.Position {
	t.Helper()
	p, err := movegen.ParseFEN(fen, v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSquareCoor checks the square mapping against the API's formulas:
// n = 4*(y+1) - x/2, and squares 1 and 4 on Black's back rank at x = 6
// and x = 0.
func TestSquareCoor(t *testing.T) {
	seen := map[Coor]bool{}
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		c := SquareCoor(s)
		if n := 4*(int(c.Y)+1) - int(c.X)/2; n != s.Number() || squareNumber(c) != n {
			t.Errorf("square %d at board[%d][%d], whose number is %d", s.Number(), c.X, c.Y, n)
		}
		if c.X < 0 || c.X >= Size || c.Y < 0 || c.Y >= Size || (c.X+c.Y)&1 != 0 || seen[c] {
			t.Errorf("square %d at board[%d][%d]: off the board, not playable or taken twice", s.Number(), c.X, c.Y)
		}
		seen[c] = true
		if back, ok := CoorSquare(c); !ok || back != s {
			t.Errorf("CoorSquare(%v) = %d, %v; want %d", c, back.Number(), ok, s.Number())
		}
	}
	for _, tc := range []struct {
		n    int
		want Coor
	}{{1, Coor{6, 0}}, {4, Coor{0, 0}}, {5, Coor{7, 1}}, {29, Coor{7, 7}}, {32, Coor{1, 7}}} {
		if got := sq(tc.n); got != tc.want {
			t.Errorf("square %d at %v, want %v", tc.n, got, tc.want)
		}
	}
	for _, c := range []Coor{{0, 1}, {7, 0}, {-1, 1}, {8, 0}, {0, 8}, {1, -1}} {
		if s, ok := CoorSquare(c); ok {
			t.Errorf("board%v is no playable square, read as %d", c, s.Number())
		}
	}
}

func TestColor(t *testing.T) {
	for _, tc := range []struct {
		colour int
		want   movegen.Colour
	}{{Black, movegen.Black}, {White, movegen.White}} {
		got, err := ColourOf(tc.colour)
		if err != nil || got != tc.want || ColourCode(got) != tc.colour {
			t.Errorf("ColourOf(%d) = %v, %v; ColourCode back %d", tc.colour, got, err, ColourCode(got))
		}
	}
	for _, colour := range []int{Free, 3, Man, -1} {
		if _, err := ColourOf(colour); err == nil || !strings.Contains(err.Error(), "neither 1 (white) nor 2 (black)") {
			t.Errorf("ColourOf(%d): %v", colour, err)
		}
	}
}

// boardOf returns CheckerBoard's board and colour for a FEN.
func boardOf(t *testing.T, fen string, v movegen.Variant) (Board, int) {
	t.Helper()
	p := position(t, fen, v)
	return BoardOf(&p), ColourCode(p.Turn)
}

func TestPositionFrom(t *testing.T) {
	for _, fen := range []string{"B:W21-32:B1-12", "W:WK1,18,22:B5,K30", "B:W:BK12"} {
		for _, v := range []movegen.Variant{movegen.American, movegen.Pool} {
			b, colour := boardOf(t, fen, v)
			p, err := PositionFrom(&b, colour, v)
			if want := position(t, fen, v); err != nil || p != want {
				t.Errorf("%s %v: read back as %v, %v", fen, v, p.FEN(), err)
			}
		}
	}
	start, _ := boardOf(t, "B:W21-32:B1-12", movegen.American)
	for _, tc := range []struct {
		name   string
		board  func(b *Board)
		colour int
		want   string
	}{
		{"13 black men", func(b *Board) { c := SquareCoor(12); b[c.X][c.Y] = Black | Man }, Black, "13 pieces"},
		{"colour 0", func(*Board) {}, 0, "color 0"},
		{"colour 3", func(*Board) {}, 3, "color 3"},
		{"piece code 7", func(b *Board) { b[6][0] = 7 }, Black, "holds 7"},
		{"negative code", func(b *Board) { b[6][0] = -1 }, Black, "holds -1"},
		{"black man on 29", func(b *Board) { *b = Board{}; b[7][7] = Black | Man }, White, "crowning row"},
	} {
		b := start
		tc.board(&b)
		if _, err := PositionFrom(&b, tc.colour, movegen.American); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
	// Squares that are not playable are not read, nor written.
	b := start
	b[0][1] = 99
	p, err := PositionFrom(&b, Black, movegen.American)
	if err != nil {
		t.Errorf("a value on an unplayable square: %v", err)
	}
	Write(&b, &p)
	if b[0][1] != 99 {
		t.Errorf("Write wrote %d on an unplayable square", b[0][1])
	}
}

func TestMoveOf(t *testing.T) {
	for _, tc := range []struct {
		variant  movegen.Variant
		fen, mv  string
		jumps    int32
		old, new int32
		path     []Coor // Path[1..Jumps]
		del      []Coor
		delpiece []int32
	}{
		{movegen.American, "B:W21-32:B1-12", "11-15", 0, Black | Man, Black | Man, nil, nil, nil},
		{movegen.American, "W:W6:B20", "6-2", 0, White | Man, White | King, nil, nil, nil},
		{movegen.American, "B:W6,K15,24:B1", "1x10x19x28", 3, Black | Man, Black | Man,
			[]Coor{sq(10), sq(19), sq(28)}, []Coor{sq(6), sq(15), sq(24)}, []int32{White | Man, White | King, White | Man}},
		{movegen.American, "B:W26:B22", "22x31", 1, Black | Man, Black | King, []Coor{sq(31)}, []Coor{sq(26)}, []int32{White | Man}},
		{movegen.Pool, "W:WK29:B22,10,9,26", "29x15x6x13", 3, White | King, White | King,
			[]Coor{sq(15), sq(6), sq(13)}, []Coor{sq(22), sq(10), sq(9)}, []int32{Black | Man, Black | Man, Black | Man}},
	} {
		p := position(t, tc.fen, tc.variant)
		m, err := p.ParseMove(tc.mv)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.fen, tc.mv, err)
		}
		got := MoveOf(&p, m)
		want := Move{Jumps: tc.jumps, Oldpiece: tc.old, Newpiece: tc.new, From: SquareCoor(m.From), To: SquareCoor(m.To)}
		want.Path[0] = want.From
		copy(want.Path[1:], tc.path)
		copy(want.Del[:], tc.del)
		copy(want.Delpiece[:], tc.delpiece)
		if got != want {
			t.Errorf("%s %s:\n got %+v\nwant %+v", tc.fen, tc.mv, got, want)
		}
		if text := got.Text(tc.variant); text != tc.mv {
			t.Errorf("%s %s: Text %s", tc.fen, tc.mv, text)
		}
	}
}

// TestText: a CBmove's text comes from its own fields, From, Path[1..Jumps-1]
// and To, whatever Path[0] and Path[Jumps] hold; a Jumps past the arrays
// reads no further than they go.
func TestText(t *testing.T) {
	for _, tc := range []struct {
		name string
		mv   Move
		want string
	}{
		{"quiet", Move{From: sq(11), To: sq(15), Path: [MaxJumps]Coor{sq(1), sq(2)}}, "11-15"},
		{"one jump", Move{Jumps: 1, From: sq(22), To: sq(31), Path: [MaxJumps]Coor{sq(5), sq(6)}}, "22x31"},
		{"three jumps", Move{Jumps: 3, From: sq(1), To: sq(28), Path: [MaxJumps]Coor{{}, sq(10), sq(19), sq(32)}}, "1x10x19x28"},
		{"jumps past the arrays", Move{Jumps: 99, From: sq(1), To: sq(2), Path: [MaxJumps]Coor{1: sq(3)}}, "1x3" + strings.Repeat("x4", MaxJumps-2) + "x2"},
	} {
		if got := tc.mv.Text(movegen.American); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// checkFENs are positions with captures, multi-jumps, kings and crownings.
var checkFENs = []string{"B:W21-32:B1-12", "W:W6,K10,18,19:B2,14,K15,22,23", "B:W5,6,14,15:B1,K2,9,10,27",
	"B:W6,K15,24:B1", "W:WK29:B22,10,9,26"}

// TestCheck: Check accepts every legal move of positions with captures
// and crownings, with the captures in any order, and refuses each wrong
// field, an unchanged board (no successor) and a board before that is not
// the position's.
func TestCheck(t *testing.T) {
	reverseDels := func(mv *Move) {
		n := int(mv.Jumps)
		for i := range n / 2 {
			mv.Del[i], mv.Del[n-1-i] = mv.Del[n-1-i], mv.Del[i]
			mv.Delpiece[i], mv.Delpiece[n-1-i] = mv.Delpiece[n-1-i], mv.Delpiece[i]
		}
	}
	for _, fen := range checkFENs {
		for _, v := range []movegen.Variant{movegen.American, movegen.Pool} {
			pos := position(t, fen, v)
			before := BoardOf(&pos)
			var ml movegen.MoveList
			pos.GenerateMoves(&ml)
			for _, m := range ml.Slice() {
				q := pos
				q.MakeMove(m)
				after := BoardOf(&q)
				for _, tc := range []struct {
					name  string
					bad   bool // Check must refuse it, not as ErrNoSuccessor
					after func(*Board)
					mv    func(*Move)
				}{
					{"as MoveOf writes it", false, nil, nil},
					{"captures in reverse", false, nil, reverseDels},
					{"nothing on Path[0] and Path[Jumps]", false, nil, func(mv *Move) { mv.Path[0], mv.Path[mv.Jumps] = Coor{}, Coor{} }},
					{"wrong newpiece", true, nil, func(mv *Move) { mv.Newpiece ^= King }},
					{"wrong oldpiece", true, nil, func(mv *Move) { mv.Oldpiece ^= King }},
					{"wrong from", true, nil, func(mv *Move) { mv.From = mv.To }},
					{"wrong to", true, nil, func(mv *Move) { mv.To = mv.From }},
					{"wrong jumps", true, nil, func(mv *Move) { mv.Jumps++ }},
					{"no capture listed", true, nil, func(mv *Move) {
						if mv.Jumps > 0 {
							mv.Del[0] = Coor{}
						} else {
							mv.Jumps = -1
						}
					}},
					{"wrong delpiece", true, nil, func(mv *Move) {
						if mv.Jumps > 0 {
							mv.Delpiece[0] ^= King
						} else {
							mv.From = Coor{0, 1}
						}
					}},
					{"a capture listed twice", true, nil, func(mv *Move) {
						if mv.Jumps > 1 {
							mv.Del[1], mv.Delpiece[1] = mv.Del[0], mv.Delpiece[0]
						} else {
							mv.To = Coor{9, 9}
						}
					}},
					{"a wrong landing", true, nil, func(mv *Move) {
						if mv.Jumps > 1 {
							mv.Path[1] = mv.To
						} else {
							mv.Newpiece = Free
						}
					}},
					{"the host's squares kept", false, func(b *Board) { b[0][1] = 99 }, nil},
				} {
					mv := MoveOf(&pos, m)
					if tc.mv != nil {
						tc.mv(&mv)
					}
					b, a := before, after
					if tc.after != nil {
						tc.after(&b)
						tc.after(&a)
					}
					got, err := Check(&pos, b, a, mv)
					switch {
					case !tc.bad && (err != nil || !got.Same(m)):
						t.Errorf("%s %v %s, %s: %s, %v", fen, v, m.PathString(), tc.name, got.PathString(), err)
					case tc.bad && (err == nil || errors.Is(err, ErrNoSuccessor)):
						t.Errorf("%s %v %s, %s: passed (%v)", fen, v, m.PathString(), tc.name, err)
					}
				}
				// A square of the host's changed is no successor.
				a := after
				a[0][1] = 7
				if _, err := Check(&pos, before, a, MoveOf(&pos, m)); !errors.Is(err, ErrNoSuccessor) {
					t.Errorf("%s %v %s: an unplayable square changed: %v", fen, v, m.PathString(), err)
				}
			}
			if _, err := Check(&pos, before, before, Move{}); !errors.Is(err, ErrNoSuccessor) {
				t.Errorf("%s %v: the board unchanged passed as a move (%v)", fen, v, err)
			}
			wrong := before
			wrong[7][7] ^= White | Man // square 29
			if _, err := Check(&pos, wrong, before, Move{}); err == nil || errors.Is(err, ErrNoSuccessor) || !strings.Contains(err.Error(), "not the position") {
				t.Errorf("%s %v: a board before that is not the position's: %v", fen, v, err)
			}
		}
	}
}

// TestInts: boards and CBmoves read back from their text form, and a
// short or non-numeric one is an error.
func TestInts(t *testing.T) {
	p := position(t, "B:W6,K15,24:B1", movegen.American)
	m, err := p.ParseMove("1x10x19x28")
	if err != nil {
		t.Fatal(err)
	}
	b, mv := BoardOf(&p), MoveOf(&p, m)
	b[0][1] = -5
	if got, err := ReadBoard(strings.Fields(b.Ints())); err != nil || got != b {
		t.Errorf("board read back as %v, %v", got, err)
	}
	if got, err := ReadMove(strings.Fields(mv.Ints())); err != nil || got != mv {
		t.Errorf("move read back as %+v, %v", got, err)
	}
	if f := strings.Fields(mv.Ints()); len(f) != MoveInts || f[0] != "3" || f[1] != "6" || f[2] != "6" {
		t.Errorf("move text %q: want %d numbers from jumps, oldpiece, newpiece", f, MoveInts)
	}
	for _, tc := range []struct {
		name string
		text string
	}{
		{"short", strings.Repeat("0 ", BoardInts-1)},
		{"not a number", "x" + strings.Repeat(" 0", MoveInts)},
		{"past C's int", "4294967296" + strings.Repeat(" 0", MoveInts)},
	} {
		if _, err := ReadBoard(strings.Fields(tc.text)); err == nil {
			t.Errorf("board %s: no error", tc.name)
		}
		if _, err := ReadMove(strings.Fields(tc.text)); err == nil {
			t.Errorf("move %s: no error", tc.name)
		}
	}
}

// TestRoundTrip plays random games of every rule set and checks, for
// every legal move of every position, that Check reads MoveOf's CBmove
// (and its text form) back as the move, that Text, in CheckerBoard's
// numbers of the game type, is the move's path, and that the position's
// FEN as CheckerBoard writes it reads back as its board; the games with
// flying kings must include their long captures.
func TestRoundTrip(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for v := range movegen.NumVariants {
		moves, captures, flying := 0, 0, 0
		for range games {
			pos := movegen.StartPosition(v)
			for range 200 {
				var ml movegen.MoveList
				pos.GenerateMoves(&ml)
				if ml.N == 0 {
					break
				}
				before := BoardOf(&pos)
				if b, colour, err := ReadFEN(FEN(&before, ColourCode(pos.Turn), v), v); err != nil || b != before || colour != ColourCode(pos.Turn) {
					t.Fatalf("%s: CheckerBoard's FEN %s reads back as %v, %d, %v", pos.FEN(), FEN(&before, ColourCode(pos.Turn), v), b, colour, err)
				}
				for _, m := range ml.Slice() {
					q := pos
					q.MakeMove(m)
					mv := MoveOf(&pos, m)
					back, err := ReadMove(strings.Fields(mv.Ints()))
					if err != nil || back != mv {
						t.Fatalf("%s %s: text form read back as %+v, %v", pos.FEN(), m.PathString(), back, err)
					}
					got, err := Check(&pos, before, BoardOf(&q), back)
					if err != nil || !got.Same(m) {
						t.Fatalf("%s %s: Check gives %s, %v", pos.FEN(), m.PathString(), got.PathString(), err)
					}
					if pm, err := readMove(&pos, mv.Text(v)); err != nil || !pm.Same(m) {
						t.Fatalf("%s %s: Text %s reads as %s, %v", pos.FEN(), m.PathString(), mv.Text(v), pm.PathString(), err)
					}
					moves++
					if m.Captured != 0 {
						captures++
						if flies(mv) {
							flying++
						}
					}
				}
				pos.MakeMove(ml.Moves[rng.IntN(ml.N)])
			}
		}
		t.Logf("%v: %d moves, %d captures, %d by a flying king", v, moves, captures, flying)
		if captures == 0 || v.Rules().FlyingKings != (flying > 0) {
			t.Errorf("%v: %d captures, %d of them a flying king's", v, captures, flying)
		}
	}
}

// flies reports whether a capture has a leg longer than a short jump.
func flies(mv Move) bool {
	prev := mv.From
	for i := 1; i <= int(mv.Jumps) && i < MaxJumps; i++ {
		if d := mv.Path[i].X - prev.X; d > 2 || d < -2 {
			return true
		}
		prev = mv.Path[i]
	}
	return false
}

// FuzzPositionFrom: any board and colour is read as a valid position that
// writes back as the board, or is an error; a board with a code that is
// not a piece's on a playable square, or a colour that is no side's, is
// always an error.
func FuzzPositionFrom(f *testing.F) {
	seed := func(fen string, v movegen.Variant, edit func(*Board)) {
		p, err := movegen.ParseFEN(fen, v)
		if err != nil {
			f.Fatal(err)
		}
		b := BoardOf(&p)
		if edit != nil {
			edit(&b)
		}
		var data []byte
		for x := range b {
			for y := range b[x] {
				data = append(data, byte(b[x][y]))
			}
		}
		f.Add(data, int8(ColourCode(p.Turn)), v == movegen.Pool)
	}
	seed("B:W21-32:B1-12", movegen.American, nil)
	seed("W:WK1,18,22:B5,K30", movegen.Pool, nil)
	seed("B:W21-32:B1-12", movegen.American, func(b *Board) { c := SquareCoor(12); b[c.X][c.Y] = Black | Man })
	seed("B:W21-32:B1-12", movegen.American, func(b *Board) { b[6][0] = 7 })
	seed("B:W21-32:B1-12", movegen.American, func(b *Board) { b[6][0] = -1 })
	seed("B:W21-32:B1-12", movegen.American, func(b *Board) { b[0][1] = 99 })
	f.Add([]byte{}, int8(3), false)
	f.Fuzz(func(t *testing.T, data []byte, colour int8, pool bool) {
		var b Board
		for i := range min(len(data), BoardInts) {
			b[i/Size][i%Size] = int32(int8(data[i]))
		}
		v := movegen.American
		if pool {
			v = movegen.Pool
		}
		valid := colour == Black || colour == White
		for s := movegen.Square(0); s < movegen.NumSquares; s++ {
			c := SquareCoor(s)
			switch b[c.X][c.Y] {
			case Free, Black | Man, Black | King, White | Man, White | King:
			default:
				valid = false
			}
		}
		p, err := PositionFrom(&b, int(colour), v)
		if err != nil {
			if err.Error() == "" {
				t.Error("an error without a message")
			}
			return
		}
		if !valid {
			t.Fatalf("board %v colour %d: read as %s without an error", b, colour, p.FEN())
		}
		if verr := p.Validate(); verr != nil || p.Hash != p.ComputeHash() || ColourCode(p.Turn) != int(colour) || p.Variant != v {
			t.Fatalf("board %v colour %d: read as %s (%v)", b, colour, p.FEN(), verr)
		}
		back := b
		Write(&back, &p)
		if back != b {
			t.Fatalf("board %v read as %s, which writes back as %v", b, p.FEN(), back)
		}
	})
}

// TestResultCode: getmove returns each claim's code, and unknown (not 0,
// CheckerBoard's draw) for a claim without one.
func TestResultCode(t *testing.T) {
	for _, tc := range []struct {
		claim movegen.Result
		want  int
	}{
		{movegen.Unknown, Unknown},
		{movegen.Win, Win},
		{movegen.Loss, Loss},
		{movegen.Draw, Draw},
		{movegen.Win + 1, Unknown},
	} {
		if got := ResultCode(tc.claim); got != tc.want {
			t.Errorf("ResultCode(%d) = %d, want %d", tc.claim, got, tc.want)
		}
	}
}
