package movegen

import (
	"math/rand/v2"
	"testing"
)

// kingWalk plays n reversible plies from fen, picking at random among the
// quiet moves that do not bring a position up a third time, and returns the
// positions and moves. It fails the test if it gets stuck.
func kingWalk(t *testing.T, fen string, v Variant, n int) ([]Position, []Move) {
	t.Helper()
	p := mustFEN(t, fen, v)
	rng := rand.New(rand.NewPCG(7, 11))
	hist, moves := []Position{p}, []Move(nil)
	seen := map[uint64]int{p.Hash: 1}
	var ml MoveList
	for len(moves) < n {
		p.GenerateMoves(&ml)
		var ok []Move
		for _, m := range ml.Slice() {
			c := p
			c.MakeMove(m)
			if !m.IsCapture() && p.IsReversible(m) && seen[c.Hash] < 2 && !c.HasCapture() {
				ok = append(ok, m)
			}
		}
		if len(ok) == 0 {
			t.Fatalf("walk from %s stuck after %d plies", fen, len(moves))
		}
		m := ok[rng.IntN(len(ok))]
		p.MakeMove(m)
		seen[p.Hash]++
		hist, moves = append(hist, p), append(moves, m)
	}
	return hist, moves
}

func TestAdjudicate(t *testing.T) {
	t.Run("no moves", func(t *testing.T) {
		p := mustFEN(t, "W:W29:B25,22", American) // white man on 29 is blocked and cannot jump
		o := Adjudicate([]Position{p}, nil)
		if o.Ending != NoMoves || o.Result != ResultBlackWins {
			t.Fatalf("got %+v, want Black to win by no moves", o)
		}
	})
	t.Run("repetition", func(t *testing.T) {
		p := mustFEN(t, "B:WK32:BK1", American)
		hist := []Position{p}
		var moves []Move
		for _, s := range []string{"1-5", "32-27", "5-1", "27-32", "1-5", "32-27", "5-1", "27-32"} {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			if o := Adjudicate(hist, moves); o.Over() {
				t.Fatalf("over too early after %d plies: %+v", len(moves), o)
			}
			p.MakeMove(m)
			hist, moves = append(hist, p), append(moves, m)
		}
		if o := Adjudicate(hist, moves); o.Ending != Repetition || o.Result != ResultDraw {
			t.Fatalf("got %+v, want a draw by repetition", o)
		}
	})
	for _, tc := range []struct {
		name   string
		v      Variant
		fen    string
		ending Ending
		plies  int // the ply on which the game ends
	}{
		{"american move count", American, "B:WK32,K31,K30:BK1,K2,K3", MoveCount, American.Rules().DrawPlies()},
		{"pool move count", Pool, "B:WK32,K31:BK1,K2", MoveCount, Pool.Rules().DrawPlies()},
		{"pool three kings", Pool, "B:WK32:BK1,K2,K3", ThreeKings, 2*Pool.Rules().ThreeKingsMoves - 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hist, moves := kingWalk(t, tc.fen, tc.v, tc.plies)
			if o := Adjudicate(hist[:tc.plies], moves[:tc.plies-1]); o.Over() {
				t.Fatalf("over one ply early: %+v", o)
			}
			if o := Adjudicate(hist, moves); o.Ending != tc.ending || o.Result != ResultDraw {
				t.Fatalf("after %d plies got %+v, want %v", tc.plies, o, tc.ending)
			}
		})
	}
}

// TestThreeKingsAgainstOne checks the ending the Pool count applies to:
// three kings against a lone king, either colour stronger, and never in
// American checkers or with a man on the board.
func TestThreeKingsAgainstOne(t *testing.T) {
	tests := []struct {
		v    Variant
		fen  string
		want bool
	}{
		{Pool, "B:WK32:BK1,K2,K3", true},
		{Pool, "W:WK30,K31,K32:BK1", true},
		{American, "B:WK32:BK1,K2,K3", false},
		{Pool, "B:WK32:BK1,K2,3", false},
		{Pool, "B:W32:BK1,K2,K3", false},
		{Pool, "B:WK32:BK1,K2", false},
		{Pool, "B:WK32:BK1,K2,K3,K4", false},
		{Pool, "B:WK31,K32:BK1,K2,K3", false},
		{Pool, "B:W:BK1,K2,K3", false},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen, tc.v)
		if got := p.ThreeKingsAgainstOne(); got != tc.want {
			t.Errorf("%v %s: ThreeKingsAgainstOne() = %v, want %v", tc.v, tc.fen, got, tc.want)
		}
	}
}
