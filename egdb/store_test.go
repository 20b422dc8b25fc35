package egdb

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// The run-length code TestCodecSizes measures against DEFLATE (and which
// the first format used).

// encodeRLE appends the run-length code of vals to dst. A byte with a
// nonzero top two bits v is a run of value v, its low six bits n giving the
// length n+1, or for n = 63 a length of 64 plus the unsigned varint that
// follows. A byte with top bits 00 holds three values literally, two bits
// each from the high end (a 0 pads the block's last byte).
func encodeRLE(dst []byte, vals []movegen.Result) []byte {
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

// decodeRLE decodes a block of n values into dst (len(dst) >= n); a code
// that does not give exactly n values, none of them movegen.Unknown, is
// corrupt.
func decodeRLE(dst []movegen.Result, block []byte, n int) error {
	pos := 0
	for j := 0; j < len(block) && pos < n; j++ {
		b := block[j]
		v := movegen.Result(b >> 6)
		if v == movegen.Unknown {
			for k := 4; k >= 0 && pos < n; k -= 2 {
				if dst[pos] = movegen.Result(b >> k & 3); dst[pos] == movegen.Unknown {
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
func valueAtRLE(block []byte, off int) movegen.Result {
	pos := 0
	for j := 0; j < len(block); j++ {
		b := block[j]
		v := movegen.Result(b >> 6)
		if v == movegen.Unknown {
			if off < pos+3 {
				return movegen.Result(b >> (4 - 2*(off-pos)) & 3)
			}
			pos += 3
			continue
		}
		r := int(b&63) + 1
		if r == 64 {
			x, w := binary.Uvarint(block[j+1:])
			if w <= 0 {
				return movegen.Unknown
			}
			r += int(x)
			j += w
		}
		if off < pos+r {
			return v
		}
		pos += r
	}
	return movegen.Unknown
}

// TestRLE round-trips value sequences through the run-length code, and
// reads single values without decoding.
func TestRLE(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]movegen.Result, 5000)
	for i := range random {
		random[i] = movegen.Result(1 + rng.IntN(3))
		if rng.IntN(4) == 0 && i > 0 {
			random[i] = random[i-1]
		}
	}
	run := func(n int, v movegen.Result) []movegen.Result {
		out := make([]movegen.Result, n)
		for i := range out {
			out[i] = v
		}
		return out
	}
	tests := []struct {
		name string
		vals []movegen.Result
	}{
		{"one", []movegen.Result{movegen.Win}},
		{"two", []movegen.Result{movegen.Loss, movegen.Loss}},
		{"literal padding", []movegen.Result{movegen.Win, movegen.Draw, movegen.Loss, movegen.Win}},
		{"run of 3", run(3, movegen.Draw)},
		{"run of 63", run(63, movegen.Win)},
		{"run of 64", run(64, movegen.Win)},
		{"run of 65", run(65, movegen.Loss)},
		{"long run", run(4096, movegen.Draw)},
		{"random", random},
		{"mixed", append(append(run(100, movegen.Win), movegen.Loss, movegen.Draw), run(200, movegen.Loss)...)},
	}
	for _, tt := range tests {
		code := encodeRLE(nil, tt.vals)
		got := make([]movegen.Result, len(tt.vals)+1)
		if err := decodeRLE(got, code, len(tt.vals)); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for i, v := range tt.vals {
			if got[i] != v || valueAtRLE(code, i) != v {
				t.Errorf("%s: value %d is %v (decoded) and %v (read), want %v", tt.name, i, got[i], valueAtRLE(code, i), v)
				break
			}
		}
		if err := decodeRLE(got, code, len(tt.vals)+1); err == nil {
			t.Errorf("%s: decoding more values than coded succeeds", tt.name)
		}
	}
}

// probeStride thins TestStoreAndProbe's probes with -short: each one
// decompresses a block, which the race detector slows some ten times. An
// odd stride probes both sides to move of a slice (with -short about 7,000
// positions of each rule set, each with its flip).
const probeStride = 29

// buildTo builds up to n pieces of v into dir and returns the builder.
func buildTo(t testing.TB, v movegen.Variant, n int, dir string, progress func(Progress)) *Builder {
	t.Helper()
	b := NewBuilder(v, 2)
	b.Dir = dir
	b.Progress = progress
	if err := b.Build(n); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestStoreAndProbe opens a directory with the files of up to three
// pieces of both rule sets and probes every position, with either side to
// move, against the builder's values (with -short every probeStride-th
// position).
func TestStoreAndProbe(t *testing.T) {
	schedtest.SkipUnderRace(t, "probes on one goroutine")
	stride := int64(1)
	if testing.Short() {
		stride = probeStride
	}
	dir := t.TempDir()
	var bs [movegen.NumVariants]*Builder
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		var shared string
		bs[v], shared = threePieces(t, v)
		copyDir(t, dir, shared)
	}
	db, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(db.Slices()), int(movegen.NumVariants)*len(Slices(3)); got != want {
		t.Fatalf("%d slices opened, want %d", got, want)
	}
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		if db.Pieces(v) != 3 {
			t.Errorf("%v: Pieces = %d, want 3", v, db.Pieces(v))
		}
		for _, m := range Slices(3) {
			for i := int64(0); i < Size(m); i += stride {
				p := Unindex(m, i, v)
				f := p.Flip()
				want := bs[v].Value(&p)
				if got, gotf := db.Probe(&p), db.Probe(&f); got != want || gotf != want {
					t.Fatalf("%v %s: probe %v, flipped %v, built %v", v, p.FEN(), got, gotf, want)
				}
			}
		}
	}
	p, _ := movegen.ParseFEN("B:W21-32:B1-12", movegen.American)
	if got := db.Probe(&p); got != movegen.Unknown {
		t.Errorf("start position: %v, want unknown", got)
	}
}

// TestProbeAllocs: a probe allocates nothing. (Not under the race
// detector, whose sync.Pool drops items on purpose.)
func TestProbeAllocs(t *testing.T) {
	if schedtest.Race {
		t.Skip("sync.Pool drops items under the race detector")
	}
	_, dir := threePieces(t, movegen.American)
	db, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := movegen.ParseFEN("W:WK1:BK3,K4", movegen.American)
	if a := testing.AllocsPerRun(100, func() { db.Probe(&p) }); a != 0 {
		t.Errorf("Probe allocates %v times", a)
	}
}

// TestResume: a second build reads every slice back; a missing or damaged
// slice is built again, and the values come out the same; what an
// interrupted write left is deleted.
func TestResume(t *testing.T) {
	first, shared := threePieces(t, movegen.Pool)
	dir := copyDir(t, "", shared)
	m := Material{0, 1, 0, 2}
	if err := os.Remove(filepath.Join(dir, FileName(movegen.Pool, m))); err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(dir, FileName(movegen.Pool, Material{1, 0, 0, 1}))
	buf, err := os.ReadFile(damaged)
	if err != nil {
		t.Fatal(err)
	}
	buf[len(buf)/2] ^= 0x40
	if err := os.WriteFile(damaged, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSliceFile(damaged); err == nil {
		t.Fatal("a damaged slice file reads without error")
	}
	stale := filepath.Join(dir, "."+FileName(movegen.Pool, m)+atomicfile.TempInfix+"123")
	if err := os.WriteFile(stale, []byte("half a file"), 0o644); err != nil {
		t.Fatal(err)
	}
	built := map[Material]bool{}
	second := buildTo(t, movegen.Pool, 3, dir, func(p Progress) {
		if p.Finished && !p.Loaded {
			for _, m := range p.Slices {
				built[m] = true
			}
		}
	})
	want := map[Material]bool{m: true, m.Mirror(): true, {1, 0, 0, 1}: true, {0, 1, 1, 0}: true}
	if len(built) != len(want) {
		t.Errorf("built again %v, want %v", built, want)
	}
	for m := range want {
		if !built[m] {
			t.Errorf("%v not built again", m)
		}
	}
	for _, m := range Slices(3) {
		for i := int64(0); i < Size(m); i++ {
			p := Unindex(m, i, movegen.Pool)
			if first.Value(&p) != second.Value(&p) {
				t.Fatalf("%s: %v then %v", p.FEN(), first.Value(&p), second.Value(&p))
			}
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestVerify: a built directory verifies; a slice with one value changed
// does not.
func TestVerify(t *testing.T) {
	b, shared := threePieces(t, movegen.American)
	dir := copyDir(t, "", shared)
	db, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	n, count, bad, err := db.Verify(movegen.American, 2, nil)
	if err != nil || len(bad) != 0 || count != 0 || n != 199520 {
		t.Fatalf("Verify: %d checked, mismatches %v, error %v", n, bad, err)
	}
	m := Material{0, 2, 0, 1}
	s := b.t.slices[m.code()]
	const changed = 1234
	if err := WriteSlice(dir, movegen.American, m, func(i int64) movegen.Result {
		if i == changed {
			return s.get(i).Negate()
		}
		return s.get(i)
	}); err != nil {
		t.Fatal(err)
	}
	if db, err = Open(dir, 0); err != nil {
		t.Fatal(err)
	}
	_, count, bad, err = db.Verify(movegen.American, 1, nil)
	if err != nil || len(bad) == 0 || count < int64(len(bad)) {
		t.Fatalf("Verify after a change: mismatches %v, error %v", bad, err)
	}
	found := false
	for _, mm := range bad {
		if _, i, _ := Index(&mm.Position); i == changed && MaterialOf(&mm.Position) == m {
			found = true
		}
	}
	if !found {
		t.Errorf("the changed position is not among the mismatches %v", bad)
	}
}

// TestCodecSizes measures the run-length code against compress/flate on
// the slices up to four pieces (packed two bits a value, each block
// compressed on its own, as a probe needs). Run with -v for the figures
// in docs/egdb.md.
func TestCodecSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds four pieces")
	}
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		b := builder(t, v)
		var positions, rle, fl int64
		var w *flate.Writer
		for _, m := range Slices(4) {
			s := b.t.slices[m.code()]
			n := s.l.size()
			vals := make([]movegen.Result, BlockPositions)
			prev := movegen.Loss
			for lo := int64(0); lo < n; lo += BlockPositions {
				hi := min(lo+BlockPositions, n)
				for i := lo; i < hi; i++ {
					if p := s.l.position(i, v); !p.HasCapture() {
						prev = s.get(i) // capture positions repeat it, as WriteSlice's caller does
					}
					vals[i-lo] = prev
				}
				rle += int64(len(encodeRLE(nil, vals[:hi-lo])))
				var buf bytes.Buffer
				if w == nil {
					w, _ = flate.NewWriter(&buf, flate.BestCompression)
				} else {
					w.Reset(&buf)
				}
				w.Write(pack(vals[:hi-lo]))
				w.Close()
				fl += int64(buf.Len())
			}
			positions += n
		}
		t.Logf("%v up to 4 pieces: %d positions; run-length %d bytes (%.3f a position), flate %d bytes (%.3f), packed %d",
			v, positions, rle, float64(rle)/float64(positions), fl, float64(fl)/float64(positions), positions/4)
	}
}

// BenchmarkProbe probes a three-piece position: one block decompressed.
func BenchmarkProbe(b *testing.B) {
	dir := b.TempDir()
	bl := NewBuilder(movegen.American, 1)
	bl.Dir = dir
	if err := bl.Build(3); err != nil {
		b.Fatal(err)
	}
	db, err := Open(dir, 0)
	if err != nil {
		b.Fatal(err)
	}
	p, _ := movegen.ParseFEN("W:WK1:BK3,K4", movegen.American)
	b.ReportAllocs()
	for b.Loop() {
		db.Probe(&p)
	}
}

// BenchmarkBuild builds every slice of up to four pieces of each rule set
// in memory on two threads, reporting positions a second.
func BenchmarkBuild(b *testing.B) {
	var size int64
	for _, m := range Slices(4) {
		size += Size(m)
	}
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		b.Run(v.String(), func(b *testing.B) {
			for b.Loop() {
				if err := NewBuilder(v, 2).Build(4); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(size)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// TestStoredValues: a value is stored as its movegen.Result's number (1
// loss, 2 draw, 3 win), so that databases built before keep their meaning.
func TestStoredValues(t *testing.T) {
	tests := []struct {
		value  movegen.Result
		stored byte
	}{
		{movegen.Loss, 1},
		{movegen.Draw, 2},
		{movegen.Win, 3},
	}
	for _, tt := range tests {
		if got := pack([]movegen.Result{tt.value})[0]; got != tt.stored {
			t.Errorf("%v stored as %d, want %d", tt.value, got, tt.stored)
		}
		if got := (&table{packed: []byte{tt.stored << 2}}).get(1); got != tt.value {
			t.Errorf("stored %d read as %v, want %v", tt.stored, got, tt.value)
		}
	}
}

// TestDBTotals: a directory of three rule sets' three-piece slices (the
// first two and the last, so that a rule set is missing between them)
// totals each rule set's slices, positions and file bytes, in the rule
// sets' order; an empty directory has none.
func TestDBTotals(t *testing.T) {
	schedtest.SkipUnderRace(t, "a third rule set's build (the builder's goroutines are raced building the other two)")
	dir := t.TempDir()
	games := []movegen.Variant{movegen.American, movegen.Pool, movegen.NumVariants - 1}
	for _, v := range games {
		_, shared := threePieces(t, v)
		copyDir(t, dir, shared)
	}
	db, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var want [movegen.NumVariants]Totals
	for _, s := range db.Slices() {
		w := &want[s.Variant]
		w.Variant = s.Variant
		w.Slices++
		w.Positions += s.Positions
		w.Bytes += s.FileBytes
	}
	got := db.Totals()
	if len(got) != len(games) || got[0].Positions != 199520 {
		t.Fatalf("totals %+v: want %d rule sets, American's 199,520 positions", got, len(games))
	}
	for i, v := range games {
		if got[i] != want[v] {
			t.Errorf("totals %d: %+v, want %+v", i, got[i], want[v])
		}
	}
	empty, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer empty.Close()
	if got := empty.Totals(); len(got) != 0 {
		t.Errorf("empty: %+v", got)
	}
}
