package movegen

// MaxMoves bounds the moves one position can have, with room to spare: the
// most found in play is well under 100 (Pool positions with many flying
// kings), and jump-path lists stay far below it too.
const MaxMoves = 256

// landingBits is the width of one landing square in Move.path: five bits
// number the 32 squares, and the most landings a move has (one per
// captured piece, MaxPiecesPerSide) fit in 64 bits.
const landingBits = 5

// Move is a move: from, to, the set of captured squares (empty for a quiet
// move) and one landing path. Two moves are the same move when From, To and
// Captured agree (Same); the path only serves notation. The fields are in
// the order that packs a Move into 16 bytes (TestMoveSize).
type Move struct {
	// path holds the landing squares in order, landingBits each, first
	// landing in the lowest bits; the last landing is To. A quiet move has
	// one.
	path     uint64
	Captured Bitboard
	From, To Square
}

// NewQuietMove returns the quiet move from-to.
func NewQuietMove(from, to Square) Move {
	return Move{From: from, To: to, path: uint64(to)}
}

// IsCapture reports whether the move captures.
func (m Move) IsCapture() bool { return m.Captured != 0 }

// Same reports whether m and o are the same move (same from, to and captured
// set, and in Russian the same crowning), whatever their landing paths.
func (m Move) Same(o Move) bool {
	return m.From == o.From && m.To == o.To && m.Captured == o.Captured && (m.path^o.path)&crownedInCapture == 0
}

// CrownedInCapture reports whether the move's man was crowned during its
// capture, as a Russian man passing the far row is.
func (m Move) CrownedInCapture() bool { return m.path&crownedInCapture != 0 }

// Landings returns the number of landing squares: one for a quiet move, one
// per captured piece for a capture.
func (m Move) Landings() int {
	if m.Captured == 0 {
		return 1
	}
	return m.Captured.Count()
}

// Landing returns the i-th landing square (0-based); Landing(Landings()-1) is To.
func (m Move) Landing(i int) Square {
	return Square(m.path >> (landingBits * uint(i)) & (1<<landingBits - 1))
}

// MoveList is a fixed-size list of moves owned by the caller, so generation
// never allocates.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the moves held, as a view into the list.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

func (ml *MoveList) add(m Move) {
	if ml.N < MaxMoves {
		ml.Moves[ml.N] = m
		ml.N++
	}
}
