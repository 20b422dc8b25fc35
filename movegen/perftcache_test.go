package movegen

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
)

// TestPerftCacheSize checks the table's size: the largest power of two of
// buckets within the MiB asked for, and an error outside 1..maxCacheMiB.
func TestPerftCacheSize(t *testing.T) {
	for _, tc := range []struct{ mib, buckets int }{
		{1, 1 << 14},
		{2, 1 << 15},
		{3, 1 << 15},
		{7, 1 << 16},
		{8, 1 << 17},
	} {
		c, err := newPerftCache(tc.mib)
		if err != nil || len(c.buckets) != tc.buckets || c.mask != uint64(tc.buckets-1) {
			t.Errorf("newPerftCache(%d): %v buckets, %v; want %d", tc.mib, len(c.buckets), err, tc.buckets)
		}
	}
	for _, mib := range []int{0, -1, maxCacheMiB + 1} {
		if _, err := newPerftCache(mib); err == nil {
			t.Errorf("newPerftCache(%d): no error", mib)
		}
		if _, err := PerftRun(StartPosition(American), 3, PerftOptions{CacheMiB: mib}); mib > 0 && err == nil {
			t.Errorf("PerftRun with CacheMiB %d: no error", mib)
		}
	}
}

// TestPerftCacheEntries checks lookups and the replacement: a count is
// found for its position and depth only, the first entry of a bucket keeps
// the deeper count and the second takes the others.
func TestPerftCacheEntries(t *testing.T) {
	c := &perftCache{buckets: make([]cacheBucket, 1)} // one bucket: every key meets there
	p := StartPosition(American)
	q := mustFEN(t, "W:W21-32:B1-12", American) // differs from p only in the side to move
	r := mustFEN(t, "B:W21-32:B1-11,K12", American)
	c.store(&p, 5, 500)
	c.store(&q, 4, 400) // shallower: goes to the second entry
	c.store(&r, 3, 300) // shallower: replaces q there
	for _, tc := range []struct {
		pos   *Position
		depth int
		n     uint64
		hit   bool
	}{
		{&p, 5, 500, true},
		{&p, 4, 0, false},
		{&q, 4, 0, false},
		{&q, 5, 0, false},
		{&r, 3, 300, true},
	} {
		if n, ok := c.lookup(tc.pos, tc.depth); n != tc.n || ok != tc.hit {
			t.Errorf("lookup(%s, %d) = %d, %v; want %d, %v", tc.pos, tc.depth, n, ok, tc.n, tc.hit)
		}
	}
	c.store(&q, 6, 600) // deeper than p: takes the first entry
	if n, ok := c.lookup(&q, 6); !ok || n != 600 {
		t.Errorf("lookup(q, 6) = %d, %v; want 600", n, ok)
	}
	if _, ok := c.lookup(&p, 5); ok {
		t.Errorf("p's count survived a deeper store into the first entry")
	}
	if n, ok := c.lookup(&r, 3); !ok || n != 300 {
		t.Errorf("lookup(r, 3) = %d, %v; want 300 kept in the second entry", n, ok)
	}
}

// TestPerftCacheConcurrent has goroutines store and look up the same few
// buckets at once: every hit must return the count stored for that
// position and depth, never words of two writers' entries. Run it with
// -race to check the table is shared without data races.
func TestPerftCacheConcurrent(t *testing.T) {
	const (
		goroutines = 4
		rounds     = 20_000
	)
	positions := playoutPositions(rand.New(rand.NewPCG(5, 6)), Pool, 64)
	c := &perftCache{buckets: make([]cacheBucket, 4), mask: 3}
	count := func(p *Position, depth int) uint64 { return p.Hash>>8 + uint64(depth) }
	var hits atomic.Int64
	var wg sync.WaitGroup
	for g := range goroutines {
		rng := rand.New(rand.NewPCG(uint64(g), 7))
		wg.Go(func() {
			for range rounds {
				p := &positions[rng.IntN(len(positions))]
				depth := cacheMinDepth + rng.IntN(8)
				if n, ok := c.lookup(p, depth); ok {
					if n != count(p, depth) {
						t.Errorf("%s depth %d: cached %d, stored %d", p, depth, n, count(p, depth))
						return
					}
					hits.Add(1)
				}
				c.store(p, depth, count(p, depth))
			}
		})
	}
	wg.Wait()
	if hits.Load() == 0 {
		t.Errorf("no lookup hit in %d", goroutines*rounds)
	}
}
