package train

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// FuzzReader feeds the data file reader damaged files: a header or record
// cut short, bytes that are no position or result. Every input gives
// records and then io.EOF, or an error wrapping ErrCorrupt after the
// records before the damage, never a panic; the game reader agrees.
func FuzzReader(f *testing.F) {
	var buf bytes.Buffer
	h := header()
	buf.Write(h[:])
	for _, r := range sampleRecords(f) {
		buf.Write(appendRecord(nil, &r))
	}
	whole := buf.Bytes()
	for _, seed := range [][]byte{
		whole,
		whole[:len(whole)-1],
		whole[:HeaderSize+RecordSize+3],
		whole[:HeaderSize],
		whole[:HeaderSize-1],
		nil,
		append(bytes.Clone(whole[:HeaderSize]), bytes.Repeat([]byte{0xff}, RecordSize)...),
		append([]byte("XXXX"), whole[4:]...),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rd, err := NewReader(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("header: error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		recs := make([]Record, 3)
		read := 0
		for {
			n, err := rd.Read(recs)
			read += n
			if err == io.EOF {
				break
			}
			if err != nil {
				if !errors.Is(err, ErrCorrupt) {
					t.Fatalf("record: error %v does not wrap ErrCorrupt", err)
				}
				break
			}
		}
		if max := (len(data) - HeaderSize) / RecordSize; read > max {
			t.Fatalf("%d records read from %d bytes", read, len(data))
		}
		rd, _ = NewReader(bytes.NewReader(data))
		games := 0
		err = readGames(rd, func(g []Record) error {
			games += len(g)
			return nil
		})
		if err != nil && !errors.Is(err, ErrCorrupt) {
			t.Fatalf("games: error %v does not wrap ErrCorrupt", err)
		}
		if games > read {
			t.Fatalf("the games hold %d records, the reader read %d", games, read)
		}
	})
}
