package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"sort"

	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/internal/readfile"
	"github.com/crown-checkers/crown/movegen"
)

// The file layout (docs/book.md). All numbers are little-endian.
const (
	// Magic opens every book file.
	Magic = "CROWNBK\x00"
	// Version is the format version this package writes and reads.
	Version = 1
	// HeaderSize is the fixed header: magic (8), version (2), rule set
	// (1), reserved (1), positions (4), moves (4), CRC-32C of everything
	// after the header (4), reserved (8).
	HeaderSize = 32
	// PositionSize is one position record: black, white and king squares
	// (4 each), side to move (1), number of moves (1), reserved (2).
	PositionSize = 16
	// MoveSize is one move record: from (1), to (1), score (2, signed),
	// captured squares (4), count (4).
	MoveSize = 12
	// MaxPositions bounds the positions a file may declare, so a damaged
	// count cannot ask for gigabytes: far above any book built here.
	MaxPositions = 1 << 24
	// maxMovesPerPosition: the move count of a position is one byte.
	maxMovesPerPosition = 255
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Move is one book move of a position.
type Move struct {
	Move movegen.Move
	// Score is the book value of the move in centi-men from the mover's
	// view: the negamax over the book of the build's search scores.
	Score int
	// Count is the number of book positions below the move, a
	// transposition counted once along every path to it (0: the move
	// leads out of the book).
	Count uint32
}

// key orders positions in the file: black, white and king squares, then the
// side to move.
type key struct {
	black, white, kings uint32
	turn                uint8
}

func keyOf(p *movegen.Position) key {
	return key{uint32(p.Pieces[movegen.Black]), uint32(p.Pieces[movegen.White]), uint32(p.Kings), uint8(p.Turn)}
}

func (a key) less(b key) bool {
	switch {
	case a.black != b.black:
		return a.black < b.black
	case a.white != b.white:
		return a.white < b.white
	case a.kings != b.kings:
		return a.kings < b.kings
	}
	return a.turn < b.turn
}

// rawMove is a move as stored: enough to find it among the legal moves.
type rawMove struct {
	from, to uint8
	score    int16
	captured uint32
	count    uint32
}

// Book is an opening book read into memory. It is read-only and safe for
// use by several goroutines.
type Book struct {
	variant movegen.Variant
	keys    []key
	first   []uint32 // index of each position's first move; len(keys)+1 entries
	moves   []rawMove
}

// Variant returns the rule set the book was built for.
func (b *Book) Variant() movegen.Variant { return b.variant }

// Positions returns the number of positions in the book.
func (b *Book) Positions() int { return len(b.keys) }

// Moves returns the number of moves stored, over all positions.
func (b *Book) Moves() int { return len(b.moves) }

// Size returns the book's size in its file format, in bytes.
func (b *Book) Size() int { return HeaderSize + b.Positions()*PositionSize + b.Moves()*MoveSize }

// find returns the index of p's record, or -1.
func (b *Book) find(p *movegen.Position) int {
	k := keyOf(p)
	i := sort.Search(len(b.keys), func(i int) bool { return !b.keys[i].less(k) })
	if i < len(b.keys) && b.keys[i] == k {
		return i
	}
	return -1
}

// Contains reports whether p is a book position.
func (b *Book) Contains(p movegen.Position) bool {
	return b != nil && p.Variant == b.variant && b.find(&p) >= 0
}

// Probe returns the book moves of p, best score first (ties in stored
// order), or nil when p is not in the book or the book is of another rule
// set. Each move is the legal move of p with the stored from, to and
// captured squares; a stored move that is not legal in p (a damaged file
// that passed its checksum) is left out.
func (b *Book) Probe(p movegen.Position) []Move {
	if b == nil || p.Variant != b.variant {
		return nil
	}
	i := b.find(&p)
	if i < 0 {
		return nil
	}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	var out []Move
	for _, r := range b.moves[b.first[i]:b.first[i+1]] {
		for _, m := range ml.Slice() {
			if uint8(m.From) == r.from && uint8(m.To) == r.to && uint32(m.Captured) == r.captured {
				out = append(out, Move{Move: m, Score: int(r.score), Count: r.count})
				break
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score > out[j].Score })
	return out
}

// Entry is one position of a book with its moves, as Build produces them
// and Write stores them.
type Entry struct {
	Pos   movegen.Position
	Moves []Move
}

// Each calls f for every position of the book in file order, with its
// stored moves in stored order, until f returns false. A stored move that
// is not legal in its position is passed with only From, To and Captured
// set, so Verify can name it.
func (b *Book) Each(f func(Entry) bool) {
	for i, k := range b.keys {
		p := positionOf(k, b.variant)
		var ml movegen.MoveList
		p.GenerateMoves(&ml)
		e := Entry{Pos: p}
		for _, r := range b.moves[b.first[i]:b.first[i+1]] {
			m := Move{Move: movegen.Move{From: movegen.Square(r.from), To: movegen.Square(r.to), Captured: movegen.Bitboard(r.captured)}, Score: int(r.score), Count: r.count}
			for _, g := range ml.Slice() {
				if g.Same(m.Move) {
					m.Move = g
					break
				}
			}
			e.Moves = append(e.Moves, m)
		}
		if !f(e) {
			return
		}
	}
}

func positionOf(k key, v movegen.Variant) movegen.Position {
	p := movegen.Position{
		Pieces:  [2]movegen.Bitboard{movegen.Black: movegen.Bitboard(k.black), movegen.White: movegen.Bitboard(k.white)},
		Kings:   movegen.Bitboard(k.kings),
		Turn:    movegen.Colour(k.turn),
		Variant: v,
	}
	p.Hash = p.ComputeHash()
	return p
}

// Verify checks that every stored move is a legal move of its position and
// that no position repeats a move; it returns the first fault found.
func (b *Book) Verify() error {
	var err error
	b.Each(func(e Entry) bool {
		var ml movegen.MoveList
		e.Pos.GenerateMoves(&ml)
		for i, m := range e.Moves {
			legal := false
			for _, g := range ml.Slice() {
				legal = legal || g.Same(m.Move)
			}
			if !legal {
				err = fmt.Errorf("book: position %s: stored move %d-%d is not legal", e.Pos.FEN(), m.Move.From.Number(), m.Move.To.Number())
				return false
			}
			for _, o := range e.Moves[:i] {
				if o.Move.Same(m.Move) {
					err = fmt.Errorf("book: position %s: move %s stored twice", e.Pos.FEN(), e.Pos.FormatMove(m.Move))
					return false
				}
			}
		}
		return true
	})
	return err
}

// Errors of Read, wrapped with the detail.
var (
	// ErrFormat: the data is not a Crown book or is damaged.
	ErrFormat = errors.New("book: not a valid Crown book file")
	// ErrVersion: a book of a format version this build cannot read.
	ErrVersion = errors.New("book: unsupported book format version")
)

// MaxFileBytes bounds a book file: 256 MiB, some ten times the largest
// book a build here could make in a week, far below what would strain the
// memory of a machine that plays with it.
const MaxFileBytes = 256 << 20

// Load reads the book file at path (a regular file, at most MaxFileBytes).
func Load(path string) (*Book, error) {
	data, err := readfile.ReadFile(path, MaxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	b, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Parse reads a book from its file contents, checking the header, the
// sizes, the checksum, the order of the positions and every field; it
// keeps no reference to data.
func Parse(data []byte) (*Book, error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrFormat, fmt.Sprintf(format, a...))
	}
	if len(data) < HeaderSize {
		return nil, bad("%d bytes, shorter than the %d-byte header (truncated?)", len(data), HeaderSize)
	}
	if string(data[:8]) != Magic {
		return nil, bad("no book magic at the start")
	}
	le := binary.LittleEndian
	if v := le.Uint16(data[8:]); v != Version {
		return nil, fmt.Errorf("%w: version %d, this build reads version %d", ErrVersion, v, Version)
	}
	variant := movegen.Variant(data[10])
	if variant >= movegen.NumVariants {
		return nil, bad("unknown rule set %d", data[10])
	}
	npos, nmoves := le.Uint32(data[12:]), le.Uint32(data[16:])
	if npos > MaxPositions || uint64(nmoves) > uint64(npos)*maxMovesPerPosition {
		return nil, bad("%d positions and %d moves: counts out of range", npos, nmoves)
	}
	want := HeaderSize + int(npos)*PositionSize + int(nmoves)*MoveSize
	if len(data) != want {
		return nil, bad("%d bytes, the header's counts (%d positions, %d moves) need %d (truncated or damaged)", len(data), npos, nmoves, want)
	}
	if sum := crc32.Checksum(data[HeaderSize:], castagnoli); sum != le.Uint32(data[20:]) {
		return nil, bad("checksum mismatch (damaged file)")
	}
	b := &Book{variant: variant, keys: make([]key, npos), first: make([]uint32, npos+1), moves: make([]rawMove, nmoves)}
	var total uint32
	for i := range b.keys {
		r := data[HeaderSize+i*PositionSize:]
		k := key{le.Uint32(r), le.Uint32(r[4:]), le.Uint32(r[8:]), r[12]}
		n := uint32(r[13])
		switch {
		case k.black&k.white != 0 || k.kings&^(k.black|k.white) != 0 || k.turn > 1:
			return nil, bad("position %d: impossible pieces or side to move", i)
		case i > 0 && !b.keys[i-1].less(k):
			return nil, bad("position %d: positions out of order or repeated", i)
		case n == 0:
			return nil, bad("position %d: no moves", i)
		case total+n > nmoves:
			return nil, bad("position %d: more moves than the header's %d", i, nmoves)
		}
		b.keys[i], b.first[i] = k, total
		total += n
	}
	b.first[npos] = total
	if total != nmoves {
		return nil, bad("positions hold %d moves, the header says %d", total, nmoves)
	}
	base := HeaderSize + int(npos)*PositionSize
	for i := range b.moves {
		r := data[base+i*MoveSize:]
		m := rawMove{from: r[0], to: r[1], score: int16(le.Uint16(r[2:])), captured: le.Uint32(r[4:]), count: le.Uint32(r[8:])}
		if m.from >= movegen.NumSquares || m.to >= movegen.NumSquares {
			return nil, bad("move %d: square out of range", i)
		}
		b.moves[i] = m
	}
	return b, nil
}

// Write stores entries as a book file of rule set v: positions sorted,
// each with its moves in the order given. Scores are clamped to 16 bits.
// Every entry needs at least one move and at most 255, and no position may
// appear twice.
func Write(w io.Writer, v movegen.Variant, entries []Entry) error {
	es := append([]Entry(nil), entries...)
	sort.Slice(es, func(i, j int) bool { return keyOf(&es[i].Pos).less(keyOf(&es[j].Pos)) })
	var nmoves int
	for i, e := range es {
		switch {
		case len(e.Moves) == 0 || len(e.Moves) > maxMovesPerPosition:
			return fmt.Errorf("book: write: position %s has %d moves (want 1..255)", e.Pos.FEN(), len(e.Moves))
		case i > 0 && keyOf(&es[i-1].Pos) == keyOf(&e.Pos):
			return fmt.Errorf("book: write: position %s appears twice", e.Pos.FEN())
		}
		nmoves += len(e.Moves)
	}
	if len(es) > MaxPositions {
		return fmt.Errorf("book: write: %d positions, more than %d", len(es), MaxPositions)
	}
	le := binary.LittleEndian
	body := make([]byte, 0, len(es)*PositionSize+nmoves*MoveSize)
	for _, e := range es {
		k := keyOf(&e.Pos)
		body = le.AppendUint32(body, k.black)
		body = le.AppendUint32(body, k.white)
		body = le.AppendUint32(body, k.kings)
		body = append(body, k.turn, uint8(len(e.Moves)), 0, 0)
	}
	for _, e := range es {
		for _, m := range e.Moves {
			body = append(body, uint8(m.Move.From), uint8(m.Move.To))
			body = le.AppendUint16(body, uint16(int16(min(max(m.Score, -1<<15), 1<<15-1))))
			body = le.AppendUint32(body, uint32(m.Move.Captured))
			body = le.AppendUint32(body, m.Count)
		}
	}
	var h bytes.Buffer
	h.WriteString(Magic)
	h.Write(le.AppendUint16(nil, Version))
	h.Write([]byte{byte(v), 0})
	h.Write(le.AppendUint32(nil, uint32(len(es))))
	h.Write(le.AppendUint32(nil, uint32(nmoves)))
	h.Write(le.AppendUint32(nil, crc32.Checksum(body, castagnoli)))
	h.Write(make([]byte, 8))
	// w's errors as they are: a file's name its file (and the failure).
	if _, err := w.Write(h.Bytes()); err != nil {
		return err
	}
	_, err := w.Write(body)
	return err
}

// WriteFile replaces the book at path with entries, whole
// (atomicfile.Write), so a reader (or an interrupted build) never sees
// half a book.
func WriteFile(path string, v movegen.Variant, entries []Entry) error {
	err := atomicfile.Write(path, func(w io.Writer) error { return Write(w, v, entries) })
	if err != nil {
		return fmt.Errorf("book: %w", err)
	}
	return nil
}
