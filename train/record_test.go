package train

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// readAll reads every record of the data file at path.
func readAll(t *testing.T, path string) ([]Record, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd, err := NewReader(f)
	if err != nil {
		return nil, err
	}
	var all []Record
	buf := make([]Record, 7) // not a divisor of readChunk: reads end mid-chunk
	for {
		n, err := rd.Read(buf)
		all = append(all, buf[:n]...)
		if err == io.EOF {
			return all, nil
		}
		if err != nil {
			return all, err
		}
	}
}

// sampleRecords returns records of both rule sets, sides, results and the
// extreme scores.
func sampleRecords(t testing.TB) []Record {
	t.Helper()
	fens := []struct {
		fen string
		v   movegen.Variant
	}{
		{"B:W21-32:B1-12", movegen.American},
		{"W:WK3,18,K32:B1,K7,14", movegen.American},
		{"B:W21-32:B1-12", movegen.Pool},
		{"W:WK1:BK30,K31,K32", movegen.Pool},
	}
	var recs []Record
	for i, f := range fens {
		p, err := movegen.ParseFEN(f.fen, f.v)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, Record{Pos: p, Score: []int16{0, -ScoreBound, 137, ScoreBound}[i], Ply: uint16(i * 300), Result: movegen.Loss + movegen.Result(i%3)})
	}
	return recs
}

func TestRecordRoundTrip(t *testing.T) {
	recs := sampleRecords(t)
	path := filepath.Join(t.TempDir(), "data.bin")
	w, err := OpenWriter(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, batch := range [][]Record{recs[:1], recs[1:], recs} {
		if err := w.Write(batch); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := readAll(t, path)
	if err != nil {
		t.Fatal(err)
	}
	want := append(append([]Record(nil), recs...), recs...)
	if len(got) != len(want) {
		t.Fatalf("read %d records, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("record %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if st, _ := os.Stat(path); st.Size() != int64(HeaderSize+len(want)*RecordSize) {
		t.Errorf("file of %d bytes, want %d", st.Size(), HeaderSize+len(want)*RecordSize)
	}
}

// TestWriterResumes cuts a file inside its last record, as a killed run
// leaves it: the reader reports the cut, and a writer cuts it off and goes
// on after the whole records.
func TestWriterResumes(t *testing.T) {
	recs := sampleRecords(t)
	for _, cut := range []int{1, RecordSize / 2, RecordSize - 1} {
		path := filepath.Join(t.TempDir(), "data.bin")
		w, err := OpenWriter(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(recs); err != nil {
			t.Fatal(err)
		}
		w.Close()
		if err := os.Truncate(path, int64(HeaderSize+len(recs)*RecordSize-cut)); err != nil {
			t.Fatal(err)
		}
		if got, err := readAll(t, path); !errors.Is(err, ErrCorrupt) || len(got) != len(recs)-1 {
			t.Errorf("cut %d: read %d records and %v; want %d and a truncated record", cut, len(got), err, len(recs)-1)
		}
		w, err = OpenWriter(path)
		if err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		if w.Count() != int64(len(recs)-1) {
			t.Errorf("cut %d: resumed with %d records, want %d", cut, w.Count(), len(recs)-1)
		}
		if err := w.Write(recs[len(recs)-1:]); err != nil {
			t.Fatal(err)
		}
		w.Close()
		got, err := readAll(t, path)
		if err != nil || len(got) != len(recs) || got[len(got)-1] != recs[len(recs)-1] {
			t.Errorf("cut %d: after resuming read %d records and %v; want %d", cut, len(got), err, len(recs))
		}
	}
}

func TestCorruptFiles(t *testing.T) {
	h := header()
	good := appendRecord(nil, &sampleRecords(t)[1])
	with := func(b []byte, at int, v byte) []byte {
		b = bytes.Clone(b)
		b[at] = v
		return b
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"short header", h[:5]},
		{"magic", with(h[:], 0, 'X')},
		{"version", with(h[:], len(Magic), Version+1)},
		{"record size", with(h[:], len(Magic)+2, RecordSize+1)},
		{"side to move", append(h[:], with(good, 16, 2)...)},
		{"variant", append(h[:], with(good, 17, byte(movegen.NumVariants))...)},
		{"result", append(h[:], with(good, 18, 3)...)},
		{"reserved", append(h[:], with(good, 19, 1)...)},
		{"score", append(h[:], with(with(good, 12, 0xff), 13, 0x7f)...)},
		{"overlapping pieces", append(h[:], with(good, 4, good[0])...)},
		{"truncated", append(h[:], good[:RecordSize-1]...)},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), "data.bin")
		if err := os.WriteFile(path, tt.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readAll(t, path); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: read error %v, want one wrapping ErrCorrupt", tt.name, err)
		}
		if len(tt.data) <= HeaderSize {
			if w, err := OpenWriter(path); !errors.Is(err, ErrCorrupt) {
				t.Errorf("%s: OpenWriter error %v, want one wrapping ErrCorrupt", tt.name, err)
				if w != nil {
					w.Close()
				}
			}
		}
	}
}

// TestStoredResults: a record stores its result as 0 loss, 1 draw, 2 win
// (docs/training.md), so that data files written before keep their
// meaning, and a writer refuses a record without a result.
func TestStoredResults(t *testing.T) {
	tests := []struct {
		result movegen.Result
		stored byte
	}{
		{movegen.Loss, 0},
		{movegen.Draw, 1},
		{movegen.Win, 2},
	}
	r := sampleRecords(t)[0]
	for _, tt := range tests {
		r.Result = tt.result
		b := appendRecord(nil, &r)
		if b[18] != tt.stored {
			t.Errorf("%v stored as %d, want %d", tt.result, b[18], tt.stored)
		}
		var got Record
		if err := decodeRecord(b, &got); err != nil || got.Result != tt.result {
			t.Errorf("stored %d read as %v (%v), want %v", tt.stored, got.Result, err, tt.result)
		}
	}
	w, err := OpenWriter(filepath.Join(t.TempDir(), "data.bin"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r.Result = movegen.Unknown
	if err := w.Write([]Record{r}); err == nil || w.Count() != 0 {
		t.Errorf("a record without a result: error %v, %d records written; want an error and none", err, w.Count())
	}
}

func TestClampScore(t *testing.T) {
	tests := []struct {
		score int
		want  int16
	}{
		{0, 0}, {-250, -250}, {ScoreBound + 1, ScoreBound}, {-ScoreBound - 5, -ScoreBound},
		{29990, ScoreBound}, {-29990, -ScoreBound},
	}
	for _, tt := range tests {
		if got := ClampScore(tt.score); got != tt.want {
			t.Errorf("ClampScore(%d) = %d, want %d", tt.score, got, tt.want)
		}
	}
}

func TestRecordAllocs(t *testing.T) {
	recs := sampleRecords(t)
	var buf bytes.Buffer
	h := header()
	buf.Write(h[:])
	for range 100 {
		for i := range recs {
			buf.Write(appendRecord(nil, &recs[i]))
		}
	}
	data := buf.Bytes()
	out := make([]Record, 64)
	r := bytes.NewReader(data)
	allocs := testing.AllocsPerRun(10, func() {
		r.Reset(data)
		rd, err := NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		for {
			if _, err := rd.Read(out); err != nil {
				break
			}
		}
	})
	if allocs > 1 { // the Reader itself
		t.Errorf("%.0f allocations reading %d records, want at most 1", allocs, 100*len(recs))
	}
}
