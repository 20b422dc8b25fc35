package play

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

const startFEN = "B:W21-32:B1-12"

// newTestSession returns a session with a small table, closed at the
// test's end.
func newTestSession(t *testing.T, cfg Config) *Session {
	t.Helper()
	if cfg.Options.HashMiB == 0 {
		cfg.Options.HashMiB = 1
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// TestSettings steps through the settings a front end changes, each with
// what it must leave in force.
func TestSettings(t *testing.T) {
	s := newTestSession(t, Config{MaxHashMiB: 8})
	hash, threads := OptionByKey("hashsize"), OptionByKey("searchthreads")
	if hash == nil || threads == nil || OptionByKey("hash") != nil || OptionByKey("nonsense") != nil {
		t.Fatal("Option: keys not found, or a flag name or an unknown key found")
	}
	for _, tc := range []struct {
		step  string
		do    func() error
		fails string // the error's start, "" for none
		check func() string
		want  string
	}{
		{"hashsize 4", func() error { return s.SetOption(hash, "4") }, "", func() string { return hash.Format(s.Options()) }, "4"},
		{"hashsize 9 (over the cap)", func() error { return s.SetOption(hash, "9") }, "9 MiB is over this host's limit of 8 MiB",
			func() string { return hash.Format(s.Options()) }, "4"},
		{"searchthreads x", func() error { return s.SetOption(threads, "x") }, `"x" is not a whole number`,
			func() string { return threads.Format(s.Options()) }, "1"},
		{"history", func() error { return s.SetHistory(startFEN, []string{"11-15", "23-19"}) }, "", s.HistoryText,
			"moves=2 fen=B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
		{"a bad move keeps the history", func() error { return s.SetHistory(startFEN, []string{"11-15", "22-18", "9-13"}) },
			`move 3 "9-13": not legal: a capture is compulsory`, s.HistoryText,
			"moves=2 fen=B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
		{"a bad FEN keeps it too", func() error { return s.SetHistory("B:W21-33:B1-12", nil) }, "bad FEN", s.HistoryText,
			"moves=2 fen=B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
		{"too many moves", func() error { return s.SetHistory(startFEN, make([]string, MaxHistoryMoves+1)) }, "1001 moves, more than 1000",
			s.HistoryText, "moves=2 fen=B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
		{"the same game type keeps the history", func() error { return s.SetGameType(21) }, "", s.HistoryText,
			"moves=2 fen=B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
		{"another forgets it", func() error { return s.SetGameType(23) }, "", s.HistoryText, ""},
		{"an unknown game type", func() error { return s.SetGameType(20) }, "unsupported game type 20",
			func() string { return s.Variant().String() }, "pool"},
		{"new game", func() error { s.SetHistory(startFEN, []string{"11-15"}); s.NewGame(); return nil }, "", s.HistoryText, ""},
		{"book level 3", func() error { return s.SetBookLevel(3) }, "", func() string { return s.BookLevel().String() }, "best move"},
		{"book level 4", func() error { return s.SetBookLevel(4) }, "4 is out of range 0..3", func() string { return s.BookLevel().String() }, "best move"},
		{"a book path with blanks", func() error { return s.SetBookFile("no such dir/x.book") }, "book: open no such dir/x.book", s.BookFile, DefaultBook},
		{"a book of the other rule set", func() error { return s.SetBookFile("../book/american.book") }, "", s.BookFile, "../book/american.book"},
		{"is not used", func() error { _, err := s.Book(); return err }, "the book loaded is for american", s.BookFile, "../book/american.book"},
		{"the shipped one again", func() error { return s.SetBookFile(DefaultBook) }, "", s.BookFile, DefaultBook},
	} {
		err := tc.do()
		switch {
		case tc.fails == "" && err != nil:
			t.Errorf("%s: %v", tc.step, err)
		case tc.fails != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.fails)):
			t.Errorf("%s: error %v, want one starting %q", tc.step, err, tc.fails)
		}
		if got := tc.check(); got != tc.want {
			t.Errorf("after %s: %q, want %q", tc.step, got, tc.want)
		}
	}
}

// TestBookMove: at book 3 the start is answered with the book's best move,
// with every book move of the position; at 0, or for analysis, it is
// searched.
func TestBookMove(t *testing.T) {
	s := newTestSession(t, Config{BookLevel: book.Best})
	start := movegen.StartPosition(movegen.American)
	b, err := book.Default(movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	play := Request{Request: search.Request{Pos: start, Limits: search.Limits{Depth: 2}}}
	if a, err := s.Choose(context.Background(), play); err != nil || a.Source != FromBook || !a.Move.Same(b.MainLine(start, 1)[0]) ||
		len(a.BookMoves) != len(b.Probe(start)) || a.Claim != movegen.Unknown {
		t.Errorf("book 3: %v from %v, %d book moves, %v", a.Move.PathString(), a.Source, len(a.BookMoves), err)
	}
	analysis := play
	analysis.Analysis = true
	if a, err := s.Choose(context.Background(), analysis); err != nil || a.Source != FromSearch {
		t.Errorf("analysis at book 3: from %v, %v", a.Source, err)
	}
	s.SetBookLevel(0)
	if a, err := s.Choose(context.Background(), play); err != nil || a.Source != FromSearch {
		t.Errorf("book 0: from %v, %v", a.Source, err)
	}
}

// TestHistory: the game history reaches a search of the position it ends
// in, and not another's, with a note the first time it does not, and
// again only after one it matched or a new history.
func TestHistory(t *testing.T) {
	var notes []string
	s := newTestSession(t, Config{Notes: func(n string) { notes = append(notes, n) }})
	moves := []string{"11-15", "23-19", "8-11"}
	if err := s.SetHistory(startFEN, moves); err != nil {
		t.Fatal(err)
	}
	last, start := s.game.Position(), movegen.StartPosition(movegen.American)
	other, err := movegen.ParseFEN("B:W21-32:B1-11", movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	for i, step := range []struct {
		pos      movegen.Position
		reset    bool // set the history again first
		matches  bool
		notesNow int
	}{
		{last, false, true, 0},
		{start, false, false, 1},
		{start, false, false, 1}, // the same mismatch: no second note
		{other, false, false, 1}, // nor for another position
		{last, false, true, 1},
		{start, false, false, 2}, // a mismatch after a match: noted again
		{start, true, false, 3},  // and after a new history
	} {
		if step.reset {
			if err := s.SetHistory(startFEN, moves); err != nil {
				t.Fatal(err)
			}
		}
		h := s.history(step.pos)
		if step.matches && (len(h) != 3 || h[0] != start) || !step.matches && h != nil || len(notes) != step.notesNow {
			t.Fatalf("step %d: %d positions before it, notes %q", i, len(h), notes)
		}
	}
	if !strings.Contains(notes[0], "gamehist ignored") {
		t.Errorf("note %q", notes[0])
	}
}

// TestEvaluate: the terms are from the side to move's view and add up to
// the score.
func TestEvaluate(t *testing.T) {
	s := newTestSession(t, Config{})
	for _, fen := range []string{"B:W21-32:B1-11", "W:W21-32:B1-11"} {
		p, err := s.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		score, terms := s.Evaluate(&p)
		sum := 0
		for _, term := range terms {
			sum += term.Value
		}
		if sum != score || (p.Turn == movegen.Black) != (score < 0) {
			t.Errorf("%s: score %d, terms summing to %d: %v", fen, score, sum, terms)
		}
	}
}

// TestSearch: a search answers a legal move; a position without one is
// a loss at once, and one with a single move says so.
func TestSearch(t *testing.T) {
	s := newTestSession(t, Config{})
	for _, tc := range []struct {
		fen    string
		source Source
	}{
		{startFEN, FromSearch},
		{"B:W21:B", NoMove},
		{"W:W18:B14", OnlyMove},
	} {
		p, _ := s.ParseFEN(tc.fen)
		a, err := s.Choose(context.Background(), Request{Request: search.Request{Pos: p, Limits: search.Limits{Depth: 3}}})
		legal := a.HasMove && p.IsLegal(a.Move)
		if err != nil || a.Source != tc.source || legal != (tc.source != NoMove) || (tc.source == NoMove) != (a.Claim == movegen.Loss) {
			t.Errorf("%s: %+v from %v, %v", tc.fen, a.Result, a.Source, err)
		}
	}
}

// TestSearchLines: the lines a search finds come from the multipv option
// (every front end's), or from the request, which overrides it (a game
// review's call); the named moves of a request are the only ones searched.
func TestSearchLines(t *testing.T) {
	s := newTestSession(t, Config{})
	p := movegen.StartPosition(movegen.American)
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	for _, tc := range []struct {
		name    string
		option  string
		req     search.Request
		lines   int
		allowed []movegen.Move
	}{
		{"default", "1", search.Request{}, 1, nil},
		{"option", "3", search.Request{}, 3, nil},
		{"request over the option", "3", search.Request{MultiPV: 5}, 5, nil},
		{"more than the moves", "1", search.Request{MultiPV: 20}, ml.N, nil},
		{"named moves", "1", search.Request{MultiPV: 20, SearchMoves: ml.Moves[1:3]}, 2, ml.Moves[1:3]},
	} {
		if err := s.SetOption(OptionByKey("multipv"), tc.option); err != nil {
			t.Fatal(err)
		}
		req := tc.req
		req.Pos, req.Limits = p, search.Limits{Depth: 4}
		a, err := s.Choose(context.Background(), Request{Request: req, Analysis: true})
		res := a.Result
		if err != nil || len(res.Lines) != tc.lines {
			t.Errorf("%s: %d lines, %v; want %d", tc.name, len(res.Lines), err, tc.lines)
			continue
		}
		for _, l := range res.Lines {
			if tc.allowed != nil && !slices.ContainsFunc(tc.allowed, l.PV[0].Same) {
				t.Errorf("%s: a line of %s", tc.name, p.FormatMove(l.PV[0]))
			}
		}
	}
}

// TestSearchFailure: a search whose helper thread panics (injected) is an
// error with a legal move, its claim unknown, and the panic's stack goes
// to the notes; the next search is whole again.
func TestSearchFailure(t *testing.T) {
	var notes []string
	s := newTestSession(t, Config{Notes: func(n string) { notes = append(notes, n) }})
	if err := s.SetOption(OptionByKey("searchthreads"), "2"); err != nil {
		t.Fatal(err)
	}
	p := movegen.StartPosition(movegen.American)
	undo := fault.Inject(fault.SearchHelper, func() { panic("injected") })
	a, err := s.Choose(context.Background(), Request{Request: search.Request{Pos: p, Limits: search.Limits{Depth: 20}}})
	undo()
	res := a.Result
	if err == nil || !strings.Contains(err.Error(), "search thread 1: panic: injected") {
		t.Errorf("error %v, want the helper's panic", err)
	}
	if !res.HasMove || !p.IsLegal(res.Move) || res.Claim != movegen.Unknown || a.Source != Fallback {
		t.Errorf("result %+v from %v, want a legal fallback move, claim unknown", res, a.Source)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "session_test.go") {
		t.Errorf("notes %q, want the panic's stack", notes)
	}
	if _, err := s.Choose(context.Background(), Request{Request: search.Request{Pos: p, Limits: search.Limits{Depth: 3}}}); err != nil {
		t.Errorf("the next search: %v", err)
	}
}

// TestClamp checks that a value is brought into an option's range, and the
// hash table into the host's cap too.
func TestClamp(t *testing.T) {
	capped, free := newTestSession(t, Config{MaxHashMiB: 8}), newTestSession(t, Config{})
	hash, cache := OptionByKey("hashsize"), OptionByKey("egdbcache")
	for _, tc := range []struct {
		s       *Session
		op      *Option
		n, want int
	}{
		{capped, hash, 0, 1},
		{capped, hash, 4, 4},
		{capped, hash, 16384, 8},
		{free, hash, 16384, hash.Max},
		{free, hash, -5, hash.Min},
		{free, cache, 0, MinEGDBCacheMiB},
		{free, cache, 64, 64},
	} {
		if got := tc.s.Clamp(tc.op, tc.n); got != tc.want {
			t.Errorf("Clamp(%s, %d) = %d, want %d", tc.op.Key, tc.n, got, tc.want)
		}
	}
}
