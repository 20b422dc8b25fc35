package movegen

import "testing"

// Perft benchmarks report leaves per second, the figure the speed targets
// are stated in. Depths are chosen so one iteration takes a fraction of a
// second on a fast machine; the target depth (12) is run with
// `crown perft` instead.
var perftBenchmarks = []struct {
	name    string
	variant Variant
	depth   int
	opt     PerftOptions
}{
	{"American", American, 10, PerftOptions{}},
	{"AmericanPaths", American, 10, PerftOptions{Paths: true}},
	{"Pool", Pool, 10, PerftOptions{}},
	{"PoolPaths", Pool, 10, PerftOptions{Paths: true}},
	{"AmericanThreads2", American, 11, PerftOptions{Threads: 2}},
	{"AmericanCache", American, 11, PerftOptions{CacheMiB: 64}},
}

func BenchmarkPerft(b *testing.B) {
	for _, bm := range perftBenchmarks {
		b.Run(bm.name, func(b *testing.B) {
			p := StartPosition(bm.variant)
			var leaves uint64
			for b.Loop() {
				res, err := PerftRun(p, bm.depth, bm.opt)
				if err != nil {
					b.Fatal(err)
				}
				leaves += res.Nodes
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// TestPerftCountAllocs checks that counting reuses the perfter's per-ply
// lists and keeps positions on the stack: no allocation per node.
func TestPerftCountAllocs(t *testing.T) {
	for _, v := range []Variant{American, Pool} {
		for _, unique := range []bool{true, false} {
			pf := &perfter{unique: unique}
			p := StartPosition(v)
			if n := testing.AllocsPerRun(3, func() { pf.count(p, 6) }); n != 0 {
				t.Errorf("%v unique=%v: %v allocations per perft(6), want 0", v, unique, n)
			}
		}
	}
}
