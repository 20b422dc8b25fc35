package egdb

import (
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/dgraph-io/ristretto/v2"

	"github.com/crown-checkers/crown/movegen"
)

// DB is a database opened for probing: every slice file of a directory,
// held in memory compressed, and a cache of decompressed blocks. A probe
// looks its block up in the cache and, on a miss, decompresses it (see
// Slice.Get) and adds it. A DB is safe for concurrent use.
type DB struct {
	dir      string
	slices   [movegen.NumVariants][numCodes]*Slice
	list     []*Slice
	cache    *ristretto.Cache[uint64, []byte] // nil without a cache
	cacheMiB int
	dtc      [movegen.NumVariants]dtcSet // distance tables (see DTC)
	// dtcFiles marks the slices whose distances file the directory holds
	// (read when first asked for); dtcBuild bounds the pieces of the pairs
	// whose distances are built in memory instead (DTCMaxPieces).
	dtcFiles [movegen.NumVariants][numCodes]atomic.Bool
	dtcBuild int
}

// Cache sizing. A block decompressed is packedBlockBytes (4 KiB), so a
// cache of n MiB holds about 256n blocks.
const (
	// MaxCacheMiB bounds the block cache: 64 GiB is beyond any machine
	// this runs on and keeps the byte count far from overflow.
	MaxCacheMiB = 1 << 16
	// cacheCountersPerBlock: ristretto's admission policy keeps access
	// counters for about ten times as many keys as the cache holds items
	// (its documentation's advice).
	cacheCountersPerBlock = 10
	// cacheBufferItems is the size of ristretto's Get buffers; 64 is the
	// value its documentation gives as good for most uses.
	cacheBufferItems = 64
)

// Open reads and checks every slice file in dir, with a cache of up to
// cacheMiB MiB of decompressed blocks (0: no cache, every probe
// decompresses its block). A damaged file is an error (delete it and build
// again: the build writes only what is missing). Close releases the cache.
func Open(dir string, cacheMiB int) (*DB, error) {
	if cacheMiB < 0 || cacheMiB > MaxCacheMiB {
		return nil, fmt.Errorf("egdb: cache of %d MiB is out of range 0..%d", cacheMiB, MaxCacheMiB)
	}
	db, err := open(dir, int64(cacheMiB)<<20)
	if db != nil {
		db.cacheMiB = cacheMiB
	}
	return db, err
}

// open is Open with the cache's size in bytes (the tests use caches
// smaller than a MiB).
func open(dir string, cacheBytes int64) (*DB, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*"+fileExt))
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	db := &DB{dir: dir, dtcBuild: DTCMaxPieces}
	dtcNames, err := filepath.Glob(filepath.Join(dir, "*"+dtcExt))
	if err != nil {
		return nil, err
	}
	for _, name := range dtcNames {
		if v, m, err := distFiles.parseName(filepath.Base(name)); err == nil {
			db.dtcFiles[v][m.code()].Store(true)
		}
	}
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
	if cacheBytes > 0 {
		maxCost := cacheBytes
		c, err := ristretto.NewCache(&ristretto.Config[uint64, []byte]{
			NumCounters: max(maxCost/packedBlockBytes, 1) * cacheCountersPerBlock,
			MaxCost:     maxCost,
			BufferItems: cacheBufferItems,
			KeyToHash:   hashBlockKey,
		})
		if err != nil {
			return nil, fmt.Errorf("egdb: cache: %w", err)
		}
		db.cache = c
	}
	return db, nil
}

// Close releases the block cache (and its goroutines). The DB must not be
// probed afterwards.
func (db *DB) Close() {
	if db.cache != nil {
		db.cache.Close()
	}
}

// Dir returns the directory the database was opened from.
func (db *DB) Dir() string { return db.dir }

// CacheMiB returns the block cache's size in MiB, 0 without a cache.
func (db *DB) CacheMiB() int { return db.cacheMiB }

// CacheBytes returns the bytes the block cache holds now: the blocks'
// sizes plus ristretto's own cost for each item. It never exceeds
// CacheMiB MiB (sets are applied in the background, so it can lag a
// probe by a little).
func (db *DB) CacheBytes() int64 {
	if db.cache == nil {
		return 0
	}
	return db.cache.MaxCost() - db.cache.RemainingCost()
}

// blockKey names block b of slice s in the cache: rule set, material and
// block, so every key is unique.
func blockKey(s *Slice, b int) uint64 {
	return (uint64(s.Variant)*numCodes+uint64(s.Material.code()))<<32 | uint64(b)
}

// hashBlockKey spreads the keys over ristretto's shards and counters (a
// splitmix64 finaliser; blocks of one slice differ only in the low bits)
// and gives the key itself as the conflict hash, so no two keys collide.
func hashBlockKey(k uint64) (uint64, uint64) {
	h := k + 0x9E3779B97F4A7C15
	h = (h ^ h>>30) * 0xBF58476D1CE4E5B9
	h = (h ^ h>>27) * 0x94D049BB133111EB
	return h ^ h>>31, k
}

// get returns the value at index i of slice s through the cache. A miss
// decompresses the block with no lock held, into a new buffer that the
// cache keeps; ristretto applies the set in the background and may refuse
// it (its admission policy), which costs only a later miss.
func (db *DB) get(s *Slice, i int64) movegen.Result {
	if db.cache == nil {
		return s.Get(i)
	}
	b := int(i / BlockPositions)
	key := blockKey(s, b)
	blk, ok := db.cache.Get(key)
	if !ok {
		var err error
		if blk, err = s.decodeBlock(b); err != nil {
			return movegen.Unknown
		}
		db.cache.Set(key, blk, int64(len(blk)))
	}
	k := i % BlockPositions
	return movegen.Result(blk[k/valuesPerByte] >> (2 * (k % valuesPerByte)) & 3)
}

// Slices returns the slices held, by rule set and in build order.
func (db *DB) Slices() []*Slice { return db.list }

// Totals sum up the slices of one rule set a database holds.
type Totals struct {
	Variant          movegen.Variant
	Slices           int
	Positions, Bytes int64 // in the slices, and of their files
}

// Totals returns the totals of each rule set db holds slices of, in the
// rule sets' order.
func (db *DB) Totals() []Totals {
	var by [movegen.NumVariants]Totals
	for _, s := range db.list {
		t := &by[s.Variant]
		t.Variant = s.Variant
		t.Slices++
		t.Positions += s.Positions
		t.Bytes += s.FileBytes
	}
	var out []Totals
	for _, t := range by {
		if t.Slices > 0 {
			out = append(out, t)
		}
	}
	return out
}

// Pieces returns the largest n such that every slice of variant v with up
// to n pieces is held (0 if not even the two-piece ones are).
func (db *DB) Pieces(v movegen.Variant) int {
	held := func(m Material) bool { return db.slices[v][m.code()] != nil }
	n := 0
	for k := 2; k <= MaxPieces && everySlice(k, held); k++ {
		n = k
	}
	return n
}

// DistancePieces returns the most pieces up to which every slice of rule
// set v the DB holds completely has distances to conversion: computed in
// memory up to DTCMaxPieces, read from distances files beyond. A won
// ending of more pieces is played by the values and the search's progress
// term alone, which may leave it to the move count.
func (db *DB) DistancePieces(v movegen.Variant) int {
	all := db.Pieces(v)
	stored := func(m Material) bool { return db.dtcFiles[v][m.code()].Load() }
	n := min(db.dtcBuild, all)
	for k := n + 1; k <= all && everySlice(k, stored); k++ {
		n = k
	}
	return n
}

// everySlice reports whether has holds for every slice of exactly k pieces.
func everySlice(k int, has func(Material) bool) bool {
	for _, m := range Slices(k) {
		if m.Pieces() == k && !has(m) {
			return false
		}
	}
	return true
}

// Probe returns the value of p for the side to move, or movegen.Unknown when
// the database does not hold it (too many pieces, a slice missing, or men on
// their crowning row). A position with a capture pending is resolved by
// probeCapture. A probe whose blocks are cached allocates nothing.
func (db *DB) Probe(p *movegen.Position) movegen.Result {
	q := *p
	if q.Turn == movegen.White {
		q = turnRound(&q)
	}
	if q.Pieces[movegen.Black] == 0 {
		return movegen.Loss
	}
	occ := q.Pieces[movegen.Black] | q.Pieces[movegen.White]
	if bits.OnesCount32(uint32(occ)) > MaxPieces || q.Pieces[movegen.White] == 0 ||
		(q.Pieces[movegen.Black]&^q.Kings)&rowBlackCrown != 0 ||
		(q.Pieces[movegen.White]&^q.Kings)&rowBlackBack != 0 || q.Variant >= movegen.NumVariants {
		return movegen.Unknown
	}
	s := db.slices[q.Variant][materialCode(&q)]
	if s == nil {
		return movegen.Unknown
	}
	if q.HasCapture() {
		return db.probeCapture(&q)
	}
	return db.get(s, s.l.index(&q))
}

// BestMove returns a move that keeps p's value: one into a loss for the
// opponent if p is won, into a draw if drawn, and any move if lost. ok is
// false when p has no move or the database does not hold p and all its
// successors. The values hold no distance to the end, so playing a won
// position out by BestMove alone need not make progress.
func (db *DB) BestMove(p *movegen.Position) (m movegen.Move, v movegen.Result, ok bool) {
	var ml movegen.MoveList
	if m, v = bestMove(p, &ml, successors{db: db}); ml.N == 0 || v == movegen.Unknown {
		return movegen.Move{}, movegen.Unknown, false
	}
	return m, v, true
}

// verifyProgressEvery is about how many positions Verify checks between
// progress calls: a fraction of a second's work.
const verifyProgressEvery = 1 << 20

// Mismatch is a stored value that its successors contradict.
type Mismatch struct {
	Position movegen.Position
	Stored   movegen.Result
	Computed movegen.Result // from the successors' stored values
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
	for _, s := range held {
		tab := t.slices[s.Material.code()]
		err := inChunks("egdb verify", s.Positions, threads, func() func(lo, hi int64) {
			var ml movegen.MoveList
			return func(lo, hi int64) {
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
		}).Wait()
		if err != nil {
			return done.Load(), mismatches.Load(), bad, err
		}
	}
	return done.Load(), mismatches.Load(), bad, nil
}
