package eval

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/crown-checkers/crown/internal/readfile"
	"github.com/crown-checkers/crown/movegen"
)

// WeightScale is the unit of stored weights: 1/WeightScale centi-men, so
// an int16 holds up to about +-20 men and small patterns keep their detail.
const WeightScale = 16

// Table is one rule set's weights: for every input (see Extract), its
// middle-game and ending weight in 1/WeightScale centi-men.
type Table [NumWeights][2]int16

// WeightFile is what a weight file holds: per rule set a table (the linear
// model) or a network, and a line saying how the weights were made.
type WeightFile struct {
	Provenance string
	Tables     [movegen.NumVariants]*Table
	// Nets, where set, score their rule set in place of its table (which
	// a file read then leaves nil).
	Nets [movegen.NumVariants]*Network
}

// The weight file layout. The file is gzip-compressed; inside, all numbers
// little-endian:
//
//	magic "CROWNEVL", format version uint16, number of rule sets uint16,
//	provenance length uint16 and its bytes (UTF-8),
//	per rule set: variant uint8, then (version 2) the model uint8,
//	  linear (0, the only model of version 1): number of inputs uint32,
//	  then for each input its middle-game and ending weight, int16 each;
//	  network (1): inputs uint16, hidden units uint16, the first layer's
//	  weights input by input (hidden units int16 each), its biases (int16
//	  each), the output weights (int16 each) and the output bias int32;
//	  bucketed network (2): as a network, with the number of output
//	  buckets uint16 after the hidden units, then the output weights
//	  bucket by bucket and a bias int32 a bucket;
//	CRC-32 (IEEE) of everything before it, uint32.
const (
	weightMagic   = "CROWNEVL"
	weightVersion = 2
	// maxProvenance bounds the provenance line.
	maxProvenance = 1 << 12
)

// The models a rule set's weights can be for.
const (
	modelLinear    = 0
	modelNetwork   = 1
	modelBuckets   = 2
	modelTwoLayers = 3
)

// ErrBadWeights is wrapped by every error about a weight file's contents.
var ErrBadWeights = errors.New("eval: bad weight file")

func badWeights(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadWeights, fmt.Sprintf(format, args...))
}

// Write writes f in the weight file format; every table must be set.
// Rule sets after the last that has a network are written only when their
// table is not MaterialTable's, so a file of the games trained so far
// stays as small as it was.
func (f *WeightFile) Write(w io.Writer) error {
	if len(f.Provenance) > maxProvenance {
		return fmt.Errorf("eval: provenance of %d bytes, at most %d", len(f.Provenance), maxProvenance)
	}
	var b bytes.Buffer
	b.WriteString(weightMagic)
	le := binary.LittleEndian
	b.Write(le.AppendUint16(nil, weightVersion))
	sets := int(movegen.NumVariants)
	for sets > 1 && f.Nets[sets-1] == nil && (f.Tables[sets-1] == nil || *f.Tables[sets-1] == *MaterialTable(movegen.Variant(sets - 1))) {
		sets--
	}
	b.Write(le.AppendUint16(nil, uint16(sets)))
	b.Write(le.AppendUint16(nil, uint16(len(f.Provenance))))
	b.WriteString(f.Provenance)
	for v, t := range f.Tables[:sets] {
		b.WriteByte(byte(v))
		if n := f.Nets[v]; n != nil {
			b.WriteByte(n.model())
			b.Write(n.appendTo(nil))
			continue
		}
		if t == nil {
			return fmt.Errorf("eval: no weights for %v", movegen.Variant(v))
		}
		b.WriteByte(modelLinear)
		b.Write(le.AppendUint32(nil, NumWeights))
		buf := make([]byte, 0, 4*NumWeights)
		for _, wt := range t {
			buf = le.AppendUint16(buf, uint16(wt[0]))
			buf = le.AppendUint16(buf, uint16(wt[1]))
		}
		b.Write(buf)
	}
	b.Write(le.AppendUint32(nil, crc32.ChecksumIEEE(b.Bytes())))
	zw := gzip.NewWriter(w)
	if _, err := zw.Write(b.Bytes()); err != nil {
		return err
	}
	return zw.Close()
}

// Material values of MaterialTable, in centi-men: a man is 100, a king
// that moves one square about one and a half men, a flying king three
// (the value players of the flying-king games give it).
const (
	materialMan        = 100
	materialShortKing  = 150
	materialFlyingKing = 300
)

// MaterialTable returns the weights of a material-only evaluation for v's
// rule set: men and kings counted, nothing else. It scores the games no
// network has been trained for, and is the baseline a trained one is
// measured against.
func MaterialTable(v movegen.Variant) *Table {
	t := new(Table)
	king := materialShortKing
	if v.Rules().FlyingKings {
		king = materialFlyingKing
	}
	t[offScalars+scMen] = [2]int16{materialMan * WeightScale, materialMan * WeightScale}
	t[offScalars+scKings] = [2]int16{int16(king * WeightScale), int16(king * WeightScale)}
	return t
}

// ReadWeights reads a weight file. A file that is not one, is cut short,
// fails its checksum or was made for another model gives an error
// wrapping ErrBadWeights.
func ReadWeights(r io.Reader) (*WeightFile, error) {
	zr, err := gzip.NewReader(bufio.NewReader(r))
	if err != nil {
		return nil, badWeights("not gzip-compressed: %v", err)
	}
	const limit = 1 << 24 // well above the tables of every rule set
	data, err := io.ReadAll(io.LimitReader(zr, limit))
	if err != nil {
		return nil, badWeights("cut short or damaged: %v", err)
	}
	if len(data) == limit {
		return nil, badWeights("larger than %d bytes", limit)
	}
	le := binary.LittleEndian
	if len(data) < len(weightMagic)+10 || string(data[:len(weightMagic)]) != weightMagic {
		return nil, badWeights("no %s header", weightMagic)
	}
	body, sum := data[:len(data)-4], le.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, badWeights("checksum mismatch")
	}
	d := body[len(weightMagic):]
	version := le.Uint16(d)
	if version < 1 || version > weightVersion {
		return nil, badWeights("format version %d, want 1 to %d", version, weightVersion)
	}
	// A file made before a rule set was added holds fewer: the rest are
	// scored by material (MaterialTable).
	sets := int(le.Uint16(d[2:]))
	if sets < 1 || sets > int(movegen.NumVariants) {
		return nil, badWeights("%d rule sets, want 1 to %d", sets, movegen.NumVariants)
	}
	plen := int(le.Uint16(d[4:]))
	d = d[6:]
	if plen > len(d) {
		return nil, badWeights("provenance runs past the end")
	}
	f := &WeightFile{Provenance: string(d[:plen])}
	d = d[plen:]
	for v := sets; v < int(movegen.NumVariants); v++ {
		f.Tables[v] = MaterialTable(movegen.Variant(v))
	}
	for v := range sets {
		if len(d) < 2 {
			return nil, badWeights("rule set %d missing", v)
		}
		if int(d[0]) != v {
			return nil, badWeights("rule set %d where %d was due", d[0], v)
		}
		d = d[1:]
		if version >= 2 {
			model := d[0]
			d = d[1:]
			switch model {
			case modelLinear:
			case modelNetwork, modelBuckets, modelTwoLayers:
				n, rest, err := readNetwork(d, model)
				if err != nil {
					return nil, badWeights("network of %v: %v", movegen.Variant(v), err)
				}
				f.Nets[v], d = n, rest
				continue
			default:
				return nil, badWeights("model %d for %v, want %d (linear), %d (network), %d (bucketed network) or %d (two hidden layers)", model, movegen.Variant(v), modelLinear, modelNetwork, modelBuckets, modelTwoLayers)
			}
		}
		if len(d) < 4 {
			return nil, badWeights("rule set %d missing", v)
		}
		if n := le.Uint32(d); n != NumWeights {
			return nil, badWeights("%d inputs for %v, this model has %d", n, movegen.Variant(v), NumWeights)
		}
		d = d[4:]
		if len(d) < 4*NumWeights {
			return nil, badWeights("weights of %v cut short", movegen.Variant(v))
		}
		t := new(Table)
		for i := range t {
			t[i] = [2]int16{int16(le.Uint16(d[4*i:])), int16(le.Uint16(d[4*i+2:]))}
		}
		f.Tables[v] = t
		d = d[4*NumWeights:]
	}
	if len(d) != 0 {
		return nil, badWeights("%d bytes after the last table", len(d))
	}
	return f, nil
}

// LoadWeights reads the weight file at path: weights another training run
// made, to search with in place of the embedded ones.
func LoadWeights(path string) (*WeightFile, error) {
	f, err := readfile.Open(path, 0) // ReadWeights bounds what it inflates
	if err != nil {
		return nil, err
	}
	defer f.Close()
	w, err := ReadWeights(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return w, nil
}
