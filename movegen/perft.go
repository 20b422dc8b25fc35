package movegen

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/dgraph-io/ristretto/v2"
)

// MaxPly bounds the depth of perft and of any search built on per-ply arrays.
const MaxPly = 128

// PerftOptions selects how perft counts and runs.
type PerftOptions struct {
	// Paths counts every jump path; otherwise each distinct result once
	// (the "unique" convention).
	Paths bool
	// Threads is the number of goroutines; 0 or 1 runs on the caller's.
	Threads int
	// CacheMiB, when positive, keeps subtree counts in a bounded cache of
	// about that size, which pays off at depths where subtrees repeat
	// (transpositions are common in checkers).
	CacheMiB int
}

// PerftResult is a perft count, with one count per root move.
type PerftResult struct {
	Nodes uint64
	Moves []Move   // the root moves
	Per   []uint64 // Per[i] counts the leaves below Moves[i]
}

// cacheMinDepth is the least remaining depth whose subtree count is cached:
// shallower subtrees are cheaper to count again than to look up.
const cacheMinDepth = 3

// splitTasksPerThread is how many subtrees per thread a threaded perft
// wants before it starts, so that uneven subtrees balance out.
const splitTasksPerThread = 64

type cacheEntry struct {
	pieces [2]Bitboard
	kings  Bitboard
	turn   Color
	nodes  uint64
}

// cacheEntryCost is the approximate memory an entry costs in ristretto,
// key, value and bookkeeping included.
const cacheEntryCost = 96

// perfter is one thread's perft state: per-ply move lists, so counting
// allocates nothing.
type perfter struct {
	paths bool
	cache *ristretto.Cache[uint64, cacheEntry]
	lists [MaxPly]MoveList
}

var depthKeys [MaxPly]uint64

func init() {
	x := uint64(0x9E3779B97F4A7C15)
	for i := range depthKeys {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		depthKeys[i] = x
	}
}

func (pf *perfter) generate(p *Position, ml *MoveList) {
	if pf.paths {
		p.GeneratePaths(ml)
	} else {
		p.GenerateMoves(ml)
	}
}

func (pf *perfter) count(p *Position, depth, ply int) uint64 {
	ml := &pf.lists[ply]
	if depth == 1 {
		if pf.paths {
			if p.HasCapture() {
				p.GeneratePaths(ml)
				return uint64(ml.N)
			}
			return uint64(p.Rules().countQuiets(p))
		}
		return uint64(p.CountMoves(ml))
	}
	if depth <= 0 {
		return 1
	}
	var key uint64
	if pf.cache != nil && depth >= cacheMinDepth {
		key = p.Hash ^ depthKeys[depth]
		if e, ok := pf.cache.Get(key); ok && e.pieces == p.Pieces && e.kings == p.Kings && e.turn == p.Turn {
			return e.nodes
		}
	}
	pf.generate(p, ml)
	var n uint64
	for i := 0; i < ml.N; i++ {
		c := *p
		c.MakeMove(ml.Moves[i])
		n += pf.count(&c, depth-1, ply+1)
	}
	if pf.cache != nil && depth >= cacheMinDepth {
		pf.cache.Set(key, cacheEntry{pieces: p.Pieces, kings: p.Kings, turn: p.Turn, nodes: n}, cacheEntryCost)
	}
	return n
}

// Perft counts the leaves of the legal move tree of p to depth plies.
func Perft(p Position, depth int, paths bool) uint64 {
	pf := &perfter{paths: paths}
	return pf.count(&p, depth, 0)
}

// PerftRun counts like Perft with the given options and also reports the
// count below each root move (divide).
func PerftRun(p Position, depth int, opt PerftOptions) (PerftResult, error) {
	var res PerftResult
	var cache *ristretto.Cache[uint64, cacheEntry]
	if opt.CacheMiB > 0 {
		entries := int64(opt.CacheMiB) << 20 / cacheEntryCost
		c, err := ristretto.NewCache(&ristretto.Config[uint64, cacheEntry]{
			NumCounters: 10 * entries,
			MaxCost:     entries * cacheEntryCost,
			BufferItems: 64,
		})
		if err != nil {
			return res, err
		}
		defer c.Close()
		cache = c
	}
	var root MoveList
	if opt.Paths {
		p.GeneratePaths(&root)
	} else {
		p.GenerateMoves(&root)
	}
	res.Moves = append([]Move(nil), root.Slice()...)
	res.Per = make([]uint64, len(res.Moves))
	if depth <= 0 {
		res.Nodes = 1
		return res, nil
	}
	threads := opt.Threads
	if threads < 1 {
		threads = 1
	}
	if threads > runtime.GOMAXPROCS(0)*4 {
		threads = runtime.GOMAXPROCS(0) * 4
	}
	// Tasks are subtrees below the root moves, expanded ply by ply until
	// there are enough to keep every thread busy.
	type task struct {
		root  int
		pos   Position
		depth int
	}
	tasks := make([]task, 0, len(res.Moves))
	for i, m := range res.Moves {
		c := p
		c.MakeMove(m)
		tasks = append(tasks, task{root: i, pos: c, depth: depth - 1})
	}
	for threads > 1 && len(tasks) < splitTasksPerThread*threads && len(tasks) > 0 && tasks[0].depth > 2 {
		var next []task
		var ml MoveList
		for _, t := range tasks {
			if opt.Paths {
				t.pos.GeneratePaths(&ml)
			} else {
				t.pos.GenerateMoves(&ml)
			}
			for _, m := range ml.Slice() {
				c := t.pos
				c.MakeMove(m)
				next = append(next, task{root: t.root, pos: c, depth: t.depth - 1})
			}
		}
		tasks = next
	}
	per := make([]atomic.Uint64, len(res.Moves))
	var nextTask atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < threads; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pf := &perfter{paths: opt.Paths, cache: cache}
			for {
				i := int(nextTask.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				t := &tasks[i]
				per[t.root].Add(pf.count(&t.pos, t.depth, 0))
			}
		}()
	}
	wg.Wait()
	for i := range per {
		res.Per[i] = per[i].Load()
		res.Nodes += res.Per[i]
	}
	return res, nil
}
