package movegen

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/internal/schedtest"
)

func readTinsley(t *testing.T) []Game {
	t.Helper()
	f, err := os.Open("../testdata/tinsley-games.pdn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := ReadPDN(f, American)
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// TestReadPDNTinsley reads 724 tournament games: 721 replay legally, and
// three stop at a bad move that the error names.
func TestReadPDNTinsley(t *testing.T) {
	games := readTinsley(t)
	if len(games) != 724 {
		t.Fatalf("read %d games, want 724", len(games))
	}
	bad := map[int]struct {
		moves int      // legal moves before the bad one
		what  []string // parts of the error
	}{
		540: {122, []string{"move 62.", `"32-28"`, "not legal"}},
		622: {30, []string{"move 16.", `"8-11Redoversteppedthetimecontrolonthismo"...`, "is not a move"}},
		692: {33, []string{"move 17...", `"26-22Whiteoversteppedthetimecontrolonthi"...`, "is not a move"}},
	}
	for i, g := range games {
		if g.Result != g.Tag("Result") {
			t.Errorf("game %d: result %q, Result tag %q", i, g.Result, g.Tag("Result"))
		}
		if g.Variant != American || g.Start != StartPosition(American) {
			t.Errorf("game %d: variant %s, start %s", i, g.Variant, g.Start.FEN())
		}
		b, isBad := bad[i]
		if !isBad {
			if g.Err != nil {
				t.Errorf("game %d (%s): %v", i, g.Tag("Event"), g.Err)
			}
			if len(g.Moves) == 0 {
				t.Errorf("game %d: no moves", i)
			}
			continue
		}
		if g.Err == nil {
			t.Errorf("game %d: read without error, want one naming the bad move", i)
			continue
		}
		for _, w := range b.what {
			if !strings.Contains(g.Err.Error(), w) {
				t.Errorf("game %d: error %q lacks %q", i, g.Err, w)
			}
		}
		if len(g.Moves) != b.moves {
			t.Errorf("game %d: %d moves before the error, want %d", i, len(g.Moves), b.moves)
		}
	}
	first := games[0]
	if first.Tag("Black") != "MF Tinsley" || first.Tag("white") != "M Rex" || first.Tag("Date") != "" {
		t.Errorf("game 0 tags: %v", first.Tags)
	}
	if len(first.Moves) != 56 || first.Moves[55].PathString() != "24x15x6" {
		t.Errorf("game 0: %d moves, last %v", len(first.Moves), first.Moves[len(first.Moves)-1])
	}
}

// TestPDNRoundTrip writes every game and reads them back: the same moves,
// tags and results, and writing again gives the same text.
func TestPDNRoundTrip(t *testing.T) {
	schedtest.SkipUnderRace(t, "parsing on one goroutine")
	games := readTinsley(t)
	var buf bytes.Buffer
	for i := range games {
		if err := games[i].WritePDN(&buf); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
	}
	text := buf.String()
	for n, line := range strings.Split(text, "\n") {
		if len(line) >= 80 {
			t.Fatalf("line %d is %d columns: %q", n+1, len(line), line)
		}
	}
	back, err := ReadPDN(strings.NewReader(text), American)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(games) {
		t.Fatalf("read back %d games, wrote %d", len(back), len(games))
	}
	var again bytes.Buffer
	for i, g := range back {
		orig := games[i]
		if g.Err != nil {
			t.Errorf("game %d read back: %v", i, g.Err)
		}
		if len(g.Moves) != len(orig.Moves) {
			t.Fatalf("game %d: %d moves read back, wrote %d", i, len(g.Moves), len(orig.Moves))
		}
		for k := range g.Moves {
			if !g.Moves[k].Same(orig.Moves[k]) {
				t.Fatalf("game %d move %d: read back %v, wrote %v", i, k, g.Moves[k], orig.Moves[k])
			}
		}
		if g.Result != orig.Result || g.Start != orig.Start || g.Variant != orig.Variant {
			t.Errorf("game %d: result, start or variant changed", i)
		}
		for _, tag := range orig.Tags {
			if g.Tag(tag.Name) != tag.Value {
				t.Errorf("game %d: tag %s read back %q, wrote %q", i, tag.Name, g.Tag(tag.Name), tag.Value)
			}
		}
		if err := g.WritePDN(&again); err != nil {
			t.Fatal(err)
		}
	}
	if again.String() != text {
		t.Error("writing the games read back gives different text")
	}
}

// TestReadPDNSyntax covers the parts of PDN the Tinsley file does not use.
func TestReadPDNSyntax(t *testing.T) {
	const pdn = "\xef\xbb\xbf; a line comment [Event \"not a tag\"]\r\n" +
		"[Event \"Syntax \\\"test\\\" \\\\ 1\"]\r\n" +
		"[Black \"B\"][White \"W\"]\r\n" +
		"[Result \"1-0\"]\r\n" +
		"{a comment before the moves} 1. 11-15! {with (parens) inside} 23-18?! $3\r\n" +
		"2.8-11 (2. 9-14 (2. 10-14 {nested} 18x9) 18x9 ; comment ) in a variation\r\n" +
		"27-23) 2... 27-23 3. 4-8 ;rest of line ignored\r\n" +
		"23-19 2-0\r\n" +
		"\r\n" +
		"[Event \"Pool with FEN in brackets\"] [GameType \"23\"] [FEN \"[W:WK29:B22,19]\"]\n" +
		"1... 29x15x28 *\n" +
		"\n" +
		"[Event \"GameType with more fields\"]\n" +
		"[GameType \"21,B,8,8,A0,0\"]\n" +
		"FEN \"B:W25,26:B23.\"\n" +
		"23x30 1/2-1/2\n" +
		"[Event \"no result, a new game follows\"] 1. 9-13\n" +
		"[Event \"unsupported\"][GameType \"20\"] 1. 32-28 0-1\n" +
		"[Event \"bad FEN\"][FEN \"B:W1:B2\"] 1. 2-6 *\n" +
		"[Event \"algebraic\"] 1. c3-d4 *\n" +
		"[Event \"illegal\"] 1. 9-13 22-18 2. 9-14 *\n"
	games, err := ReadPDN(strings.NewReader(pdn), American)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		event   string
		variant Variant
		start   string
		moves   string // PathStrings joined by spaces
		result  string
		err     []string // parts of Err, nil for none
	}{
		{`Syntax "test" \ 1`, American, "B:W21-32:B1-12", "11-15 23-18 8-11 27-23 4-8 23-19", "1-0", nil},
		{"Pool with FEN in brackets", Pool, "W:WK29:B19,22", "29x15x28", "*", nil},
		{"GameType with more fields", American, "B:W25,26:B23", "23x30", "1/2-1/2", nil},
		{"no result, a new game follows", American, "B:W21-32:B1-12", "9-13", "*", nil},
		{"unsupported", American, "B:W21-32:B1-12", "", "0-1", []string{"GameType", "unsupported game type 20"}},
		{"bad FEN", American, "B:W21-32:B1-12", "", "*", []string{"FEN tag", "white man on 1"}},
		{"algebraic", American, "B:W21-32:B1-12", "", "*", []string{"move 1.", `"c3-d4" is not a move`}},
		{"illegal", American, "B:W21-32:B1-12", "9-13 22-18", "*", []string{"move 2.", "9-14", "not legal"}},
	}
	if len(games) != len(want) {
		for _, g := range games {
			t.Logf("%q %v", g.Tag("Event"), g.Err)
		}
		t.Fatalf("read %d games, want %d", len(games), len(want))
	}
	for i, w := range want {
		g := games[i]
		var moves []string
		for _, m := range g.Moves {
			moves = append(moves, m.PathString())
		}
		start, err := ParseFEN(w.start, w.variant)
		if err != nil {
			t.Fatal(err)
		}
		if g.Tag("Event") != w.event || g.Variant != w.variant || g.Start != start ||
			strings.Join(moves, " ") != w.moves || g.Result != w.result {
			t.Errorf("game %d: event %q, %s, start %s, moves %q, result %q; want %q, %s, %s, %q, %q",
				i, g.Tag("Event"), g.Variant, g.Start.FEN(), strings.Join(moves, " "), g.Result,
				w.event, w.variant, w.start, w.moves, w.result)
		}
		if (g.Err == nil) != (w.err == nil) {
			t.Errorf("game %d: error %v, want one: %v", i, g.Err, w.err != nil)
		}
		for _, part := range w.err {
			if g.Err != nil && !strings.Contains(g.Err.Error(), part) {
				t.Errorf("game %d: error %q lacks %q", i, g.Err, part)
			}
		}
	}
}

func TestWritePDN(t *testing.T) {
	games, err := ReadPDN(strings.NewReader(`[White "W"] [Event "E"] [Site "S"] [Black "B"]
1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 19x10 5. 14x23 26x19 6.
7x14 24-20 7. 6-10 30-26 8. 11-15 28-24 9. 14-18 20-16 10. 18-23 16-11 11.
23x30 11x4 12. 2-7 4-8 *
[GameType "23"] [FEN "W:WK29:B22,19,5"] 1... 29x15x24 5-9 *
[GameType "25"] 1. c3-d4 f6-e5 2. d4xf6 g7xe5! *
`), American)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := range games {
		if err := games[i].WritePDN(&b); err != nil {
			t.Fatal(err)
		}
	}
	const want = `[Event "E"]
[Date "?"]
[Black "B"]
[White "W"]
[Result "*"]
[Site "S"]
1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10-14 19x10 5. 14x23 26x19 6. 7x14
24-20 7. 6-10 30-26 8. 11-15 28-24 9. 14-18 20-16 10. 18-23 16-11 11. 23x30
11x4 12. 2-7 4-8 *

[Event "?"]
[Date "?"]
[Black "?"]
[White "?"]
[Result "*"]
[GameType "23"]
[FEN "W:WK29:B5,19,22"]
1... 29x24 2. 5-9 *

[Event "?"]
[Date "?"]
[Black "?"]
[White "?"]
[Result "*"]
[GameType "25"]
1. c3-d4 f6-e5 2. d4:f6 g7:e5 *

`
	if got := b.String(); got != want {
		t.Errorf("WritePDN wrote\n%s\nwant\n%s", got, want)
	}

	g := Game{Variant: American, Start: StartPosition(American), Moves: []Move{NewQuietMove(21, 17)}}
	if err := g.WritePDN(&b); err == nil || !strings.Contains(err.Error(), "22-18") {
		t.Errorf("WritePDN with an illegal move: %v, want an error naming it", err)
	}
}

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestReadPDNIOError(t *testing.T) {
	if _, err := ReadPDN(errReader{}, American); err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("ReadPDN on a failing reader: %v", err)
	}
	games, err := ReadPDN(strings.NewReader(""), American)
	if err != nil || len(games) != 0 {
		t.Errorf("ReadPDN(\"\") = %d games, %v", len(games), err)
	}
}

// TestWritePDNAnnotations writes a game's comment and the moves' marks
// and comments: where they go, how they wrap, what is refused, and that
// the text reads back as the same moves.
func TestWritePDNAnnotations(t *testing.T) {
	start := StartPosition(American)
	line := func(texts ...string) []Move {
		p := start
		var ms []Move
		for _, s := range texts {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, m)
			p.MakeMove(m)
		}
		return ms
	}
	moves := line("11-15", "23-19", "8-11", "22-17")
	long := strings.Repeat("word ", 30)
	tests := []struct {
		name    string
		comment string
		notes   []Annotation
		want    string // the move text, "" when refused
		err     string // in the error when refused
	}{
		{"bare", "", nil, "1. 11-15 23-19 2. 8-11 22-17 *", ""},
		{"game comment", "summary  of\nthe game", nil, "{summary of the game} 1. 11-15 23-19 2. 8-11 22-17 *", ""},
		{"marks and comments", "", []Annotation{{Mark: "?", Comment: "+12; best 9-14 +40"}, {}, {Mark: "??"}},
			"1. 11-15? {+12; best 9-14 +40} 1... 23-19 2. 8-11?? 22-17 *", ""},
		{"comment on White's move", "", []Annotation{{}, {Comment: "-3"}, {Comment: " "}},
			"1. 11-15 23-19 {-3} 2. 8-11 22-17 *", ""},
		{"wrapped", "", []Annotation{{Comment: long}},
			"1. 11-15 {word word word word word word word word word word word word word word\nword word word word word word word word word word word word word word word\nword} 1... 23-19 2. 8-11 22-17 *", ""},
		{"brace in a comment", "", []Annotation{{Comment: "a } b"}}, "", "brace"},
		{"brace in the game comment", "x {", nil, "", "brace"},
		{"unknown mark", "", []Annotation{{Mark: "???"}}, "", "mark"},
		{"too many", "", make([]Annotation, 5), "", "annotations"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := Game{Variant: American, Start: start, Moves: moves, Result: "*", Comment: tc.comment, Annotations: tc.notes}
			var b strings.Builder
			err := g.WritePDN(&b)
			if tc.want == "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || b.Len() != 0 {
					t.Fatalf("error %v (want one about %q), wrote %q", err, tc.err, b.String())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			text := b.String()
			_, got, _ := strings.Cut(strings.TrimSpace(text), "[Result \"*\"]\n")
			if got != tc.want {
				t.Errorf("move text\n%s\nwant\n%s", got, tc.want)
			}
			for _, l := range strings.Split(text, "\n") {
				if len(l) >= 80 {
					t.Errorf("line of %d columns: %q", len(l), l)
				}
			}
			back, err := ReadPDN(strings.NewReader(text), American)
			if err != nil || len(back) != 1 || back[0].Err != nil || len(back[0].Moves) != len(moves) {
				t.Fatalf("read back: %d games, %v", len(back), err)
			}
			for i, m := range back[0].Moves {
				if !m.Same(moves[i]) {
					t.Errorf("move %d read back as %v", i+1, m)
				}
			}
		})
	}
}

// TestReadPDNUnclosed: an unclosed comment, variation or tag value is an
// error naming its line, in the game it breaks, and the games before it
// are kept; a tag's value ends with its line, so the next game is read.
func TestReadPDNUnclosed(t *testing.T) {
	const good = "[Event \"one\"]\n1. 11-15 23-19 1-0\n\n"
	for _, tc := range []struct {
		name, text string
		games      int    // games read
		broken     int    // the game whose Err is set (from 0)
		err        string // what its Err says
	}{
		{"comment", good + "[Event \"two\"]\n1. 11-15 {a comment\n23-19 1-0\n\n" + good, 2, 1,
			`line 5: the comment opened here with '{' is never closed`},
		{"variation", good + "[Event \"two\"]\n1. 11-15 (23-19 {x} 8-11\n1-0\n" + good, 2, 1,
			`line 5: the variation opened here with '(' is never closed`},
		{"comment between games", good + "{ notes\n" + good, 2, 1, "line 4: the comment"},
		{"tag quote", "[Event \"one]\n[Black \"B\"]\n1. 11-15 1-0\n\n" + good, 2, 0,
			`line 1: the value of tag "Event" has no closing quote`},
	} {
		games, err := ReadPDN(strings.NewReader(tc.text), American)
		if err != nil || len(games) != tc.games {
			t.Errorf("%s: %d games, %v; want %d", tc.name, len(games), err, tc.games)
			continue
		}
		for i, g := range games {
			switch {
			case i == tc.broken && (g.Err == nil || !strings.Contains(g.Err.Error(), tc.err)):
				t.Errorf("%s: game %d: error %v, want one with %q", tc.name, i+1, g.Err, tc.err)
			case i != tc.broken && g.Err != nil:
				t.Errorf("%s: game %d: %v", tc.name, i+1, g.Err)
			}
		}
		if g := games[0]; tc.broken != 0 && (g.Tag("Event") != "one" || len(g.Moves) != 2) {
			t.Errorf("%s: the game before it lost: %+v", tc.name, g)
		}
	}
	games, _ := ReadPDN(strings.NewReader("[Event \"one]\n[Black \"B\"]\n1. 11-15 1-0\n"), American)
	if len(games) != 1 || games[0].Tag("Black") != "B" {
		t.Errorf("the line after an unclosed tag value was taken into it: %+v", games)
	}
}

// TestPDNResultFirstMover checks that a PDN result gives the first mover's
// score first: in American "1-0" is Black's win, in Russian White's, and
// Crown's Game.Result (Black's view) reads and writes through it.
func TestPDNResultFirstMover(t *testing.T) {
	tests := []struct {
		v         Variant
		internal  string // Game.Result
		pdnResult string // as written
	}{
		{American, ResultBlackWins, "1-0"},
		{American, ResultWhiteWins, "0-1"},
		{Pool, ResultBlackWins, "1-0"},
		{Russian, ResultWhiteWins, "1-0"},
		{Russian, ResultBlackWins, "0-1"},
		{Italian, ResultWhiteWins, "1-0"},
		{Thai, ResultDraw, "1/2-1/2"},
	}
	for _, tc := range tests {
		g := NewGame(StartPosition(tc.v))
		g.Result = tc.internal
		var b strings.Builder
		if err := g.WritePDN(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), `[Result "`+tc.pdnResult+`"]`) || !strings.HasSuffix(strings.TrimSpace(b.String()), tc.pdnResult) {
			t.Errorf("%s, Result %s: written\n%s\nwant %s", tc.v, tc.internal, b.String(), tc.pdnResult)
		}
		games, err := ReadPDN(strings.NewReader(b.String()), American)
		if err != nil || len(games) != 1 || games[0].Result != tc.internal || games[0].Variant != tc.v {
			t.Errorf("%s: read back %+v, %v", tc.v, games, err)
		}
	}
}

// TestSetTag checks that SetTag replaces a tag of any case in place or adds
// it at the end, and that DeleteTag removes every tag of the name.
func TestSetTag(t *testing.T) {
	tags := func(g Game) string {
		var s []string
		for _, t := range g.Tags {
			s = append(s, t.Name+"="+t.Value)
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct {
		name  string
		apply func(g *Game)
		want  string
	}{
		{"replace", func(g *Game) { g.SetTag("event", "E2") }, "Event=E2 Black=B Review=r1 review=r2"},
		{"add", func(g *Game) { g.SetTag("White", "W") }, "Event=E1 Black=B Review=r1 review=r2 White=W"},
		{"delete", func(g *Game) { g.DeleteTag("REVIEW") }, "Event=E1 Black=B"},
		{"delete none", func(g *Game) { g.DeleteTag("Site") }, "Event=E1 Black=B Review=r1 review=r2"},
	} {
		g := Game{Tags: []Tag{{"Event", "E1"}, {"Black", "B"}, {"Review", "r1"}, {"review", "r2"}}}
		c.apply(&g)
		if got := tags(g); got != c.want {
			t.Errorf("%s: tags %q, want %q", c.name, got, c.want)
		}
	}
}
