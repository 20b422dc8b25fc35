package movegen

import "testing"

// Perft benchmarks report leaves per second, the figure the speed targets
// are stated in. Depths are chosen so one iteration takes a fraction of a
// second; the target depth (12) is run with `crown perft --depth 12`. The
// cache benchmark goes deeper because the cache only pays off there.
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
	{"AmericanCache", American, 12, PerftOptions{CacheMiB: 64}},
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
// lists and keeps positions on the stack, with and without the cache: no
// allocation per node.
func TestPerftCountAllocs(t *testing.T) {
	for _, v := range []Variant{American, Pool} {
		for _, unique := range []bool{true, false} {
			for _, mib := range []int{0, 1} {
				pf := &perfter{unique: unique}
				if mib > 0 {
					c, err := newPerftCache(mib)
					if err != nil {
						t.Fatal(err)
					}
					pf.cache = c
				}
				p := StartPosition(v)
				if n := testing.AllocsPerRun(3, func() { pf.count(p, 6) }); n != 0 {
					t.Errorf("%v unique=%v cache=%d MiB: %v allocations per perft(6), want 0", v, unique, mib, n)
				}
			}
		}
	}
}

// TestPerftDeepOptions checks threads and the subtree cache where the cache
// is hit often and evicts (a 1 MiB cache at depth 10), against the published
// depth-10 counts of testdata/perft-start.tsv.
func TestPerftDeepOptions(t *testing.T) {
	if testing.Short() {
		t.Skip("deep perft")
	}
	tests := []struct {
		variant Variant
		paths   bool
		want    uint64
	}{
		{American, false, 18391564},
		{American, true, 18391564},
		{Pool, false, 22435955},
		{Pool, true, 22442551},
	}
	for _, tc := range tests {
		for _, opt := range []PerftOptions{{CacheMiB: 1}, {CacheMiB: 16, Threads: 2}} {
			opt.Paths = tc.paths
			res, err := PerftRun(StartPosition(tc.variant), 10, opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Nodes != tc.want {
				t.Errorf("%v %+v: perft(10) = %d, want %d", tc.variant, opt, res.Nodes, tc.want)
			}
		}
	}
}
