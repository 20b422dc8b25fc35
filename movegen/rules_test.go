package movegen

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// rulesCases are the reference positions of the table at the end of the
// rules page (shared docs, rules.md), with every jump path spelled out and
// the number of distinct results.
var rulesCases = []struct {
	name   string
	v      Variant
	fen    string
	paths  []string // every legal jump path (or quiet move)
	unique int      // distinct results (from, to, captured set)
}{
	{"American king ring, two paths one move", American, "W:WK10:B14,15,22,23",
		[]string{"10x17x26x19x10", "10x19x26x17x10"}, 1},
	{"American man crowns mid-capture and stops", American, "B:W25,26:B23",
		[]string{"23x30"}, 1},
	{"Pool man jumps on backward and stays a man", Pool, "W:W9:B6,7",
		[]string{"9x2x11"}, 1},
	{"Pool man stops on the far row and is crowned", Pool, "W:W9:B6,16",
		[]string{"9x2"}, 1},
	{"Pool landing rule forces the continuing square", Pool, "W:WK29:B22,19",
		[]string{"29x15x24", "29x15x28"}, 2},
	{"Pool flying king lands anywhere beyond", Pool, "W:WK29:B22",
		[]string{"29x18", "29x15", "29x11", "29x8", "29x4"}, 5},
	{"Pool Turkish strike blocks a later jump", Pool, "W:WK29:B22,10,9,26",
		[]string{"29x18x5", "29x15x6x13"}, 2},
	{"Pool king ring, six paths five moves", Pool, "B:W14,15,22,23:BK10",
		[]string{
			"10x17x26x19x10", "10x17x26x19x6", "10x17x26x19x1",
			"10x19x26x17x10", "10x19x26x17x7", "10x19x26x17x3",
		}, 5},
}

func TestRulesTable(t *testing.T) {
	for _, c := range rulesCases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFEN(c.fen, c.v)
			if err != nil {
				t.Fatal(err)
			}
			var ml MoveList
			p.GeneratePaths(&ml)
			var got []string
			for _, m := range ml.Slice() {
				got = append(got, m.PathString())
			}
			want := slices.Clone(c.paths)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("paths: got %v, want %v", got, want)
			}
			p.GenerateMoves(&ml)
			if ml.N != c.unique {
				t.Errorf("unique moves: got %d (%v), want %d", ml.N, ml.Slice(), c.unique)
			}
			// Every listed path names one of the unique moves, and every
			// unique move is named by some path.
			named := make([]bool, ml.N)
			for _, s := range c.paths {
				m, err := p.ParseMove(s)
				if err != nil {
					t.Errorf("ParseMove(%q): %v", s, err)
					continue
				}
				if m.IsCapture() != ml.Moves[0].IsCapture() {
					t.Errorf("%s: captures and quiet moves mixed", s)
				}
				i := slices.IndexFunc(ml.Slice(), m.Same)
				if i < 0 {
					t.Errorf("%s parses to %v, not in GenerateMoves %v", s, m, ml.Slice())
					continue
				}
				named[i] = true
			}
			for i, ok := range named {
				if !ok {
					t.Errorf("unique move %v is not among the listed paths", ml.Moves[i])
				}
			}
			compareWithReference(t, &p)
		})
	}
}

// TestRulesMakeMove checks what the table's moves leave behind: crowning
// only where the rules crown, captured pieces gone, a ring ending at home.
func TestRulesMakeMove(t *testing.T) {
	cases := []struct {
		v         Variant
		fen, move string
		after     string
	}{
		{American, "W:WK10:B14,15,22,23", "10x17x26x19x10", "B:WK10:B"},
		{American, "B:W25,26:B23", "23x30", "W:W25:BK30"},
		{Pool, "W:W9:B6,7", "9x2x11", "B:W11:B"},
		{Pool, "W:W9:B6,16", "9x2", "B:WK2:B16"},
		{Pool, "W:WK29:B22,10,9,26", "29x15x6x13", "B:WK13:B26"},
		{Pool, "B:W14,15,22,23:BK10", "10x19x26x17x3", "W:W:BK3"},
		{American, "B:W21-32:B1-12", "11-15", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen, c.v)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		child := p
		child.MakeMove(m)
		if got := child.FEN(); got != c.after {
			t.Errorf("%s %s after %s: got %s, want %s", c.v, c.fen, c.move, got, c.after)
		}
		if child.Hash != child.ComputeHash() {
			t.Errorf("%s %s after %s: incremental hash differs from ComputeHash", c.v, c.fen, c.move)
		}
	}
}

// TestRingNotation checks that both paths of the American king ring name the
// same move, that the short form names it too, and that it is written short.
func TestRingNotation(t *testing.T) {
	p, err := ParseFEN("W:WK10:B14,15,22,23", American)
	if err != nil {
		t.Fatal(err)
	}
	cw, err := p.ParseMove("10x17x26x19x10")
	if err != nil {
		t.Fatal(err)
	}
	acw, err := p.ParseMove("10x19x26x17x10")
	if err != nil {
		t.Fatal(err)
	}
	short, err := p.ParseMove("10x10")
	if err != nil {
		t.Fatal(err)
	}
	if !cw.Same(acw) || !cw.Same(short) {
		t.Errorf("ring paths name different moves: %v %v %v", cw, acw, short)
	}
	if got := p.FormatMove(cw); got != "10x10" {
		t.Errorf("FormatMove(ring) = %q, want 10x10", got)
	}
}

// TestNoMovesLoses checks that a side with no pieces or only blocked pieces
// has no legal move, and that Adjudicate says which it is.
func TestNoMovesLoses(t *testing.T) {
	for _, c := range []struct {
		v      Variant
		fen    string
		detail string
	}{
		{American, "B:W5,6:B", "Black has no pieces left"},
		{Pool, "W:W:BK1", "White has no pieces left"},
		{American, "B:W25,30:B21", "Black has no legal move"}, // the man on 21 is blocked
		{Pool, "B:W25,30:B21", "Black has no legal move"},
	} {
		p, err := ParseFEN(c.fen, c.v)
		if err != nil {
			t.Fatal(err)
		}
		var ml MoveList
		p.GenerateMoves(&ml)
		if ml.N != 0 {
			t.Errorf("%s %s: got moves %v, want none", c.v, c.fen, ml.Slice())
		}
		if o := Adjudicate([]Position{p}, nil); o.Ending != NoMoves || o.Detail != c.detail {
			t.Errorf("%s %s: Adjudicate = %+v, want %q", c.v, c.fen, o, c.detail)
		}
	}
}

// TestVariants checks the rule-set table and the names: every Variant
// below NumVariants has its entry, and names and GameType numbers read back.
func TestVariants(t *testing.T) {
	for v := Variant(0); v < NumVariants; v++ {
		r := v.Rules()
		if r.Variant != v || r.Name == "" || r.Title == "" || r.GameType == 0 || r.DrawMoves == 0 || v.String() != r.Name {
			t.Errorf("variant %d: rules %+v", v, *r)
		}
		for _, s := range []string{r.Name, strconv.Itoa(r.GameType)} {
			if got, err := ParseVariant(s); err != nil || got != v {
				t.Errorf("ParseVariant(%q) = %v, %v; want %v", s, got, err, v)
			}
		}
		if got, err := VariantForGameType(r.GameType); err != nil || got != v {
			t.Errorf("VariantForGameType(%d) = %v, %v; want %v", r.GameType, got, err, v)
		}
	}
	for _, s := range []string{"", "international", "20", "2", "American", "pool "} {
		if v, err := ParseVariant(s); err == nil || !strings.Contains(err.Error(), "unknown variant") {
			t.Errorf("ParseVariant(%q) = %v, %v; want an unknown-variant error", s, v, err)
		}
	}
	if v, err := VariantForGameType(20); err == nil {
		t.Errorf("VariantForGameType(20) = %v, want an error", v)
	}
}

// TestUnknownVariant checks that a Variant naming no rule set stops the
// program with a message saying so, wherever the rule set is picked, rather
// than being played by another rule set's rules.
func TestUnknownVariant(t *testing.T) {
	const bad = NumVariants
	p := StartPosition(American)
	p.Variant = bad
	var ml MoveList
	calls := []struct {
		name string
		f    func()
	}{
		{"Rules", func() { bad.Rules() }},
		{"StartPosition", func() { StartPosition(bad) }},
		{"GenerateMoves", func() { p.GenerateMoves(&ml) }},
		{"GeneratePaths", func() { p.GeneratePaths(&ml) }},
		{"HasCapture", func() { p.HasCapture() }},
		{"CountMoves", func() { p.CountMoves(&ml) }},
		{"ThreeKingsAgainstOne", func() { p.ThreeKingsAgainstOne() }},
		{"Perft", func() { Perft(p, 3, false) }},
		{"PerftRun", func() { _, _ = PerftRun(p, 3, PerftOptions{Threads: 2}) }},
	}
	want := "movegen: unknown variant " + strconv.Itoa(int(bad))
	for _, c := range calls {
		func() {
			defer func() {
				err, ok := recover().(error)
				if !ok || !strings.HasPrefix(err.Error(), want) {
					t.Errorf("%s with variant %d: panic %v, want an error starting %q", c.name, bad, err, want)
				}
			}()
			c.f()
		}()
	}
	if s, w := bad.String(), "Variant("+strconv.Itoa(int(bad))+")"; s != w {
		t.Errorf("String() = %q, want %q", s, w)
	}
}
