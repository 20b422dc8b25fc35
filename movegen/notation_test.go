package movegen

import (
	"errors"
	"strings"
	"testing"
)

func TestParseFEN(t *testing.T) {
	start := StartPosition(American)
	startWhite := start
	startWhite.Turn = White
	startWhite.Hash = startWhite.ComputeHash()
	cases := []struct {
		in   string
		want string // FEN as written back
	}{
		{"B:W21-32:B1-12", start.FEN()},
		{"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", start.FEN()},
		{"B:B1-12:W21-32", start.FEN()},                         // either colour order
		{"B:W21-24,25-28,29-32:B1-4,5,6,7,8,9-12", start.FEN()}, // several ranges
		{"W:W21-32:B1-12", startWhite.FEN()},
		{"b:w21-32:b1-12", start.FEN()},                // lower case
		{"B:W21-32:B1-12.", start.FEN()},               // trailing dot
		{"  B : W21-32 : B1-12 .  ", start.FEN()},      // spaces around the parts
		{"B:W 21 - 32 , :B1-12", ""},                   // stray comma: error below
		{"W:WK10:B14,15,22,23", "W:WK10:B14,15,22,23"}, // K prefix
		{"W:W K10:B14, 15,22 ,23", "W:WK10:B14,15,22,23"},
		{"B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29"},
		{"B:WK1-4:BK29-32", "B:WK1,K2,K3,K4:BK29,K30,K31,K32"}, // K before a range crowns it all
		{"W:W:B5", "W:W:B5"}, // a side without pieces
	}
	for _, c := range cases {
		p, err := ParseFEN(c.in, American)
		if c.want == "" {
			if err == nil {
				t.Errorf("ParseFEN(%q) = %s, want an error", c.in, p.FEN())
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", c.in, err)
			continue
		}
		if got := p.FEN(); got != c.want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", c.in, got, c.want)
		}
		if p.Hash != p.ComputeHash() || p.Variant != American {
			t.Errorf("ParseFEN(%q): hash or variant not set", c.in)
		}
	}
	if p, err := ParseFEN("B:W21-32:B1-12", Pool); err != nil || p != StartPosition(Pool) {
		t.Errorf("ParseFEN(start, Pool) = %v, %v; want the Pool start position", p, err)
	}
}

// TestParseFENErrors checks that each bad FEN is refused with an error that
// says what is wrong and, where it can, the column where it is.
func TestParseFENErrors(t *testing.T) {
	cases := []struct {
		in     string
		column int    // 0: the whole position
		what   string // part of the message
	}{
		{"", 0, "empty"},
		{"   ", 0, "empty"},
		{"B:W21-32", 0, "found 2 part(s)"},
		{"B:W21-32:B1-12:W5", 0, "found 4 part(s)"},
		{"X:W21-32:B1-12", 1, "side to move must be B or W"},
		{"B:W21-32:X1-12", 10, `colour block must start with W or B, not "X"`},
		{"B:W21-32:W1-12", 10, "colour W given twice"},
		{"B: :B1-12", 4, "empty colour block"},
		{"B:W21-33:B1-12", 4, "square 33 is off the board"},
		{"B:W0:B1-12", 4, "square 0 is off the board"},
		{"B:W21,21:B1", 7, "square 21 listed twice"},
		{"B:W21:B21", 8, "square 21 listed twice"},
		{"B:W21-24:B1-4,3", 15, "square 3 listed twice"},
		{"B:W21,,22:B1", 7, "empty square"},
		{"B:W21,:B1", 7, "empty square"},
		{"B:W32-21:B1", 4, `range "32-21" runs backwards`},
		{"B:W5-:B1", 4, `range "5-" lacks a square`},
		{"B:W-5:B1", 4, `range "-5" lacks a square`},
		{"B:Wx:B1", 4, `"x" is not a square number`},
		{"B:W+5:B1", 4, `"+5" is not a square number`},
		{"B:WK:B1", 4, "empty square"},
		{"B:W5 6:B1", 4, `"5 6" is not a square number`},
		{"B:W21, 2x:B1", 8, `"2x" is not a square number`},
		{"B:W21-32:B1-12..", 11, `"12." is not a square number`},
		{"B:W1:B5", 0, "white man on 1, its crowning row"},
		{"B:W21:B30", 0, "black man on 30, its crowning row"},
		{"B:WK1-13:B20", 0, "white has 13 pieces, more than 12"},
	}
	for _, c := range cases {
		_, err := ParseFEN(c.in, Pool)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("ParseFEN(%q): error %v, want a *FENError", c.in, err)
			continue
		}
		if fe.Column != c.column || !strings.Contains(fe.Msg, c.what) || fe.FEN != c.in {
			t.Errorf("ParseFEN(%q): column %d, %q; want column %d, %q", c.in, fe.Column, fe.Msg, c.column, c.what)
		}
		msg := err.Error()
		if !strings.Contains(msg, c.what) || !strings.Contains(msg, c.in) {
			t.Errorf("ParseFEN(%q): message %q does not say what and where", c.in, msg)
		}
	}
}

func TestParseMove(t *testing.T) {
	cases := []struct {
		v        Variant
		fen, in  string
		want     string // PathString of the move named
		formatAs string // what FormatMove writes for it
	}{
		{American, "B:W21-32:B1-12", "11-15", "11-15", "11-15"},
		{American, "B:W21-32:B1-12", " 11-15 ", "11-15", "11-15"},
		{American, "B:W21-32:B1-12", "11x15", "11-15", "11-15"}, // either separator
		{American, "W:W18:B1,6,K7,14,15,24", "18x9x2", "18x9x2", "18x9x2"},
		{American, "W:W18:B1,6,K7,14,15,24", "18x11x2", "18x11x2", "18x11x2"},
		{American, "W:W18:B1,6,K7,14,15,24", "18x9X2", "18x9x2", "18x9x2"},
		{American, "W:W5,K9,23:BK6,7,K8,K14,15,K17,K30", "9x18x4", "9x18x11x4", "9x18x11x4"}, // part of the path is enough
		{American, "W:W5,K9,23:BK6,7,K8,K14,15,K17,K30", "9x2x4", "9x2x11x4", "9x2x11x4"},
		{American, "W:W5,K9,23:BK6,7,K8,K14,15,K17,K30", "9x9", "9x18x11x2x9", "9x9"},
		{Pool, "W:WK29:B22,10,9,26", "29x5", "29x18x5", "29x5"},
		{Pool, "W:WK29:B22,10,9,26", "29-13", "29x15x6x13", "29x13"},
		{Pool, "W:WK29:B22", "29x4", "29x4", "29x4"},
		// A one-jump capture and a ring that ends with the same jump.
		{American, "B:WK4,7,K8,15,16,18,23:B5,K19", "19x26", "19x26", "19x26"},
		{American, "B:WK4,7,K8,15,16,18,23:B5,K19", "19x10x3x12x19x26", "19x10x3x12x19x26", "19x10x3x12x19x26"},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen, c.v)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.in)
		if err != nil {
			t.Errorf("%s ParseMove(%q): %v", c.fen, c.in, err)
			continue
		}
		var ml MoveList
		p.GenerateMoves(&ml)
		want, err := p.ParseMove(c.want)
		if err != nil || !m.Same(want) || m.PathString() == "" {
			t.Errorf("%s ParseMove(%q) = %s, want %s (%v)", c.fen, c.in, m, c.want, err)
		}
		if got := p.FormatMove(m); got != c.formatAs {
			t.Errorf("%s FormatMove(%s) = %q, want %q", c.fen, m, got, c.formatAs)
		}
	}
}

// TestParseMoveErrors checks refusals: garbage, illegal moves (saying when
// a capture is compulsory) and ambiguous ones (naming the full paths).
func TestParseMoveErrors(t *testing.T) {
	cases := []struct {
		v       Variant
		fen, in string
		what    []string // parts of the message
	}{
		{American, "B:W21-32:B1-12", "", []string{"empty move"}},
		{American, "B:W21-32:B1-12", "   ", []string{"empty move"}},
		{American, "B:W21-32:B1-12", "11", []string{"two squares"}},
		{American, "B:W21-32:B1-12", "11-", []string{"two squares"}},
		{American, "B:W21-32:B1-12", "abc", []string{"two squares"}},
		{American, "B:W21-32:B1-12", "a-b", []string{`"a" is not a square number`}},
		{American, "B:W21-32:B1-12", "11--15", []string{"stray separator"}},
		{American, "B:W21-32:B1-12", "x11x15", []string{"stray separator"}},
		{American, "B:W21-32:B1-12", "11-15-", []string{"stray separator"}},
		{American, "B:W21-32:B1-12", "0-4", []string{"square 0 is off the board"}},
		{American, "B:W21-32:B1-12", "11-33", []string{"square 33 is off the board"}},
		{American, "B:W21-32:B1-12", "11 15", []string{"two squares"}},
		{American, "B:W21-32:B1-12", "11-17", []string{"not legal (legal: ", "9-13", "11-16", "12-16"}},
		{American, "B:W21-32:B1-12", "22-18", []string{"not legal"}},
		{American, "B:W21-32:B1-12", "11x18", []string{"not legal"}},
		{American, "B:W25,26:B23", "23-27", []string{"a capture is compulsory", "legal: 23x30"}},
		{American, "B:W25,26:B23", "23x30x21", []string{"not legal"}},
		{Pool, "W:WK29:B22,19", "29x18", []string{"not legal", "29x24", "29x28"}},
		{Pool, "W:W:B5", "5-9", []string{"none, the side to move has lost"}},
		{American, "W:W18:B1,6,K7,14,15,24", "18x2", []string{"ambiguous", "18x9x2", "18x11x2"}},
		{American, "W:W5,K9,23:BK6,7,K8,K14,15,K17,K30", "9x4", []string{"ambiguous", "9x18x11x4", "9x2x11x4"}},
		{American, "W:W5,K9,23:BK6,7,K8,K14,15,K17,K30", "9x11x4", []string{"ambiguous"}},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen, c.v)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.ParseMove(c.in)
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("%s ParseMove(%q): error %v, want a *MoveError", c.fen, c.in, err)
			continue
		}
		msg := err.Error()
		for _, w := range append(c.what, p.FEN()) {
			if !strings.Contains(msg, w) {
				t.Errorf("%s ParseMove(%q): message %q lacks %q", c.fen, c.in, msg, w)
			}
		}
		if me.Move != c.in {
			t.Errorf("%s ParseMove(%q): MoveError.Move = %q", c.fen, c.in, me.Move)
		}
	}
}

// TestMoveStrings checks PathString, ShortString and Landings of quiet moves,
// one jump and multi-jumps.
func TestMoveStrings(t *testing.T) {
	p, err := ParseFEN("W:WK13:B6,7,17,23,K29,K30", Pool)
	if err != nil {
		t.Fatal(err)
	}
	var ml MoveList
	p.GeneratePaths(&ml)
	for _, m := range ml.Slice() {
		path := m.PathString()
		if m.Landings() != strings.Count(path, "x") || m.Landing(m.Landings()-1) != m.To {
			t.Errorf("%s: %d landings, last %d", path, m.Landings(), m.Landing(m.Landings()-1).Number())
		}
		if m.String() != path || !strings.HasPrefix(path, "13x") {
			t.Errorf("String() = %q, PathString() = %q", m.String(), path)
		}
		if short := m.ShortString(); short != "13x"+path[strings.LastIndex(path, "x")+1:] {
			t.Errorf("ShortString() = %q for %s", short, path)
		}
	}
	q := NewQuietMove(10, 14)
	if q.PathString() != "11-15" || q.ShortString() != "11-15" || q.Landings() != 1 || q.IsCapture() {
		t.Errorf("quiet move 11-15 written %q / %q", q.PathString(), q.ShortString())
	}
}
