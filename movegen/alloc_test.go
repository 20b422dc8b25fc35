package movegen

import "testing"

// TestNoAllocations proves that move generation, counting and make-move
// allocate nothing, on quiet positions, captures with rings and Pool kings.
func TestNoAllocations(t *testing.T) {
	positions := []struct {
		v   Variant
		fen string
	}{
		{American, "B:W21-32:B1-12"},
		{Pool, "B:W21-32:B1-12"},
		{American, "W:WK10:B14,15,22,23"},
		{American, "W:W5,K9,23:BK6,7,K8,K14,15,K17,K30"},
		{Pool, "B:W14,15,22,23:BK10"},
		{Pool, "W:WK2,K5:BK6,K16,17,18,26,28"},
		{Pool, "W:WK13:B6,7,17,23,K29,K30"},
		{Pool, "B:WK4,25,26,29:B1,2,3,5,7,10,12,K20,21"},
	}
	var ml, scratch MoveList
	for _, c := range positions {
		p, err := ParseFEN(c.fen, c.v)
		if err != nil {
			t.Fatal(err)
		}
		p.GenerateMoves(&ml)
		m := ml.Moves[0]
		checks := []struct {
			name string
			f    func()
		}{
			{"GenerateMoves", func() { p.GenerateMoves(&ml) }},
			{"GeneratePaths", func() { p.GeneratePaths(&ml) }},
			{"CountMoves", func() { _ = p.CountMoves(&scratch) }},
			{"HasCapture", func() { _ = p.HasCapture() }},
			{"MakeMove", func() {
				c := p
				c.MakeMove(m)
			}},
		}
		for _, ch := range checks {
			if n := testing.AllocsPerRun(100, ch.f); n != 0 {
				t.Errorf("%s %s: %s allocates %.1f times per run", c.v, c.fen, ch.name, n)
			}
		}
	}
}
