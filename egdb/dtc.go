package egdb

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
)

// Distance to conversion. The values say who wins, not how, and the rules'
// counts (forty moves each without a man move or capture in American,
// twenty-five in Pool, and Pool's thirteen moves for three kings against
// one) draw a won ending if the winner wanders. So the DB can also give
// the distance to conversion of every won or lost position: the plies,
// with both sides playing best (the winner shortest, the loser longest),
// until a move that restarts the counts is made (a capture or a man's
// move) or the loser is left without a move. A winner that always moves
// to the shortest distance converts within the counts whenever that can be
// done at all.
//
// The distances are computed for one slice pair at a time (a slice and its
// mirror), from the values, by a breadth-first retrograde pass (see
// buildDTCPair), when a position of the pair first asks for them
// (StartDTC, in the background, or LoadDTC, at once): for pairs of up to
// DTCMaxPieces pieces in memory, seconds; for any pair whose distances
// files (.dtc, written by WriteDistances) are in the directory, by reading
// them, held compressed.
const (
	// DTCMaxPieces bounds the slices whose distances are built in memory
	// when asked for: a pair of five pieces takes seconds and up to about
	// twenty bytes a position while it is built (three, and eight for each
	// position waiting its turn in lists that grow by doubling), one
	// after; one of six takes minutes and gigabytes, so six-piece
	// distances are written once (WriteDistances) and read.
	DTCMaxPieces = 5
	// dtcNone marks a drawn position (or one not yet reached by the
	// retrograde pass) in a distance table.
	dtcNone = 0xFF
	// dtcMax is the longest distance a table byte holds; no ending of
	// six pieces comes near it (American's longest: 60 plies with five
	// pieces, 82 with six).
	dtcMax = dtcNone - 1
)

// distances is one slice's distance table: built in memory, or read from
// its file and held compressed.
type distances struct {
	raw  []uint8
	file *Slice
}

// at returns the distance at index i (dtcNone for none).
func (d *distances) at(i int64) uint8 {
	if d.file != nil {
		return d.file.distance(i)
	}
	return d.raw[i]
}

// dtcSet is one rule set's distance tables, by material code (Black to
// move, as stored), each filled once its pair is done (pairs).
type dtcSet struct {
	mu    sync.Mutex       // guards pairs
	pairs map[int]*dtcPair // by pairKey
	build sync.Mutex       // one pair is built at a time
	dist  [numCodes]atomic.Pointer[distances]
}

// dtcPair is one pair's build, done once.
type dtcPair struct {
	once sync.Once
	err  error
	done atomic.Bool // the build has ended (err says how)
}

// pairOf returns p as stored (Black to move), its material, and whether
// the distance tables cover it: built in memory up to dtcBuild pieces, or
// stored in the directory for it and its mirror.
func (db *DB) pairOf(p *movegen.Position) (movegen.Position, Material, bool) {
	q := *p
	if q.Turn == movegen.White {
		q = turnRound(&q)
	}
	m := MaterialOf(&q)
	if !m.Valid() || p.Variant >= movegen.NumVariants {
		return q, m, false
	}
	return q, m, m.Pieces() <= db.dtcBuild || db.dtcStored(p.Variant, m)
}

// dtcStored reports whether the directory holds the distances of m's
// pair.
func (db *DB) dtcStored(v movegen.Variant, m Material) bool {
	return db.dtcFiles[v][m.code()].Load() && db.dtcFiles[v][m.Mirror().code()].Load()
}

// HasDTC reports whether the distances of p's slice pair are built in
// memory when asked for or stored: whether LoadDTC can give them.
func (db *DB) HasDTC(p *movegen.Position) bool {
	_, _, ok := db.pairOf(p)
	return ok
}

// StartDTC starts computing the distances of p's slice pair in the
// background if nothing has started them yet; DTC answers once they are
// done. It returns the error of the pair's build if that has failed (a
// panic of the builder is one), so that the caller learns of it: the
// distances are then never there.
func (db *DB) StartDTC(p *movegen.Position) error {
	_, m, ok := db.pairOf(p)
	if !ok || db.dtc[p.Variant].dist[m.code()].Load() != nil {
		return nil
	}
	if pr := db.dtc[p.Variant].pair(m); pr.done.Load() {
		return pr.err
	}
	// LoadDTC recovers the builder's panics: they are its error, which
	// the next StartDTC or LoadDTC of the pair returns.
	go func() { _ = db.LoadDTC(p) }()
	return nil
}

// pair returns the build of m's pair, made on first use.
func (set *dtcSet) pair(m Material) *dtcPair {
	set.mu.Lock()
	defer set.mu.Unlock()
	if set.pairs == nil {
		set.pairs = map[int]*dtcPair{}
	}
	pr := set.pairs[pairKey(m)]
	if pr == nil {
		pr = &dtcPair{}
		set.pairs[pairKey(m)] = pr
	}
	return pr
}

// LoadDTC computes or reads the distances of p's slice pair unless done
// already, and waits for them. It fails if p is no position of up to
// DTCMaxPieces pieces the DB holds with every slice its moves lead into,
// and the directory holds no distances files of its pair; if those files
// are damaged; or if the build panics (a bug): the failure is the pair's
// error, kept.
func (db *DB) LoadDTC(p *movegen.Position) error {
	_, m, ok := db.pairOf(p)
	if !ok {
		return fmt.Errorf("egdb: %s: no distances for positions of more than %d pieces without their %s files (crown egdb distances)", p.FEN(), db.dtcBuild, dtcExt)
	}
	set := &db.dtc[p.Variant]
	pr := set.pair(m)
	pr.once.Do(func() {
		set.build.Lock()
		defer set.build.Unlock()
		defer pr.done.Store(true)
		defer fault.Recover(&pr.err, "egdb distances of "+m.String())
		fault.Hit(fault.DistanceBuilder)
		pr.err = db.buildDTC(p.Variant, m, set)
	})
	return pr.err
}

// DTC returns the distance to conversion of p in plies (see DTCMaxPieces),
// from its value for the side to move: ok is false when p is drawn, the
// DB does not hold it, or its pair's distances are not computed yet.
func (db *DB) DTC(p *movegen.Position) (plies int, ok bool) {
	q, m, ok := db.pairOf(p)
	if !ok {
		return 0, false
	}
	d := db.dtc[p.Variant].dist[m.code()].Load()
	if d == nil {
		return 0, false
	}
	l := newLayout(m)
	if v := d.at(l.index(&q)); v != dtcNone {
		return int(v), true
	}
	return 0, false
}

// buildDTC reads the distances of m's pair into set from their files if
// the directory holds them, else computes them (buildPairDTC).
func (db *DB) buildDTC(v movegen.Variant, m Material, set *dtcSet) error {
	pair := pairWith(m)
	if db.dtcStored(v, m) {
		for _, pm := range pair {
			s, err := readDistances(db.dir, v, pm)
			if err != nil {
				return err
			}
			set.dist[pm.code()].Store(&distances{file: s})
		}
		return nil
	}
	dist, err := db.buildPairDTC(v, pair)
	if err != nil {
		return err
	}
	for k, pm := range pair {
		set.dist[pm.code()].Store(&distances{raw: dist[k]})
	}
	return nil
}

// pairWith returns m and its mirror, once if m is its own.
func pairWith(m Material) []Material {
	if mm := m.Mirror(); mm != m {
		return []Material{m, mm}
	}
	return []Material{m}
}

// buildPairDTC computes the distances of pair, decoding the slices its
// positions' moves lead into for the values.
func (db *DB) buildPairDTC(v movegen.Variant, pair []Material) ([][]uint8, error) {
	t := &tables{variant: v}
	for _, s := range append(closure(pair), pair...) {
		sl := db.slices[v][s.code()]
		if sl == nil {
			return nil, fmt.Errorf("egdb: %s holds no %v slice %v, which distances in %v need", db.dir, v, s, pair[0])
		}
		t.slices[s.code()] = sl.table()
	}
	return buildDTCPair(t, pair)
}

// dtcSlot is one slice of a pair being measured.
type dtcSlot struct {
	l     layout
	dist  []uint8
	count []uint8 // a lost position's king moves whose distance is not yet handed back
	val   []movegen.Result
}

// buildDTCPair computes the distances of a slice and its mirror (every
// king's move of one leads into the other), breadth first:
//
//   - every position is valued (by t; a capture pending is resolved by
//     its captures), on all threads. A drawn one gets no distance. One
//     with a capture pending converts on the next ply (1), as does a win
//     with a man's move that keeps it, and a loss with only men to move.
//     A loss without a move is at 0. Other losses count their kings'
//     moves.
//   - distances are then handed back in increasing order, by unmaking
//     kings' moves: a predecessor of a loss at d is a win at d+1 if it has
//     none yet (the shortest); a lost predecessor of a win at d counts
//     down, and the last of its kings' moves to be handed back (the
//     longest) puts it at d+1.
func buildDTCPair(t *tables, pair []Material) ([][]uint8, error) {
	slots := make([]dtcSlot, len(pair))
	for k, m := range pair {
		s := &slots[k]
		s.l = newLayout(m)
		n := s.l.size()
		s.dist, s.count, s.val = make([]uint8, n), make([]uint8, n), make([]movegen.Result, n)
		err := inChunks("egdb distances", n, runtime.GOMAXPROCS(0), func() func(lo, hi int64) {
			var ml movegen.MoveList
			return func(lo, hi int64) {
				for i := lo; i < hi; i++ {
					s.dist[i], s.count[i], s.val[i] = firstDTC(t, &s.l, i, &ml)
				}
			}
		}).Wait()
		if err != nil {
			return nil, err
		}
	}

	// Positions by distance, their turn to hand it back: the slot in the
	// high bits, the index in the low ones. The position is unranked again
	// when its turn comes, which keeps the lists at 8 bytes a position
	// (the six-piece pairs have up to 250 million).
	var layer [][]int64
	push := func(k int, i int64, d int) {
		for len(layer) <= d {
			layer = append(layer, nil)
		}
		layer[d] = append(layer[d], int64(k)<<40|i)
	}
	for k := range slots {
		for i, d := range slots[k].dist {
			if d != dtcNone {
				push(k, int64(i), int(d))
			}
		}
	}
	var preds []placed
	for d := 0; d < len(layer); d++ {
		if d >= dtcMax && len(layer[d]) > 0 {
			return nil, fmt.Errorf("egdb: %v %v: a distance of %d plies is past what a table holds", t.variant, pair[0], d+1)
		}
		for _, x := range layer[d] {
			k, i := int(x>>40), x&(1<<40-1)
			mk := len(pair) - 1 - k
			to := &slots[mk]
			q := slots[k].l.position(i, t.variant)
			preds = unmoves(&q, &to.l, true, preds[:0])
			for _, y := range preds {
				if to.dist[y.g] != dtcNone || to.val[y.g] == movegen.Draw {
					continue // decided, or a draw (such as a capture pending: no predecessor really)
				}
				switch {
				case slots[k].val[i] == movegen.Loss:
					to.dist[y.g] = uint8(d + 1) // a win
				case to.val[y.g] == movegen.Loss:
					if to.count[y.g]--; to.count[y.g] > 0 {
						continue
					}
					to.dist[y.g] = uint8(d + 1)
				default:
					continue // a win, which a win for the opponent does not decide
				}
				push(mk, y.g, d+1)
			}
		}
		layer[d] = nil
	}
	out := make([][]uint8, len(pair))
	for k := range slots {
		out[k] = slots[k].dist
	}
	return out, nil
}

// firstDTC returns what the first pass knows of position i of l: its
// distance (dtcNone if not yet known), its count of kings' moves if it is
// lost, and its value.
func firstDTC(t *tables, l *layout, i int64, ml *movegen.MoveList) (dist, count uint8, val movegen.Result) {
	p := l.position(i, t.variant)
	if val = t.value(&p); val == movegen.Draw {
		return dtcNone, 0, val
	}
	if p.HasCapture() {
		return 1, 0, val
	}
	if p.GenerateMoves(ml); ml.N == 0 {
		return 0, 0, val
	}
	kingMoves := 0
	for _, mv := range ml.Slice() {
		if p.Kings.Has(mv.From) {
			kingMoves++
			continue
		}
		if val == movegen.Win {
			q := p
			q.MakeMove(mv)
			if t.after(&q) == movegen.Loss {
				return 1, 0, val // a man's move that keeps the win
			}
		}
	}
	switch {
	case val == movegen.Loss && kingMoves == 0:
		return 1, 0, val // only men to move: the count restarts
	case val == movegen.Loss:
		return dtcNone, uint8(kingMoves), val
	}
	return dtcNone, 0, val
}

// DTCMove returns the move of p by the distance tables, and p's distance:
// when p is won, a move that keeps the win, one that converts (a capture
// before a man's move) before any king's move, each to the shortest
// distance after it; when p is lost, a king's move to the longest
// distance if there is one, else the conversion to the longest. ok is
// false when p has no distance (see DTC).
func (db *DB) DTCMove(p *movegen.Position) (mv movegen.Move, plies int, ok bool) {
	plies, ok = db.DTC(p)
	if !ok {
		return movegen.Move{}, 0, false
	}
	won := db.Probe(p) == movegen.Win
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	found, bestKey := false, 0
	for _, m := range ml.Slice() {
		q := *p
		q.MakeMove(m)
		if won && db.Probe(&q) != movegen.Loss {
			continue
		}
		d, _ := db.DTC(&q) // 0 when unknown: the loser has no piece left, or q's pair is not measured
		key := d           // the loser's: the longest
		if won {
			key = -d // the winner's: the shortest
		}
		if won == (m.IsCapture() || !p.Kings.Has(m.From)) {
			key += 2 * dtcNone // the winner's conversions first, the loser's last
		}
		if won && m.IsCapture() {
			key += dtcNone // and captures first among them
		}
		if !found || key > bestKey {
			found, bestKey, mv = true, key, m
		}
	}
	return mv, plies, found
}

// ProbeAnswer is what the database says of a position (DB.Answer).
type ProbeAnswer struct {
	Value movegen.Result // the position's, for the side to move
	// Move keeps Value (MoveValue is the value it keeps, from the side
	// that moved); HasMove is false when there is none to give.
	Move      movegen.Move
	MoveValue movegen.Result
	HasMove   bool
	// Plies is the distance to conversion when DTC is true: Move is then
	// by the distance tables (DTCMove).
	Plies int
	DTC   bool
}

// Answer probes p as crown egdb probe shows it: its value, and a move that
// keeps it; for a won or lost position of up to DTCMaxPieces pieces the
// distances are computed first (LoadDTC: seconds), as are those of a
// larger position whose distances files the directory holds (read), and
// the move is by them with its distance to conversion, else BestMove's. A
// position the database does not hold, or distances that fail, are an
// error.
func (db *DB) Answer(p *movegen.Position) (ProbeAnswer, error) {
	a := ProbeAnswer{Value: db.Probe(p)}
	if a.Value == movegen.Unknown {
		return a, fmt.Errorf("%s is not in the database (it holds %v to %d pieces)", p.FEN(), p.Variant, db.Pieces(p.Variant))
	}
	if a.Value != movegen.Draw && db.HasDTC(p) {
		if err := db.LoadDTC(p); err != nil {
			return a, err
		}
		if a.Move, a.Plies, a.DTC = db.DTCMove(p); a.DTC {
			a.MoveValue, a.HasMove = a.Value, true
			return a, nil
		}
	}
	a.Move, a.MoveValue, a.HasMove = db.BestMove(p)
	return a, nil
}

// DistancesProgress is WriteDistances' report of one slice pair: as its
// build starts, and once it is done (Finished).
type DistancesProgress struct {
	Pair        []Material
	Finished    bool
	Present     bool  // its files were in the directory already
	Done, Total int64 // positions of the pairs done so far, and of all
	Elapsed     time.Duration
}

// WriteDistances writes the distances files of every slice pair of v of up
// to n pieces whose files the directory lacked at Open, one pair at a time
// on every core, and reports each pair to progress (if not nil): as its
// build starts, and when it is done or found present. A file is written
// whole or not at all, so a run that stops resumes where it stopped. A
// pair takes up to about 20 bytes a position while it is built (with its
// files' writing): American's largest six-piece pair (1m2k-2m1k, 232
// million positions) 5.2 GB and two minutes on two cores. Later probes
// read the files (LoadDTC). Only one build may write to a directory at a
// time.
func (db *DB) WriteDistances(v movegen.Variant, n int, progress func(DistancesProgress)) error {
	if have := db.Pieces(v); n < 2 || n > have {
		return fmt.Errorf("egdb: distances of up to %d pieces: %s holds %v to %d pieces", n, db.dir, v, have)
	}
	if err := RemoveTemporary(db.dir); err != nil {
		return err
	}
	ps := pairs(n)
	var pr DistancesProgress
	for _, pair := range ps {
		for _, m := range pair {
			pr.Total += Size(m)
		}
	}
	start := time.Now()
	report := func() {
		if progress != nil {
			pr.Elapsed = time.Since(start)
			progress(pr)
		}
	}
	for _, pair := range ps {
		pr.Pair, pr.Present, pr.Finished = pair, db.dtcStored(v, pair[0]), false
		if !pr.Present {
			report()
			dist, err := db.buildPairDTC(v, pair)
			if err != nil {
				return err
			}
			for k, m := range pair {
				if err := writeDistances(db.dir, v, m, dist[k]); err != nil {
					return err
				}
			}
		}
		for _, m := range pair {
			db.dtcFiles[v][m.code()].Store(true)
			pr.Done += Size(m)
		}
		pr.Finished = true
		report()
	}
	return nil
}
