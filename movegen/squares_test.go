package movegen

import "testing"

// TestSquareNames checks each game's names of a few squares against the
// board: CheckerBoard's numbers for Italian and Spanish, coordinates for
// the algebraic games, and that every name reads back as its square.
func TestSquareNames(t *testing.T) {
	tests := []struct {
		v    Variant
		s    Square // internal square (English number - 1)
		name string
	}{
		{American, 0, "1"}, {American, 31, "32"}, {Pool, 28, "29"},
		{Brazilian, 3, "4"},
		// Italian: the mirror image, each row counted the other way.
		{Italian, 0, "4"}, {Italian, 3, "1"}, {Italian, 28, "32"}, {Italian, 31, "29"},
		// Spanish: the Italian numbers from the other end.
		{Spanish, 0, "29"}, {Spanish, 3, "32"}, {Spanish, 31, "4"},
		// Coordinates: English 29 is a1, 1 is b8, 4 is h8, 32 g1.
		{Russian, 28, "a1"}, {Russian, 0, "b8"}, {Czech, 3, "h8"}, {Thai, 31, "g1"}, {Russian, 17, "d4"},
	}
	for _, tc := range tests {
		r := tc.v.Rules()
		if got := r.SquareName(tc.s); got != tc.name {
			t.Errorf("%s: SquareName(%d) = %s, want %s", tc.v, tc.s, got, tc.name)
		}
	}
	for v := range NumVariants {
		r := v.Rules()
		for s := Square(0); s < NumSquares; s++ {
			if got, err := r.ParseSquare(r.SquareName(s)); err != nil || got != s {
				t.Errorf("%s: ParseSquare(%s) = %d, %v; want %d", v, r.SquareName(s), got, err, s)
			}
			if got, err := r.ParseSquare(r.SquareNumberText(s)); err != nil || got != s {
				t.Errorf("%s: ParseSquare(%d) = %d, %v; want %d", v, r.SquareNumber(s), got, err, s)
			}
		}
	}
	for _, bad := range []struct {
		v    Variant
		text string
	}{{Russian, "a2"}, {Russian, "i1"}, {Italian, "c3"}, {American, "33"}, {Czech, "c"}} {
		if _, err := bad.v.Rules().ParseSquare(bad.text); err == nil {
			t.Errorf("%s: ParseSquare(%q) accepted", bad.v, bad.text)
		}
	}
}

// TestOwnNotation checks FENs and moves written and read in each game's
// notation.
func TestOwnNotation(t *testing.T) {
	tests := []struct {
		v          Variant
		fen        string // the start position's FEN in the game's notation
		move, path string // a first move, and after it a capture, as written
	}{
		{Russian, "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6", "c3-d4", ""},
		{Italian, "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "22-19", ""},
		{Spanish, "W:W1,2,3,4,5,6,7,8,9,10,11,12:B21,22,23,24,25,26,27,28,29,30,31,32", "10-14", ""},
		{Thai, "W:Wb2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7", "b2-a3", ""},
	}
	for _, tc := range tests {
		p := StartPosition(tc.v)
		if got := p.FEN(); got != tc.fen {
			t.Errorf("%s start FEN %s, want %s", tc.v, got, tc.fen)
		}
		if q, err := ParseFEN(tc.fen, tc.v); err != nil || q != p {
			t.Errorf("%s: ParseFEN(%s) = %v, %v", tc.v, tc.fen, q.FEN(), err)
		}
		m, err := p.ParseMove(tc.move)
		if err != nil {
			t.Errorf("%s: %v", tc.v, err)
			continue
		}
		if got := p.FormatMove(m); got != tc.move {
			t.Errorf("%s: %s written %s", tc.v, tc.move, got)
		}
	}
	// A Russian capture is written with colons.
	p := mustFEN(t, "W:Wc3:Bd4,f6", Russian)
	m, err := p.ParseMove("c3:e5:g7")
	if err != nil || p.FormatMove(m) != "c3:g7" || p.Rules().PathText(m) != "c3:e5:g7" {
		t.Errorf("c3:e5:g7: %v %v", m, err)
	}
}
