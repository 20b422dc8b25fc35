package egdb

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// randomPositions returns n positions drawn from the slices of v up to
// pieces, either side to move, with a fixed seed.
func randomPositions(v movegen.Variant, pieces, n int, seed uint64) []movegen.Position {
	r := rand.New(rand.NewPCG(seed, 0))
	slices := Slices(pieces)
	out := make([]movegen.Position, n)
	for k := range out {
		m := slices[r.IntN(len(slices))]
		p := Unindex(m, r.Int64N(Size(m)), v)
		if r.IntN(2) == 1 {
			p = p.Flip()
		}
		out[k] = p
	}
	return out
}

// TestCacheBound: a cache far smaller than the database never holds more
// than its size, and its values are the uncached ones, over 20,000 random
// probes (4,000 with -short, some seventy for each of the sixty blocks).
func TestCacheBound(t *testing.T) {
	probes := 20000
	if testing.Short() {
		probes = 4000
	}
	_, dir := threePieces(t, movegen.Pool)
	plain, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	const bound = 8 * packedBlockBytes // a few blocks of the 3-piece slices' 60 or so
	db, err := open(dir, bound)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	peak := int64(0)
	for i, p := range randomPositions(movegen.Pool, 3, probes, 1) {
		if got, want := db.Probe(&p), plain.Probe(&p); got != want {
			t.Fatalf("%s: cached %v, uncached %v", p.FEN(), got, want)
		}
		if i%100 == 0 {
			db.cache.Wait()
			peak = max(peak, db.CacheBytes())
		}
	}
	db.cache.Wait()
	peak = max(peak, db.CacheBytes())
	if peak > bound || peak == 0 {
		t.Errorf("cache held up to %d bytes, want 1..%d", peak, bound)
	}
}

// TestOpenCacheRange: the cache size is checked.
func TestOpenCacheRange(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{-1, MaxCacheMiB + 1} {
		if _, err := Open(dir, n); err == nil {
			t.Errorf("Open with a cache of %d MiB: no error", n)
		}
	}
	db, err := Open(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.CacheMiB() != 1 || db.cache.MaxCost() != 1<<20 {
		t.Errorf("CacheMiB %d, MaxCost %d", db.CacheMiB(), db.cache.MaxCost())
	}
}

// TestConcurrentProbes: several goroutines probing through one small
// cache (so blocks come and go) agree with the uncached values; run with
// -race (make test) this checks the cache's sharing too.
func TestConcurrentProbes(t *testing.T) {
	_, dir := threePieces(t, movegen.American)
	plain, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	db, err := open(dir, 16*packedBlockBytes)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	workers, probes := 4, 5000
	if schedtest.Race {
		probes = 1000 // the detector slows each probe; four workers still race
	}
	var wg sync.WaitGroup
	errs := make(chan string, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, p := range randomPositions(movegen.American, 3, probes, uint64(w)) {
				if got, want := db.Probe(&p), plain.Probe(&p); got != want {
					errs <- p.FEN() + ": cached " + got.String() + ", uncached " + want.String()
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestCachedProbeAllocs: a probe whose blocks are cached allocates
// nothing, also when a capture pending is resolved by probing its
// captures' results.
func TestCachedProbeAllocs(t *testing.T) {
	if schedtest.Race {
		t.Skip("allocations differ under the race detector")
	}
	_, dir := threePieces(t, movegen.American)
	db, err := Open(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, fen := range []string{"W:WK1:BK3,K4", "W:WK1:BK5,K6"} {
		p, _ := movegen.ParseFEN(fen, movegen.American)
		db.Probe(&p)
		db.cache.Wait()
		if a := testing.AllocsPerRun(100, func() { db.Probe(&p) }); a != 0 {
			t.Errorf("%s (capture pending: %v): a cached Probe allocates %v times", fen, p.HasCapture(), a)
		}
	}
	if p, _ := movegen.ParseFEN("W:WK1:BK5,K6", movegen.American); !p.HasCapture() {
		t.Errorf("%s has no capture pending", p.FEN())
	}
}

// benchDB builds the American slices of up to three pieces, opens them
// with a 4 MiB cache (room for every block) and returns them with 4096
// random positions to probe.
func benchDB(b *testing.B) (*DB, []movegen.Position) {
	b.Helper()
	dir := b.TempDir()
	bl := NewBuilder(movegen.American, 1)
	bl.Dir = dir
	if err := bl.Build(3); err != nil {
		b.Fatal(err)
	}
	db, err := Open(dir, 4)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(db.Close)
	return db, randomPositions(movegen.American, 3, 4096, 1)
}

// BenchmarkProbeCached probes random positions of up to three pieces
// through a cache that holds them all: after the first probes of a block,
// a lookup and no decompression. BenchmarkProbe is the uncached figure.
func BenchmarkProbeCached(b *testing.B) {
	db, ps := benchDB(b)
	for i := range ps {
		db.Probe(&ps[i])
	}
	db.cache.Wait()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		db.Probe(&ps[i&4095])
		i++
	}
}

// BenchmarkProbeParallel probes random positions from every processor
// through one cache, as search threads do.
func BenchmarkProbeParallel(b *testing.B) {
	db, ps := benchDB(b)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			db.Probe(&ps[i&4095])
			i++
		}
	})
}
