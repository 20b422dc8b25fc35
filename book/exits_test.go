package book

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// TestExits: at each level the exits of the shipped book from the start
// are distinct positions outside the book, every line a level plays ends
// in one of them, Best has exactly its main line's end, Off the roots
// themselves, and a limit stops the walk.
func TestExits(t *testing.T) {
	b, err := Default(movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	start := movegen.StartPosition(movegen.American)
	roots := []movegen.Position{start}
	for _, l := range []Level{AllGood, Good, Best} {
		exits := b.Exits(roots, l, 0)
		set := map[movegen.Position]bool{}
		for _, p := range exits {
			if set[p] {
				t.Fatalf("%v: exit %s listed twice", l, p.FEN())
			}
			if b.Contains(p) {
				t.Fatalf("%v: exit %s is in the book", l, p.FEN())
			}
			set[p] = true
		}
		rng := rand.New(rand.NewPCG(uint64(l), 9))
		for range 100 {
			p := start
			for {
				m, ok := b.Pick(p, l, rng)
				if !ok {
					break
				}
				p.MakeMove(m.Move)
			}
			if !set[p] {
				t.Fatalf("%v: a line played left the book at %s, not among its %d exits", l, p.FEN(), len(exits))
			}
		}
		if again := b.Exits(roots, l, 0); !slices.Equal(again, exits) {
			t.Errorf("%v: a second walk found other exits or another order", l)
		}
		if l == Best {
			p := start
			for _, m := range b.MainLine(start, movegen.MaxPly) {
				p.MakeMove(m)
			}
			if len(exits) != 1 || exits[0] != p {
				t.Errorf("Best: %d exits, want the main line's end", len(exits))
			}
		}
		t.Logf("%v: %d exits", l, len(exits))
	}
	if n := len(b.Exits(roots, AllGood, 5)); n != 5 {
		t.Errorf("limit 5: %d exits", n)
	}
	other := lineBallot(t, "11-15", "23-19", "8-11").Pos
	if got := b.Exits([]movegen.Position{start, other, start}, Off, 0); !slices.Equal(got, []movegen.Position{start, other}) {
		t.Errorf("Off: %d exits, want the two roots", len(got))
	}
}
