package search

import (
	"math/rand/v2"
	"testing"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
)

// TestEvalCache checks that the cache answers what the evaluation does
// (rounded towards zero to the grain), on a miss and on a hit, in both
// rule sets, and that other weights or another grain drop what it holds.
func TestEvalCache(t *testing.T) {
	other := &eval.WeightFile{} // both rule sets ship networks: other weights are a bare linear table
	for v := range other.Tables {
		var c eval.Table
		c[eval.ScalarIndex(eval.ScalarMen)][0] = 16 * 150 // a man worth one and a half
		other.Tables[v] = &c
	}
	for _, v := range []movegen.Variant{movegen.American, movegen.Pool} {
		var c evalCache
		rng := rand.New(rand.NewPCG(uint64(v)+1, 1))
		var ps []movegen.Position
		for len(ps) < 2000 { // random games of the rules' test (adjudicate_test.go)
			game, _ := playout(rng, movegen.StartPosition(v), 300)
			ps = append(ps, game...)
		}
		key := func(p *movegen.Position) uint64 { return p.Hash ^ variantKey[v] }
		for _, u := range []struct {
			ev    *eval.WeightFile
			grain int
		}{{eval.Default(), 1}, {other, 1}, {eval.Default(), 1}, {eval.Default(), 4}, {eval.Default(), 1}} {
			c.use(u.ev, u.grain)
			for pass := 0; pass < 2; pass++ { // misses, then mostly hits
				for i := range ps {
					p := &ps[i]
					want := u.ev.Evaluate(p) / u.grain * u.grain
					if got := c.evaluate(i%maxPly, p, key(p)); got != want {
						t.Fatalf("%v grain %d pass %d, %s: cache says %d, the evaluation %d", v, u.grain, pass, p.FEN(), got, want)
					}
				}
			}
		}
	}
}

// TestEvalCacheAllocs checks that a lookup allocates nothing.
func TestEvalCacheAllocs(t *testing.T) {
	var c evalCache
	c.use(eval.Default(), 1)
	p := movegen.StartPosition(movegen.American)
	if n := testing.AllocsPerRun(100, func() { c.evaluate(0, &p, p.Hash) }); n != 0 {
		t.Errorf("%v allocations a lookup", n)
	}
}
