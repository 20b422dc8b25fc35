package search

import (
	"math"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
)

// evalCacheBits sets the evaluation cache's size: 2^14 entries, 128 KiB a
// worker, small enough to stay in a core's L2 cache. Most repeated
// evaluations are of leaves met again a few thousand nodes later (the
// re-searches of PVS, late-move reductions and the next iteration; the
// table skips the depth-0 leaves): on the bench, 62% of evaluations are
// repeats at 2^12 entries, 66% at 2^14, 69% at 2^20.
const evalCacheBits = 14

// evalCache remembers a worker's recent static evaluations by position
// key. An entry holds the key's bits above the index's and the score, so a
// hit is a position with the same key: the score is exact, and a search
// with the cache visits the same tree as one without it.
type evalCache struct {
	entries [1 << evalCacheBits]uint64
	// weights are the evaluation's weights the entries were scored with.
	weights *eval.WeightFile
	// grain rounds the scores towards zero to a multiple of it
	// (Params.EvalGrain; 1: exact).
	grain int
	// path scores the misses, from the network sums of the positions
	// scored before at the same ply and two and four plies up.
	path eval.Path
}

// evalCheckShift: an entry keeps the key above its low 16 bits, the score
// in those bits (the index uses the key's low evalCacheBits bits, which
// the check need not repeat).
const evalCheckShift = 16

// use readies the cache for a search with weights ev and scores rounded
// to grain: entries of other weights or another grain are dropped.
func (c *evalCache) use(ev *eval.WeightFile, grain int) {
	grain = max(grain, 1)
	if c.weights != ev || c.grain != grain {
		clear(c.entries[:])
		c.weights, c.grain = ev, grain
	}
	c.path.Use(ev, maxPly+1)
}

// evaluate returns the static score of p at ply of the search, key being
// its table key.
func (c *evalCache) evaluate(ply int, p *movegen.Position, key uint64) int {
	e := &c.entries[key&(1<<evalCacheBits-1)]
	if *e>>evalCheckShift == key>>evalCheckShift {
		return int(int16(uint16(*e)))
	}
	v := c.path.Evaluate(ply, p)
	if c.grain > 1 {
		v = v / c.grain * c.grain // towards zero: colour-symmetric
	}
	if v >= math.MinInt16 && v <= math.MaxInt16 {
		*e = key>>evalCheckShift<<evalCheckShift | uint64(uint16(int16(v)))
	}
	return v
}
