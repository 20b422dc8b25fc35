package play

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// aMan is a man's worth in the search's scores (centi-men), and blunder
// what a move must lose against the reference's best, after a man lost at
// 2 plies, to be a blunder: most of the man, not regained.
const (
	aMan    = 100
	blunder = aMan * 3 / 4
)

// TestLevels checks the table of levels: numbered 1..FullStrength in
// order, each no stronger than the next (caps no deeper, margins no
// narrower, the book no more used), the weakest without a book, full
// strength without caps or margin, every margin below a man and every
// depth cap at least 2 (a capture two plies away seen: docs/levels.md),
// and the option level with their range, full strength by default.
func TestLevels(t *testing.T) {
	if len(Levels) != FullStrength || FullStrength < 8 {
		t.Fatalf("%d levels, FullStrength %d: want at least 8, the last full strength", len(Levels), FullStrength)
	}
	for i, l := range Levels {
		if l.Number != i+1 || l.Name == "" {
			t.Errorf("Levels[%d] = %+v: want number %d and a name", i, l, i+1)
		}
		if l.Margin < 0 || l.Margin >= aMan || l.Depth == 1 {
			t.Errorf("level %v: margin %d (want 0..%d), depth %d (want 0 or 2 and up)", l, l.Margin, aMan-1, l.Depth)
		}
		if i == 0 {
			continue
		}
		prev := Levels[i-1]
		deeper := prev.Depth > 0 && (l.Depth == 0 || l.Depth > prev.Depth) || prev.Depth == 0 && l.Depth == 0
		more := prev.Nodes == 0 && l.Nodes == 0 || prev.Nodes > 0 && (l.Nodes == 0 || l.Nodes > prev.Nodes) || prev.Depth > 0 && prev.Nodes == 0
		if !deeper || !more || l.Margin > prev.Margin || prev.Book && !l.Book || l.Depth == prev.Depth && l.Nodes == prev.Nodes && l.Margin == prev.Margin {
			t.Errorf("level %v (%+v) is not stronger than level %v (%+v)", l, l, prev, prev)
		}
	}
	if Levels[0].Book {
		t.Errorf("level %v plays from the book", Levels[0])
	}
	if top := LevelOf(FullStrength); top.weaker() || !top.Book {
		t.Errorf("full strength %+v has caps or a margin, or no book", top)
	}
	op := OptionByKey("level")
	if op == nil || op.Min != MinLevel || op.Max != FullStrength || op.Default != FullStrength || op.Flag != "" {
		t.Fatalf("option level = %+v", op)
	}
	if got := op.Get(Options{}); got != FullStrength {
		t.Errorf("level of zero Options = %d, want %d", got, FullStrength)
	}
	if _, ok := LookupOption(""); ok {
		t.Error(`LookupOption("") found an option: an option without a flag answers to no empty name`)
	}
}

// TestLevelLimits: a level's caps and a request's limits, the smaller of
// each standing.
func TestLevelLimits(t *testing.T) {
	for _, tc := range []struct {
		level Level
		in    search.Limits
		want  search.Limits
	}{
		{Level{Depth: 4}, search.Limits{MoveTime: 100}, search.Limits{MoveTime: 100, Depth: 4}},
		{Level{Depth: 4}, search.Limits{Depth: 2}, search.Limits{Depth: 2}},
		{Level{Depth: 4}, search.Limits{Depth: 9}, search.Limits{Depth: 4}},
		{Level{Nodes: 500}, search.Limits{Nodes: 900, Depth: 3}, search.Limits{Nodes: 500, Depth: 3}},
		{Level{Nodes: 500}, search.Limits{Nodes: 90}, search.Limits{Nodes: 90}},
		{LevelOf(FullStrength), search.Limits{MoveTime: 7, Exact: true}, search.Limits{MoveTime: 7, Exact: true}},
	} {
		if got := tc.level.limits(tc.in); got != tc.want {
			t.Errorf("%+v.limits(%+v) = %+v, want %+v", tc.level, tc.in, got, tc.want)
		}
	}
}

// TestLevelChoose: the line a level draws, over many draws: only lines
// within the margin and scored as evaluations, the better ones more
// often, and the best alone without a margin or when it is a proven
// result.
func TestLevelChoose(t *testing.T) {
	lines := func(scores ...int) []search.Line {
		ls := make([]search.Line, len(scores))
		for i, s := range scores {
			ls[i].Score = s
		}
		return ls
	}
	for _, tc := range []struct {
		name   string
		level  Level
		lines  []search.Line
		chosen int // lines that may be drawn: 0..chosen-1
	}{
		{"no margin", Level{}, lines(10, 9, 8), 1},
		{"one line", Level{Margin: 50}, lines(10), 1},
		{"within the margin", Level{Margin: 50}, lines(10, 0, -40, -41, -300), 3},
		{"a win is played out", Level{Margin: 50}, lines(search.WinScore-9, search.WinScore-11), 1},
		{"a loss is resisted", Level{Margin: 50}, lines(-search.WinScore+20, -search.WinScore+10), 1},
		{"a database win", Level{Margin: 50}, lines(search.DBWinThreshold+10, search.DBWinThreshold), 1},
		{"nothing within", Level{Margin: 50}, lines(10, -41), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			counts := make([]int, len(tc.lines))
			for range 3000 {
				counts[tc.level.choose(tc.lines, rng)]++
			}
			for i, n := range counts {
				if i >= tc.chosen && n > 0 {
					t.Fatalf("line %d (score %d) drawn %d times: %v", i, tc.lines[i].Score, n, counts)
				}
				if i < tc.chosen && (n == 0 || i > 0 && n >= counts[i-1]) {
					t.Fatalf("line %d drawn %d times, not less often than the line before it: %v", i, n, counts)
				}
			}
		})
	}
}

// levelTestPositions are positions from the opening to the ending of
// Tinsley's games (testdata), each with a choice of quiet moves: no
// capture pending, at least three moves.
func levelTestPositions(t *testing.T) []movegen.Position {
	t.Helper()
	f, err := os.Open("../testdata/tinsley-games.pdn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := movegen.ReadPDN(f, movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	var ps []movegen.Position
	for _, g := range games[:24] {
		line := g.Positions()
		for ply := 9; ply < len(line); ply += 11 {
			p := line[ply]
			var ml movegen.MoveList
			p.GenerateMoves(&ml)
			if !p.HasCapture() && ml.N >= 3 {
				ps = append(ps, p)
			}
		}
	}
	if len(ps) < 40 {
		t.Fatalf("%d test positions, want at least 40", len(ps))
	}
	return ps
}

// levelMove returns the move a session at level n plays in p, searching
// it as a game's move under lim, with a fresh table so that every
// position is searched alike.
func levelMove(t *testing.T, s *Session, n int, p movegen.Position, lim search.Limits) Answer {
	t.Helper()
	if err := s.SetOption(OptionByKey("level"), strconv.Itoa(n)); err != nil {
		t.Fatal(err)
	}
	s.NewGame()
	a, err := s.Choose(context.Background(), Request{Request: search.Request{Pos: p, Limits: lim}})
	if err != nil || !a.HasMove || !p.IsLegal(a.Move) {
		t.Fatalf("level %d at %s: %v, %v (legal: %v)", n, p.FEN(), a.Move, err, p.IsLegal(a.Move))
	}
	return a
}

// materialValue is the material balance, in centi-men from the side to
// move's view (a man 100, a king 150), that a search of depth plies sees
// from p, captures searched to their end; a side without a move has
// lost.
func materialValue(p *movegen.Position, depth int) int {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 {
		return -100 * aMan
	}
	if depth <= 0 && !p.HasCapture() {
		us, them := p.Pieces[p.Turn], p.Pieces[p.Turn.Other()]
		return aMan*(us.Count()-them.Count()) + aMan/2*((us&p.Kings).Count()-(them&p.Kings).Count())
	}
	best := -1000 * aMan
	for _, m := range ml.Slice() {
		c := *p
		c.MakeMove(m)
		best = max(best, -materialValue(&c, depth-1))
	}
	return best
}

// losesMaterial reports whether m loses material in p that a search of 2
// plies sees (a man or more, captures searched to their end) when another
// move keeps it: a blunder, which no level plays.
func losesMaterial(p movegen.Position, m movegen.Move) bool {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	best, of := -1000*aMan, 0
	for _, o := range ml.Slice() {
		c := p
		c.MakeMove(o)
		v := -materialValue(&c, 1)
		best = max(best, v)
		if o.Same(m) {
			of = v
		}
	}
	return of <= best-aMan
}

// TestLevelsPlayHumanMistakes plays every level in a fixed set of
// positions, seeded, and judges its moves by a deeper search of every
// move (the reference): the weakest level loses more against the
// reference's best than full strength does, and a middle level less than
// the weakest and more than full strength; the weakest often plays another
// move than its own search's best, and no level ever plays a blunder: a
// move that loses material a 2-ply search sees when another move keeps it
// (a man or more against the best move there, material alone, captures
// searched to their end), which the reference confirms (it scores the move
// blunder centi-men or more below the best move that keeps material: a
// man "lost" at 2 plies that the reference sees regained, or a sacrifice
// it finds sound, is no blunder). The figures are logged (go
// test -v -run TestLevelsPlayHumanMistakes ./play/).
func TestLevelsPlayHumanMistakes(t *testing.T) {
	schedtest.SkipUnderRace(t, "a thousand searches on one goroutine")
	ps := levelTestPositions(t)
	ref := newTestSession(t, Config{})
	s := newTestSession(t, Config{Seed: 58})
	refDepth := 9
	if testing.Short() {
		ps, refDepth = ps[:40], 8
	}
	// Every level searches under a node limit, full strength too, so that
	// the test does not depend on the machine's speed.
	topLimit := search.Limits{Nodes: 200000}
	loss := make([]int, FullStrength+1)  // centi-men below the reference's best, summed over the positions
	other := make([]int, FullStrength+1) // moves that are not the level's own search's best
	for _, p := range ps {
		r, err := ref.Choose(context.Background(), Request{Request: search.Request{Pos: p, Limits: search.Limits{Depth: refDepth}, MultiPV: search.MaxMultiPV}, Analysis: true})
		if err != nil {
			t.Fatal(err)
		}
		score := map[movegen.Move]int{}
		keeps := -search.WinThreshold // the reference's best score of a move that keeps material at 2 plies
		for _, l := range r.Lines {
			score[l.PV[0]] = max(l.Score, -search.WinThreshold) // a loss counts as much as the worst evaluation
			if !losesMaterial(p, l.PV[0]) {
				keeps = max(keeps, score[l.PV[0]])
			}
		}
		best := max(r.Lines[0].Score, -search.WinThreshold)
		for n := MinLevel; n <= FullStrength; n++ {
			a := levelMove(t, s, n, p, topLimit)
			loss[n] += min(best-score[a.Move], 10*aMan) // a missed win counts as ten men
			if !a.Move.Same(a.Lines[0].PV[0]) {
				other[n]++
			}
			if losesMaterial(p, a.Move) && keeps-score[a.Move] >= blunder {
				t.Errorf("level %d plays %s in %s: it loses material a 2-ply search sees, and another move keeps it (the reference scores it %d, the best move that keeps material %d)",
					n, a.Move, p.FEN(), score[a.Move], keeps)
			}
		}
	}
	for n := MinLevel; n <= FullStrength; n++ {
		t.Logf("level %v: %d positions, %d moves not its search's best, mean loss %.1f centi-men against depth %d",
			LevelOf(n), len(ps), other[n], float64(loss[n])/float64(len(ps)), refDepth)
	}
	if mid := (MinLevel + FullStrength) / 2; loss[MinLevel] <= loss[mid] || loss[mid] <= loss[FullStrength] || loss[MinLevel] <= loss[FullStrength]+aMan/4*len(ps)/10 {
		t.Errorf("levels %d, %d and %d lose %d, %d and %d centi-men in all: want clearly more at each weaker one",
			MinLevel, mid, FullStrength, loss[MinLevel], loss[mid], loss[FullStrength])
	}
	if other[MinLevel] < len(ps)/5 {
		t.Errorf("level %d chose another than its best in %d of %d positions, want a fifth at least", MinLevel, other[MinLevel], len(ps))
	}
}

// TestLevelsPlayLegalGames plays a game's opening at every level, the
// level against itself from the start, every move checked legal, and
// checks the caps: the weakest level's search no deeper than its cap.
func TestLevelsPlayLegalGames(t *testing.T) {
	schedtest.SkipUnderRace(t, "two hundred searches on one goroutine")
	plies := 30
	if testing.Short() {
		plies = 16
	}
	for n := MinLevel; n <= FullStrength; n++ {
		s := newTestSession(t, Config{Seed: uint64(n)})
		if err := s.SetOption(OptionByKey("level"), strconv.Itoa(n)); err != nil {
			t.Fatal(err)
		}
		lv := LevelOf(n)
		g := movegen.NewGame(movegen.StartPosition(movegen.American))
		for ply := 0; ply < plies && !g.Outcome().Over(); ply++ {
			p := g.Position()
			a, err := s.Choose(context.Background(), Request{Request: search.Request{Pos: p, History: g.History(), Limits: search.Limits{Nodes: 30000}}})
			if err != nil || !a.HasMove || !p.IsLegal(a.Move) {
				t.Fatalf("level %d, ply %d at %s: %v, %v", n, ply, p.FEN(), a.Move, err)
			}
			if lv.Depth > 0 && a.Depth > lv.Depth || lv.Nodes > 0 && a.Source == FromSearch && a.Nodes > lv.Nodes+2*1024 {
				t.Fatalf("level %d, ply %d: depth %d, %d nodes, over the level's caps", n, ply, a.Depth, a.Nodes)
			}
			if err := g.Play(a.Move); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestLevelSeed: a level's choices are the same for one seed, whatever
// the order the positions come in, and differ for another.
func TestLevelSeed(t *testing.T) {
	ps := levelTestPositions(t)[:30]
	choices := func(seed uint64, reverse bool) []movegen.Move {
		s := newTestSession(t, Config{Seed: seed})
		out := make([]movegen.Move, len(ps))
		for k := range ps {
			i := k
			if reverse {
				i = len(ps) - 1 - k
			}
			out[i] = levelMove(t, s, MinLevel, ps[i], search.Limits{}).Move
		}
		return out
	}
	a, b, c := choices(7, false), choices(7, true), choices(8, false)
	differ := 0
	for i := range ps {
		if !a[i].Same(b[i]) {
			t.Errorf("seed 7 at %s: %v, then %v in reverse order", ps[i].FEN(), a[i], b[i])
		}
		if !a[i].Same(c[i]) {
			differ++
		}
	}
	if differ == 0 {
		t.Error("seeds 7 and 8 chose the same moves in every position")
	}
}

// TestLevelScope: a level weakens a game's moves only: analysis and an
// infinite search are at full strength, and the weakest level plays no
// book move where full strength does.
func TestLevelScope(t *testing.T) {
	s := newTestSession(t, Config{BookLevel: book.Best, Seed: 1})
	if err := s.SetOption(OptionByKey("level"), strconv.Itoa(MinLevel)); err != nil {
		t.Fatal(err)
	}
	start := movegen.StartPosition(movegen.American)
	game := Request{Request: search.Request{Pos: start, Limits: search.Limits{Depth: 6}}}
	if a, err := s.Choose(context.Background(), game); err != nil || a.Source != FromSearch || a.Depth != LevelOf(MinLevel).Depth || len(a.Lines) != 7 {
		t.Errorf("level %d, a game's move: %v from %v at depth %d with %d lines, %v; want the search at depth %d, all 7 moves",
			MinLevel, a.Move, a.Source, a.Depth, len(a.Lines), err, LevelOf(MinLevel).Depth)
	}
	analysis := game
	analysis.Analysis = true
	if a, err := s.Choose(context.Background(), analysis); err != nil || a.Depth != 6 || len(a.Lines) != 1 {
		t.Errorf("level %d, analysis: depth %d with %d lines, %v; want depth 6, one line", MinLevel, a.Depth, len(a.Lines), err)
	}
	if err := s.SetOption(OptionByKey("level"), strconv.Itoa(FullStrength)); err != nil {
		t.Fatal(err)
	}
	if a, err := s.Choose(context.Background(), game); err != nil || a.Source != FromBook {
		t.Errorf("full strength with book 3: %v from %v, %v; want the book's", a.Move, a.Source, err)
	}
}

// TestMaterialWeights: testdata/material-weights.bin, the opponent of
// make levels' last match, scores every rule set by material alone.
func TestMaterialWeights(t *testing.T) {
	wf, err := eval.LoadWeights("../testdata/material-weights.bin")
	if err != nil {
		t.Fatal(err)
	}
	for v := range movegen.NumVariants {
		if wf.Nets[v] != nil || wf.Tables[v] == nil || *wf.Tables[v] != *eval.MaterialTable(v) {
			t.Errorf("%v: not the material table", v)
		}
	}
}
