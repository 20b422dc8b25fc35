package egdb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"

	"github.com/crown-checkers/crown/movegen"
)

// The slice file format (docs/egdb.md). All numbers are little-endian.
const (
	// fileMagic opens every slice file.
	fileMagic = "CRWNEGDB"
	// formatVersion is bumped on any change to the layout or the index.
	formatVersion = 1
	// headerBytes is the fixed header before the block offsets.
	headerBytes = 32
	// BlockPositions is how many positions one compressed block holds: a
	// probe decodes one block, at most about a kilobyte of run-length code
	// scanned, and the offsets cost 4 bytes a block (under 0.001 bytes a
	// position).
	BlockPositions = 4096
	// codecRLE names the run-length code of a block (encodeRLE); the header
	// keeps a byte for it so another code can be added.
	codecRLE = 1
	// fileExt ends a slice file's name.
	fileExt = ".egdb"
)

// FileName returns the name of slice m's file in a database directory:
// "<variant>-<slice>.egdb", e.g. "american-0m2k-0m1k.egdb".
func FileName(v movegen.Variant, m Material) string {
	return v.String() + "-" + m.String() + fileExt
}

// ParseFileName reads a name written by FileName.
func ParseFileName(name string) (movegen.Variant, Material, error) {
	base, ok := strings.CutSuffix(name, fileExt)
	vs, ms, ok2 := strings.Cut(base, "-")
	if !ok || !ok2 {
		return 0, Material{}, fmt.Errorf("egdb: %q is no slice file name", name)
	}
	v, err := movegen.ParseVariant(vs)
	if err != nil {
		return 0, Material{}, err
	}
	m, err := ParseMaterial(ms)
	return v, m, err
}

// encodeRLE appends the run-length code of vals to dst. A byte with a
// nonzero top two bits v is a run of value v, its low six bits n giving the
// length n+1, or for n = 63 a length of 64 plus the unsigned varint that
// follows. A byte with top bits 00 holds three values literally, two bits
// each from the high end (a 0 pads the block's last byte).
func encodeRLE(dst []byte, vals []Value) []byte {
	for i := 0; i < len(vals); {
		v := vals[i]
		r := 1
		for i+r < len(vals) && vals[i+r] == v {
			r++
		}
		if r >= 3 {
			if r < 64 {
				dst = append(dst, byte(v)<<6|byte(r-1))
			} else {
				dst = append(dst, byte(v)<<6|63)
				dst = binary.AppendUvarint(dst, uint64(r-64))
			}
			i += r
			continue
		}
		var b byte
		for k := 0; k < 3; k++ {
			b <<= 2
			if i < len(vals) {
				b |= byte(vals[i])
				i++
			}
		}
		dst = append(dst, b)
	}
	return dst
}

// errCorrupt reports a block that does not decode.
var errCorrupt = errors.New("egdb: corrupt block")

// decodeRLE decodes a block of n values into dst (len(dst) >= n); a code
// that does not give exactly n values, none of them Unknown, is corrupt.
func decodeRLE(dst []Value, block []byte, n int) error {
	pos := 0
	for j := 0; j < len(block) && pos < n; j++ {
		b := block[j]
		v := Value(b >> 6)
		if v == Unknown {
			for k := 4; k >= 0 && pos < n; k -= 2 {
				if dst[pos] = Value(b >> k & 3); dst[pos] == Unknown {
					return errCorrupt // padding within the block
				}
				pos++
			}
			continue
		}
		r := int(b&63) + 1
		if r == 64 {
			x, w := binary.Uvarint(block[j+1:])
			if w <= 0 || x > uint64(n) {
				return errCorrupt
			}
			r += int(x)
			j += w
		}
		if pos+r > n {
			return errCorrupt
		}
		for k := 0; k < r; k++ {
			dst[pos+k] = v
		}
		pos += r
	}
	if pos != n {
		return errCorrupt
	}
	return nil
}

// valueAtRLE returns the value at offset off of a block without decoding
// the rest: it scans runs until it reaches off. It allocates nothing.
func valueAtRLE(block []byte, off int) Value {
	pos := 0
	for j := 0; j < len(block); j++ {
		b := block[j]
		v := Value(b >> 6)
		if v == Unknown {
			if off < pos+3 {
				return Value(b >> (4 - 2*(off-pos)) & 3)
			}
			pos += 3
			continue
		}
		r := int(b&63) + 1
		if r == 64 {
			x, w := binary.Uvarint(block[j+1:])
			if w <= 0 {
				return Unknown
			}
			r += int(x)
			j += w
		}
		if off < pos+r {
			return v
		}
		pos += r
	}
	return Unknown
}

// Slice is one slice as read from its file: the compressed blocks and
// their offsets.
type Slice struct {
	Variant   movegen.Variant
	Material  Material
	Positions int64
	FileBytes int64
	l         layout
	offsets   []uint32 // block b is data[offsets[b]:offsets[b+1]]
	data      []byte
}

// WriteSlice writes slice m of variant v, whose values get returns, to dir
// (created if missing). It writes a temporary file and renames it into
// place, so the slice file is either whole or absent.
func WriteSlice(dir string, v movegen.Variant, m Material, get func(int64) Value) error {
	l := newLayout(m)
	n := l.size()
	blocks := (n + BlockPositions - 1) / BlockPositions
	offsets := make([]uint32, 0, blocks+1)
	var data []byte
	vals := make([]Value, BlockPositions)
	for b := int64(0); b < blocks; b++ {
		lo := b * BlockPositions
		hi := min(lo+BlockPositions, n)
		for i := lo; i < hi; i++ {
			vals[i-lo] = get(i)
		}
		offsets = append(offsets, uint32(len(data)))
		data = encodeRLE(data, vals[:hi-lo])
	}
	offsets = append(offsets, uint32(len(data)))
	var buf bytes.Buffer
	buf.WriteString(fileMagic)
	hdr := make([]byte, headerBytes-len(fileMagic))
	binary.LittleEndian.PutUint16(hdr[0:], formatVersion)
	hdr[2] = byte(v)
	hdr[3] = codecRLE
	hdr[4], hdr[5], hdr[6], hdr[7] = byte(m.BM), byte(m.BK), byte(m.WM), byte(m.WK)
	binary.LittleEndian.PutUint64(hdr[8:], uint64(n))
	binary.LittleEndian.PutUint32(hdr[16:], BlockPositions)
	binary.LittleEndian.PutUint32(hdr[20:], uint32(blocks))
	buf.Write(hdr)
	for _, o := range offsets {
		buf.Write(binary.LittleEndian.AppendUint32(nil, o))
	}
	buf.Write(data)
	buf.Write(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(buf.Bytes())))

	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	final := filepath.Join(dir, FileName(v, m))
	f, err := os.CreateTemp(dir, "."+FileName(v, m)+".tmp*")
	if err != nil {
		return err
	}
	_, err = f.Write(buf.Bytes())
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), final)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("egdb: writing %s: %w", final, err)
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
func ReadSliceFile(path string) (*Slice, error) {
	v, m, err := ParseFileName(filepath.Base(path))
	if err != nil {
		return nil, err
	}
	buf, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	bad := func(what string) (*Slice, error) {
		return nil, fmt.Errorf("egdb: %s: %s", path, what)
	}
	if len(buf) < headerBytes+4 || string(buf[:len(fileMagic)]) != fileMagic {
		return bad("not a slice file")
	}
	body := buf[:len(buf)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(buf[len(body):]) {
		return bad("checksum mismatch (truncated or damaged)")
	}
	h := buf[len(fileMagic):headerBytes]
	l := newLayout(m)
	switch {
	case binary.LittleEndian.Uint16(h[0:]) != formatVersion:
		return bad("format version " + fmt.Sprint(binary.LittleEndian.Uint16(h[0:])))
	case movegen.Variant(h[2]) != v || h[3] != codecRLE:
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
	s := &Slice{Variant: v, Material: m, Positions: l.size(), FileBytes: int64(len(buf)), l: l,
		offsets: make([]uint32, blocks+1), data: body[headerBytes+4*(blocks+1):]}
	for b := range s.offsets {
		s.offsets[b] = binary.LittleEndian.Uint32(body[headerBytes+4*b:])
		if (b > 0 && s.offsets[b] < s.offsets[b-1]) || int(s.offsets[b]) > len(s.data) {
			return bad("block offsets")
		}
	}
	vals := make([]Value, BlockPositions)
	for b := 0; b < blocks; b++ {
		if err := decodeRLE(vals, s.block(b), s.blockLen(b)); err != nil {
			return bad(fmt.Sprintf("block %d: %v", b, err))
		}
	}
	return s, nil
}

func (s *Slice) block(b int) []byte { return s.data[s.offsets[b]:s.offsets[b+1]] }

// blockLen is the number of positions in block b (the last may be short).
func (s *Slice) blockLen(b int) int {
	return int(min(s.Positions-int64(b)*BlockPositions, BlockPositions))
}

// Get returns the value at index i.
func (s *Slice) Get(i int64) Value {
	return valueAtRLE(s.block(int(i/BlockPositions)), int(i%BlockPositions))
}

// table decodes the whole slice into a packed table.
func (s *Slice) table() *table {
	t := &table{l: s.l, packed: make([]byte, (s.Positions+valuesPerByte-1)/valuesPerByte)}
	vals := make([]Value, BlockPositions)
	for b := 0; b < len(s.offsets)-1; b++ {
		n := s.blockLen(b)
		if err := decodeRLE(vals, s.block(b), n); err != nil {
			panic(err) // ReadSliceFile decoded every block already
		}
		base := int64(b) * BlockPositions
		for k, v := range vals[:n] {
			i := base + int64(k)
			t.packed[i/valuesPerByte] |= byte(v) << (2 * (i % valuesPerByte))
		}
	}
	return t
}
