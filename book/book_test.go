package book

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// smallConfig is a tiny book, built quickly: a few positions from the
// start and one forced line, searched to a few thousand nodes (40
// positions of 2000 nodes, with -short 24 of 1000, and 12 under the race
// detector, which slows the searches tenfold: the workers' races show in
// half the book as well).
func smallConfig(t *testing.T, concurrency int) Config {
	t.Helper()
	cfg := Config{
		Variant: movegen.American, Ballots: []Ballot{lineBallot(t, "11-15", "23-19", "8-11")}, Positions: 40, MainPlies: 3,
		Limits: search.Limits{Nodes: 2000}, Concurrency: concurrency, Seed: 7,
	}
	if testing.Short() {
		cfg.Positions, cfg.Limits.Nodes = 24, 1000
		if schedtest.Race {
			cfg.Positions = 12
		}
	}
	return cfg
}

// smallBuild builds smallConfig's book with resume as the book so far.
func smallBuild(t *testing.T, concurrency int, resume *Book) []Entry {
	t.Helper()
	es, err := Build(context.Background(), smallConfig(t, concurrency), resume)
	if err != nil {
		t.Fatal(err)
	}
	return es
}

// oneWorker is smallBuild on one worker, built once for the tests that
// read it.
var oneWorker struct {
	once sync.Once
	es   []Entry
	err  error
}

// smallBook returns smallBuild(t, 1, nil), built on the first call; the
// callers must not change it.
func smallBook(t *testing.T) []Entry {
	t.Helper()
	oneWorker.once.Do(func() {
		oneWorker.es, oneWorker.err = Build(context.Background(), smallConfig(t, 1), nil)
	})
	if oneWorker.err != nil {
		t.Fatal(oneWorker.err)
	}
	return oneWorker.es
}

// lineBallot returns the American ballot of the moves.
func lineBallot(t *testing.T, moves ...string) Ballot {
	t.Helper()
	b := Ballot{Num: 1, Pos: movegen.StartPosition(movegen.American)}
	for _, s := range moves {
		m, err := b.Pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		b.Moves = append(b.Moves, m)
		b.Pos.MakeMove(m)
	}
	return b
}

func encode(t *testing.T, v movegen.Variant, es []Entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, v, es); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestShippedBook: each shipped book reads, is of its rule set, every
// stored move is legal in its position, every position holds all its legal
// moves, and the start position is in it.
func TestShippedBook(t *testing.T) {
	for v := range movegen.NumVariants {
		b, err := Default(v)
		if err != nil {
			t.Fatal(err)
		}
		if b.Variant() != v {
			t.Errorf("Default(%v) is a book of %v", v, b.Variant())
		}
		if err := b.Verify(); err != nil {
			t.Fatal(err)
		}
		b.Each(func(e Entry) bool {
			var ml movegen.MoveList
			e.Pos.GenerateMoves(&ml)
			if len(e.Moves) != ml.N {
				t.Errorf("%s: %d moves stored, %d legal", e.Pos.FEN(), len(e.Moves), ml.N)
				return false
			}
			for _, m := range e.Moves {
				if !e.Pos.IsLegal(m.Move) {
					t.Errorf("%s: %s is not legal", e.Pos.FEN(), m.Move)
					return false
				}
			}
			return true
		})
		if len(b.Probe(movegen.StartPosition(v))) == 0 {
			t.Errorf("the start position is not in the shipped %s book", v.Rules().Name)
		}
	}
	if _, err := Default(movegen.NumVariants); err == nil {
		t.Error("Default of no rule set: no error")
	}
}

// TestRoundTrip: a built book written and read back answers the same
// moves, scores and counts, and writing it again gives the same bytes.
func TestRoundTrip(t *testing.T) {
	es := smallBook(t)
	data := encode(t, movegen.American, es)
	b, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if b.Positions() != len(es) {
		t.Fatalf("%d positions read, %d written", b.Positions(), len(es))
	}
	for _, e := range es {
		got := b.Probe(e.Pos)
		if len(got) != len(e.Moves) {
			t.Fatalf("%s: %d moves read, %d written", e.Pos.FEN(), len(got), len(e.Moves))
		}
		for _, w := range e.Moves {
			found := false
			for _, g := range got {
				found = found || g.Move.Same(w.Move) && g.Score == w.Score && g.Count == w.Count
			}
			if !found {
				t.Fatalf("%s: move %s (%d, %d) not read back", e.Pos.FEN(), w.Move, w.Score, w.Count)
			}
		}
	}
	var again []Entry
	b.Each(func(e Entry) bool { again = append(again, e); return true })
	if !bytes.Equal(encode(t, movegen.American, again), data) {
		t.Error("writing the read book again gives other bytes")
	}
	if err := b.Verify(); err != nil {
		t.Error(err)
	}
}

// TestBuildReproducible: the same settings give the same book with one or
// two workers, and a build continued from part of a book ends where a
// whole build does.
func TestBuildReproducible(t *testing.T) {
	one := encode(t, movegen.American, smallBook(t))
	two := encode(t, movegen.American, smallBuild(t, 2, nil))
	if !bytes.Equal(one, two) {
		t.Fatal("one and two workers built different books")
	}
	// An interrupted build: cancel after the first checkpoint.
	ctx, cancel := context.WithCancel(context.Background())
	var part []Entry
	cfg := smallConfig(t, 1)
	cfg.Checkpoint = func(es []Entry) error { part = es; cancel(); return nil }
	_, err := Build(ctx, cfg, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled build: %v", err)
	}
	b, err := Parse(encode(t, movegen.American, part))
	if err != nil {
		t.Fatal(err)
	}
	if b.Positions() == 0 || b.Positions() >= cfg.Positions {
		t.Fatalf("the interrupted build wrote %d positions", b.Positions())
	}
	if resumed := encode(t, movegen.American, smallBuild(t, 1, b)); !bytes.Equal(resumed, one) {
		t.Error("the continued build differs from the whole one")
	}
	if _, err := Build(context.Background(), Config{Variant: movegen.American}, nil); !errors.Is(err, ErrNoLimit) {
		t.Errorf("build without limits: %v, want ErrNoLimit", err)
	}
	bare, err := ReadBallots(strings.NewReader("B:W21-32:B1-12\n"), movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ballot Ballot
		v      movegen.Variant
		want   string
	}{
		{lineBallot(t, "11-15"), movegen.Pool, "book: ballot 1 (11-15) is a position of american, the build is of pool"},
		{bare[0], movegen.American, "book: ballot 1 has no moves from the start position"},
	} {
		cfg := Config{Variant: tc.v, Ballots: []Ballot{tc.ballot}, Limits: search.Limits{Nodes: 1}}
		if _, err := Build(context.Background(), cfg, nil); err == nil || err.Error() != tc.want {
			t.Errorf("build with %s: %v, want %q", tc.ballot.Label(), err, tc.want)
		}
	}
}

// TestBuildPrescreen: with a prescreen the build searches fewer positions
// to its limits, keeps the prescreen's score for the rest, and stays
// independent of the workers and of interruptions.
func TestBuildPrescreen(t *testing.T) {
	schedtest.SkipUnderRace(t, "two prescreened builds and two plain ones (TestBuildReproducible races one and two workers)")
	var last Progress
	config := func(concurrency int) Config {
		cfg := smallConfig(t, concurrency)
		cfg.Prescreen = search.Limits{Nodes: cfg.Limits.Nodes / 10}
		cfg.PrescreenMargin = 30 // a small book's moves are close: a small margin screens some
		cfg.Progress = func(p Progress) { last = p }
		return cfg
	}
	screened := func(concurrency int, resume *Book) []byte {
		es, err := Build(context.Background(), config(concurrency), resume)
		if err != nil {
			t.Fatal(err)
		}
		return encode(t, movegen.American, es)
	}
	one := screened(1, nil)
	if last.Screened == 0 || last.Searches == 0 {
		t.Fatalf("prescreened build: %d searches, %d screened; want both", last.Searches, last.Screened)
	}
	if two := screened(2, nil); !bytes.Equal(one, two) {
		t.Fatal("one and two workers built different prescreened books")
	}
	screenedRun := last
	plain := smallConfig(t, 1)
	plain.Progress = func(p Progress) { last = p }
	if _, err := Build(context.Background(), plain, nil); err != nil {
		t.Fatal(err)
	}
	if screenedRun.Searches >= last.Searches {
		t.Errorf("%d searches with the prescreen, %d without", screenedRun.Searches, last.Searches)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var part []Entry
	cfg := config(1)
	cfg.Checkpoint = func(es []Entry) error { part = es; cancel(); return nil }
	if _, err := Build(ctx, cfg, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled build: %v", err)
	}
	b, err := Parse(encode(t, movegen.American, part))
	if err != nil {
		t.Fatal(err)
	}
	if resumed := screened(1, b); !bytes.Equal(resumed, one) {
		t.Error("the continued prescreened build differs from the whole one")
	}
}

// TestCorrupt: every damaged file is an error wrapping ErrFormat (or
// ErrVersion), never a panic or a book.
func TestCorrupt(t *testing.T) {
	data := encode(t, movegen.American, smallBook(t))
	for n := 0; n < len(data); n += max(1, len(data)/200) {
		if _, err := Parse(data[:n]); !errors.Is(err, ErrFormat) {
			t.Fatalf("truncated to %d bytes: %v, want ErrFormat", n, err)
		}
	}
	mutate := func(f func(d []byte)) []byte {
		d := bytes.Clone(data)
		f(d)
		return d
	}
	fixSum := func(d []byte) {
		binary.LittleEndian.PutUint32(d[20:], crc32.Checksum(d[HeaderSize:], castagnoli))
	}
	tests := []struct {
		name string
		data []byte
		want error
	}{
		{"magic", mutate(func(d []byte) { d[0] = 'X' }), ErrFormat},
		{"version", mutate(func(d []byte) { d[8] = 9 }), ErrVersion},
		{"rule set", mutate(func(d []byte) { d[10] = byte(movegen.NumVariants) }), ErrFormat},
		{"position count", mutate(func(d []byte) { d[12]++ }), ErrFormat},
		{"flipped bit", mutate(func(d []byte) { d[len(d)-3] ^= 4 }), ErrFormat},
		{"extra byte", append(bytes.Clone(data), 0), ErrFormat},
		{"overlapping pieces", mutate(func(d []byte) { d[HeaderSize+4] |= d[HeaderSize]; fixSum(d) }), ErrFormat},
		{"no moves", mutate(func(d []byte) { d[HeaderSize+13] = 0; fixSum(d) }), ErrFormat},
		{"order", mutate(func(d []byte) {
			a, b := d[HeaderSize:HeaderSize+PositionSize], d[HeaderSize+PositionSize:HeaderSize+2*PositionSize]
			tmp := bytes.Clone(a)
			copy(a, b)
			copy(b, tmp)
			fixSum(d)
		}), ErrFormat},
	}
	for _, tc := range tests {
		if b, err := Parse(tc.data); !errors.Is(err, tc.want) || b != nil {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.book")); err == nil {
		t.Error("Load of a missing file: no error")
	}
}

// TestLevels: each level chooses among the moves it documents.
func TestLevels(t *testing.T) {
	p := movegen.StartPosition(movegen.American)
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	moves := []Move{
		{Move: ml.Moves[0], Score: 10}, {Move: ml.Moves[1], Score: 10 - GoodMargin},
		{Move: ml.Moves[2], Score: 10 - GoodMargin - 1}, {Move: ml.Moves[3], Score: 10 - VarietyMargin},
		{Move: ml.Moves[4], Score: 10 - VarietyMargin - 1},
	}
	tests := []struct {
		level Level
		want  int // candidates: the first want moves
	}{
		{Off, 0}, {AllGood, 4}, {Good, 2}, {Best, 1}, {NumLevels, 0}, {-1, 0},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range tests {
		if got := tc.level.Candidates(moves); len(got) != tc.want {
			t.Errorf("%v: %d candidates, want %d", tc.level, len(got), tc.want)
		}
		seen := map[int]bool{}
		for range 200 {
			m, ok := tc.level.Choose(moves, rng)
			if ok != (tc.want > 0) {
				t.Fatalf("%v: Choose ok=%v", tc.level, ok)
			}
			for i := range moves {
				if ok && m.Move.Same(moves[i].Move) {
					seen[i] = true
					if i >= tc.want {
						t.Fatalf("%v chose move %d, outside its %d candidates", tc.level, i, tc.want)
					}
				}
			}
		}
		if len(seen) != tc.want {
			t.Errorf("%v: 200 choices found %d of its %d candidates", tc.level, len(seen), tc.want)
		}
	}
	for l := Off; l < NumLevels; l++ {
		if err := l.Check(); err != nil {
			t.Error(err)
		}
	}
	if NumLevels.Check() == nil || Level(-1).Check() == nil {
		t.Error("Check accepts a level out of range")
	}
	// The same seed chooses the same moves.
	b, err := Default(movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	play := func(seed uint64) string {
		rng := rand.New(rand.NewPCG(seed, 0))
		pos := movegen.StartPosition(movegen.American)
		var line []movegen.Move
		for {
			m, ok := b.Pick(pos, AllGood, rng)
			if !ok {
				return pos.FormatLine(line)
			}
			line = append(line, m.Move)
			pos.MakeMove(m.Move)
		}
	}
	if play(3) != play(3) {
		t.Error("the same seed played different book lines")
	}
	if len(b.MainLine(movegen.StartPosition(movegen.American), 100)) == 0 {
		t.Error("no main line from the start")
	}
}

// FuzzParse: no input panics Parse, and a book it accepts can be probed
// and verified.
func FuzzParse(f *testing.F) {
	var buf bytes.Buffer
	p := movegen.StartPosition(movegen.American)
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	if err := Write(&buf, movegen.American, []Entry{{Pos: p, Moves: []Move{{Move: ml.Moves[0], Score: 3, Count: 1}}}}); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte(Magic))
	f.Add(americanBook[:min(len(americanBook), 4096)])
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data)
		if err != nil {
			if b != nil {
				t.Fatal("a book with an error")
			}
			return
		}
		_ = b.Verify()
		b.Each(func(e Entry) bool {
			b.Probe(e.Pos)
			return true
		})
		b.Probe(p)
	})
}

// BenchmarkParseShipped reads the shipped book, as the first use of
// Default does: the time a program pays to load it.
func BenchmarkParseShipped(b *testing.B) {
	for range b.N {
		if _, err := Parse(americanBook); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProbe probes the start position of the shipped book.
func BenchmarkProbe(b *testing.B) {
	bk, err := Default(movegen.American)
	if err != nil {
		b.Fatal(err)
	}
	p := movegen.StartPosition(movegen.American)
	for range b.N {
		if len(bk.Probe(p)) == 0 {
			b.Fatal("no moves")
		}
	}
}

// TestSelect: a front end's book is the one it loaded when that is for
// the rule set, the shipped one when it loaded none, else an error.
func TestSelect(t *testing.T) {
	am, err := Default(movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := Default(movegen.Pool)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		loaded *Book
		v      movegen.Variant
		want   *Book
	}{
		{nil, movegen.American, am},
		{nil, movegen.Pool, pool},
		{am, movegen.American, am},
		{am, movegen.Pool, nil},
	}
	for _, tt := range tests {
		got, err := Select(tt.loaded, tt.v)
		if got != tt.want || (err != nil) != (tt.want == nil) {
			t.Errorf("Select(%p, %v) = %p, %v; want %p", tt.loaded, tt.v, got, err, tt.want)
		}
	}
}

// TestOpen: a command's book is the file it names, if that is a book of
// the rule set, or the shipped one when it names none.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "american.book")
	if err := os.WriteFile(path, americanBook, 0o644); err != nil {
		t.Fatal(err)
	}
	pool, err := Default(movegen.Pool)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		v    movegen.Variant
		err  string // the start of the error, if any
	}{
		{path, movegen.American, ""},
		{"", movegen.Pool, ""},
		{path, movegen.Pool, path + ": a book of american, not pool"},
		{filepath.Join(dir, "none.book"), movegen.American, "book: open "},
	}
	for _, tc := range tests {
		b, err := Open(tc.path, tc.v)
		switch {
		case tc.err != "":
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("Open(%q, %v): error %v, want one starting %q", tc.path, tc.v, err, tc.err)
			}
		case err != nil || b.Variant() != tc.v:
			t.Errorf("Open(%q, %v) = a book of %v, %v", tc.path, tc.v, b.Variant(), err)
		case tc.path == "" && b != pool:
			t.Errorf("Open(\"\", %v) is not the shipped book", tc.v)
		}
	}
}

// TestShippedBookCoverage: the shipped American book's size is its file's,
// and it holds every ballot of the deck with a main line beyond it.
func TestShippedBookCoverage(t *testing.T) {
	b, err := Default(movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	var entries []Entry
	b.Each(func(e Entry) bool { entries = append(entries, e); return true })
	var file bytes.Buffer
	if err := Write(&file, movegen.American, entries); err != nil {
		t.Fatal(err)
	}
	if b.Size() != file.Len() {
		t.Errorf("Size %d, the file %d bytes", b.Size(), file.Len())
	}
	deck, err := SelectBallots("deck", movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	depths := b.BallotDepths(deck)
	if len(depths) != len(deck) || depths[0] < 1 || depths[0] > depths[len(depths)-1] {
		t.Errorf("%d ballots of %d in the book, depths %v", len(depths), len(deck), depths)
	}
}

func TestProgressString(t *testing.T) {
	tests := []struct {
		p    Progress
		want string
	}{
		{Progress{Target: 100}, "book [..............................] 0/100 positions  0 searches  main line >= 0  forced 0  elapsed 0s  left ?"},
		{Progress{Positions: 50, Target: 100, Searches: 60, MinMain: 4, Forced: 2, Elapsed: 10 * time.Second},
			"book [###############...............] 50/100 positions  60 searches  main line >= 4  forced 2  elapsed 10s  left ~10s"},
		// A continued run: its rate is of the positions it added.
		{Progress{Positions: 50, Resumed: 40, Target: 100, Searches: 30, Screened: 12, MinMain: 4, Elapsed: 10 * time.Second},
			"book [###############...............] 50/100 positions  30 searches  12 screened  main line >= 4  forced 0  elapsed 10s  left ~50s"},
		{Progress{Positions: 120, Resumed: 110, Target: 100, Elapsed: time.Second},
			"book [##############################] 120/100 positions  0 searches  main line >= 0  forced 0  elapsed 1s  left ~0s"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
}
