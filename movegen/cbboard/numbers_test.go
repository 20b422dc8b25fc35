package cbboard

import (
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// coorsToNumber is CheckerBoard's coorstonumber (source/cb_interface.h),
// restated case by case as it is written there.
func coorsToNumber(x, y, gametype int) int {
	switch gametype {
	case 22:
		return 1 + 4*y + x/2
	case 24:
		return 1 + 4*(7-y) + (7-x)/2
	case 29:
		return 33 - (1 + 4*y + x/2)
	}
	return 4*(y+1) - x/2
}

// numberToCoors is CheckerBoard's numbertocoors (source/cb_interface.h),
// restated case by case as it is written there, its Czech case too.
func numberToCoors(n, gametype int) (x, y int) {
	n--
	switch gametype {
	case 22:
		y, x = n/4, 2*(n%4)
	case 24:
		y, x = 7-n/4, 2*(3-n%4)
	case 29:
		n = 33 - n
		y, x = n/4, 2*(n%4)
	default:
		y, x = n/4, 2*(3-n%4)
	}
	if y%2 != 0 {
		x++
	}
	return x, y
}

// TestListNumber: CheckerBoard's reader of a get movelist reply
// (numbertocoors) finds every square at the number ListNumber gives it,
// in every game type.
func TestListNumber(t *testing.T) {
	for v := range movegen.NumVariants {
		for s := movegen.Square(0); s < movegen.NumSquares; s++ {
			c := SquareCoor(s)
			if x, y := numberToCoors(ListNumber(c, v), v.Rules().GameType); x != int(c.X) || y != int(c.Y) {
				t.Errorf("%v: the square at %v listed as %d, read back at (%d, %d)", v, c, ListNumber(c, v), x, y)
			}
		}
	}
}

// TestNumber: Number is coorstonumber in every game type, a one-to-one
// numbering of the playable squares; in every game but Czech it is the
// numbering Crown reads for that game (so a move CheckerBoard writes is
// the game's own), and Czech is numbered as Spanish. The squares of the
// start positions land where CheckerBoard's InitCheckerBoard puts its
// men: Black at y = 0-2, White at y = 5-7, in every game.
func TestNumber(t *testing.T) {
	for v := range movegen.NumVariants {
		r := v.Rules()
		seen := map[int]bool{}
		for s := movegen.Square(0); s < movegen.NumSquares; s++ {
			c := SquareCoor(s)
			n := Number(c, v)
			if want := coorsToNumber(int(c.X), int(c.Y), r.GameType); n != want || seen[n] {
				t.Errorf("%v: square at %v numbered %d, coorstonumber %d (or twice)", v, c, n, want)
			}
			seen[n] = true
			if back, ok := SquareOfNumber(n, v); !ok || back != s {
				t.Errorf("%v: SquareOfNumber(%d) = %v, %v; want %v", v, n, back, ok, s)
			}
			crown := r.SquareNumber(s)
			if v == movegen.Czech {
				crown = movegen.Spanish.Rules().SquareNumber(s)
			}
			if n != crown {
				t.Errorf("%v: CheckerBoard numbers the square at %v %d, Crown %d", v, c, n, crown)
			}
		}
		for _, n := range []int{0, -1, 33} {
			if s, ok := SquareOfNumber(n, v); ok {
				t.Errorf("%v: %d read as square %v", v, n, s)
			}
		}
		start := movegen.StartPosition(v)
		b := BoardOf(&start)
		for x := range b {
			for y := range b[x] {
				if b[x][y] == Black|Man && y > 2 || b[x][y] == White|Man && y < 5 {
					t.Errorf("%v: the start has %d at board[%d][%d]", v, b[x][y], x, y)
				}
			}
		}
	}
}

// TestReadFEN reads CheckerBoard's FENs, its probe for get movelist (a
// side with no pieces) among them, and refuses malformed ones with a
// message.
func TestReadFEN(t *testing.T) {
	for _, tc := range []struct {
		fen    string
		v      movegen.Variant
		colour int
		pieces map[int]int32 // CheckerBoard's square numbers
	}{
		{"B:W1:B", movegen.American, Black, map[int]int32{1: White | Man}},
		{"W:WK5,32:B1-3.", movegen.Italian, White, map[int]int32{5: White | King, 32: White | Man, 1: Black | Man, 2: Black | Man, 3: Black | Man}},
		{"W:W1:BK32", movegen.Czech, White, map[int]int32{1: White | Man, 32: Black | King}},
		// pydraughts' FENs of Russian and Brazilian: coordinates (a1 is 29).
		{"W:Wa1,K22:Bh8", movegen.Russian, White, map[int]int32{29: White | Man, 22: White | King, 4: Black | Man}},
	} {
		b, colour, err := ReadFEN(tc.fen, tc.v)
		if err != nil || colour != tc.colour {
			t.Fatalf("%s: %d, %v", tc.fen, colour, err)
		}
		var want Board
		for n, code := range tc.pieces {
			s, _ := SquareOfNumber(n, tc.v)
			c := SquareCoor(s)
			want[c.X][c.Y] = code
		}
		if b != want {
			t.Errorf("%s: %v, want %v", tc.fen, b, want)
		}
	}
	for _, fen := range []string{"", "X:W1:B2", "W:W1:B2:W3", "W:X1", "W:W0", "W:W33", "W:Wa", "W:W5-2", "W:WK", "W:Wb1", strings.Repeat("W", 2000)} {
		if _, _, err := ReadFEN(fen, movegen.American); err == nil || !strings.HasPrefix(err.Error(), "bad FEN") {
			t.Errorf("%q: %v", fen, err)
		}
	}
	// Coordinates are no squares of the mirrored board.
	if _, _, err := ReadFEN("W:Wa1:B1", movegen.Italian); err == nil || !strings.Contains(err.Error(), "square numbers") {
		t.Errorf("Italian with a coordinate: %v", err)
	}
}

// TestGameMove: a move in CheckerBoard's numbers becomes one in the
// numbers Crown reads for the game, the same text in every game but Czech.
func TestGameMove(t *testing.T) {
	for _, tc := range []struct {
		v        movegen.Variant
		in, want string
	}{
		{movegen.American, "11-15", "11-15"},
		{movegen.Italian, "21x14x5", "21x14x5"},
		{movegen.Russian, "22-18", "22-18"},
		// Czech 1 (a1) and 5 (b2) are English 29 and 25.
		{movegen.Czech, "1-5", "29-25"},
		{movegen.Russian, "c3xg7", "c3xg7"},
		{movegen.Russian, "c3-d4", "c3-d4"},
	} {
		if got, err := GameMove(tc.in, tc.v); err != nil || got != tc.want {
			t.Errorf("%v %s: %s, %v; want %s", tc.v, tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"0-5", "1-33", "99999999999999999999-1", strings.Repeat("1", 2000)} {
		if got, err := GameMove(in, movegen.American); err == nil {
			t.Errorf("%q: %q without an error", in, got)
		}
	}
}

// TestMoveList: the get movelist reply read as CheckerBoard reads it holds
// every legal move of the position once, each one's board (CheckerBoard's
// domove: from emptied, newpiece on to, del emptied) the successor's, in
// every game; "movelist 0" without a move.
func TestMoveList(t *testing.T) {
	for _, tc := range []struct {
		v   movegen.Variant
		fen string
	}{
		{movegen.American, "W:W6,K10,18,19:B2,14,K15,22,23"},
		{movegen.Pool, "W:WK29:B22,10,9,26"},
		{movegen.Russian, "W:Wc3,e3:Bd4,f6,d6"},
		{movegen.Brazilian, "W:W27,K30:B18,11,10"},
		{movegen.Italian, "W:W21-32:B1-12"},
		{movegen.Spanish, "W:W1-12:B21-32"},
		{movegen.Czech, "W:WKa1:Bc3,e5,d6"},
		{movegen.Thai, "W:WKa1:Bc3,f6"},
		{movegen.American, "B:W29,30:B"},
	} {
		p := position(t, tc.fen, tc.v)
		reply := MoveList(&p)
		got, err := ReadMoveList(reply, tc.v)
		if err != nil {
			t.Fatal(err)
		}
		var ml movegen.MoveList
		p.GenerateMoves(&ml)
		if len(got) != ml.N {
			t.Fatalf("%v %s: %d moves in %q, %d legal", tc.v, tc.fen, len(got), reply, ml.N)
		}
		before := BoardOf(&p)
		for i, m := range ml.Slice() {
			after := before
			mv := got[i]
			after[mv.From.X][mv.From.Y] = Free
			after[mv.To.X][mv.To.Y] = mv.Newpiece
			for k := range int(mv.Jumps) {
				after[mv.Del[k].X][mv.Del[k].Y] = Free
			}
			q := p
			q.MakeMove(m)
			if after != BoardOf(&q) || mv.Oldpiece != before[mv.From.X][mv.From.Y] {
				t.Errorf("%v %s: move %d of %q is not %s", tc.v, tc.fen, i, reply, p.Rules().PathText(m))
			}
		}
		if ml.N == 0 && reply != "movelist 0" {
			t.Errorf("%v %s: %q", tc.v, tc.fen, reply)
		}
	}
}

// FuzzReadFEN: any text reads as a board of piece codes on playable
// squares that CheckerBoard's FEN writes back to the same board, or is an
// error with a message.
func FuzzReadFEN(f *testing.F) {
	for _, s := range []string{"B:W1:B", "W:WK5,32:B1-3.", "B:W21-32:B1-12", "W:W1:BK32", "X", "W:W5-2"} {
		f.Add(s, uint8(movegen.American))
		f.Add(s, uint8(movegen.Czech))
	}
	f.Fuzz(func(t *testing.T, s string, variant uint8) {
		v := movegen.Variant(variant % uint8(movegen.NumVariants))
		b, colour, err := ReadFEN(s, v)
		if err != nil {
			if err.Error() == "" {
				t.Error("an error without a message")
			}
			return
		}
		back, colour2, err := ReadFEN(FEN(&b, colour, v), v)
		if err != nil || back != b || colour2 != colour {
			t.Fatalf("%q: %v written as %q reads back as %v, %v", s, b, FEN(&b, colour, v), back, err)
		}
	})
}

// FuzzReadMoveList: any reply reads as moves whose squares are on the
// board and whose jumps fit the arrays, or is an error with a message.
func FuzzReadMoveList(f *testing.F) {
	p := movegen.StartPosition(movegen.Russian)
	for _, s := range []string{MoveList(&p), "movelist 0", "movelist 1,1,6,10,1,10,5,9;", "movelist 2,0,6,6,9,13;", "movelist x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ReadMoveList(s, movegen.Russian)
		if err != nil {
			if err.Error() == "" {
				t.Error("an error without a message")
			}
			return
		}
		for _, m := range moves {
			if _, ok := CoorSquare(m.From); !ok || m.Jumps < 0 || m.Jumps > MaxJumps {
				t.Fatalf("%q: read as %+v", s, m)
			}
		}
	})
}

// FuzzGameMove: any text is rewritten or refused with a message; a
// rewritten move has as many squares as it came with.
func FuzzGameMove(f *testing.F) {
	for _, s := range []string{"11-15", "1x10x19", "0-5", "x", ""} {
		f.Add(s, uint8(movegen.Czech))
	}
	f.Fuzz(func(t *testing.T, s string, variant uint8) {
		v := movegen.Variant(variant % uint8(movegen.NumVariants))
		got, err := GameMove(s, v)
		if err != nil {
			if err.Error() == "" {
				t.Error("an error without a message")
			}
			return
		}
		isSep := func(c rune) bool { return c < '0' || c > '9' }
		if len(strings.FieldsFunc(got, isSep)) != len(strings.FieldsFunc(s, isSep)) {
			t.Fatalf("%q rewritten as %q", s, got)
		}
	})
}
