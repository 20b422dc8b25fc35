package egdb

import (
	"sync"
	"testing"

	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// built holds one in-memory build per rule set, shared by the tests.
var built struct {
	sync.Mutex
	b [movegen.NumVariants]*Builder
}

// builder returns the rule set's slices of up to four pieces, built once.
// With -short under the race detector it skips the test: the four-piece
// builds would take minutes there, and the three-piece ones in the other
// tests run the same code on two threads.
func builder(t testing.TB, v movegen.Variant) *Builder {
	t.Helper()
	if testing.Short() && schedtest.Race {
		t.Skip("four-piece build: run without -race or without -short")
	}
	built.Lock()
	defer built.Unlock()
	if built.b[v] == nil {
		b := NewBuilder(v, 2)
		if err := b.Build(4); err != nil {
			t.Fatal(err)
		}
		built.b[v] = b
	}
	return built.b[v]
}

func mustFEN(t testing.TB, fen string, v movegen.Variant) movegen.Position {
	t.Helper()
	p, err := movegen.ParseFEN(fen, v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestKnownPositions checks single positions with known values.
func TestKnownPositions(t *testing.T) {
	tests := []struct {
		variant movegen.Variant
		fen     string
		want    movegen.Result
	}{
		{movegen.American, "W:WK19,K23:BK28,12", movegen.Win}, // First Position, White to move
		{movegen.American, "W:WK1:BK32", movegen.Draw},
		{movegen.American, "B:WK1,K2:BK32", movegen.Loss},
		{movegen.American, "B:WK11:BK3,K4", movegen.Draw}, // every move of the two kings gives one up
		{movegen.Pool, "W:WK29:B22", movegen.Win},         // the flying king takes from afar
		{movegen.Pool, "B:WK29:BK1,K2,K4", movegen.Win},   // three kings, one of them on the long diagonal
		{movegen.Pool, "B:WK29:BK1,K2,K3", movegen.Draw},  // the lone king holds the long diagonal
		{movegen.American, "W:W32:B1", movegen.Draw},      // a man each, far apart: both crown
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen, tt.variant)
		if got := builder(t, tt.variant).Value(&p); got != tt.want {
			t.Errorf("%v %s: %v, want %v", tt.variant, tt.fen, got, tt.want)
		}
	}
}

// searcher is a plain depth-limited search, independent of the builders:
// wins(p, d) reports whether the side to move wins by force within d plies
// (the opponent left without a move or a piece).
type searcher struct {
	memo map[searchKey]bool
}

type searchKey struct {
	black, white, kings movegen.Bitboard
	turn                movegen.Colour
	depth               int
}

func (s *searcher) wins(p *movegen.Position, d int) bool {
	if d <= 0 {
		return false
	}
	if s.memo == nil {
		s.memo = map[searchKey]bool{}
	}
	key := searchKey{p.Pieces[0], p.Pieces[1], p.Kings, p.Turn, d}
	if v, ok := s.memo[key]; ok {
		return v
	}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	res := false
	for _, m := range ml.Slice() {
		q := *p
		q.MakeMove(m)
		if s.loses(&q, d-1) {
			res = true
			break
		}
	}
	s.memo[key] = res
	return res
}

func (s *searcher) loses(p *movegen.Position, d int) bool {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		q := *p
		q.MakeMove(m)
		if !s.wins(&q, d-1) {
			return false
		}
	}
	return true
}

// twoKingsDraws are the only positions, with the two kings to move, where
// American two kings against one do not win and no move of theirs is
// without a capture for the lone king: the two kings stand in a single
// corner with the lone king next to them, and lose one by force. Turned
// round (Flip) they are the same set.
var twoKingsDraws = []string{
	"B:WK11:BK3,K4", "B:WK7:BK4,K8", "B:WK16:BK4,K8", "B:WK11:BK4,K12",
	"B:WK22:BK21,K29", "B:WK17:BK25,K29", "B:WK26:BK25,K29", "B:WK22:BK29,K30",
}

// cornerPlies is how deep the plain search looks for a win in the
// single-corner draws: far beyond the 25 plies it takes to win the
// hardest ordinary two-kings position, and still fast with three pieces.
const cornerPlies = 40

// TestTwoKingsAgainstOne: in American checkers two kings beat one wherever
// they stand and whoever moves, unless a king is lost at once: with the
// lone king to move, it has a capture (then anything goes) or a move into a position below;
// with the two kings to move, every move leaves the lone king a capture,
// or the kings are in a single corner (twoKingsDraws, checked by a plain
// search to hold for cornerPlies).
func TestTwoKingsAgainstOne(t *testing.T) {
	b := builder(t, movegen.American)
	exceptions := map[string]bool{}
	var s searcher
	for _, fen := range twoKingsDraws {
		exceptions[fen] = true
		p := mustFEN(t, fen, movegen.American)
		if s.wins(&p, cornerPlies) {
			t.Errorf("%s: the two kings win within %d plies", fen, cornerPlies)
		}
	}
	drawn := func(p *movegen.Position) bool { // two kings to move, and no win
		return allGiveCapture(p) || exceptions[p.FEN()]
	}
	found := 0
	for _, m := range []Material{{0, 2, 0, 1}, {0, 1, 0, 2}} {
		for i := int64(0); i < Size(m); i++ {
			p := Unindex(m, i, movegen.American)
			want := movegen.Win
			if m.BK == 1 {
				if p.HasCapture() {
					continue // the lone king takes one: what is left decides
				}
				want = movegen.Loss
				var ml movegen.MoveList
				p.GenerateMoves(&ml)
				for _, mv := range ml.Slice() {
					q := p
					q.MakeMove(mv)
					q = q.Flip()
					if drawn(&q) {
						want = movegen.Draw
					}
				}
			} else if drawn(&p) {
				want = movegen.Draw
				if exceptions[p.FEN()] {
					found++
				}
			}
			if got := b.Value(&p); got != want {
				t.Fatalf("%s: %v, want %v", p.FEN(), got, want)
			}
		}
	}
	if found != len(twoKingsDraws) {
		t.Errorf("%d of the %d single-corner draws met", found, len(twoKingsDraws))
	}
}

// combinationPlies bounds the sacrifice combinations TestPoolThreeKings
// allows the three kings: a king given up, the lone king's forced capture,
// another, and the capture of the lone king.
const combinationPlies = 11

// TestPoolThreeKings: in Pool three kings against one draw while the lone
// king holds the long diagonal and win once one of the three holds it, in
// positions with no capture at hand for either side. Captures being
// compulsory, the three kings to move can sometimes force the lone king off
// the diagonal by sacrifices: such a position must be a win found by a
// plain search within combinationPlies. And the lone king to move can
// sometimes attack two kings at once: such a position may be a draw
// (forks).
func TestPoolThreeKings(t *testing.T) {
	b := builder(t, movegen.Pool)
	counts := map[string]int{}
	var s searcher
	for _, m := range []Material{{0, 3, 0, 1}, {0, 1, 0, 3}} {
		for i := int64(0); i < Size(m); i++ {
			p := Unindex(m, i, movegen.Pool)
			if p.HasCapture() || p.Threatened() {
				continue
			}
			lone, three := movegen.Black, movegen.White
			if m.BK == 3 {
				lone, three = three, lone
			}
			var want movegen.Result
			switch {
			case p.KingsOf(lone)&longDiagonal != 0 && p.KingsOf(three)&longDiagonal != 0:
				continue // neither holds it
			case p.KingsOf(lone)&longDiagonal != 0:
				want = movegen.Draw
				counts["lone king holds the diagonal"]++
			case p.KingsOf(three)&longDiagonal != 0:
				want = movegen.Win
				counts["a strong king holds the diagonal"]++
			default:
				continue
			}
			if p.Turn == lone {
				want = want.Negate()
			}
			got := b.Value(&p)
			if got == movegen.Win && want == movegen.Draw && p.Turn == three && s.wins(&p, combinationPlies) {
				counts["won by a combination"]++
				continue
			}
			if got == movegen.Draw && want == movegen.Loss && p.Turn == lone && forks(&p) {
				counts["lone king forks two kings"]++
				continue
			}
			if got != want {
				t.Fatalf("%s: %v, want %v", p.FEN(), got, want)
			}
		}
	}
	t.Log(counts)
}

// allGiveCapture reports whether p has moves and every one leaves the
// opponent a capture.
func allGiveCapture(p *movegen.Position) bool {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		q := *p
		q.MakeMove(m)
		if !q.HasCapture() {
			return false
		}
	}
	return ml.N > 0
}

// longDiagonal is Pool's long diagonal, squares 4-29 (a1-h8).
var longDiagonal = sqs(4, 8, 11, 15, 18, 22, 25, 29)

func sqs(nums ...int) movegen.Bitboard {
	var b movegen.Bitboard
	for _, n := range nums {
		b |= movegen.Square(n - 1).Bit()
	}
	return b
}

// forks reports whether the side to move has a move after which every
// reply of the opponent leaves it a capture.
func forks(p *movegen.Position) bool {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		q := *p
		q.MakeMove(m)
		if allGiveCapture(&q) {
			return true
		}
	}
	return false
}
