package movegen

import "math/bits"

// Square is a playable square, 0..31 internally; PDN number is Square+1.
type Square uint8

// NoSquare marks the absence of a square in the neighbour tables.
const NoSquare Square = 0xFF

// NumSquares is the number of playable squares.
const NumSquares = 32

// Bitboard is a set of squares: bit s stands for Square s.
type Bitboard uint32

// Bit returns the one-square set {s}.
func (s Square) Bit() Bitboard { return 1 << s }

// Row returns the square's row, 0 (squares 1-4) to 7 (squares 29-32).
func (s Square) Row() int { return int(s) / squaresPerRow }

// Col returns the square's column 0..7, 0 being the left edge seen from White's side.
func (s Square) Col() int {
	c := 2 * (int(s) % squaresPerRow)
	if s.Row()&1 == 0 {
		c++
	}
	return c
}

// Number returns the PDN square number 1..32.
func (s Square) Number() int { return int(s) + 1 }

// SquareAt returns the square on row r, column c, or NoSquare when that is not
// a playable square on the board.
func SquareAt(r, c int) Square {
	if r < 0 || r > 7 || c < 0 || c > 7 || (r+c)&1 == 0 {
		return NoSquare
	}
	return Square(squaresPerRow*r + c/2)
}

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount32(uint32(b)) }

// First returns the lowest square in a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros32(uint32(b))) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// Direction is one of the four diagonal directions. "Down" is towards higher
// square numbers (Black's forward direction).
type Direction uint8

// The four directions; Black men move DownLeft/DownRight, White men UpLeft/UpRight.
const (
	DownLeft Direction = iota
	DownRight
	UpLeft
	UpRight
	numDirs
)

// Opposite returns the direction pointing back.
func (d Direction) Opposite() Direction { return d ^ 3 }

// Row and column masks used by the shift formulas below. Even rows are
// 0,2,4,6 (squares 1-4, 9-12, ...), odd rows 1,3,5,7.
const (
	rowsEven      Bitboard = 0x0F0F0F0F
	rowsOdd       Bitboard = 0xF0F0F0F0
	oddNotLeft    Bitboard = 0xE0E0E0E0 // odd rows without column 0
	evenNotRight  Bitboard = 0x07070707 // even rows without column 7
	rowBlackCrown Bitboard = 0xF0000000 // squares 29-32, where Black men crown
	rowWhiteCrown Bitboard = 0x0000000F // squares 1-4, where White men crown
)

// Square offsets of the 32-square layout. A row holds squaresPerRow dark
// squares, so s+4 is the square in the same place one row down: since the
// dark squares of even and odd rows are staggered, it is down-left of s on
// an even row and down-right of s on an odd row (stepStraight). The other
// neighbour below is s+3 (stepNarrow, down-left from an odd row) or s+5
// (stepWide, down-right from an even row); steps up subtract the same
// offsets, up-right from an even row being -3 and up-left from an odd row
// -5. A jump crosses one row of each kind, so its offset is the same from
// every square: +7 down-left or -7 up-right (jumpDL), +9 down-right or -9
// up-left (jumpDR).
const (
	squaresPerRow = 4
	stepStraight  = squaresPerRow
	stepNarrow    = squaresPerRow - 1
	stepWide      = squaresPerRow + 1
	jumpDL        = stepStraight + stepNarrow
	jumpDR        = stepStraight + stepWide
)

// Per-direction shifts: every square of b moved one step in that direction;
// squares that would leave the board drop out. They are the bitboard form of
// the neighbour table.
func shiftDL(b Bitboard) Bitboard { return (b&rowsEven)<<stepStraight | (b&oddNotLeft)<<stepNarrow }
func shiftDR(b Bitboard) Bitboard { return (b&evenNotRight)<<stepWide | (b&rowsOdd)<<stepStraight }
func shiftUL(b Bitboard) Bitboard { return (b&rowsEven)>>stepStraight | (b&oddNotLeft)>>stepWide }
func shiftUR(b Bitboard) Bitboard { return (b&evenNotRight)>>stepNarrow | (b&rowsOdd)>>stepStraight }

// CountStepsDown returns the number of one-square steps the pieces of b
// can make towards higher squares (Black's forward direction) onto squares
// of empty: each target of a shifted set is one move, so two pieces
// stepping onto one square count twice.
func CountStepsDown(b, empty Bitboard) int {
	return (shiftDL(b) & empty).Count() + (shiftDR(b) & empty).Count()
}

// CountStepsUp is CountStepsDown towards lower squares (White's forward
// direction).
func CountStepsUp(b, empty Bitboard) int {
	return (shiftUL(b) & empty).Count() + (shiftUR(b) & empty).Count()
}

// jumpFromDown returns the squares from which a piece jumps an opp piece
// downward (towards higher squares) onto an empty square; jumpFromUp is the
// same upward. A jump down-left from s passes over DL(s) and lands on
// DL(DL(s)), so s is found by stepping back up-right twice.
func jumpFromDown(opp, empty Bitboard) Bitboard {
	return shiftUR(opp&shiftUR(empty)) | shiftUL(opp&shiftUL(empty))
}

func jumpFromUp(opp, empty Bitboard) Bitboard {
	return shiftDR(opp&shiftDR(empty)) | shiftDL(opp&shiftDL(empty))
}

// jumpStep is a one-square jump from a square in one direction: the square
// jumped over and the landing square, as sets so that a jump off the board
// (both empty sets) fails the usual tests without a branch of its own.
type jumpStep struct {
	over, land Bitboard
	to         Square // the landing square, NoSquare off the board
}

var (
	// neighbour[d][s] is the square next to s in direction d, or NoSquare.
	neighbour [numDirs][NumSquares]Square
	// ray[d][s] is every square from s (exclusive) to the edge in direction d.
	ray [numDirs][NumSquares]Bitboard
	// jumps[s][d] is the short jump from s in direction d.
	jumps [NumSquares][numDirs]jumpStep
)

func init() {
	dr := [numDirs]int{1, 1, -1, -1}
	dc := [numDirs]int{-1, 1, -1, 1}
	for d := Direction(0); d < numDirs; d++ {
		for s := Square(0); s < NumSquares; s++ {
			neighbour[d][s] = SquareAt(s.Row()+dr[d], s.Col()+dc[d])
			for t := neighbour[d][s]; t != NoSquare; {
				ray[d][s] |= t.Bit()
				t = SquareAt(t.Row()+dr[d], t.Col()+dc[d])
			}
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		for d := Direction(0); d < numDirs; d++ {
			jumps[s][d].to = NoSquare
			if m := neighbour[d][s]; m != NoSquare {
				if l := neighbour[d][m]; l != NoSquare {
					jumps[s][d] = jumpStep{over: m.Bit(), land: l.Bit(), to: l}
				}
			}
		}
	}
}

// Neighbour returns the square next to s in direction d, or NoSquare.
func Neighbour(s Square, d Direction) Square { return neighbour[d][s] }
