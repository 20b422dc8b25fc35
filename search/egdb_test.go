package search

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// buildDB builds every slice of up to n pieces of the given rule sets into
// a new directory and opens it, with a cache of 64 MiB, until the test's
// end.
func buildDB(t *testing.T, n int, vs ...movegen.Variant) *egdb.DB {
	t.Helper()
	dir := t.TempDir()
	for _, v := range vs {
		b := egdb.NewBuilder(v, 2)
		b.Dir = dir
		if err := b.Build(n); err != nil {
			t.Fatal(err)
		}
	}
	return openDB(t, dir, testCacheMiB)
}

// testCacheMiB is the block cache of the tests' databases.
const testCacheMiB = 64

// openDB opens the database in dir until the test's end.
func openDB(t *testing.T, dir string, cacheMiB int) *egdb.DB {
	t.Helper()
	db, err := egdb.Open(dir, cacheMiB)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

// wonSet says which database-won positions a test plays.
type wonSet struct {
	v         movegen.Variant
	pieces    int // exactly this many
	count     int
	hardDepth int // a plain search (no database) to this depth does not see the win
	minLoser  int // the losing side has at least this many pieces
	seed      uint64
}

// wonPositions draws the positions of ws that db says the side to move
// wins, with no capture pending for either side and with the loser having
// a move, by a fixed seed; either side to move. A win a plain search sees
// needs no database, so those are left out.
func wonPositions(t *testing.T, db *egdb.DB, ws wonSet) []movegen.Position {
	v, n, count, seed := ws.v, ws.pieces, ws.count, ws.seed
	plain := newEngine(t, Options{HashMiB: 1})
	r := rand.New(rand.NewPCG(seed, 0))
	var slices []egdb.Material
	for _, m := range egdb.Slices(n) {
		if m.Pieces() == n {
			slices = append(slices, m)
		}
	}
	var out []movegen.Position
	var ml movegen.MoveList
	for len(out) < count {
		m := slices[r.IntN(len(slices))]
		p := egdb.Unindex(m, r.Int64N(egdb.Size(m)), v)
		if r.IntN(2) == 1 {
			p = p.Flip()
		}
		q := p.Flip()
		if p.HasCapture() || q.HasCapture() || p.Pieces[p.Turn^1].Count() < ws.minLoser || db.Probe(&p) != movegen.Win {
			continue
		}
		if q.GenerateMoves(&ml); ml.N == 0 {
			continue
		}
		if searchOK(t, plain, context.Background(), Request{Pos: p, Limits: Limits{Depth: ws.hardDepth}}).Score >= WinThreshold {
			continue
		}
		out = append(out, p)
	}
	return out
}

// playWon plays every position of ps out with e on both sides and, if
// required, fails for each that is not won by its side to move within the
// rules (the move-count rule, Pool's three-kings count, repetition); it
// logs each game. It returns the plies the wins took.
func playWon(t *testing.T, e *Engine, ps []movegen.Position, l Limits, required bool) (plies []int) {
	t.Helper()
	for _, p := range ps {
		loadReachableDTC(t, e.EGDB(), p)
		e.Clear()
		o := playOut(t, e, p, l, 1000)
		if o.drawn || o.winner != p.Turn {
			if required {
				t.Errorf("%v %s: %+v, want a win for %v", p.Variant, p.FEN(), o, p.Turn)
			} else {
				t.Logf("%v %s: %+v, not a win for %v", p.Variant, p.FEN(), o, p.Turn)
			}
			continue
		}
		t.Logf("%v %s: won in %d plies", p.Variant, p.FEN(), o.plies)
		plies = append(plies, o.plies)
	}
	return plies
}

// loadReachableDTC computes at once the distances of every slice p's game
// can reach. In play they come in the background (StartDTC), and a search
// that meets a slice still being built plays without them, at a pace that
// depends on the machine's load; loaded here before the game, every move is
// the same on any machine, and the games replay.
func loadReachableDTC(t *testing.T, db *egdb.DB, p movegen.Position) {
	t.Helper()
	// A side's men and pieces never grow: captures remove them, promotions
	// turn men into kings.
	reachable := func(q *movegen.Position, c movegen.Colour) bool {
		return q.Men(c).Count() <= p.Men(c).Count() && q.Pieces[c].Count() <= p.Pieces[c].Count()
	}
	for _, m := range egdb.Slices(p.Occupied().Count()) {
		q := egdb.Unindex(m, 0, p.Variant)
		if !reachable(&q, movegen.Black) || !reachable(&q, movegen.White) {
			continue
		}
		if err := db.LoadDTC(&q); err != nil {
			t.Fatal(err)
		}
	}
}

func mean(xs []int) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0
	for _, x := range xs {
		s += x
	}
	return float64(s) / float64(len(xs))
}

// firstPosition is the classic ending every player learns, won for White
// only with the right technique.
const firstPosition = "W:WK19,K23:BK28,12"

// TestEGDBPlayShort: with a 4-piece database built here, the engine wins
// database-won 4-piece positions of both rule sets playing both sides (six
// American and four Pool; with -short three American ones at fewer nodes),
// and First Position.
// Pool's are two against two: a lone king against three kings draws by
// the thirteen-move count more often than not, which the database's
// values ignore (TestEGDBPlay5 measures it). Under the race detector the
// build alone takes minutes: make test runs this test once more without.
func TestEGDBPlayShort(t *testing.T) {
	if schedtest.Race {
		t.Skip("the 4-piece build takes minutes under the race detector; make test runs this test without it")
	}
	sets := []wonSet{
		{v: movegen.American, pieces: 4, count: 6, hardDepth: 12, minLoser: 1, seed: 1},
		{v: movegen.Pool, pieces: 4, count: 4, hardDepth: 12, minLoser: 2, seed: 2},
	}
	vs := []movegen.Variant{movegen.American, movegen.Pool}
	if testing.Short() {
		sets, vs = sets[:1], vs[:1] // Pool's half, its build the larger, in the full run only
	}
	e := newEngine(t, Options{HashMiB: 8, EGDB: buildDB(t, 4, vs...)})
	if e.EGDB() == nil {
		t.Fatal("the database did not open")
	}
	for _, ws := range sets {
		nodes := uint64(50000)
		if testing.Short() {
			ws.count /= 2
			nodes = 20000
		}
		ps := wonPositions(t, e.EGDB(), ws)
		if ws.v == movegen.American {
			ps = append(ps, mustFEN(t, firstPosition, movegen.American))
		}
		plies := playWon(t, e, ps, Limits{Nodes: nodes}, true)
		t.Logf("%v: %d of %d won, %.1f plies on average", ws.v, len(plies), len(ps), mean(plies))
	}
}

// egdb5Env names the directory of a database of up to 5 pieces (either
// rule set or both) for TestEGDBPlay5.
const egdb5Env = "CROWN_EGDB5"

// TestEGDBPlay5: with a 5-piece database the engine wins every
// database-won 5-piece position of a test set, playing both sides at
// 300,000 nodes a move (about a tenth of a second), within the rules'
// counts: 30 American positions and 30 Pool positions whose loser has two
// pieces or more, none of them a win a plain search sees (to depth 16 in
// American, 12 in Pool, whose flying kings make depth 16 take seconds a
// position).
// Pool's positions against a lone piece, which often come down to three
// kings against one and its thirteen-move count, are played and counted
// too, but not required. The database comes from $CROWN_EGDB5 (crown egdb
// build --pieces 5, about two minutes a rule set); without it the test is
// skipped.
func TestEGDBPlay5(t *testing.T) {
	dir := os.Getenv(egdb5Env)
	if dir == "" || testing.Short() {
		t.Skip("set " + egdb5Env + " to a 5-piece database directory (and run without -short)")
	}
	e := newEngine(t, Options{HashMiB: 32, EGDB: openDB(t, dir, testCacheMiB)})
	db := e.EGDB()
	if db == nil {
		t.Fatalf("%s does not open", dir)
	}
	played := 0
	for _, c := range []struct {
		ws       wonSet
		required bool
	}{
		{wonSet{v: movegen.American, pieces: 5, count: 30, hardDepth: 16, minLoser: 1, seed: 11}, true},
		{wonSet{v: movegen.Pool, pieces: 5, count: 30, hardDepth: 12, minLoser: 2, seed: 12}, true},
		{wonSet{v: movegen.Pool, pieces: 5, count: 10, hardDepth: 12, minLoser: 1, seed: 13}, false},
	} {
		if db.Pieces(c.ws.v) < 5 {
			t.Logf("%v: no 5-piece database in %s", c.ws.v, dir)
			continue
		}
		ps := wonPositions(t, db, c.ws)
		plies := playWon(t, e, ps, Limits{Nodes: 300000}, c.required)
		played += len(ps)
		t.Logf("%v, loser with %d+ pieces: %d of %d won, %.1f plies on average", c.ws.v, c.ws.minLoser, len(plies), len(ps), mean(plies))
	}
	if played == 0 {
		t.Fatalf("%s holds no 5-piece database", dir)
	}
}

// TestEGDBScores: scores of database positions order as documented, and
// the hits are counted.
func TestEGDBScores(t *testing.T) {
	schedtest.SkipUnderRace(t, "searches on one thread (TestConcurrentProbes races the database's cache)")
	e := newEngine(t, Options{HashMiB: 4, EGDB: openDB(t, egdbtest.Dir(t, 3), testCacheMiB)})
	tests := []struct {
		fen      string
		min, max int
	}{
		{"B:WK1:BK14,K23", DBWinThreshold, WinThreshold - 1}, // two kings against one: won, no forced win in sight
		{"W:WK1:BK14,K23", -WinThreshold + 1, -DBWinThreshold},
		{"B:W5:B28", -DBWinThreshold + 1, DBWinThreshold - 1}, // a man each, far apart
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen, movegen.American)
		var hits uint64
		res := searchOK(t, e, context.Background(), Request{Pos: p, Limits: Limits{Depth: 6}, Report: func(in Info) { hits = in.EGDBHits }})
		if res.Score < tt.min || res.Score > tt.max {
			t.Errorf("%s: score %d, want %d..%d", tt.fen, res.Score, tt.min, tt.max)
		}
		if hits == 0 || res.EGDBHits < hits {
			t.Errorf("%s: %d hits reported, %d in the result", tt.fen, hits, res.EGDBHits)
		}
	}
}

// TestNoEGDBUnchanged: an engine without a database and one whose
// database does not hold the position search the same nodes.
func TestNoEGDBUnchanged(t *testing.T) {
	db := openDB(t, egdbtest.Dir(t, 2), testCacheMiB)
	p := movegen.StartPosition(movegen.American)
	l := Limits{Depth: 9}
	a := searchOK(t, newEngine(t, Options{HashMiB: 4}), context.Background(), Request{Pos: p, Limits: l})
	b := searchOK(t, newEngine(t, Options{HashMiB: 4, EGDB: db}), context.Background(), Request{Pos: p, Limits: l})
	if a.Nodes != b.Nodes || a.Score != b.Score || b.EGDBHits != 0 {
		t.Errorf("without a database %d nodes, score %d; with one of 2 pieces %d nodes, score %d, %d hits",
			a.Nodes, a.Score, b.Nodes, b.Score, b.EGDBHits)
	}
}

// TestEGDBThreads: several search threads probe one database (run under
// -race by make test) and agree that two kings against one are won.
func TestEGDBThreads(t *testing.T) {
	e := newEngine(t, Options{HashMiB: 4, Threads: testThreads, EGDB: openDB(t, egdbtest.Dir(t, 3), 1)})
	p := mustFEN(t, "W:WK1:BK14,K23", movegen.American)
	res := searchOK(t, e, context.Background(), Request{Pos: p, Limits: Limits{Depth: 10}})
	if !p.IsLegal(res.Move) || res.Score > -DBWinThreshold || res.Score <= -WinThreshold || res.EGDBHits == 0 {
		t.Errorf("%+v", res)
	}
}

// TestEGDBGiven: an engine probes the database it is given and no
// other, lets go of it when closed, and never closes it: its opener does.
func TestEGDBGiven(t *testing.T) {
	db := openDB(t, egdbtest.Dir(t, 2), testCacheMiB)
	e := newEngine(t, Options{HashMiB: 1, EGDB: db})
	p := mustFEN(t, "B:WK1:BK14", movegen.American) // a king each: a database draw
	if res := searchOK(t, e, context.Background(), Request{Pos: p, Limits: Limits{Depth: 2}}); res.EGDBHits == 0 || e.EGDB() != db {
		t.Errorf("given a database: %d hits, EGDB %p, want %p", res.EGDBHits, e.EGDB(), db)
	}
	if err := e.SetOptions(Options{HashMiB: 1}); err != nil || e.EGDB() != nil {
		t.Fatalf("none: %v, %p", err, e.EGDB())
	}
	if res := searchOK(t, e, context.Background(), Request{Pos: p, Limits: Limits{Depth: 2}}); res.EGDBHits != 0 {
		t.Errorf("without a database: %d hits", res.EGDBHits)
	}
	e.SetOptions(Options{HashMiB: 1, EGDB: db})
	e.Close()
	if e.EGDB() != nil || e.tt != nil || e.workers != nil {
		t.Errorf("closed: database %p, table %v, %d workers", e.EGDB(), e.tt != nil, len(e.workers))
	}
	if _, err := e.Search(context.Background(), Request{Pos: p}); err != ErrClosed {
		t.Errorf("Search after Close: %v", err)
	}
	if err := e.SetOptions(Options{}); err != ErrClosed {
		t.Errorf("SetOptions after Close: %v", err)
	}
	e.Clear()
	e.Close()
	if db.Probe(&p) != movegen.Draw {
		t.Error("the database does not answer after its engine closed")
	}
}

// TestEGDBTable: a database position met inside the tree (the root is
// not in the database: too many pieces) is stored in the table as exact,
// with the database's score, unless it is lost for the root's side (resist
// mode searches those on).
func TestEGDBTable(t *testing.T) {
	e := newEngine(t, Options{HashMiB: 4, EGDB: openDB(t, egdbtest.Dir(t, 3), testCacheMiB)})
	p := mustFEN(t, "B:W18,K30:BK14,K1", movegen.American) // 14x23 leaves three pieces
	searchOK(t, e, context.Background(), Request{Pos: p, Limits: Limits{Depth: 6}})
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	stored := 0
	for _, m := range ml.Slice() {
		c := p
		c.MakeMove(m)
		if c.HasCapture() || c.Occupied().Count() > 3 || e.EGDB().Probe(&c) == movegen.Win {
			continue
		}
		d, ok := e.tt.probe(c.Hash ^ variantKey[c.Variant] ^ resistKey[p.Turn])
		if !ok {
			continue
		}
		if want := dbScore(eval.Default(), e.EGDB().Probe(&c), &c, 0); d.bound != boundExact || d.score != want {
			t.Errorf("%s: stored %+v, want exact %d", c.FEN(), d, want)
		}
		stored++
	}
	if stored == 0 {
		t.Error("no database position of the root's moves in the table")
	}
}

// TestResist: in resist mode a database position lost for the root's
// side is searched on and scored by the evaluation less the penalty (from
// the side to move's view); the root side's wins keep their database
// scores, and without resist mode a loss is a database loss.
func TestResist(t *testing.T) {
	db := openDB(t, egdbtest.Dir(t, 3), testCacheMiB)
	won := mustFEN(t, "B:WK1:BK14,K23", movegen.American)
	lost := mustFEN(t, "W:WK1:BK14,K23", movegen.American)
	tests := []struct {
		p      movegen.Position
		ply    int
		resist bool
		score  int
		cont   bool
	}{
		{lost, 2, true, eval.Evaluate(&lost) - dbResistPenalty, true},           // the root's side to move, lost
		{won, 1, true, eval.Evaluate(&won) + dbResistPenalty, true},             // the opponent to move, winning
		{won, 2, true, dbScore(eval.Default(), movegen.Win, &won, 2), false},    // the root's side wins
		{lost, 1, true, dbScore(eval.Default(), movegen.Loss, &lost, 1), false}, // the opponent loses
		{lost, 2, false, dbScore(eval.Default(), movegen.Loss, &lost, 2), false},
	}
	for _, tt := range tests {
		w := &worker{s: &shared{db: db, dbPieces: 3, resist: tt.resist, ev: eval.Default()}}
		score, cont, ok := w.probeDB(&tt.p, tt.ply)
		if !ok || score != tt.score || cont != tt.cont {
			t.Errorf("%s at ply %d, resist %v: %d, %v, %v; want %d, %v", tt.p.FEN(), tt.ply, tt.resist, score, cont, ok, tt.score, tt.cont)
		}
	}
}
