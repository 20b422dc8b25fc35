package movegen

import (
	"strings"
	"testing"
)

// FuzzParseFEN checks that no input makes ParseFEN panic, and that whatever
// it accepts is a valid position that writes and reads back unchanged.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		"B:W21-32:B1-12", "W:WK10:B14,15,22,23", "B:B1-12:W21-32", " B : W21-32 : B1-12 . ",
		"B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", "B:W:B", "", ":", "::", "B:W21-33:B1",
		"B:WK:B1", "B:W5-:B1", "W:W1-12,K13-20:B21-28", "B:W\xff:B1", "B:W21,,22:B1.", "B:W9-1:B",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range []Variant{American, Pool} {
			p, err := ParseFEN(s, v)
			if err != nil {
				if err.Error() == "" {
					t.Fatalf("ParseFEN(%q): empty error", s)
				}
				continue
			}
			if err := p.Validate(); err != nil {
				t.Fatalf("ParseFEN(%q) accepted an invalid position: %v", s, err)
			}
			if p.Hash != p.ComputeHash() || p.Variant != v {
				t.Fatalf("ParseFEN(%q): hash or variant wrong", s)
			}
			q, err := ParseFEN(p.FEN(), v)
			if err != nil || q != p {
				t.Fatalf("ParseFEN(%q) wrote %q, which reads back as %v, %v", s, p.FEN(), q, err)
			}
		}
	})
}

// FuzzParseMove checks that no move string makes ParseMove panic in any
// position, and that an accepted move is legal and writes back to itself.
func FuzzParseMove(f *testing.F) {
	seeds := []struct {
		fen, move string
		pool      bool
	}{
		{"B:W21-32:B1-12", "11-15", false},
		{"B:W21-32:B1-12", "11x15", true},
		{"W:WK10:B14,15,22,23", "10x17x26x19x10", false},
		{"W:WK10:B14,15,22,23", "10x10", false},
		{"B:W14,15,22,23:BK10", "10x17x26x19x6", true},
		{"W:W5,K9,23:BK6,7,K8,K14,15,K17,K30", "9x4", false},
		{"W:WK29:B22,10,9,26", "29x15x6x13", true},
		{"B:W21-32:B1-12", "", false},
		{"B:W21-32:B1-12", "x", false},
		{"B:W21-32:B1-12", "11--15", false},
		{"B:W21-32:B1-12", "-1-2", false},
		{"B:W21-32:B1-12", "99999999999999999999-1", false},
		{"B:W21-32:B1-12", "1x2x3x4x5x6x7x8x9x10x11x12x13x14x15x16", false},
	}
	for _, s := range seeds {
		f.Add(s.fen, s.move, s.pool)
	}
	f.Fuzz(func(t *testing.T, fen, move string, pool bool) {
		v := American
		if pool {
			v = Pool
		}
		p, err := ParseFEN(fen, v)
		if err != nil {
			return
		}
		m, err := p.ParseMove(move)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseMove(%q): empty error", move)
			}
			return
		}
		var ml MoveList
		p.GenerateMoves(&ml)
		legal := false
		for _, o := range ml.Slice() {
			legal = legal || o.Same(m)
		}
		if !legal {
			t.Fatalf("%s: ParseMove(%q) = %v, not a legal move", fen, move, m)
		}
		for _, s := range []string{p.FormatMove(m), m.PathString()} {
			if back, err := p.ParseMove(s); err != nil || !back.Same(m) {
				t.Fatalf("%s: %v written %q reads back as %v, %v", fen, m, s, back, err)
			}
		}
	})
}

// FuzzReadPDN checks that no text makes ReadPDN panic, and that every game
// it reads writes out and reads back with the same moves.
func FuzzReadPDN(f *testing.F) {
	for _, s := range []string{
		"[Event \"e\"]\n1. 11-15 23-18 2. 8-11 {c} (2. 9-14) 27-23 $1 1-0\n",
		"[GameType \"23\"][FEN \"[W:WK29:B22,19]\"] 1... 29x15x28 *",
		"FEN \"B:W25,26:B23.\" 23x30 1/2-1/2",
		"; comment\n[Event \"\\\"\"] 1.11-15! 22-18?! *",
		"[Event \"x\" 1. 9-13 ( ( { ) ; \n [",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		games, err := ReadPDN(strings.NewReader(s), American)
		if err != nil {
			t.Fatalf("ReadPDN: %v", err)
		}
		for i := range games {
			var b strings.Builder
			if err := games[i].WritePDN(&b); err != nil {
				t.Fatalf("game %d: WritePDN: %v", i, err)
			}
			back, err := ReadPDN(strings.NewReader(b.String()), American)
			if err != nil || len(back) != 1 {
				t.Fatalf("game %d written as %q reads back as %d games, %v", i, b.String(), len(back), err)
			}
			if len(back[0].Moves) != len(games[i].Moves) || back[0].Err != nil {
				t.Fatalf("game %d written as %q reads back with %d moves (wrote %d), %v",
					i, b.String(), len(back[0].Moves), len(games[i].Moves), back[0].Err)
			}
			// Annotated with the text itself, braces taken out, as comments
			// and a mark on every move, the game still reads back the same.
			g := games[i]
			g.Comment = strings.NewReplacer("{", "", "}", "").Replace(s)
			for range g.Moves {
				g.Annotations = append(g.Annotations, Annotation{Mark: "?!", Comment: g.Comment})
			}
			b.Reset()
			if err := g.WritePDN(&b); err != nil {
				t.Fatalf("game %d annotated: WritePDN: %v", i, err)
			}
			back, err = ReadPDN(strings.NewReader(b.String()), American)
			if err != nil || len(back) != 1 || len(back[0].Moves) != len(g.Moves) || back[0].Err != nil {
				t.Fatalf("game %d annotated, written as %q, reads back as %d games, %v", i, b.String(), len(back), err)
			}
		}
	})
}
