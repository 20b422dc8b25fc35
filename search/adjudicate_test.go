package search

import (
	"math/rand/v2"
	"testing"

	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// The search keeps its own count of the rules that end a game while moves
// remain (rules.go: the game line's hashes, plies without a man move or
// capture, the start of Pool's three kings against one), built from a
// request's history by setup and carried along a line by enter; the games
// Crown plays are judged by movegen.Adjudicate. TestRulesAgreeWithAdjudicate
// ties the two together over random games of both rule sets.

// playoutStart is a kind of position random games start from, with its
// pieces placed at random when it is not the start position.
type playoutStart struct {
	blackKings, blackMen, whiteKings, whiteMen int
}

// playoutStarts give every rule a chance: whole games end without moves,
// kings endings run into the move count and repeat positions, and Pool's
// three kings against one arise from the start or by a crowning or a
// capture.
var playoutStarts = []playoutStart{
	{}, // the start position
	{1, 0, 1, 0},
	{2, 0, 1, 0},
	{2, 0, 2, 0},
	{3, 0, 1, 0},
	{3, 0, 2, 0},
	{4, 0, 1, 0},
	{2, 1, 1, 0},
	{2, 1, 1, 1},
	{1, 2, 1, 2},
}

// position returns a position of start's material in rule set v, the
// pieces on random squares (no man on its crowning row) and a random side
// to move, or the start position.
func (start playoutStart) position(rng *rand.Rand, v movegen.Variant) movegen.Position {
	if start == (playoutStart{}) {
		return movegen.StartPosition(v)
	}
	p := movegen.Position{Variant: v, Turn: movegen.Colour(rng.IntN(2))}
	for {
		p.Pieces, p.Kings = [2]movegen.Bitboard{}, 0
		place := func(c movegen.Colour, n int, king bool) {
			for placed := 0; placed < n; {
				s := movegen.Square(rng.IntN(movegen.NumSquares))
				if p.Occupied().Has(s) {
					continue
				}
				p.Pieces[c] |= s.Bit()
				if king {
					p.Kings |= s.Bit()
				}
				placed++
			}
		}
		place(movegen.Black, start.blackKings, true)
		place(movegen.Black, start.blackMen, false)
		place(movegen.White, start.whiteKings, true)
		place(movegen.White, start.whiteMen, false)
		if p.Validate() == nil {
			p.Hash = p.ComputeHash()
			return p
		}
	}
}

// playout plays a random game of at most maxPlies plies from p and
// returns its positions and moves. Most moves leave the opponent no
// capture when some move does, so that pieces last and endings run into
// the counts; half the time a side takes back its last quiet king move,
// when it can, so that positions repeat. The game goes on past a draw by
// a rule (the rules judge each position anew) and ends only when the side
// to move has no move.
func playout(rng *rand.Rand, p movegen.Position, maxPlies int) ([]movegen.Position, []movegen.Move) {
	hist, moves := []movegen.Position{p}, []movegen.Move(nil)
	var ml movegen.MoveList
	var safe []movegen.Move
	for len(moves) < maxPlies {
		p.GenerateMoves(&ml)
		if ml.N == 0 {
			break
		}
		safe = safe[:0]
		for _, c := range ml.Slice() {
			q := p
			if q.MakeMove(c); !q.HasCapture() {
				safe = append(safe, c)
			}
		}
		m := ml.Moves[rng.IntN(ml.N)]
		if len(safe) > 0 && rng.IntN(8) > 0 {
			m = safe[rng.IntN(len(safe))]
		}
		if n := len(moves); n >= 2 && rng.IntN(2) == 0 && hist[n-2].IsReversible(moves[n-2]) {
			back := moves[n-2]
			for _, c := range ml.Slice() {
				if !c.IsCapture() && c.From == back.To && c.To == back.From {
					m = c
				}
			}
		}
		p.MakeMove(m)
		hist, moves = append(hist, p), append(moves, m)
	}
	return hist, moves
}

// verdict is the search's view of the position p at game index idx of w's
// game line, in movegen.Adjudicate's order: no move, repetition, then a
// count that ran out (ruleDraw), the move count's before Pool's three
// kings against one.
func (w *worker) verdict(idx int, p *movegen.Position) movegen.Ending {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	switch {
	case ml.N == 0:
		return movegen.NoMoves
	case w.repeated(idx, p.Hash, true):
		return movegen.Repetition
	case w.ruleDraw(idx, p):
		return w.countEnding(idx)
	}
	return movegen.NotOver
}

// countEnding says which count ruleDraw found run out at game index idx:
// the move count if it did, else the three kings'.
func (w *worker) countEnding(idx int) movegen.Ending {
	if w.clocks[idx] >= w.drawPlies {
		return movegen.MoveCount
	}
	return movegen.ThreeKings
}

// TestRulesAgreeWithAdjudicate plays random games of both rule sets and,
// at every ply, compares movegen.Adjudicate's verdict with the search's:
//
//   - as a search of that position with the game so far as its history
//     sees its root (setup), asked as the claim asks (repeated with
//     threefold set): a position of the history repeats only at its
//     third occurrence, the rule's threefold repetition; elsewhere the
//     search takes a single return as a draw, which is its own choice,
//     not a rule.
//   - along a line of the tree (enter, from roots every 32 plies): the
//     move count and Pool's three-kings count, which the search applies
//     at every node as the rules do (where Adjudicate finds no move or a
//     repetition first, it says nothing of the counts).
//
// Every ending must come up in the games, so that each rule is checked.
func TestRulesAgreeWithAdjudicate(t *testing.T) {
	schedtest.SkipUnderRace(t, "random playouts on one goroutine")
	games, maxPlies := 600, 200
	if testing.Short() {
		games = 200
	}
	for _, v := range []movegen.Variant{movegen.American, movegen.Pool} {
		rng := rand.New(rand.NewPCG(24, uint64(v)))
		e := newEngine(t, Options{HashMiB: 1})
		w := e.workers[0]
		seen := map[movegen.Ending]int{}
		for g := range games {
			start := playoutStarts[g%len(playoutStarts)]
			hist, moves := playout(rng, start.position(rng, v), maxPlies)
			want := make([]movegen.Ending, len(hist))
			for n := range hist {
				want[n] = movegen.Adjudicate(hist[:n+1], moves[:n]).Ending
				seen[want[n]]++
			}
			for n := range hist {
				req := Request{Pos: hist[n], History: hist[:n]}
				s := e.newShared(&req, timeManager{})
				w.setup(s, &req)
				if got := w.verdict(w.rootIdx, &w.stack[0].pos); got != want[n] {
					t.Fatalf("%v game %d from %s, ply %d (%s): the search's root says %v, Adjudicate %v",
						v, g, hist[0].FEN(), n, hist[n].FEN(), got, want[n])
				}
			}
			for root := 0; root < len(moves); root += 32 {
				req := Request{Pos: hist[root], History: hist[:root]}
				w.setup(e.newShared(&req, timeManager{}), &req)
				for idx := root; idx < len(moves) && idx-root < maxPly-1; idx++ {
					w.enter(&w.stack[idx-root].pos, moves[idx], idx)
					p := &w.stack[idx-root+1].pos
					if p.Hash != hist[idx+1].Hash {
						t.Fatalf("%v game %d, ply %d: the line reaches %s, the game %s", v, g, idx+1, p.FEN(), hist[idx+1].FEN())
					}
					got := movegen.NotOver
					if w.ruleDraw(idx+1, p) {
						got = w.countEnding(idx + 1)
					}
					switch wn := want[idx+1]; wn {
					case movegen.NotOver, movegen.MoveCount, movegen.ThreeKings:
						if got != wn {
							t.Fatalf("%v game %d from %s, ply %d (%s), line from ply %d: the search's counts say %v, Adjudicate %v",
								v, g, hist[0].FEN(), idx+1, p.FEN(), root, got, wn)
						}
					}
				}
			}
		}
		t.Logf("%v: %d games, plies by verdict %v", v, games, seen)
		endings := []movegen.Ending{movegen.NotOver, movegen.NoMoves, movegen.Repetition, movegen.MoveCount}
		if v.Rules().ThreeKingsMoves > 0 {
			endings = append(endings, movegen.ThreeKings)
		}
		for _, end := range endings {
			if seen[end] == 0 {
				t.Errorf("%v: no ply of the games ended by %v; the test does not check that rule", v, end)
			}
		}
	}
}
