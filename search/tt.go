package search

import (
	"math/bits"
	"sync/atomic"

	"github.com/crown-checkers/crown/movegen"
)

// Bound says how a stored score relates to the true value.
type bound uint8

const (
	boundNone  bound = iota
	boundUpper       // the true score is at most the stored one (fail low)
	boundLower       // the true score is at least the stored one (fail high)
	boundExact
)

// ttEntry is one slot: data and data^key. A reader that sees halves from two
// different writers gets a mismatching key and treats the slot as a miss, so
// threads share the table without locks.
type ttEntry struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

// bucketSize entries share one 64-byte cache line.
const bucketSize = 4

type ttBucket [bucketSize]ttEntry

// Layout of an entry's data word.
const (
	scoreShift   = 0  // 16 bits, int16
	depthShift   = 16 // 8 bits
	boundShift   = 24 // 2 bits
	ageShift     = 26 // 6 bits
	fromShift    = 32 // 5 bits
	toShift      = 37 // 5 bits
	capShift     = 42 // 16 bits: the captured set folded, enough to pick the move from a list
	hasMoveShift = 58
	hasMoveBit   = 1 << hasMoveShift
	genShift     = 59 // 5 bits: the table's generation when stored (table.clear)
	ageMask      = 63
	genMask      = 31
	moveMask     = hasMoveBit | (1<<hasMoveShift-1)&^(1<<fromShift-1)
)

// ttData is an unpacked entry.
type ttData struct {
	score   int
	depth   int
	bound   bound
	age     uint8
	hasMove bool
	from    movegen.Square
	to      movegen.Square
	capFold uint16
}

func foldCaptured(b movegen.Bitboard) uint16 { return uint16(b ^ b>>16) }

// matches reports whether m is the entry's move.
func (d *ttData) matches(m movegen.Move) bool {
	return d.hasMove && m.From == d.from && m.To == d.to && foldCaptured(m.Captured) == d.capFold
}

func pack(score, depth int, b bound, age, gen uint8, m movegen.Move, hasMove bool) uint64 {
	if depth < 0 {
		depth = 0
	}
	if depth > 255 {
		depth = 255
	}
	d := uint64(uint16(int16(score)))<<scoreShift | uint64(depth)<<depthShift |
		uint64(b)<<boundShift | uint64(age&ageMask)<<ageShift | uint64(gen&genMask)<<genShift
	if hasMove {
		d |= hasMoveBit | uint64(m.From)<<fromShift | uint64(m.To)<<toShift |
			uint64(foldCaptured(m.Captured))<<capShift
	}
	return d
}

func unpack(d uint64) ttData {
	return ttData{
		score:   int(int16(uint16(d >> scoreShift))),
		depth:   int(uint8(d >> depthShift)),
		bound:   bound(d >> boundShift & 3),
		age:     uint8(d >> ageShift & ageMask),
		hasMove: d&hasMoveBit != 0,
		from:    movegen.Square(d >> fromShift & 31),
		to:      movegen.Square(d >> toShift & 31),
		capFold: uint16(d >> capShift),
	}
}

// table is the shared transposition table: a fixed array of buckets,
// indexed by the high bits of the key. An entry stored before the last
// clear (of another generation, gen) counts as empty.
type table struct {
	buckets []ttBucket
	age     uint8
	gen     uint8
}

const bytesPerBucket = 64

// Replacement: an entry from an earlier search counts agePenalty plies
// shallower per search since; a result for a key already stored replaces it
// unless it is more than sameKeySlack plies shallower than an entry of this
// search (an exact bound always replaces).
const (
	agePenalty   = 8
	sameKeySlack = 2
)

func newTable(mib int) *table {
	n := mib << 20 / bytesPerBucket
	return &table{buckets: make([]ttBucket, n)}
}

// clear empties the table at once, whatever its size, by starting a new
// generation: the entries stored before no longer count. Writing zeros
// over a 2 GiB table took 17 s on a machine that had touched little of it
// (every page faulted in, all made resident), holding up a new game. Once
// in 32 clears, when the generation comes round, the memory is zeroed, so
// that no entry of 32 clears ago comes back. No search may be running.
func (t *table) clear() {
	t.gen = (t.gen + 1) & genMask
	if t.gen == 0 {
		clear(t.buckets)
	}
	t.age = 0
}

// live reports whether d, an entry's data word, is one of this generation
// (and not an empty slot).
func (t *table) live(d uint64) bool {
	return d != 0 && uint8(d>>genShift)&genMask == t.gen
}

// newSearch ages the table so entries of earlier searches are replaced first.
func (t *table) newSearch() { t.age = (t.age + 1) & ageMask }

func (t *table) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// probe returns the entry stored for key, if any.
func (t *table) probe(key uint64) (ttData, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if t.live(d) && b[i].check.Load()^d == key {
			return unpack(d), true
		}
	}
	return ttData{}, false
}

// store saves a search result for key. It overwrites the same key's entry
// unless that one is deeper and from this search, else the slot whose
// depth, discounted by age, is lowest.
func (t *table) store(key uint64, score, depth int, bd bound, m movegen.Move, hasMove bool) {
	b := t.bucket(key)
	victim := -1
	worst := 1 << 30
	for i := range b {
		d := b[i].data.Load()
		if !t.live(d) {
			if victim < 0 || worst > -1 {
				victim, worst = i, -1
			}
			continue
		}
		if b[i].check.Load()^d == key {
			old := unpack(d)
			if bd != boundExact && old.age == t.age && depth+sameKeySlack < old.depth {
				return
			}
			nd := pack(score, depth, bd, t.age, t.gen, m, hasMove)
			if !hasMove && old.hasMove {
				nd |= d & moveMask
			}
			b[i].data.Store(nd)
			b[i].check.Store(key ^ nd)
			return
		}
		old := unpack(d)
		v := old.depth - agePenalty*int((t.age-old.age)&ageMask)
		if v < worst {
			victim, worst = i, v
		}
	}
	nd := pack(score, depth, bd, t.age, t.gen, m, hasMove)
	b[victim].data.Store(nd)
	b[victim].check.Store(key ^ nd)
}
