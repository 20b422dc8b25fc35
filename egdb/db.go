package egdb

import (
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/crown-checkers/crown/movegen"
)

// DB is a database opened for probing: every slice file of a directory,
// held in memory compressed. A probe decodes the one block it needs (see
// Slice.Get). A DB is safe for concurrent use.
type DB struct {
	dir    string
	slices [movegen.NumVariants][numCodes]*Slice
	list   []*Slice
}

// Open reads and checks every slice file in dir. A damaged file is an
// error (delete it and build again: the build writes only what is missing).
func Open(dir string) (*DB, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*"+fileExt))
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	db := &DB{dir: dir}
	for _, name := range names {
		s, err := ReadSliceFile(name)
		if err != nil {
			return nil, err
		}
		db.slices[s.Variant][s.Material.code()] = s
		db.list = append(db.list, s)
	}
	order := map[Material]int{}
	for i, m := range Slices(MaxPieces) {
		order[m] = i
	}
	sort.Slice(db.list, func(i, j int) bool {
		a, b := db.list[i], db.list[j]
		if a.Variant != b.Variant {
			return a.Variant < b.Variant
		}
		return order[a.Material] < order[b.Material]
	})
	return db, nil
}

// Slices returns the slices held, by rule set and in build order.
func (db *DB) Slices() []*Slice { return db.list }

// Pieces returns the largest n such that every slice of variant v with up
// to n pieces is held (0 if not even the two-piece ones are).
func (db *DB) Pieces(v movegen.Variant) int {
	n := 0
	for k := 2; k <= MaxPieces; k++ {
		for _, m := range Slices(k) {
			if m.Pieces() == k && db.slices[v][m.code()] == nil {
				return n
			}
		}
		n = k
	}
	return n
}

// Probe returns the value of p for the side to move, or Unknown when the
// database does not hold it (too many pieces, a slice missing, or men on
// their crowning row). A position with a capture pending is resolved by
// probeCapture. It allocates nothing.
func (db *DB) Probe(p *movegen.Position) Value {
	q := *p
	if q.Turn == movegen.White {
		q = turnRound(&q)
	}
	if q.Pieces[movegen.Black] == 0 {
		return Loss
	}
	occ := q.Pieces[movegen.Black] | q.Pieces[movegen.White]
	if bits.OnesCount32(uint32(occ)) > MaxPieces || q.Pieces[movegen.White] == 0 ||
		(q.Pieces[movegen.Black]&^q.Kings)&rowBlackCrown != 0 ||
		(q.Pieces[movegen.White]&^q.Kings)&rowBlackBack != 0 || q.Variant >= movegen.NumVariants {
		return Unknown
	}
	s := db.slices[q.Variant][materialCode(&q)]
	if s == nil {
		return Unknown
	}
	if q.HasCapture() {
		return db.probeCapture(&q)
	}
	return s.Get(s.l.index(&q))
}

// BestMove returns a move that keeps p's value: one into a loss for the
// opponent if p is won, into a draw if drawn, and any move if lost. ok is
// false when p has no move or the database does not hold p and all its
// successors. The values hold no distance to the end, so playing a won
// position out by BestMove alone need not make progress.
func (db *DB) BestMove(p *movegen.Position) (m movegen.Move, v Value, ok bool) {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	best := Unknown
	for _, mv := range ml.Slice() {
		q := *p
		q.MakeMove(mv)
		w := db.Probe(&q)
		if w == Unknown {
			return movegen.Move{}, Unknown, false
		}
		if w = w.Negate(); best == Unknown || w > best {
			best, m = w, mv
		}
	}
	return m, best, best != Unknown
}

// verifyProgressEvery is about how many positions Verify checks between
// progress calls: a fraction of a second's work.
const verifyProgressEvery = 1 << 20

// Mismatch is a stored value that its successors contradict.
type Mismatch struct {
	Position movegen.Position
	Stored   Value
	Computed Value // from the successors' stored values
}

// Verify checks every stored position of variant v without a capture
// pending (the others hold don't-care values) against its successors,
// resolving successors with a capture pending as a probe does: a win must have a move to a loss for the opponent, a loss
// only moves to wins (or none), a draw no move to a loss and one to a
// draw. It decodes the rule set's slices into memory (two bits a position)
// and uses threads goroutines; progress, if set, is called now and then,
// possibly from several of them at once, with the positions checked and
// the total. It returns the positions checked, the number of mismatches
// and up to maxMismatches of them.
func (db *DB) Verify(v movegen.Variant, threads int, progress func(done, total int64)) (int64, int64, []Mismatch, error) {
	const maxMismatches = 20 // enough to see what is wrong; the count says how much
	n := db.Pieces(v)
	var t tables
	t.variant = v
	var total int64
	var held []*Slice
	for _, s := range db.list {
		if s.Variant != v {
			continue
		}
		if s.Material.Pieces() > n {
			return 0, 0, nil, fmt.Errorf("egdb: %s: slice %v has %d pieces but not every slice of %d is there", db.dir, s.Material, s.Material.Pieces(), n)
		}
		t.slices[s.Material.code()] = s.table()
		total += s.Positions
		held = append(held, s)
	}
	var done, mismatches atomic.Int64
	var mu sync.Mutex
	var bad []Mismatch
	var wg sync.WaitGroup
	for _, s := range held {
		tab := t.slices[s.Material.code()]
		var next atomic.Int64
		for w := 0; w < max(threads, 1); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var ml movegen.MoveList
				for {
					lo := next.Add(chunkPositions) - chunkPositions
					if lo >= s.Positions {
						return
					}
					hi := min(lo+chunkPositions, s.Positions)
					for i := lo; i < hi; i++ {
						p := tab.l.position(i, v)
						if p.HasCapture() {
							continue // stored as a don't-care, resolved by search
						}
						stored := tab.get(i)
						if got := t.solve(&p, &ml); got != stored {
							mismatches.Add(1)
							mu.Lock()
							if len(bad) < maxMismatches {
								bad = append(bad, Mismatch{p, stored, got})
							}
							mu.Unlock()
						}
					}
					if d := done.Add(hi - lo); progress != nil && d%verifyProgressEvery < chunkPositions {
						progress(d, total)
					}
				}
			}()
		}
		wg.Wait()
	}
	return done.Load(), mismatches.Load(), bad, nil
}
