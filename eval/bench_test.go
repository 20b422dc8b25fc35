package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// randomPositions plays seeded random games in both rule sets and returns
// every position met.
func randomPositions(games int) []movegen.Position {
	rng := rand.New(rand.NewPCG(1, 2))
	var out []movegen.Position
	var ml movegen.MoveList
	for g := 0; g < games; g++ {
		p := movegen.StartPosition(movegen.Variant(g) % movegen.NumVariants)
		for ply := 0; ply < 200; ply++ {
			out = append(out, p)
			p.GenerateMoves(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
		}
	}
	return out
}

func BenchmarkEvaluate(b *testing.B) {
	ps := randomPositions(4)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Evaluate(&ps[i%len(ps)])
	}
}
