package review

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// blunderPDN holds two games from one position (Black men 14 and 1, White
// 23 and 32): 14-18 runs into 23x14 and loses a man, 14-17 keeps the game
// level; one of three pieces (Black man 14 and king 1, White king 23),
// where 14-18 gives up the database's win for its draw; and a game of Pool
// checkers from the start.
const blunderPDN = `[Event "blunder"]
[Black "B"]
[White "W"]
[Result "0-1"]
[FEN "B:W23,32:B14,1"]
1. 14-18 23x14 0-1

[Event "level"]
[Result "*"]
[FEN "B:W23,32:B14,1"]
1. 14-17 *

[Event "three"]
[Result "*"]
[FEN "B:WK23:B14,K1"]
1. 14-18 *

[Event "pool"]
[GameType "23"]
[Result "*"]
1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 *
`

func readGames(t testing.TB, text string) []movegen.Game {
	t.Helper()
	games, err := movegen.ReadPDN(strings.NewReader(text), movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		if g.Err != nil {
			t.Fatalf("game %d: %v", i+1, g.Err)
		}
	}
	return games
}

func newReviewer(t *testing.T, opt Options, egdbDir string) *Reviewer {
	t.Helper()
	so := play.Options{HashMiB: 8}
	var pool *play.Pool
	if egdbDir != "" {
		pool = play.NewPool()
		t.Cleanup(pool.Close)
		so.EGDBPath = egdbDir
	}
	ps, err := play.New(play.Config{Options: so, Pool: pool})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ps.Close)
	r, err := New(ps, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestJudge(t *testing.T) {
	win, loss := Score{Search: search.WinScore - 7}, Score{Search: -search.WinScore + 4}
	tests := []struct {
		name       string
		best, play Score
		drop       int
		mark       Mark
	}{
		{"same", Score{Search: 20}, Score{Search: 20}, 0, NoMark},
		{"played better", Score{Search: 10}, Score{Search: 30}, 0, NoMark},
		{"small", Score{Search: 20}, Score{Search: -29}, 49, NoMark},
		{"mistake", Score{Search: 20}, Score{Search: -30}, 50, Mistake},
		{"blunder", Score{Search: 100}, Score{Search: -50}, 150, Blunder},
		{"clipped: still winning", Score{Search: 900}, Score{Search: 320}, 0, NoMark},
		{"clipped drop", Score{Search: 900}, Score{Search: 200}, 100, Mistake},
		{"longer win", win, Score{Search: search.WinScore - 21}, 0, NoMark},
		{"win given up", win, Score{Search: 290}, 110, Blunder},
		{"into a loss", Score{Search: -280}, loss, 120, Blunder},
		{"both lose", loss, Score{Search: -search.WinScore + 2}, 0, NoMark},
		{"database draw over search score", Score{Search: 250, DB: movegen.Draw}, Score{Search: -250, DB: movegen.Draw}, 0, NoMark},
		{"database win given up", Score{Search: 100, DB: movegen.Win}, Score{Search: 100, DB: movegen.Draw}, ResultValue, Blunder},
		{"database loss", Score{DB: movegen.Draw}, Score{Search: 50, DB: movegen.Loss}, ResultValue, Blunder},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			drop, mark := Judge(tc.best, tc.play)
			if drop != tc.drop || mark != tc.mark {
				t.Errorf("Judge(%v, %v) = %d %q, want %d %q", tc.best, tc.play, drop, mark, tc.drop, tc.mark)
			}
		})
	}
}

func TestScoreText(t *testing.T) {
	tests := []struct {
		s     Score
		text  string
		value int
		kind  string
	}{
		{Score{Search: 35}, "+0.35", 35, "cm"},
		{Score{Search: -1200}, "-12.00", -Clip, "cm"},
		{Score{Search: search.WinScore - 7}, "win in 4 moves", ResultValue, "win"},
		{Score{Search: -search.WinScore + 4}, "loss in 2 moves", -ResultValue, "loss"},
		{Score{Search: search.DBWinThreshold + 5}, "win (database)", ResultValue, "dbwin"},
		{Score{Search: 12, DB: movegen.Draw}, "draw (database)", 0, "dbdraw"},
		{Score{Search: 12, DB: movegen.Loss}, "loss (database)", -ResultValue, "dbloss"},
	}
	for _, tc := range tests {
		kind, _ := tc.s.Kind()
		if got := tc.s.String(); got != tc.text || tc.s.Value() != tc.value || kind != tc.kind {
			t.Errorf("%+v: %q %d %s, want %q %d %s", tc.s, got, tc.s.Value(), kind, tc.text, tc.value, tc.kind)
		}
		if n := tc.s.Negate(); n.Value() != -tc.value {
			t.Errorf("%+v negated: value %d, want %d", tc.s, n.Value(), -tc.value)
		}
	}
}

func TestOptionsCheck(t *testing.T) {
	tests := []struct {
		name string
		opt  Options
		ok   bool
	}{
		{"depth", Options{Limits: search.Limits{Depth: 6}}, true},
		{"time and lines", Options{Limits: search.Limits{MoveTime: 1e8}, MultiPV: 3}, true},
		{"no limit", Options{}, false},
		{"infinite", Options{Limits: search.Limits{Depth: 6, Infinite: true}}, false},
		{"exact", Options{Limits: search.Limits{MoveTime: 1e8, Exact: true}}, false},
		{"clock", Options{Limits: search.Limits{Depth: 4, Remaining: 1e9}}, false},
		{"lines", Options{Limits: search.Limits{Depth: 4}, MultiPV: search.MaxMultiPV + 1}, false},
	}
	for _, tc := range tests {
		if err := tc.opt.Check(); (err == nil) != tc.ok {
			t.Errorf("%s: Check() = %v", tc.name, err)
		}
	}
}

// TestReviewGame reviews the games of blunderPDN at a fixed depth, with one
// line and with three, and without and with an endgame database: 14-18 is
// a blunder, 14-17 no mistake, and the Pool game's moves are reviewed in
// their own rule set.
func TestReviewGame(t *testing.T) {
	games := readGames(t, blunderPDN)
	db := egdbtest.Dir(t, 3)
	for _, tc := range []struct {
		name    string
		multiPV int
		egdb    string
	}{
		{"one line", 0, ""},
		{"three lines", 3, ""},
		{"database", 0, db},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newReviewer(t, Options{Limits: search.Limits{Depth: 6}, MultiPV: tc.multiPV}, tc.egdb)
			var seen int
			var reviews []Game
			for _, g := range games {
				rv, err := r.Game(context.Background(), g, func(Move) { seen++ })
				if err != nil || !rv.Complete() {
					t.Fatalf("%s: %v, %d of %d moves", g.Tag("Event"), err, len(rv.Moves), len(g.Moves))
				}
				reviews = append(reviews, rv)
			}
			if seen != 2+1+1+6 {
				t.Errorf("done called %d times", seen)
			}
			blunder, level, pool := &reviews[0].Moves[0], &reviews[1].Moves[0], reviews[len(reviews)-1]
			if blunder.Mark != Blunder || blunder.Best.Same(blunder.Move) || !blunder.ShowBest() {
				t.Errorf("14-18: %s %s", blunder.Label(), blunder.Comment())
			}
			if level.Mark != NoMark {
				t.Errorf("14-17: %s %s", level.Label(), level.Comment())
			}
			if s := reviews[0].Summary(); s.Blunders != [2]int{1, 0} || s.Turn != 0 {
				t.Errorf("summary %+v", s)
			}
			if tc.egdb != "" {
				if blunder.Played.DB != movegen.Unknown || blunder.BestScore.DB != movegen.Unknown {
					t.Errorf("with a 3-piece database, 14-18 of 4 pieces: %+v %+v", blunder.Played, blunder.BestScore)
				}
				if three := &reviews[2].Moves[0]; three.Played.DB != movegen.Draw || three.BestScore.DB != movegen.Win ||
					three.Mark != Blunder || !strings.HasPrefix(three.Comment(), "draw (database); best ") || !strings.HasSuffix(three.Comment(), " win (database)") {
					t.Errorf("with the database, 14-18 of 3 pieces: %+v %+v %q %q", three.Played, three.BestScore, three.Mark, three.Comment())
				}
			}
			if tc.multiPV > 1 && len(blunder.Lines) != 3 {
				t.Errorf("%d lines, want 3", len(blunder.Lines))
			}
			for _, m := range pool.Moves {
				if m.Before.Variant != movegen.Pool || !m.Before.IsLegal(m.Best) {
					t.Errorf("pool move %s: best %v in %s", m.Label(), m.Best, m.Before.FEN())
				}
			}
			if got := pool.Moves[5].Label(); got != "3... 17-14" {
				t.Errorf("label %q", got)
			}
			if pts := pool.Points(); len(pts) != 7 || pts[0].Ply != 0 || pts[6].Ply != 6 {
				t.Errorf("points %+v", pts)
			}
		})
	}
}

// TestReviewStopped: a review whose context ends returns the moves done
// and the context's error, and its record says where it stopped.
func TestReviewStopped(t *testing.T) {
	games := readGames(t, blunderPDN)
	r := newReviewer(t, Options{Limits: search.Limits{Depth: 6}}, "")
	ctx, cancel := context.WithCancel(context.Background())
	rv, err := r.Game(ctx, games[3], func(m Move) {
		if m.Ply == 2 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || len(rv.Moves) != 3 || rv.Complete() {
		t.Fatalf("%v, %d moves", err, len(rv.Moves))
	}
	rec := rv.Annotated("test")
	if got := rec.Tag(TagReview); got != "stopped after move 3 of 6" {
		t.Errorf("Review tag %q", got)
	}
	if len(rec.Annotations) != 3 || !strings.Contains(rec.Comment, "stopped after move 3 of 6") {
		t.Errorf("annotations %d, comment %q", len(rec.Annotations), rec.Comment)
	}
}

// reviewAll reviews games at depth 6 and writes the annotated records.
func reviewAll(t *testing.T, games []movegen.Game) ([]Game, string) {
	t.Helper()
	r := newReviewer(t, Options{Limits: search.Limits{Depth: 6}}, "")
	var b bytes.Buffer
	var out []Game
	for _, g := range games {
		rv, err := r.Game(context.Background(), g, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec := rv.Annotated("Crown test")
		if err := rec.WritePDN(&b); err != nil {
			t.Fatal(err)
		}
		out = append(out, rv)
	}
	return out, b.String()
}

// TestAnnotatedReadsBack: the annotated records read back as the same
// games, with the review's tags, a comment per move and the marks.
func TestAnnotatedReadsBack(t *testing.T) {
	games := readGames(t, blunderPDN)
	reviews, text := reviewAll(t, games)
	back := readGames(t, text)
	if len(back) != len(games) {
		t.Fatalf("%d games read back, want %d", len(back), len(games))
	}
	for i := range games {
		if !sameGame(&back[i], &games[i]) || back[i].Tag(TagReview) != ReviewComplete || back[i].Tag(TagAnnotator) != "Crown test" {
			t.Errorf("game %d reads back as %v with tags %v", i+1, back[i].Moves, back[i].Tags)
		}
	}
	for _, want := range []string{"1. 14-18?? {loss", "; best ", "{Black: no mistake (?), 1 blunder (??); White: no mistake (?), no blunder (??). The game turned at 1. 14-18??",
		`[GameType "23"]`, "3... 17-14 {"} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
	if n := strings.Count(text, "{"); n != 4+2+1+1+6 {
		t.Errorf("%d comments, want %d (a summary per game and one per move)", n, 12)
	}
	// Reviewed again, the annotated text gives the same marks.
	again, _ := reviewAll(t, back)
	for i := range again {
		for j := range again[i].Moves {
			if again[i].Moves[j].Mark != reviews[i].Moves[j].Mark {
				t.Errorf("game %d move %d: mark %q, first %q", i+1, j+1, again[i].Moves[j].Mark, reviews[i].Moves[j].Mark)
			}
		}
	}
}

// TestResume: the complete games at the start of an earlier output are
// kept, a stopped one and what follows are done again, and an output of
// other games is refused.
func TestResume(t *testing.T) {
	games := readGames(t, blunderPDN)
	reviews, full := reviewAll(t, games)
	var b bytes.Buffer
	for i, rv := range reviews {
		if i == 1 {
			rv.Moves = nil // stopped before its first move
		}
		rec := rv.Annotated("")
		if err := rec.WritePDN(&b); err != nil {
			t.Fatal(err)
		}
	}
	partial := b.String()
	firstEnd := strings.Index(partial, "[Event \"level\"]")
	tests := []struct {
		name       string
		out        string
		games      []movegen.Game
		done, keep int
		err        string
	}{
		{"empty", "", games, 0, 0, ""},
		{"all done", full, games, 4, len(full), ""},
		{"second stopped", partial, games, 1, firstEnd, ""},
		{"more games than the input", full, games[:2], 0, 0, "game 3 is not game 3"},
		{"other games", full, []movegen.Game{games[1], games[0], games[2], games[3]}, 0, 0, "game 1 is not game 1"},
		{"not a review", blunderPDN, games, 0, 0, "no Review tag"},
		{"not PDN", "[Event \"x\"\n1. 11-15 *", games, 0, 0, "not the output of a review"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			done, keep, err := Resume([]byte(tc.out), tc.games)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want one about %q", err, tc.err)
				}
				return
			}
			if err != nil || done != tc.done || keep != tc.keep {
				t.Fatalf("Resume = %d, %d, %v; want %d, %d", done, keep, err, tc.done, tc.keep)
			}
		})
	}
}

// TestWriteSVG: the graph is well-formed XML with a point per position,
// the blunder in red with its move as the tooltip, and the turning point.
func TestWriteSVG(t *testing.T) {
	games := readGames(t, blunderPDN)
	reviews, _ := reviewAll(t, games)
	for i, rv := range reviews {
		var b bytes.Buffer
		if err := rv.WriteSVG(&b); err != nil {
			t.Fatal(err)
		}
		svg := b.String()
		dec := xml.NewDecoder(strings.NewReader(svg))
		for {
			_, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("game %d: not XML: %v\n%s", i+1, err, svg)
			}
		}
		if n, want := strings.Count(svg, `class="point"`), len(rv.Moves)+1; n != want {
			t.Errorf("game %d: %d points, want %d", i+1, n, want)
		}
		if i == 0 && (!strings.Contains(svg, "<title>1. 14-18?? loss in ") || !strings.Contains(svg, "turned: 1. 14-18??") || !strings.Contains(svg, "#c62828")) {
			t.Errorf("game 1's graph lacks the blunder:\n%s", svg)
		}
	}
}

// FuzzResume reads any text as an earlier output: it never panics, and
// what it keeps is a prefix of the text that holds the games it counts.
func FuzzResume(f *testing.F) {
	f.Add(blunderPDN)
	f.Add("[Event \"x\"]\n[Review \"complete\"]\n1. 11-15 *\n\n[Review \"stopped\"]\n")
	f.Add("")
	games := readGames(f, blunderPDN)
	f.Fuzz(func(t *testing.T, s string) {
		done, keep, err := Resume([]byte(s), games)
		if err != nil {
			return
		}
		if done < 0 || done > len(games) || keep < 0 || keep > len(s) {
			t.Fatalf("Resume(%q) = %d, %d", s, done, keep)
		}
		back, err := movegen.ReadPDN(strings.NewReader(s[:keep]), movegen.American)
		if err != nil || len(back) != done {
			t.Fatalf("the kept text %q holds %d games, %v; want %d", s[:keep], len(back), err, done)
		}
	})
}

// TestLabel checks the record's numbering of moves: the game's first mover
// (Black in American, White in Russian) opens each number, and a game the
// other side begins opens with "1...".
func TestLabel(t *testing.T) {
	tests := []struct {
		variant movegen.Variant
		fen     string // "" for the start
		moves   []string
		want    []string
	}{
		{movegen.American, "", []string{"11-15", "23-19", "8-11"}, []string{"1. 11-15", "1... 23-19", "2. 8-11"}},
		{movegen.American, "W:W21-32:B1-12", []string{"23-19", "11-15"}, []string{"1... 23-19", "2. 11-15"}},
		{movegen.Russian, "", []string{"c3-d4", "f6-e5", "d4:f6"}, []string{"1. c3-d4", "1... f6-e5", "2. d4:f6"}},
		{movegen.Italian, "B:W21-32:B1-12", []string{"9-13", "22-18"}, []string{"1... 9-13", "2. 22-18"}},
	}
	for _, tt := range tests {
		p := movegen.StartPosition(tt.variant)
		if tt.fen != "" {
			var err error
			if p, err = movegen.ParseFEN(tt.fen, tt.variant); err != nil {
				t.Fatal(err)
			}
		}
		for i, s := range tt.moves {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			mv := Move{Ply: i, Before: p, Move: m}
			if got := mv.Label(); got != tt.want[i] {
				t.Errorf("%s %s: move %d labelled %q, want %q", tt.variant, tt.fen, i, got, tt.want[i])
			}
			p.MakeMove(m)
		}
	}
}
