package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// pathWalk walks a search path at random, as a search would: down a
// random legal move, back up a few plies, over both rule sets in turn; it
// calls visit at every step with the position at the path's end and its
// ply.
func pathWalk(seed uint64, steps, plies int, visit func(ply int, p *movegen.Position)) {
	r := rand.New(rand.NewPCG(seed, 3))
	var ml movegen.MoveList
	var stack []movegen.Position
	for i := 0; i < steps; i++ {
		if len(stack) == 0 {
			stack = append(stack, movegen.StartPosition(movegen.Variant(r.IntN(int(movegen.NumVariants)))))
			// A game's middle: some random moves from the start.
			for k := r.IntN(60); k > 0; k-- {
				if stack[0].GenerateMoves(&ml); ml.N == 0 {
					break
				}
				stack[0].MakeMove(ml.Moves[r.IntN(ml.N)])
			}
		}
		top := &stack[len(stack)-1]
		visit(len(stack)-1, top)
		top.GenerateMoves(&ml)
		if ml.N == 0 || len(stack) == plies || r.IntN(3) == 0 {
			stack = stack[:max(len(stack)-1-r.IntN(3), 0)]
			continue
		}
		next := *top
		next.MakeMove(ml.Moves[r.IntN(ml.N)])
		stack = append(stack, next)
	}
}

// pathPositions returns the positions of a random path walk of steps
// steps up to 30 plies deep, and their plies.
func pathPositions(seed uint64, steps int) (plies []int, ps []movegen.Position) {
	pathWalk(seed, steps, 30, func(ply int, p *movegen.Position) {
		plies = append(plies, ply)
		ps = append(ps, *p)
	})
	return plies, ps
}

// TestPathExact checks that a Path scores every position of random search
// paths exactly as Evaluate, with the built-in weights and random
// networks, the AVX2 kernel and the plain Go one.
func TestPathExact(t *testing.T) {
	avx := hasAVX2
	defer func() { hasAVX2 = avx }()
	files := map[string]*WeightFile{"built-in": Default(), "random 128": netFile(128, 1), "random 256": netFile(256, 3), "random 1024": netFile(1024, 1),
		"random 128x16": net2File(128, 16, 4)}
	for name, f := range files {
		for _, kernel := range []bool{avx, false} {
			hasAVX2 = kernel
			var e Path
			e.Use(f, 24)
			pathWalk(1, 20000, 30, func(ply int, p *movegen.Position) {
				if got, want := e.Evaluate(ply, p), f.Evaluate(p); got != want {
					t.Fatalf("%s, AVX2 %v, ply %d, %s: Path %d, Evaluate %d", name, kernel, ply, p.FEN(), got, want)
				}
			})
		}
	}
}

// TestPathLinear checks that a Path passes positions a linear model
// scores on to Evaluate.
func TestPathLinear(t *testing.T) {
	f := linearFile()
	var e Path
	e.Use(f, 8)
	pathWalk(2, 2000, 12, func(ply int, p *movegen.Position) {
		if got, want := e.Evaluate(ply, p), f.Evaluate(p); got != want {
			t.Fatalf("ply %d, %s: Path %d, Evaluate %d", ply, p.FEN(), got, want)
		}
	})
}

// TestPathAllocs checks that a Path in use allocates nothing.
func TestPathAllocs(t *testing.T) {
	plies, ps := pathPositions(3, 2000)
	var e Path
	e.Use(Default(), 32)
	for i := range ps {
		e.Evaluate(plies[i], &ps[i])
	}
	if n := testing.AllocsPerRun(10, func() {
		for i := range ps {
			e.Evaluate(plies[i], &ps[i])
		}
	}); n != 0 {
		t.Errorf("Path.Evaluate allocates %v times", n)
	}
}

// BenchmarkPath scores the positions of a random search path with a Path
// and from scratch, with the built-in weights.
func BenchmarkPath(b *testing.B) {
	plies, ps := pathPositions(4, 4096)
	b.Run("path", func(b *testing.B) {
		var e Path
		e.Use(Default(), 32)
		for i := 0; i < b.N; i++ {
			k := i % len(ps)
			e.Evaluate(plies[k], &ps[k])
		}
	})
	b.Run("scratch", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			Evaluate(&ps[i%len(ps)])
		}
	})
}
