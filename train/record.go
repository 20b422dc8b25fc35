package train

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/crown-checkers/crown/internal/readfile"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// The file layout (see the package documentation).
const (
	// Magic opens every data file.
	Magic = "CROWNTRN"
	// Version is the format version the package writes and reads; a change
	// of layout gets a new one, so an old reader refuses a new file.
	Version = 1
	// HeaderSize is the length of the header: magic, version, record size.
	HeaderSize = len(Magic) + 2 + 2
	// RecordSize is the length of one record.
	RecordSize = 20
	// ScoreBound is the score a proven win is stored as (and a proven loss
	// as its negation): well above any evaluation (24 Pool kings are worth
	// 6240) so a trainer can tell the two apart, and within int16.
	ScoreBound = 10000
)

// ErrCorrupt is wrapped by every error about a file's contents: a bad
// header, a truncated or impossible record.
var ErrCorrupt = errors.New("train: corrupt data file")

// storedResult is how a record stores its game's result: the byte is
// the result less movegen.Loss, 0 loss, 1 draw, 2 win (docs/training.md),
// as data files written before movegen.Result have it.
func storedResult(r movegen.Result) byte { return byte(r - movegen.Loss) }

// resultOf reads a stored result byte: ok is false for a byte that is
// no result.
func resultOf(b byte) (r movegen.Result, ok bool) {
	if b > storedResult(movegen.Win) {
		return movegen.Unknown, false
	}
	return movegen.Result(b) + movegen.Loss, true
}

// Record is one training position.
type Record struct {
	Pos    movegen.Position // the position, its Hash set
	Score  int16            // search score from the side to move, within +-ScoreBound
	Ply    uint16           // plies from the start position
	Result movegen.Result   // the game's result from the side to move's view: Loss, Draw or Win
}

// ClampScore turns a search score (from the side to move) into a record's:
// proven wins and losses become +-ScoreBound, and nothing goes beyond it.
func ClampScore(score int) int16 {
	switch {
	case score >= search.WinThreshold:
		return ScoreBound
	case score <= -search.WinThreshold:
		return -ScoreBound
	}
	return int16(min(max(score, -ScoreBound), ScoreBound))
}

// header returns the header of a file of the current format.
func header() [HeaderSize]byte {
	var h [HeaderSize]byte
	copy(h[:], Magic)
	binary.LittleEndian.PutUint16(h[len(Magic):], Version)
	binary.LittleEndian.PutUint16(h[len(Magic)+2:], RecordSize)
	return h
}

// checkHeader reports whether h is the header the package writes.
func checkHeader(h []byte) error {
	switch {
	case string(h[:len(Magic)]) != Magic:
		return fmt.Errorf("%w: magic %q, want %q", ErrCorrupt, h[:len(Magic)], Magic)
	case binary.LittleEndian.Uint16(h[len(Magic):]) != Version:
		return fmt.Errorf("%w: format version %d, want %d", ErrCorrupt, binary.LittleEndian.Uint16(h[len(Magic):]), Version)
	case binary.LittleEndian.Uint16(h[len(Magic)+2:]) != RecordSize:
		return fmt.Errorf("%w: record size %d, want %d", ErrCorrupt, binary.LittleEndian.Uint16(h[len(Magic)+2:]), RecordSize)
	}
	return nil
}

// appendRecord appends r's encoding to b.
func appendRecord(b []byte, r *Record) []byte {
	b = binary.LittleEndian.AppendUint32(b, uint32(r.Pos.Pieces[movegen.Black]))
	b = binary.LittleEndian.AppendUint32(b, uint32(r.Pos.Pieces[movegen.White]))
	b = binary.LittleEndian.AppendUint32(b, uint32(r.Pos.Kings))
	b = binary.LittleEndian.AppendUint16(b, uint16(r.Score))
	b = binary.LittleEndian.AppendUint16(b, r.Ply)
	return append(b, byte(r.Pos.Turn), byte(r.Pos.Variant), storedResult(r.Result), 0)
}

// decodeRecord reads one record from b (RecordSize bytes) and checks it.
func decodeRecord(b []byte, r *Record) error {
	p := movegen.Position{
		Pieces: [2]movegen.Bitboard{
			movegen.Black: movegen.Bitboard(binary.LittleEndian.Uint32(b[0:])),
			movegen.White: movegen.Bitboard(binary.LittleEndian.Uint32(b[4:])),
		},
		Kings:   movegen.Bitboard(binary.LittleEndian.Uint32(b[8:])),
		Turn:    movegen.Colour(b[16]),
		Variant: movegen.Variant(b[17]),
	}
	score := int16(binary.LittleEndian.Uint16(b[12:]))
	result, resultOK := resultOf(b[18])
	switch {
	case p.Turn > movegen.White:
		return fmt.Errorf("side to move %d", b[16])
	case p.Variant >= movegen.NumVariants:
		return fmt.Errorf("variant %d", b[17])
	case !resultOK:
		return fmt.Errorf("result %d", b[18])
	case b[19] != 0:
		return fmt.Errorf("reserved byte %d", b[19])
	case score > ScoreBound || score < -ScoreBound:
		return fmt.Errorf("score %d beyond +-%d", score, ScoreBound)
	}
	if err := p.Validate(); err != nil {
		return err
	}
	p.Hash = p.ComputeHash()
	*r = Record{Pos: p, Score: score, Ply: binary.LittleEndian.Uint16(b[14:]), Result: result}
	return nil
}

// readChunk is how many records a Reader reads from its source at a time.
const readChunk = 256

// Reader reads a data file.
type Reader struct {
	r   io.Reader
	n   int64 // records read so far
	buf [readChunk * RecordSize]byte
}

// NewReader reads and checks the header of a data file from r.
func NewReader(r io.Reader) (*Reader, error) {
	rd := &Reader{r: r}
	h := rd.buf[:HeaderSize]
	if n, err := io.ReadFull(r, h); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, fmt.Errorf("%w: %d bytes, too short for the %d-byte header", ErrCorrupt, n, HeaderSize)
		}
		return nil, err
	}
	if err := checkHeader(h); err != nil {
		return nil, err
	}
	return rd, nil
}

// CheckDataFile reports whether the file at path opens as a data file:
// a flag's check before a long run reads it.
func CheckDataFile(path string) error {
	f, err := readfile.Open(path, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := NewReader(f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Read fills recs with the next records and returns how many it read: at
// least one, or io.EOF at the end of the file. A record cut short or one
// that cannot be a position is an error wrapping ErrCorrupt, after the
// records before it.
func (rd *Reader) Read(recs []Record) (int, error) {
	want := min(len(recs), readChunk)
	if want == 0 {
		return 0, nil
	}
	got, err := io.ReadFull(rd.r, rd.buf[:want*RecordSize])
	switch {
	case err == io.EOF:
		return 0, io.EOF
	case err != nil && err != io.ErrUnexpectedEOF:
		return 0, err
	}
	n := got / RecordSize
	for i := range n {
		if derr := decodeRecord(rd.buf[i*RecordSize:], &recs[i]); derr != nil {
			return i, fmt.Errorf("%w: record %d: %v", ErrCorrupt, rd.n+int64(i), derr)
		}
	}
	rd.n += int64(n)
	if part := got % RecordSize; part != 0 {
		return n, fmt.Errorf("%w: record %d truncated (%d of %d bytes)", ErrCorrupt, rd.n, part, RecordSize)
	}
	return n, nil
}

// readGames calls game with the records of each game rd holds, in order.
// Records come game by game in order of ply, so a record whose ply is not
// above the one before starts a new game. game may keep no reference to
// its argument, which is reused.
func readGames(rd *Reader, game func([]Record) error) error {
	buf := make([]Record, readChunk)
	var cur []Record
	for {
		n, err := rd.Read(buf)
		for _, r := range buf[:n] {
			if len(cur) > 0 && r.Ply <= cur[len(cur)-1].Ply {
				if gerr := game(cur); gerr != nil {
					return gerr
				}
				cur = cur[:0]
			}
			cur = append(cur, r)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	if len(cur) == 0 {
		return nil
	}
	return game(cur)
}

// Writer appends records to a data file.
type Writer struct {
	f        *os.File
	existing int64 // records in the file when it was opened
	written  int64 // records written since
	buf      []byte
}

// OpenWriter opens the data file at path for appending, creating it with a
// header if it does not exist or is empty. An existing file must have the
// current header; a partial record at its end (a killed run) is cut off.
func OpenWriter(path string) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	w, err := openWriter(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return w, nil
}

// openWriter checks or writes the header of f and places it at the end of
// its last whole record.
func openWriter(f *os.File) (*Writer, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := st.Size()
	if size == 0 {
		h := header()
		if _, err := f.Write(h[:]); err != nil {
			return nil, err
		}
		return &Writer{f: f}, nil
	}
	if _, err := NewReader(io.NewSectionReader(f, 0, int64(HeaderSize))); err != nil {
		return nil, err
	}
	n := (size - int64(HeaderSize)) / RecordSize
	end := int64(HeaderSize) + n*RecordSize
	if end < size {
		if err := f.Truncate(end); err != nil {
			return nil, err
		}
	}
	if _, err := f.Seek(end, io.SeekStart); err != nil {
		return nil, err
	}
	return &Writer{f: f, existing: n}, nil
}

// Existing returns a Reader of the records the file held when it was
// opened.
func (w *Writer) Existing() (*Reader, error) {
	return NewReader(io.NewSectionReader(w.f, 0, int64(HeaderSize)+w.existing*RecordSize))
}

// Count returns the number of records in the file: those it held when
// opened and those written since.
func (w *Writer) Count() int64 { return w.existing + w.written }

// Write appends recs to the file with one write call, so the records of a
// game reach it together; a run killed during the call may leave a partial
// record, which OpenWriter cuts off.
func (w *Writer) Write(recs []Record) error {
	w.buf = w.buf[:0]
	for i := range recs {
		if r := recs[i].Result; r < movegen.Loss || r > movegen.Win {
			return fmt.Errorf("train: record %d of %d: result %v, want loss, draw or win", i, len(recs), r)
		}
		w.buf = appendRecord(w.buf, &recs[i])
	}
	if _, err := w.f.Write(w.buf); err != nil {
		return err
	}
	w.written += int64(len(recs))
	return nil
}

// truncate cuts the file back to its first n records, n at most Count,
// and appends after them.
func (w *Writer) truncate(n int64) error {
	end := int64(HeaderSize) + n*RecordSize
	if err := w.f.Truncate(end); err != nil {
		return err
	}
	if _, err := w.f.Seek(end, io.SeekStart); err != nil {
		return err
	}
	w.existing, w.written = n, 0
	return nil
}

// sync flushes what was written to the disk.
func (w *Writer) sync() error { return w.f.Sync() }

// Close closes the file.
func (w *Writer) Close() error { return w.f.Close() }
