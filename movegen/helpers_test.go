package movegen

import (
	"math/rand/v2"
	"testing"
)

// maxPlayoutPlies ends a random game that goes on this long: long enough to
// reach endgames with kings, short enough to keep the tests quick.
const maxPlayoutPlies = 200

// playout plays random legal moves from p, calling visit on every position
// reached (p included) until the side to move has no move or plies run out.
func playout(rng *rand.Rand, p Position, plies int, visit func(*Position)) {
	var ml MoveList
	for ply := 0; ; ply++ {
		visit(&p)
		p.GenerateMoves(&ml)
		if ml.N == 0 || ply == plies {
			return
		}
		p.MakeMove(ml.Moves[rng.IntN(ml.N)])
	}
}

// playoutPositions collects n positions of variant v from random games.
func playoutPositions(rng *rand.Rand, v Variant, n int) []Position {
	out := make([]Position, 0, n)
	for len(out) < n {
		playout(rng, StartPosition(v), maxPlayoutPlies, func(p *Position) {
			if len(out) < n {
				out = append(out, *p)
			}
		})
	}
	return out
}

// englishFEN parses fen written in English numbers (Crown's internal
// ones) as a position of variant v, whatever v's own notation: the tests
// that place pieces by internal square use it.
func englishFEN(t testing.TB, fen string, v Variant) Position {
	t.Helper()
	p := mustFEN(t, fen, American)
	p.Variant = v
	return p
}

// mustFEN parses fen or fails the test.
func mustFEN(t testing.TB, fen string, v Variant) Position {
	t.Helper()
	p, err := ParseFEN(fen, v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
