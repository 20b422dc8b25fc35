package movegen

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
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
	// CacheMiB, when positive, keeps subtree counts in a table of at most
	// that many MiB (the largest power of two that fits, up to 64 GiB),
	// which pays off at depths where subtrees repeat (transpositions are
	// common in checkers).
	CacheMiB int
	// Stop, when not nil, ends the count early once it is set: the counts
	// returned are then partial and PerftResult.Stopped says so.
	Stop *atomic.Bool
}

// PerftResult is a perft count, with one count per root move.
type PerftResult struct {
	Nodes uint64
	Moves []Move   // the root moves
	Per   []uint64 // Per[i] counts the leaves below Moves[i]
	// Stopped is true when PerftOptions.Stop ended the count early.
	Stopped bool
	Elapsed time.Duration // the count's time (PerftRun's)
}

// String writes the count with its time and speed as crown perft prints
// it: "nodes=<n> time=<seconds> nps=<n>".
func (r PerftResult) String() string {
	nps := uint64(0)
	if s := r.Elapsed.Seconds(); s > 0 {
		nps = uint64(float64(r.Nodes) / s)
	}
	return fmt.Sprintf("nodes=%d time=%.3f nps=%d", r.Nodes, r.Elapsed.Seconds(), nps)
}

// Divide returns a line per root move of p, the position counted, with
// the count below it ("11-15 4"), in square order (from, then to) so that
// two programs' divides line up. Counting paths, a capture may be listed
// once per route: those are told apart by their full landing paths.
func (r PerftResult) Divide(p *Position) []string {
	order := make([]int, len(r.Moves))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ma, mb := r.Moves[a], r.Moves[b]
		if ma.From != mb.From {
			return int(ma.From) - int(mb.From)
		}
		return int(ma.To) - int(mb.To)
	})
	lines := make([]string, len(order))
	for k, i := range order {
		m, name := r.Moves[i], p.FormatMove(r.Moves[i])
		for _, o := range r.Moves {
			if o.Same(m) && o.PathString() != m.PathString() {
				name = m.PathString()
				break
			}
		}
		lines[k] = fmt.Sprintf("%s %d", name, r.Per[i])
	}
	return lines
}

// cacheMinDepth is the least remaining depth whose subtree count is cached:
// a depth-3 subtree holds a few hundred leaves, several microseconds of
// counting against a lookup of a fraction of one; shallower ones are cheaper
// to count again than to look up and store.
const cacheMinDepth = 3

// stopMinDepth is the least remaining depth at which the counters look at
// the stop flag: often enough to stop within a millisecond, and off the
// depth-2 loop where most of the time goes.
const stopMinDepth = 3

// maxThreadsPerProc caps PerftOptions.Threads at this many goroutines per
// Go processor: more only share the same processors.
const maxThreadsPerProc = 4

// splitTasksPerThread is how many subtrees per thread a threaded perft
// wants before it starts, so that uneven subtrees balance out: the last
// task to finish is then a small share of the whole.
const splitTasksPerThread = 64

// perfter is one thread's perft state: per-ply move lists, so counting
// allocates nothing.
type perfter struct {
	unique bool
	cache  *perftCache  // nil without a cache
	stop   *atomic.Bool // nil when the count cannot be stopped
	lists  [MaxPly]MoveList
}

// countAmerican counts the leaves depth plies below p, an American position,
// using the lists from ply on. Depth 1 is counted in bulk (quiet moves from
// bitboards, without listing them). Positions are made without the hash
// update except where a cache will read it.
func (pf *perfter) countAmerican(p Position, depth, ply int) uint64 {
	if depth <= 1 {
		if depth <= 0 {
			return 1
		}
		return uint64(americanCountMoves(&p, &pf.lists[ply], pf.unique))
	}
	if depth >= stopMinDepth && pf.stop != nil && pf.stop.Load() {
		return 0
	}
	cached := pf.cache != nil && depth >= cacheMinDepth
	if cached {
		if n, ok := pf.cache.lookup(&p, depth); ok {
			return n
		}
	}
	ml := &pf.lists[ply]
	ml.N = 0
	if j := americanJumpers(&p); j != 0 {
		americanCaptures(&p, j, ml, pf.unique)
	} else {
		shortQuiets(&p, ml)
	}
	moves := ml.Slice()
	var n uint64
	switch {
	case depth == 2:
		scratch := &pf.lists[ply+1]
		for _, m := range moves {
			c := p
			c.play(m)
			n += uint64(americanCountMoves(&c, scratch, pf.unique))
		}
	case pf.cache != nil && depth > cacheMinDepth:
		for _, m := range moves {
			c := p
			c.MakeMove(m)
			n += pf.countAmerican(c, depth-1, ply+1)
		}
	default:
		for _, m := range moves {
			c := p
			c.play(m)
			n += pf.countAmerican(c, depth-1, ply+1)
		}
	}
	if cached {
		pf.cache.store(&p, depth, n)
	}
	return n
}

// countPool is countAmerican for Pool positions.
func (pf *perfter) countPool(p Position, depth, ply int) uint64 {
	if depth <= 1 {
		if depth <= 0 {
			return 1
		}
		return uint64(poolCountMoves(&p, &pf.lists[ply], pf.unique))
	}
	if depth >= stopMinDepth && pf.stop != nil && pf.stop.Load() {
		return 0
	}
	cached := pf.cache != nil && depth >= cacheMinDepth
	if cached {
		if n, ok := pf.cache.lookup(&p, depth); ok {
			return n
		}
	}
	ml := &pf.lists[ply]
	ml.N = 0
	if j := poolJumpers(&p); j != 0 {
		poolCaptures(&p, j, ml, pf.unique)
	} else {
		poolQuiets(&p, ml)
	}
	moves := ml.Slice()
	var n uint64
	switch {
	case depth == 2:
		scratch := &pf.lists[ply+1]
		for _, m := range moves {
			c := p
			c.play(m)
			n += uint64(poolCountMoves(&c, scratch, pf.unique))
		}
	case pf.cache != nil && depth > cacheMinDepth:
		for _, m := range moves {
			c := p
			c.MakeMove(m)
			n += pf.countPool(c, depth-1, ply+1)
		}
	default:
		for _, m := range moves {
			c := p
			c.play(m)
			n += pf.countPool(c, depth-1, ply+1)
		}
	}
	if cached {
		pf.cache.store(&p, depth, n)
	}
	return n
}

// countGeneric is countAmerican for the games of the generic generator.
func (pf *perfter) countGeneric(p Position, depth, ply int) uint64 {
	if depth <= 1 {
		if depth <= 0 {
			return 1
		}
		return uint64(genericCountMoves(&p, &pf.lists[ply], pf.unique))
	}
	if depth >= stopMinDepth && pf.stop != nil && pf.stop.Load() {
		return 0
	}
	cached := pf.cache != nil && depth >= cacheMinDepth
	if cached {
		if n, ok := pf.cache.lookup(&p, depth); ok {
			return n
		}
	}
	ml := &pf.lists[ply]
	ml.N = 0
	if j := genericJumpers(&p); j != 0 {
		genericCaptures(&p, j, ml, pf.unique)
	} else {
		genericQuiets(&p, ml)
	}
	moves := ml.Slice()
	var n uint64
	switch {
	case depth == 2:
		scratch := &pf.lists[ply+1]
		for _, m := range moves {
			c := p
			c.play(m)
			n += uint64(genericCountMoves(&c, scratch, pf.unique))
		}
	case pf.cache != nil && depth > cacheMinDepth:
		for _, m := range moves {
			c := p
			c.MakeMove(m)
			n += pf.countGeneric(c, depth-1, ply+1)
		}
	default:
		for _, m := range moves {
			c := p
			c.play(m)
			n += pf.countGeneric(c, depth-1, ply+1)
		}
	}
	if cached {
		pf.cache.store(&p, depth, n)
	}
	return n
}

// count counts the leaves depth plies below p. Each variant has its own
// copy of the counting loop so that generation and counting are direct
// calls the compiler can inline; the variant is looked at once per subtree.
func (pf *perfter) count(p Position, depth int) uint64 {
	switch p.Variant {
	case American:
		return pf.countAmerican(p, depth, 0)
	case Pool:
		return pf.countPool(p, depth, 0)
	}
	p.Rules() // panics on an unknown variant
	return pf.countGeneric(p, depth, 0)
}

// Perft counts the leaves of the legal move tree of p to depth plies, each
// distinct result once, or every jump path when paths is set. Depth is at
// most MaxPly.
func Perft(p Position, depth int, paths bool) uint64 {
	pf := &perfter{unique: !paths}
	return pf.count(p, min(depth, MaxPly))
}

// perftTask is a subtree of a threaded perft: a position depth plies above
// the leaves, below root move root.
type perftTask struct {
	root  int
	pos   Position
	depth int
}

// PerftRun counts like Perft with the given options and also reports the
// count below each root move (divide). With several threads the tree is cut
// into many subtrees a few plies down, which the threads take from a shared
// counter one at a time, so that no thread idles while another holds a big
// subtree. The error says when CacheMiB is too large.
func PerftRun(p Position, depth int, opt PerftOptions) (PerftResult, error) {
	start := time.Now()
	res, err := perftRun(p, depth, opt)
	res.Elapsed = time.Since(start)
	return res, err
}

func perftRun(p Position, depth int, opt PerftOptions) (PerftResult, error) {
	var res PerftResult
	depth = min(depth, MaxPly)
	var cache *perftCache
	if opt.CacheMiB > 0 {
		c, err := newPerftCache(opt.CacheMiB)
		if err != nil {
			return res, err
		}
		cache = c
	}
	unique := !opt.Paths
	var root MoveList
	p.generate(&root, unique)
	res.Moves = append([]Move(nil), root.Slice()...)
	res.Per = make([]uint64, len(res.Moves))
	if depth <= 0 {
		res.Nodes = 1
		return res, nil
	}
	threads := max(opt.Threads, 1)
	threads = min(threads, runtime.GOMAXPROCS(0)*maxThreadsPerProc)
	tasks := make([]perftTask, 0, len(res.Moves))
	for i, m := range res.Moves {
		c := p
		c.MakeMove(m)
		tasks = append(tasks, perftTask{root: i, pos: c, depth: depth - 1})
	}
	if threads > 1 {
		tasks = splitTasks(tasks, splitTasksPerThread*threads, unique)
	}
	per := make([]atomic.Uint64, len(res.Moves))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range threads {
		wg.Go(func() {
			pf := &perfter{unique: unique, cache: cache, stop: opt.Stop}
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				t := &tasks[i]
				per[t.root].Add(pf.count(t.pos, t.depth))
			}
		})
	}
	wg.Wait()
	for i := range per {
		res.Per[i] = per[i].Load()
		res.Nodes += res.Per[i]
	}
	res.Stopped = opt.Stop != nil && opt.Stop.Load()
	return res, nil
}

// splitTasks replaces each task by its children, a ply at a time, until
// there are at least want of them or they are too shallow to be worth
// cutting further.
func splitTasks(tasks []perftTask, want int, unique bool) []perftTask {
	var ml MoveList
	for len(tasks) > 0 && len(tasks) < want && tasks[0].depth > 2 {
		var next []perftTask
		for _, t := range tasks {
			t.pos.generate(&ml, unique)
			for _, m := range ml.Slice() {
				c := t.pos
				c.MakeMove(m)
				next = append(next, perftTask{root: t.root, pos: c, depth: t.depth - 1})
			}
		}
		tasks = next
	}
	return tasks
}
