package egdb

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// openBuilt opens a directory holding every slice of up to n pieces of
// v: the shared three-piece build, or a new one.
func openBuilt(t *testing.T, v movegen.Variant, n int) *DB {
	t.Helper()
	var dir string
	if n == 3 {
		_, dir = threePieces(t, v)
	} else {
		dir = buildTo(t, v, n, t.TempDir(), nil).Dir
	}
	db, err := Open(dir, 4)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

// TestDTC checks every distance of the slices of up to four pieces (with
// -short every dtcStride-th position of up to three) of both rule sets
// against its successors: a
// capture pending converts in one ply, as does a win with a man's move
// that keeps it and a loss with only men to move; a loss without a move
// is at 0; a win is one more than its shortest king's move into a loss, a
// loss one more than its longest king's move; draws have none. Playing
// DTCMove for both sides from a won position converts in exactly its
// distance. And in Pool, three kings win against one within the
// thirteen-move count wherever they win at all, which is what lets the
// engine's play keep to it.
func TestDTC(t *testing.T) {
	schedtest.SkipUnderRace(t, "probes on one goroutine")
	n, stride := 4, int64(1)
	if testing.Short() {
		n, stride = 3, dtcStride
	}
	for _, v := range []movegen.Variant{movegen.American, movegen.Pool} {
		db := openBuilt(t, v, n)
		first := Unindex(Material{0, 1, 0, 1}, 0, v)
		if _, ok := db.DTC(&first); ok {
			t.Errorf("%v: a distance before LoadDTC", v)
		}
		for _, m := range Slices(n) {
			p := Unindex(m, 0, v)
			if err := db.LoadDTC(&p); err != nil {
				t.Fatal(err)
			}
		}
		longest := map[Material]int{}
		var ml movegen.MoveList
		for _, m := range Slices(n) {
			for i := int64(0); i < Size(m); i += stride {
				p := Unindex(m, i, v)
				if i%2 == 1 {
					p = p.Flip() // White to move as well
				}
				val := db.Probe(&p)
				d, ok := db.DTC(&p)
				if ok != (val != movegen.Draw) {
					t.Fatalf("%v %s: %v with distance %d, %v", v, p.FEN(), val, d, ok)
				}
				if !ok {
					continue
				}
				if val == movegen.Win {
					longest[m] = max(longest[m], d)
				}
				if want := wantDTC(t, db, &p, val, &ml); d != want {
					t.Fatalf("%v %s: %v in %d plies, its successors say %d", v, p.FEN(), val, d, want)
				}
				if val == movegen.Win && i/stride%97 == 0 {
					checkConverts(t, db, p, d)
				}
			}
		}
		t.Logf("%v: longest win by slice %v", v, longest)
		if limit := 2*v.Rules().ThreeKingsMoves - 1; v == movegen.Pool && n >= 4 && longest[Material{0, 3, 0, 1}] > limit {
			t.Errorf("Pool three kings against one: a win takes %d plies, more than the count's %d", longest[Material{0, 3, 0, 1}], limit)
		}
	}
}

// dtcStride thins TestDTC's positions with -short, where the race detector
// slows the successors' probes some ten times; an odd stride checks both
// sides to move of every slice.
const dtcStride = 5

// wantDTC returns the distance p's successors give it (p is won or lost).
func wantDTC(t *testing.T, db *DB, p *movegen.Position, val movegen.Result, ml *movegen.MoveList) int {
	t.Helper()
	if p.HasCapture() {
		return 1
	}
	if p.GenerateMoves(ml); ml.N == 0 {
		return 0
	}
	want := -1
	for _, mv := range ml.Slice() {
		q := *p
		q.MakeMove(mv)
		dq, okq := db.DTC(&q)
		king := p.Kings.Has(mv.From)
		switch {
		case val == movegen.Win && db.Probe(&q) == movegen.Loss && !king:
			return 1
		case val == movegen.Win && db.Probe(&q) == movegen.Loss && (want < 0 || dq+1 < want):
			want = dq + 1
		case val == movegen.Loss && !king:
		case val == movegen.Loss && !okq:
			t.Fatalf("%v %s: lost, but %v leads to %s with no distance", p.Variant, p.FEN(), mv, q.FEN())
		case val == movegen.Loss:
			want = max(want, dq+1)
		}
	}
	if want < 0 && val == movegen.Loss {
		return 1 // only men to move
	}
	return want
}

// checkConverts plays DTCMove for both sides from p, won in d plies, and
// fails unless a conversion comes (a capture or a man's move, or the loser
// has no move) in exactly d plies, the winner keeping the win throughout.
func checkConverts(t *testing.T, db *DB, p movegen.Position, d int) {
	t.Helper()
	winner := p.Turn
	for ply := 0; ; ply++ {
		mv, left, ok := db.DTCMove(&p)
		if !ok {
			var ml movegen.MoveList
			if p.GenerateMoves(&ml); ml.N == 0 && ply == d && p.Turn != winner {
				return
			}
			t.Fatalf("%v %s: no move by distance after %d plies of %d", p.Variant, p.FEN(), ply, d)
		}
		if left != d-ply {
			t.Fatalf("%v %s: %d plies left after %d of %d", p.Variant, p.FEN(), left, ply, d)
		}
		conversion := mv.IsCapture() || !p.Kings.Has(mv.From)
		if p.MakeMove(mv); conversion {
			if want := movegen.Win; ply+1 != d || db.Probe(&p) != want && p.Turn == winner || db.Probe(&p) != want.Negate() && p.Turn != winner {
				t.Fatalf("%v: converted after %d plies of %d, then %s is %v", p.Variant, ply+1, d, p.FEN(), db.Probe(&p))
			}
			return
		}
	}
}

// TestDTCPanic: a panic in the distance builder (a bug, injected here) is
// the pair's error for LoadDTC and every later StartDTC, and the pair has
// no distances; the process goes on.
func TestDTCPanic(t *testing.T) {
	db := openBuilt(t, movegen.American, 3)
	undo := fault.Inject(fault.DistanceBuilder, func() { panic("injected") })
	defer undo()
	p, err := movegen.ParseFEN("W:WK1:BK14,K23", movegen.American) // two kings against one
	if err != nil {
		t.Fatal(err)
	}
	if err := db.StartDTC(&p); err != nil {
		t.Fatalf("StartDTC before any build: %v", err)
	}
	err = db.LoadDTC(&p)
	var pe *fault.PanicError
	if !errors.As(err, &pe) || pe.Value != "injected" || !strings.Contains(err.Error(), "egdb distances of ") {
		t.Fatalf("LoadDTC: %v, want the injected panic", err)
	}
	if again := db.StartDTC(&p); again != err {
		t.Errorf("StartDTC after the failed build: %v, want %v", again, err)
	}
	if _, ok := db.DTC(&p); ok {
		t.Error("a distance from a failed build")
	}
}

// TestInChunksPanic: a panic in one of inChunks's goroutines is the run's
// error, and the others stop taking chunks.
func TestInChunksPanic(t *testing.T) {
	const chunks = 64
	var worked atomic.Int64
	err := inChunks("test run", chunks*chunkPositions, 4, func() func(lo, hi int64) {
		return func(lo, hi int64) {
			if lo == 3*chunkPositions {
				panic("bad chunk")
			}
			time.Sleep(time.Millisecond)
			worked.Add(1)
		}
	}).Wait()
	if err == nil || !strings.Contains(err.Error(), "test run: panic: bad chunk") {
		t.Fatalf("error %v, want the chunk's panic", err)
	}
	if n := worked.Load(); n >= chunks-1 {
		t.Errorf("%d chunks worked after the panic, want the others stopped", n)
	}
	if err := inChunks("quiet run", chunks*chunkPositions, 4, func() func(lo, hi int64) {
		return func(lo, hi int64) {}
	}).Wait(); err != nil {
		t.Errorf("a run without panic: %v", err)
	}
}

// TestAnswer: a won or lost position of kings comes with its distance and
// a move by it, a drawn one with a move that keeps the draw, and a position
// out of the database is an error.
func TestAnswer(t *testing.T) {
	_, dir := threePieces(t, movegen.American)
	db, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, c := range []struct {
		fen      string
		value    movegen.Result
		dtc, has bool
	}{
		{"B:WK1:BK3,K4", movegen.Win, true, true},
		{"W:WK1:BK3,K4", movegen.Loss, true, true},
		{"B:WK11:BK3,K4", movegen.Draw, false, true},
	} {
		p, err := movegen.ParseFEN(c.fen, movegen.American)
		if err != nil {
			t.Fatal(err)
		}
		a, err := db.Answer(&p)
		if err != nil || a.Value != c.value || a.DTC != c.dtc || a.HasMove != c.has || c.dtc && a.Plies < 1 || !p.IsLegal(a.Move) {
			t.Errorf("%s: %+v, %v", c.fen, a, err)
		}
	}
	start := movegen.StartPosition(movegen.American)
	if a, err := db.Answer(&start); err == nil || a.Value != movegen.Unknown || !strings.Contains(err.Error(), "not in the database") {
		t.Errorf("the start position: %+v, %v", a, err)
	}
}

// TestStoredDTC writes the distances files of every pair of up to three
// pieces and reads them back in a DB that builds no distances in memory
// beyond two pieces: every position of three has the distance the
// in-memory build gives it (with -short every dtcStride-th), a second run
// finds every file present, and a damaged file is the pair's error,
// naming it.
func TestStoredDTC(t *testing.T) {
	schedtest.SkipUnderRace(t, "probes on one goroutine")
	stride := int64(1)
	if testing.Short() {
		stride = dtcStride
	}
	const v = movegen.American
	_, shared := threePieces(t, v)
	dir := copyDir(t, "", shared)
	open := func() *DB {
		db, err := Open(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(db.Close)
		db.dtcBuild = 2
		return db
	}
	db := open()
	threeM := Material{0, 2, 0, 1}
	three := Unindex(threeM, 7, v)
	if err := db.LoadDTC(&three); db.HasDTC(&three) || err == nil || !strings.Contains(err.Error(), "crown egdb distances") {
		t.Fatalf("three pieces without files: HasDTC %v, LoadDTC %v", db.HasDTC(&three), err)
	}
	if n := db.DistancePieces(v); n != 2 {
		t.Fatalf("DistancePieces without files: %d, want 2", n)
	}
	var reports []DistancesProgress
	if err := db.WriteDistances(v, 3, func(p DistancesProgress) { reports = append(reports, p) }); err != nil {
		t.Fatal(err)
	}
	last := reports[len(reports)-1]
	if len(reports) != 2*len(pairs(3)) || reports[0].Finished || last.Done != last.Total || last.Present || !last.Finished {
		t.Fatalf("reports: %d for %d pairs, the first %+v, the last %+v", len(reports), len(pairs(3)), reports[0], last)
	}
	if !db.HasDTC(&three) || db.DistancePieces(v) != 3 || db.DistancePieces(movegen.Pool) != 0 {
		t.Fatalf("after WriteDistances: HasDTC %v, DistancePieces %d (Pool %d), want true, 3, 0",
			db.HasDTC(&three), db.DistancePieces(v), db.DistancePieces(movegen.Pool))
	}

	stored, built := open(), openBuilt(t, v, 3)
	for _, m := range Slices(3) {
		p := Unindex(m, 0, v)
		for _, d := range []*DB{stored, built} {
			if err := d.LoadDTC(&p); err != nil {
				t.Fatal(err)
			}
		}
		for i := int64(0); i < Size(m); i += stride {
			p := Unindex(m, i, v)
			if i%2 == 1 {
				p = p.Flip()
			}
			ds, oks := stored.DTC(&p)
			db, okb := built.DTC(&p)
			if ds != db || oks != okb {
				t.Fatalf("%s: stored %d %v, built %d %v", p.FEN(), ds, oks, db, okb)
			}
		}
	}

	reports = reports[:0]
	if err := stored.WriteDistances(v, 3, func(p DistancesProgress) { reports = append(reports, p) }); err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		if !r.Present || !r.Finished {
			t.Fatalf("a second run built %v", r.Pair)
		}
	}
	if err := stored.WriteDistances(v, 4, nil); err == nil || !strings.Contains(err.Error(), "to 3 pieces") {
		t.Errorf("distances of 4 pieces from a 3-piece database: %v", err)
	}

	name := filepath.Join(dir, distFiles.name(v, threeM))
	data, err := os.ReadFile(name)
	if err == nil {
		data[len(data)/2] ^= 0xFF
		err = os.WriteFile(name, data, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := open().LoadDTC(&three); err == nil || !strings.Contains(err.Error(), name) {
		t.Errorf("a damaged distances file: %v", err)
	}
}
