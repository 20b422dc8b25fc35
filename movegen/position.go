package movegen

import "math/bits"

// Colour is a side: Black moves first and starts on squares 1-12.
type Colour uint8

// The two sides.
const (
	Black Colour = 0
	White Colour = 1
)

// Other returns the opposing side.
func (c Colour) Other() Colour { return c ^ 1 }

// String returns "B" or "W", the PDN letters.
func (c Colour) String() string {
	if c == Black {
		return "B"
	}
	return "W"
}

// Name returns "black" or "white", the side's name in messages and in
// the web board's API.
func (c Colour) Name() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// Title returns "Black" or "White", the side's name at the start of a
// sentence and in PDN's tags.
func (c Colour) Title() string {
	if c == Black {
		return "Black"
	}
	return "White"
}

// Position is a checkers position: the pieces of each side, which of them
// are kings, the side to move, the rule set and the Zobrist hash. It is a
// small value meant to be copied (copy-make).
type Position struct {
	Pieces  [2]Bitboard // indexed by Colour
	Kings   Bitboard    // kings of both sides
	Hash    uint64      // Zobrist hash, kept up to date by MakeMove
	Turn    Colour      // side to move
	Variant Variant     // rule set
}

// crownRow[c] is where men of colour c are crowned.
var crownRow = [2]Bitboard{Black: rowBlackCrown, White: rowWhiteCrown}

// The starting squares: Black on 1-12, White on 21-32; in Thai, with 8 men
// a side on their back two rows, Black on 1-8 and White on 25-32. (The
// published Thai perft counts start from the 12-man position instead.)
const (
	startBlack     Bitboard = 0x00000FFF
	startWhite     Bitboard = 0xFFF00000
	startBlackThai Bitboard = 0x000000FF
	startWhiteThai Bitboard = 0xFF000000
)

// StartPosition returns the initial position of variant v: Black on 1-12,
// White on 21-32 (8 men a side on the back two rows in Thai), the side its
// rules name to move (Black in American and Pool, White in the others).
func StartPosition(v Variant) Position {
	r := v.Rules()
	p := Position{Pieces: [2]Bitboard{Black: startBlack, White: startWhite}, Turn: r.FirstMover, Variant: v}
	if r.MenPerSide == 8 {
		p.Pieces = [2]Bitboard{Black: startBlackThai, White: startWhiteThai}
	}
	p.Hash = p.ComputeHash()
	return p
}

// Rules returns the position's rule set.
func (p *Position) Rules() *Rules { return p.Variant.Rules() }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.Pieces[Black] | p.Pieces[White] }

// Empty returns every empty square.
func (p *Position) Empty() Bitboard { return ^(p.Pieces[Black] | p.Pieces[White]) }

// Men returns the men of colour c.
func (p *Position) Men(c Colour) Bitboard { return p.Pieces[c] &^ p.Kings }

// KingsOf returns the kings of colour c.
func (p *Position) KingsOf(c Colour) Bitboard { return p.Pieces[c] & p.Kings }

// Zobrist keys: zobristPiece[colour][king][square], and the side-to-move key.
// They come from a fixed-seed generator so hashes (and so search node counts)
// are the same on every run.
var (
	zobristPiece [2][2][NumSquares]uint64
	zobristSide  uint64
)

func init() {
	state := uint64(0x43524F574E) // "CROWN"
	next := func() uint64 {       // splitmix64
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for c := range zobristPiece {
		for k := range zobristPiece[c] {
			for s := range zobristPiece[c][k] {
				zobristPiece[c][k][s] = next()
			}
		}
	}
	zobristSide = next()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ComputeHash returns the Zobrist hash of the position computed from scratch.
func (p *Position) ComputeHash() uint64 {
	var h uint64
	for c := Black; c <= White; c++ {
		for b := p.Pieces[c]; b != 0; b &= b - 1 {
			s := b.First()
			h ^= zobristPiece[c][b2i(p.Kings.Has(s))][s]
		}
	}
	if p.Turn == White {
		h ^= zobristSide
	}
	return h
}

// MakeMove plays m, which must be legal in p, and updates the hash. Callers
// that need the parent keep a copy (copy-make). The piece is taken off from
// before it is put on to, so a capture ring that ends on its own start square
// works. A man is crowned when its move ends on its crowning row, or in
// Russian when its capture passed it.
func (p *Position) MakeMove(m Move) {
	us, them := p.Turn, p.Turn^1
	wasKing := p.Kings.Has(m.From)
	isKing := wasKing || crownRow[us].Has(m.To) || m.path&crownedInCapture != 0
	h := p.Hash ^ zobristSide ^ zobristPiece[us][b2i(wasKing)][m.From] ^ zobristPiece[us][b2i(isKing)][m.To]
	for c := m.Captured; c != 0; c &= c - 1 {
		s := c.First()
		h ^= zobristPiece[them][b2i(p.Kings.Has(s))][s]
	}
	p.play(m)
	p.Hash = h
}

// play is MakeMove without the hash update, for perft below the depths
// where hashes are read; it leaves Hash stale.
func (p *Position) play(m Move) {
	us := p.Turn
	// Masking the squares tells the compiler the shifts stay in range.
	from, to := Bitboard(1)<<(m.From&(NumSquares-1)), Bitboard(1)<<(m.To&(NumSquares-1))
	// A Russian man crowned during its capture may end off the crowning row.
	crowned := Bitboard(m.path>>63) << (m.To & (NumSquares - 1))
	if p.Kings&from|to&crownRow[us]|crowned != 0 {
		p.Kings |= to
	}
	p.Kings &^= from&^to | m.Captured
	p.Pieces[us] = p.Pieces[us]&^from | to
	p.Pieces[us^1] &^= m.Captured
	p.Turn = us ^ 1
}

// IsReversible reports whether m, played in p, is a king move without a
// capture: the kind of move that counts towards the move-count draw.
func (p *Position) IsReversible(m Move) bool {
	return m.Captured == 0 && p.Kings.Has(m.From)
}

// Flip returns the colour-reversed position: the board turned half a turn,
// Black's pieces become White's and the other side moves. Evaluation and
// move generation must be symmetric under it.
func (p *Position) Flip() Position {
	f := Position{Turn: p.Turn ^ 1, Variant: p.Variant}
	for c := Black; c <= White; c++ {
		f.Pieces[c^1] = reverse(p.Pieces[c])
	}
	f.Kings = reverse(p.Kings)
	f.Hash = f.ComputeHash()
	return f
}

// reverse maps square s to 31-s: the half turn of the board.
func reverse(b Bitboard) Bitboard { return Bitboard(bits.Reverse32(uint32(b))) }
