package egdb

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/internal/readfile"
	"github.com/crown-checkers/crown/movegen"
)

// The slice file format (docs/egdb.md). All numbers are little-endian.
// A file holds one slice's values (.egdb) or its distances to conversion
// (.dtc, see DTC): the same header, block offsets and checksum, and a
// block code of its own.
const (
	// fileMagic opens every values file.
	fileMagic = "CRWNEGDB"
	// formatVersion is bumped on any change to the layout, the index or
	// the meaning of the values. Version 2: positions with a capture
	// pending hold don't-care values (a probe resolves them by search).
	formatVersion = 2
	// headerBytes is the fixed header before the block offsets.
	headerBytes = 32
	// BlockPositions is how many positions one compressed block holds: a
	// probe decompresses one block (4 KiB packed, some microseconds), and
	// the offsets cost 4 bytes a block (0.0002 bytes a position). Blocks of
	// 4096 positions made the files 18% larger (American up to 4 pieces:
	// 0.034 bytes a position against 0.029), of 65536 only 7% smaller. A
	// multiple of valuesPerByte, so blocks start on whole packed bytes.
	BlockPositions = 16384
	// codecFlate names the block code: the values packed two bits each
	// (four to a byte, the first in the low bits), compressed with DEFLATE
	// (compress/flate, best compression) block by block. The header keeps
	// a byte for it so another code can be added. Measured against a
	// run-length code (TestCodecSizes), DEFLATE is 35-45% smaller.
	codecFlate = 2
	// fileExt ends a values file's name.
	fileExt = ".egdb"

	// dtcMagic opens every distances file.
	dtcMagic = "CRWNEDTC"
	// dtcVersion is the distances files' format version.
	dtcVersion = 1
	// codecBytesFlate is the distances' block code: a byte a position
	// (dtcNone for a draw), compressed with DEFLATE block by block. A
	// distance is only read at the root, a few a move, so a probe
	// decompressing 16 KiB is cheap and no cache is kept.
	codecBytesFlate = 3
	// dtcExt ends a distances file's name.
	dtcExt = ".dtc"
)

// fileKind is what a file of the format holds.
type fileKind struct {
	ext, magic string
	version    uint16
	codec      byte
	perByte    int64 // positions a byte holds before compression
	// decodeAll has a read decode every block, not only check the
	// checksum: values files are read once, at Open. A distances file is
	// read as a game enters its slice, where decoding all of a six-piece
	// pair (0.7-0.95 s) would take the search's time, and a block that
	// does not decode reads as no distance (Slice.distance).
	decodeAll bool
}

// valueFiles hold values, distFiles distances to conversion.
var (
	valueFiles = &fileKind{fileExt, fileMagic, formatVersion, codecFlate, valuesPerByte, true}
	distFiles  = &fileKind{dtcExt, dtcMagic, dtcVersion, codecBytesFlate, 1, false}
)

// name returns the name of slice m's file of this kind in a directory:
// "<variant>-<slice><ext>".
func (k *fileKind) name(v movegen.Variant, m Material) string {
	return v.String() + "-" + m.String() + k.ext
}

// FileName returns the name of slice m's values file in a database
// directory: "<variant>-<slice>.egdb", e.g. "american-0m2k-0m1k.egdb".
func FileName(v movegen.Variant, m Material) string { return valueFiles.name(v, m) }

// ParseFileName reads a name written by FileName.
func ParseFileName(name string) (movegen.Variant, Material, error) {
	return valueFiles.parseName(name)
}

// parseName reads a name written by name.
func (k *fileKind) parseName(name string) (movegen.Variant, Material, error) {
	base, ok := strings.CutSuffix(name, k.ext)
	vs, ms, ok2 := strings.Cut(base, "-")
	if !ok || !ok2 {
		return 0, Material{}, fmt.Errorf("egdb: %q is no %s file name", name, k.ext)
	}
	v, err := movegen.ParseVariant(vs)
	if err != nil {
		return 0, Material{}, err
	}
	m, err := ParseMaterial(ms)
	return v, m, err
}

// packedBlockBytes is a block's size packed, before compression.
const packedBlockBytes = BlockPositions / valuesPerByte

// blockReader decompresses blocks; readers are pooled so that a probe
// allocates nothing.
type blockReader struct {
	src bytes.Reader
	fr  io.ReadCloser
	buf [BlockPositions]byte // the largest block of either kind, unpacked
}

var blockReaders = sync.Pool{New: func() any {
	r := &blockReader{}
	r.fr = flate.NewReader(&r.src)
	return r
}}

// errCorrupt reports a block that does not decode.
var errCorrupt = errors.New("egdb: corrupt block")

// decode decompresses block into dst, which must be exactly the block's
// packed size.
func (r *blockReader) decode(dst, block []byte) error {
	r.src.Reset(block)
	if err := r.fr.(flate.Resetter).Reset(&r.src, nil); err != nil {
		return err
	}
	if _, err := io.ReadFull(r.fr, dst); err != nil {
		return errCorrupt
	}
	if n, err := r.fr.Read(r.buf[:1]); n != 0 || err != io.EOF {
		return errCorrupt
	}
	return nil
}

// Slice is one slice as read from its file: the compressed blocks and
// their offsets, of its values or (for the distance tables) its distances.
type Slice struct {
	Variant   movegen.Variant
	Material  Material
	Positions int64 // positions in the slice (Black to move)
	FileBytes int64 // size of its file
	l         layout
	kind      *fileKind
	offsets   []uint32 // block b is data[offsets[b]:offsets[b+1]]
	data      []byte
}

// WriteSlice writes slice m of variant v, whose values get returns, to dir
// (created if missing). It writes a temporary file and renames it into
// place, so the slice file is either whole or absent.
func WriteSlice(dir string, v movegen.Variant, m Material, get func(int64) movegen.Result) error {
	vals := make([]movegen.Result, BlockPositions)
	return writeFile(valueFiles, dir, v, m, func(lo, hi int64) []byte {
		for i := lo; i < hi; i++ {
			vals[i-lo] = get(i)
		}
		return pack(vals[:hi-lo])
	})
}

// writeDistances writes the distances of slice m of variant v to dir, as
// WriteSlice writes values.
func writeDistances(dir string, v movegen.Variant, m Material, dist []uint8) error {
	return writeFile(distFiles, dir, v, m, func(lo, hi int64) []byte { return dist[lo:hi] })
}

// writeFile writes slice m's file of kind k to dir, block by block: block
// returns positions lo..hi-1 in the kind's bytes, before compression.
func writeFile(k *fileKind, dir string, v movegen.Variant, m Material, block func(lo, hi int64) []byte) error {
	l := newLayout(m)
	n := l.size()
	blocks := (n + BlockPositions - 1) / BlockPositions
	offsets := make([]uint32, 0, blocks+1)
	var data bytes.Buffer
	fw, err := flate.NewWriter(&data, flate.BestCompression)
	if err != nil {
		return err
	}
	for b := int64(0); b < blocks; b++ {
		lo := b * BlockPositions
		offsets = append(offsets, uint32(data.Len()))
		fw.Reset(&data)
		fw.Write(block(lo, min(lo+BlockPositions, n))) // a bytes.Buffer does not fail
		if err := fw.Close(); err != nil {
			return err
		}
	}
	offsets = append(offsets, uint32(data.Len()))
	var buf bytes.Buffer
	buf.WriteString(k.magic)
	hdr := make([]byte, headerBytes-len(k.magic))
	binary.LittleEndian.PutUint16(hdr[0:], k.version)
	hdr[2] = byte(v)
	hdr[3] = k.codec
	hdr[4], hdr[5], hdr[6], hdr[7] = byte(m.BM), byte(m.BK), byte(m.WM), byte(m.WK)
	binary.LittleEndian.PutUint64(hdr[8:], uint64(n))
	binary.LittleEndian.PutUint32(hdr[16:], BlockPositions)
	binary.LittleEndian.PutUint32(hdr[20:], uint32(blocks))
	buf.Write(hdr)
	for _, o := range offsets {
		buf.Write(binary.LittleEndian.AppendUint32(nil, o))
	}
	buf.Write(data.Bytes())
	buf.Write(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(buf.Bytes())))

	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, k.name(v, m)), buf.Bytes()); err != nil {
		return fmt.Errorf("egdb: %w", err)
	}
	return nil
}

// RemoveTemporary deletes the temporary files an interrupted WriteSlice (or
// distances build) left in dir. Only one build may write to a directory at
// a time.
func RemoveTemporary(dir string) error {
	var names []string
	for _, k := range []*fileKind{valueFiles, distFiles} {
		more, err := filepath.Glob(filepath.Join(dir, ".*"+k.ext+atomicfile.TempInfix+"*"))
		if err != nil {
			return err
		}
		names = append(names, more...)
	}
	for _, name := range names {
		if err := os.Remove(name); err != nil {
			return err
		}
	}
	return nil
}

// ReadSlice reads and checks slice m of variant v from dir.
func ReadSlice(dir string, v movegen.Variant, m Material) (*Slice, error) {
	return ReadSliceFile(filepath.Join(dir, FileName(v, m)))
}

// ReadSliceFile reads and checks a slice file: magic, version, a header
// that agrees with the name and the index, block offsets in order, the
// checksum, and that every block decodes.
func ReadSliceFile(path string) (*Slice, error) { return readFile(valueFiles, path) }

// readDistances reads and checks the distances of slice m of variant v
// from dir, as ReadSlice reads values.
func readDistances(dir string, v movegen.Variant, m Material) (*Slice, error) {
	return readFile(distFiles, filepath.Join(dir, distFiles.name(v, m)))
}

// readFile reads and checks a file of kind k (see ReadSliceFile; a
// distances file's blocks are decoded only when probed: decodeAll).
func readFile(k *fileKind, path string) (*Slice, error) {
	v, m, err := k.parseName(filepath.Base(path))
	if err != nil {
		return nil, err
	}
	buf, err := readfile.ReadFile(path, 0)
	if err != nil {
		return nil, err
	}
	return parseFile(k, path, v, m, buf)
}

// parseFile checks and reads buf, the contents of the file of kind k at
// path, of slice m of variant v by its name.
func parseFile(k *fileKind, path string, v movegen.Variant, m Material, buf []byte) (*Slice, error) {
	bad := func(what string) (*Slice, error) {
		return nil, fmt.Errorf("egdb: %s: %s", path, what)
	}
	if len(buf) < headerBytes+4 || string(buf[:len(k.magic)]) != k.magic {
		return bad("not a " + k.ext + " file")
	}
	body := buf[:len(buf)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(buf[len(body):]) {
		return bad("checksum mismatch (truncated or damaged)")
	}
	h := buf[len(k.magic):headerBytes]
	l := newLayout(m)
	switch {
	case binary.LittleEndian.Uint16(h[0:]) != k.version:
		return bad("format version " + fmt.Sprint(binary.LittleEndian.Uint16(h[0:])))
	case movegen.Variant(h[2]) != v || h[3] != k.codec:
		return bad("variant or codec does not match")
	case Material{int(h[4]), int(h[5]), int(h[6]), int(h[7])} != m:
		return bad("material does not match the name")
	case int64(binary.LittleEndian.Uint64(h[8:])) != l.size() || binary.LittleEndian.Uint32(h[16:]) != BlockPositions:
		return bad("size does not match the index")
	}
	blocks := int(binary.LittleEndian.Uint32(h[20:]))
	if int64(blocks) != (l.size()+BlockPositions-1)/BlockPositions || headerBytes+4*(blocks+1) > len(body) {
		return bad("block count")
	}
	s := &Slice{Variant: v, Material: m, Positions: l.size(), FileBytes: int64(len(buf)), l: l, kind: k,
		offsets: make([]uint32, blocks+1), data: body[headerBytes+4*(blocks+1):]}
	for b := range s.offsets {
		s.offsets[b] = binary.LittleEndian.Uint32(body[headerBytes+4*b:])
		if (b > 0 && s.offsets[b] < s.offsets[b-1]) || int(s.offsets[b]) > len(s.data) {
			return bad("block offsets")
		}
	}
	if !k.decodeAll {
		return s, nil
	}
	r := blockReaders.Get().(*blockReader)
	defer blockReaders.Put(r)
	for b := 0; b < blocks; b++ {
		if err := r.decode(r.buf[:s.packedLen(b)], s.block(b)); err != nil {
			return bad(fmt.Sprintf("block %d: %v", b, err))
		}
	}
	return s, nil
}

func (s *Slice) block(b int) []byte { return s.data[s.offsets[b]:s.offsets[b+1]] }

// packedLen is the size of block b before compression (the last may be
// short).
func (s *Slice) packedLen(b int) int {
	n := min(s.Positions-int64(b)*BlockPositions, BlockPositions)
	return int((n + s.kind.perByte - 1) / s.kind.perByte)
}

// Get returns the value at index i, decompressing its block; movegen.Unknown
// if the block does not decode (ReadSliceFile checked that they all do).
func (s *Slice) Get(i int64) movegen.Result {
	packed, ok := s.byteAt(i)
	if !ok {
		return movegen.Unknown
	}
	k := i % BlockPositions
	return movegen.Result(packed >> (2 * (k % valuesPerByte)) & 3)
}

// distance returns the distance at index i of a distances file,
// decompressing its block; dtcNone if the block does not decode (a read
// checks the file's checksum, not its blocks: fileKind.decodeAll).
func (s *Slice) distance(i int64) uint8 {
	d, ok := s.byteAt(i)
	if !ok {
		return dtcNone
	}
	return d
}

// byteAt returns the byte holding position i, decompressing its block;
// ok is false if the block does not decode.
func (s *Slice) byteAt(i int64) (byte, bool) {
	b := int(i / BlockPositions)
	r := blockReaders.Get().(*blockReader)
	defer blockReaders.Put(r)
	if r.decode(r.buf[:s.packedLen(b)], s.block(b)) != nil {
		return 0, false
	}
	return r.buf[i%BlockPositions/s.kind.perByte], true
}

// decodeBlock returns block b decompressed into a new buffer.
func (s *Slice) decodeBlock(b int) ([]byte, error) {
	blk := make([]byte, s.packedLen(b))
	r := blockReaders.Get().(*blockReader)
	defer blockReaders.Put(r)
	return blk, r.decode(blk, s.block(b))
}

// table decodes the whole slice into a packed table.
func (s *Slice) table() *table {
	t := &table{l: s.l, packed: make([]byte, (s.Positions+valuesPerByte-1)/valuesPerByte)}
	r := blockReaders.Get().(*blockReader)
	defer blockReaders.Put(r)
	for b := 0; b < len(s.offsets)-1; b++ {
		lo := b * packedBlockBytes
		if err := r.decode(t.packed[lo:lo+s.packedLen(b)], s.block(b)); err != nil {
			panic(err) // ReadSliceFile decoded every block already
		}
	}
	return t
}
