package search

import (
	"math/rand/v2"
	"testing"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
)

// TestEvalCache checks that the cache answers what the evaluation does,
// on a miss and on a hit, in both rule sets, and that other weights drop
// what it holds.
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
		for _, ev := range []*eval.WeightFile{eval.Default(), other, eval.Default()} {
			c.use(ev)
			for pass := 0; pass < 2; pass++ { // misses, then mostly hits
				for i := range ps {
					p := &ps[i]
					if got, want := c.evaluate(i%maxPly, p, key(p)), ev.Evaluate(p); got != want {
						t.Fatalf("%v pass %d, %s: cache says %d, the evaluation %d", v, pass, p.FEN(), got, want)
					}
				}
			}
		}
	}
}

// TestEvalCacheAllocs checks that a lookup allocates nothing.
func TestEvalCacheAllocs(t *testing.T) {
	var c evalCache
	c.use(eval.Default())
	p := movegen.StartPosition(movegen.American)
	if n := testing.AllocsPerRun(100, func() { c.evaluate(0, &p, p.Hash) }); n != 0 {
		t.Errorf("%v allocations a lookup", n)
	}
}
