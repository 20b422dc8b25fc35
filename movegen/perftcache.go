package movegen

import (
	"fmt"
	"math/bits"
	"sync/atomic"
)

// perftCache keeps subtree counts for perft, shared by its threads without
// locks, the way search's transposition table is: a fixed power-of-two
// array of buckets, indexed by the position's hash mixed with the depth,
// each bucket one 64-byte cache line of cacheBucketSize entries. It is
// made once per PerftRun; looking up and storing allocate nothing.
type perftCache struct {
	buckets []cacheBucket
	mask    uint64 // len(buckets)-1
}

// cacheEntry is one subtree count with the position and depth it belongs
// to, compared whole on every hit so that a hash collision cannot give a
// wrong count. Its words are read and written one at a time; check is the
// key (hash and depth) xor the count, so a reader that meets words of two
// writers' entries finds check wrong and treats the slot as a miss.
type cacheEntry struct {
	pieces atomic.Uint64 // packPieces
	state  atomic.Uint64 // packState; 0 while the slot is empty
	nodes  atomic.Uint64
	check  atomic.Uint64
}

// cacheBucketSize entries share a bucket: the first keeps the deeper count
// (depth-preferred), the second takes whatever the first turns away.
const cacheBucketSize = 2

type cacheBucket [cacheBucketSize]cacheEntry

// cacheBucketBytes is a bucket's size: four 8-byte words per entry.
const cacheBucketBytes = cacheBucketSize * 4 * 8

// maxCacheMiB bounds PerftOptions.CacheMiB (64 GiB), so that a mistyped
// size is an error rather than an allocation the machine cannot make.
const maxCacheMiB = 1 << 16

// Layout of an entry's state word: kings in the low 32 bits, then the side
// to move, then the remaining depth (at most MaxPly, 8 bits).
const (
	stateTurnShift  = 32
	stateDepthShift = 33
)

// depthKeys[d] is mixed into a position's hash to key its depth-d count.
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

// newPerftCache returns a cache of at most mib MiB: the largest power of
// two of buckets that fits.
func newPerftCache(mib int) (*perftCache, error) {
	if mib < 1 || mib > maxCacheMiB {
		return nil, fmt.Errorf("perft cache of %d MiB: want 1 to %d", mib, maxCacheMiB)
	}
	n := uint64(mib) << 20 / cacheBucketBytes
	n = 1 << (bits.Len64(n) - 1)
	return &perftCache{buckets: make([]cacheBucket, n), mask: n - 1}, nil
}

func packPieces(p *Position) uint64 {
	return uint64(p.Pieces[Black]) | uint64(p.Pieces[White])<<32
}

func packState(p *Position, depth int) uint64 {
	return uint64(p.Kings) | uint64(p.Turn)<<stateTurnShift | uint64(depth)<<stateDepthShift
}

// lookup returns the count stored for p, whose hash is up to date, depth
// plies from the leaves.
func (c *perftCache) lookup(p *Position, depth int) (uint64, bool) {
	key := p.Hash ^ depthKeys[depth]
	b := &c.buckets[key&c.mask]
	pieces, state := packPieces(p), packState(p, depth)
	for i := range b {
		e := &b[i]
		if e.pieces.Load() == pieces && e.state.Load() == state {
			n := e.nodes.Load()
			if e.check.Load()^n == key {
				return n, true
			}
		}
	}
	return 0, false
}

// store keeps n as the count of p depth plies from the leaves: in the
// bucket's first entry unless that one holds a deeper count, else in the
// second.
func (c *perftCache) store(p *Position, depth int, n uint64) {
	key := p.Hash ^ depthKeys[depth]
	b := &c.buckets[key&c.mask]
	e := &b[0]
	if int(e.state.Load()>>stateDepthShift) > depth {
		e = &b[1]
	}
	e.pieces.Store(packPieces(p))
	e.state.Store(packState(p, depth))
	e.nodes.Store(n)
	e.check.Store(key ^ n)
}
