package train

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"testing"

	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
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

// FuzzParseGeneration feeds crown train loop's result file reader damaged
// and truncated files: every input is read or gives an error, never a
// panic, and what it reads writes back to a file it reads the same.
func FuzzParseGeneration(f *testing.F) {
	g := &generation{n: 3, decided: true}
	g.sides[movegen.American] = side{data: true, games: 12, positions: 1234,
		fit:   &fitRecord{from: 2, positions: 2400, valid: 240, k: 60.5, best: 9, passes: 12, loss: 0.343},
		score: &match.Score{Wins: 3, Losses: 1, Draws: 0}, accepted: true, weights: "generation 3"}
	path := filepath.Join(f.TempDir(), ResultFile)
	if err := g.write(path, nil); err != nil {
		f.Fatal(err)
	}
	whole := readFile(f, path)
	for _, seed := range [][]byte{
		whole,
		whole[:len(whole)/2],
		whole[:len(resultFirstLine)],
		nil,
		[]byte(resultFirstLine + "\ngeneration 1\npool.data many games\n"),
		[]byte(resultFirstLine + "\ngeneration 1\namerican.fit 1 2\n"),
		bytes.ReplaceAll(whole, []byte("\n"), []byte("\r\n")),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		g, err := parseGeneration(text)
		if err != nil {
			return
		}
		path := filepath.Join(t.TempDir(), ResultFile)
		if err := g.write(path, nil); err != nil {
			t.Fatalf("writing what was read: %v", err)
		}
		if _, err := readGeneration(path); err != nil {
			t.Fatalf("%q was read, but not once written back: %v", text, err)
		}
	})
}
