package eval

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

func mustFEN(t testing.TB, fen string, v movegen.Variant) movegen.Position {
	t.Helper()
	p, err := movegen.ParseFEN(fen, v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// linearFile returns weights with a linear model for every rule set (the
// built-in Pool table for both), whatever model the built-in weights use:
// the tests of the linear model's code.
func linearFile() *WeightFile {
	f := &WeightFile{Provenance: "test: linear"}
	for v := range f.Tables {
		f.Tables[v] = linearTable
	}
	return f
}

// linearTable is Pool's generation 2 linear table (testdata/linear-weights.txt).
var linearTable = func() *Table {
	wf, err := LoadWeights("../testdata/linear-weights.bin")
	if err != nil {
		panic(err)
	}
	return wf.Tables[movegen.Pool]
}()

func TestFlipSymmetry(t *testing.T) {
	for _, wf := range []*WeightFile{embedded, linearFile()} {
		for _, p := range randomPositions(200) {
			f := p.Flip()
			if a, b := wf.Evaluate(&p), wf.Evaluate(&f); a != b {
				t.Fatalf("%v %s: %d, flipped %s: %d", p.Variant, p.FEN(), a, f.FEN(), b)
			}
		}
	}
}

func TestExplainSums(t *testing.T) {
	wf := linearFile()
	for _, p := range randomPositions(40) {
		total, terms := wf.Explain(&p)
		if e := wf.Evaluate(&p); total != e {
			t.Fatalf("%s: Explain total %d, Evaluate %d", p.FEN(), total, e)
		}
		if len(terms) != numTerms {
			t.Fatalf("%d terms, want %d", len(terms), numTerms)
		}
		sum := 0
		for _, term := range terms {
			sum += term.Value
		}
		if p.Turn == movegen.White {
			sum = -sum
		}
		if sum != total {
			t.Fatalf("%s: terms sum to %d, total %d", p.FEN(), sum, total)
		}
	}
}

// TestExtractAgrees checks that the inputs Extract lists, weighted by the
// table and blended by their phase as a trainer does, give the score
// Evaluate computes its own way (before the kings-only adjustment).
func TestExtractAgrees(t *testing.T) {
	var f Features
	for _, p := range randomPositions(100) {
		if p.Men(movegen.Black)|p.Men(movegen.White) == 0 {
			continue
		}
		Extract(&p, &f)
		wf := linearFile()
		tb := wf.Tables[p.Variant]
		var mg, eg int32
		for _, x := range f.List[:f.N] {
			mg += x.Value * int32(tb[x.Index][0])
			eg += x.Value * int32(tb[x.Index][1])
		}
		want := scale(mg, eg, f.Phase)
		if p.Turn == movegen.White {
			want = -want
		}
		if got := wf.Evaluate(&p); got != want {
			t.Fatalf("%v %s: Evaluate %d, Extract's inputs %d", p.Variant, p.FEN(), got, want)
		}
	}
}

// TestRegionsCoverBoard checks the pattern regions: every square lies in
// two row regions (one on the edge rows) and in strip regions, and the
// strip bytes hold the squares the layout says.
func TestRegionsCoverBoard(t *testing.T) {
	for s := movegen.Square(0); s < movegen.NumSquares; s++ {
		b := s.Bit()
		rows, strips := 0, 0
		for r := 0; r < numRowRegions; r++ {
			if rowBits(b, r) != 0 {
				rows++
			}
		}
		for i := 0; i < numStrips; i++ {
			if x := stripBits(b, i); x != 0 {
				strips++
				row, k := 2*(i/3), i%3
				want := uint8(1) << (2*(s.Row()-row) + int(s)%4 - k)
				if x != want {
					t.Errorf("square %d in strip %d: byte %08b, want %08b", s.Number(), i, x, want)
				}
			}
		}
		wantRows := 2
		if s.Row() == 0 || s.Row() == 7 {
			wantRows = 1
		}
		if rows != wantRows || strips == 0 {
			t.Errorf("square %d: in %d row regions (want %d) and %d strips", s.Number(), rows, wantRows, strips)
		}
	}
}

func TestEvaluateAllocs(t *testing.T) {
	ps := randomPositions(2)
	if n := testing.AllocsPerRun(100, func() {
		for i := range ps {
			Evaluate(&ps[i])
		}
	}); n != 0 {
		t.Errorf("Evaluate allocates %v times", n)
	}
}

// TestKnowledge checks facts any weights must get right, each as a score
// range from the side to move's view.
func TestKnowledge(t *testing.T) {
	tests := []struct {
		name     string
		v        movegen.Variant
		fen      string
		min, max int
	}{
		{"start american is about level", movegen.American, "B:W21-32:B1-12", -30, 30},
		// Pool's network gives the mover a third of a man at the start, where its searches (the book) say +5.
		{"start pool is about level", movegen.Pool, "B:W21-32:B1-12", -40, 40},
		{"american two kings beat one", movegen.American, "B:WK14:BK1,K32", 300, 2000},
		{"american lone king sees a lost ending", movegen.American, "W:WK14:BK1,K32", -2000, -300},
		{"american three kings beat two", movegen.American, "B:WK14,K18:BK1,K3,K32", 300, 2000},
		{"american one king each is drawish", movegen.American, "B:WK14:BK1", -50, 50},
		{"pool two kings against one draw", movegen.Pool, "B:WK14:BK1,K32", 0, 150},
		{"pool three kings against one off the long diagonal win", movegen.Pool, "B:WK14:BK1,K3,K32", 500, 3000},
		{"pool lone king on the long diagonal holds", movegen.Pool, "B:WK22:BK1,K2,K32", 0, 250},
		{"a man up in the middle game", movegen.American, "B:W21-31:B1-12", 50, 400},
		// Pool's scores run wider (its fitted K, the centi-men of one
		// step of the winning chance, is about three times American's).
		{"a pool man up in the middle game", movegen.Pool, "B:W21-31:B1-12", 50, 500},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen, tt.v)
		if s := Evaluate(&p); s < tt.min || s > tt.max {
			_, terms := Explain(&p)
			t.Errorf("%s (%s): %d, want %d..%d; terms %v", tt.name, tt.fen, s, tt.min, tt.max, terms)
		}
	}
}

// TestDrawnKingsFlat checks that Pool's drawn endings of kings score
// their kings alone, DrawKing a king ahead, wherever the kings stand: the
// search cuts these trees only when sibling positions score alike.
func TestDrawnKingsFlat(t *testing.T) {
	k := endings[movegen.Pool].DrawKing
	tests := []struct {
		fen  string
		want int // from the side to move's view
	}{
		{"B:WK22:BK1,K2,K32", 2 * k},
		{"B:WK22:BK5,K9,K30", 2 * k},
		{"W:WK4:BK12,K19,K27", -2 * k},
		{"B:WK14:BK1,K32", k},
		{"W:WK18:BK6,K27", -k},
		{"B:WK3,K30:BK14,K19", 0},
		{"W:WK3,K10,K30:BK14,K19", k},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen, movegen.Pool)
		if s := Evaluate(&p); s != tt.want {
			t.Errorf("%s: %d, want %d", tt.fen, s, tt.want)
		}
	}
}

// TestOrdering checks pairs where the first position must score higher
// for the side to move than the second.
func TestOrdering(t *testing.T) {
	tests := []struct {
		name          string
		v             movegen.Variant
		better, worse string
	}{
		{"lone american king is safer in the double corner", movegen.American, "W:WK1:BK14,K19", "W:WK13:BK14,K19"},
		{"a man with a free path is worth more", movegen.American, "B:W31,32:B21", "B:W30,32:B21"},
	}
	for _, tt := range tests {
		a, b := mustFEN(t, tt.better, tt.v), mustFEN(t, tt.worse, tt.v)
		if sa, sb := Evaluate(&a), Evaluate(&b); sa <= sb {
			t.Errorf("%s: %s scores %d, not above %s at %d", tt.name, tt.better, sa, tt.worse, sb)
		}
	}
}

// TestEveryVariantWeighted checks that each rule set has its weights, a
// man on a square worth something and a king there worth more (whole
// positions: the scalar weights alone no longer say it, patterns and
// king squares share a piece's value with them), and that a Variant
// naming no rule set stops Evaluate loudly.
func TestEveryVariantWeighted(t *testing.T) {
	// A middle game and an ending without Black's piece on 14: then with
	// a man there, then with a king.
	positions := []string{"B:W21,22,23,24,25,27,28,30:B1,2,3,5,6,8,10", "B:W25,29,K31:B3"}
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		if embedded.Tables[v] == nil && embedded.Nets[v] == nil {
			t.Fatalf("%v: no weights", v)
		}
		for _, fen := range positions {
			// The FENs are in English numbers; the positions are v's.
			without, man, king := mustFEN(t, fen, movegen.American), mustFEN(t, fen+",14", movegen.American), mustFEN(t, fen+",K14", movegen.American)
			without.Variant, man.Variant, king.Variant = v, v, v
			if sw, sm, sk := Evaluate(&without), Evaluate(&man), Evaluate(&king); !(sw < sm && sm < sk) {
				t.Errorf("%v: without the man %d, with it %d, with a king there %d: want them rising (%s)", v, sw, sm, sk, fen)
			}
		}
	}
	if Provenance() == "" {
		t.Error("the embedded weights say nothing of where they come from")
	}
	p := movegen.StartPosition(movegen.American)
	p.Variant = movegen.NumVariants
	defer func() {
		if err, ok := recover().(error); !ok || !strings.Contains(err.Error(), "unknown variant") {
			t.Errorf("Evaluate with an unknown variant: panic %v, want an unknown-variant error", err)
		}
	}()
	Evaluate(&p)
}

// gzipped compresses b.
func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// resealed returns raw with byte i set to x and the checksum made right,
// gzipped.
func resealed(raw []byte, i int, x byte) []byte {
	b := bytes.Clone(raw)
	b[i] = x
	body := b[:len(b)-4]
	binary.LittleEndian.PutUint32(b[len(body):], crc32.ChecksumIEEE(body))
	return gzipped(b)
}

// gunzipped decompresses b.
func gunzipped(t testing.TB, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestWeightFileRoundTrip(t *testing.T) {
	f := &WeightFile{Provenance: "test"}
	for v := range f.Tables {
		f.Tables[v] = new(Table)
		for i := range f.Tables[v] {
			f.Tables[v][i] = [2]int16{int16(i*7 + v), int16(-i * 3)}
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	g, err := ReadWeights(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if g.Provenance != f.Provenance {
		t.Errorf("provenance %q, want %q", g.Provenance, f.Provenance)
	}
	for v := range f.Tables {
		if *g.Tables[v] != *f.Tables[v] {
			t.Errorf("%v: tables differ", movegen.Variant(v))
		}
	}
}

// TestBadWeightFiles checks that damaged weight files give an error naming
// the damage, never a panic or weights.
func TestBadWeightFiles(t *testing.T) {
	raw := gunzipped(t, weightFile)
	flip := func(i int) []byte {
		b := bytes.Clone(raw)
		b[i] ^= 0x40
		return gzipped(b)
	}
	tests := []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "not gzip"},
		{"not gzip", raw, "not gzip"},
		{"compressed stream cut short", weightFile[:len(weightFile)/2], "cut short"},
		{"contents cut short", gzipped(raw[:len(raw)-1000]), "checksum"},
		{"only the header", gzipped(raw[:12]), "header"},
		{"another version", resealed(raw, 8, 3), "format version 3"},
		{"another rule set count", resealed(raw, 10, 99), "99 rule sets"},
		{"no rule set", resealed(raw, 10, 0), "0 rule sets"},
		{"a weight changed", flip(len(raw) / 2), "checksum"},
		{"another magic", flip(0), "header"},
		{"tiny", gzipped([]byte("CROWN")), "header"},
	}
	for _, tt := range tests {
		_, err := ReadWeights(bytes.NewReader(tt.file))
		if !errors.Is(err, ErrBadWeights) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want ErrBadWeights saying %q", tt.name, err, tt.want)
		}
	}
}
