package egdb

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
)

// Distance to conversion. The values say who wins, not how, and the rules'
// counts (forty moves each without a man move or capture in American,
// twenty-five in Pool, and Pool's thirteen moves for three kings against
// one) draw a won ending if the winner wanders. So for the slices of up
// to DTCMaxPieces pieces the DB can also give the distance to conversion
// of every won or lost position: the plies, with both sides playing best
// (the winner shortest, the loser longest), until a move that restarts
// the counts is made (a capture or a man's move) or the loser is left
// without a move. A winner that always moves to the shortest distance
// converts within the counts whenever that can be done at all.
//
// The distances are computed, not stored: for one slice pair at a time
// (a slice and its mirror), from the values, by a breadth-first
// retrograde pass (see buildDTCPair), when a position of the pair first
// asks for them (StartDTC, in the background, or LoadDTC, at once).
const (
	// DTCMaxPieces bounds the slices that get distances: a pair of five
	// pieces takes seconds and three bytes a position while it is built,
	// one after; six would take minutes.
	DTCMaxPieces = 5
	// dtcNone marks a drawn position (or one not yet reached by the
	// retrograde pass) in a distance table.
	dtcNone = 0xFF
	// dtcMax is the longest distance a table byte holds; no ending of
	// DTCMaxPieces pieces comes near it.
	dtcMax = dtcNone - 1
)

// dtcSet is one rule set's distance tables, by material code (Black to
// move, as stored), each filled once its pair is done (pairs).
type dtcSet struct {
	mu    sync.Mutex       // guards pairs
	pairs map[int]*dtcPair // by pairKey
	build sync.Mutex       // one pair is built at a time
	dist  [numCodes]atomic.Pointer[[]uint8]
}

// dtcPair is one pair's build, done once.
type dtcPair struct {
	once sync.Once
	err  error
	done atomic.Bool // the build has ended (err says how)
}

// pairOf returns p as stored (Black to move), its material, and whether
// the distance tables cover it.
func pairOf(p *movegen.Position) (movegen.Position, Material, bool) {
	q := *p
	if q.Turn == movegen.White {
		q = turnRound(&q)
	}
	m := MaterialOf(&q)
	return q, m, m.Valid() && m.Pieces() <= DTCMaxPieces && p.Variant < movegen.NumVariants
}

// StartDTC starts computing the distances of p's slice pair in the
// background if nothing has started them yet; DTC answers once they are
// done. It returns the error of the pair's build if that has failed (a
// panic of the builder is one), so that the caller learns of it: the
// distances are then never there.
func (db *DB) StartDTC(p *movegen.Position) error {
	_, m, ok := pairOf(p)
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

// LoadDTC computes the distances of p's slice pair unless done already,
// and waits for them. It fails if p is no position of up to DTCMaxPieces
// pieces the DB holds with every slice its moves lead into, or if the
// build panics (a bug): the panic is the pair's error, kept.
func (db *DB) LoadDTC(p *movegen.Position) error {
	_, m, ok := pairOf(p)
	if !ok {
		return fmt.Errorf("egdb: %s: no distances for positions of more than %d pieces", p.FEN(), DTCMaxPieces)
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
	q, m, ok := pairOf(p)
	if !ok {
		return 0, false
	}
	d := db.dtc[p.Variant].dist[m.code()].Load()
	if d == nil {
		return 0, false
	}
	l := newLayout(m)
	if v := (*d)[l.index(&q)]; v != dtcNone {
		return int(v), true
	}
	return 0, false
}

// buildDTC computes the distances of m's pair into set, decoding the
// slices its positions' moves lead into for the values.
func (db *DB) buildDTC(v movegen.Variant, m Material, set *dtcSet) error {
	pair := []Material{m}
	if mm := m.Mirror(); mm != m {
		pair = append(pair, mm)
	}
	t := &tables{variant: v}
	for _, s := range append(closure(pair), pair...) {
		sl := db.slices[v][s.code()]
		if sl == nil {
			return fmt.Errorf("egdb: %s holds no %v slice %v, which distances in %v need", db.dir, v, s, m)
		}
		t.slices[s.code()] = sl.table()
	}
	dist, err := buildDTCPair(t, pair)
	if err != nil {
		return err
	}
	for k, pm := range pair {
		set.dist[pm.code()].Store(&dist[k])
	}
	return nil
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

	var layer [][]placed // positions by distance, their turn to hand it back
	push := func(k int, i int64, d int) {
		for len(layer) <= d {
			layer = append(layer, nil)
		}
		p := slots[k].l.position(i, t.variant)
		layer[d] = append(layer[d], placed{int64(k)<<40 | i, p.Pieces[movegen.Black], p.Pieces[movegen.White], p.Kings})
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
			k, i := int(x.g>>40), x.g&(1<<40-1)
			mk := len(pair) - 1 - k
			to := &slots[mk]
			q := movegen.Position{Pieces: [2]movegen.Bitboard{x.black, x.white}, Kings: x.kings, Turn: movegen.Black, Variant: t.variant}
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
// distances are computed first (LoadDTC: seconds), and the move is by them
// with its distance to conversion, else BestMove's. A position the
// database does not hold, or distances that fail, are an error.
func (db *DB) Answer(p *movegen.Position) (ProbeAnswer, error) {
	a := ProbeAnswer{Value: db.Probe(p)}
	if a.Value == movegen.Unknown {
		return a, fmt.Errorf("%s is not in the database (it holds %v to %d pieces)", p.FEN(), p.Variant, db.Pieces(p.Variant))
	}
	if a.Value != movegen.Draw && p.Occupied().Count() <= DTCMaxPieces {
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
