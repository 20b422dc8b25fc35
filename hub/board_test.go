package hub

import (
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// TestPositions converts positions both ways: Hub's text, as pydraughts
// writes it (its initial_hub_fen of the same positions), and Crown's FEN.
func TestPositions(t *testing.T) {
	for _, tt := range []struct {
		hub, fen string
		v        movegen.Variant
	}{
		{"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", movegen.American},
		{"BeeWeeeeeeeeeeebeeeweeeeeeeeeeeBe", "W:WK2,18:B14,K30", movegen.American},
		{"Weeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", "B:W:B", movegen.American},
		{"BeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeW", "W:W:BK1", movegen.Pool},
		{"WBeeeeeeeeeeeeeeeeeeeeeeeeeeeeeew", "B:WK32:B1", movegen.Pool},
		// The games whose first mover is White: pydraughts' positions.
		{"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "W:W21-32:B1-12", movegen.Russian},
		{"Weeeeeeeebebeeeeeebeeeweeeeeeeeee", "W:Wc3:Bd4,b6,f6", movegen.Russian},
		{"WeeeeeeeeeeeeeebeeeeeebeeeeeeWeee", "W:WKa1:Bc3,e5", movegen.Brazilian},
		{"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "W:W21-32:B1-12", movegen.Italian},
		{"Weeeeeeeeeebeeeeeebeeeweeeeeeeeee", "W:W22:B11,18", movegen.Italian},
		{"BeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeW", "B:WK32:B", movegen.Italian},
	} {
		p, err := parsePosition(tt.hub, tt.v)
		if err != nil {
			t.Errorf("parsePosition(%s): %v", tt.hub, err)
			continue
		}
		want, err := movegen.ParseFEN(tt.fen, tt.v)
		if err != nil {
			t.Fatal(err)
		}
		if p != want {
			t.Errorf("parsePosition(%s) = %s, want %s", tt.hub, p.FEN(), want.FEN())
		}
		if got := formatPosition(&want); got != tt.hub {
			t.Errorf("formatPosition(%s) = %s, want %s", tt.fen, got, tt.hub)
		}
	}
}

// TestMoves converts moves both ways, each in the position before it:
// Crown's landing path, and Hub's from x to x captured (what pydraughts
// writes for the same move), with the captured squares in any order on
// the way in.
func TestMoves(t *testing.T) {
	for _, tt := range []struct {
		name, fen, path, hub string
		also                 []string // other Hub spellings of the move
		v                    movegen.Variant
	}{
		{"quiet", "B:W21-32:B1-12", "11-15", "11-15", []string{"11-015"}, movegen.American},
		{"white quiet", "W:W21-32:B1-12", "22-18", "22-18", nil, movegen.American},
		{"single jump", "W:W18,21,22,24-32:B1-9,12,15,16", "18x11", "18x11x15", nil, movegen.American},
		{"double jump", "B:W15,23,24,28:B10,12", "10x19x26", "10x26x15x23", []string{"10x26x23x15", "10X26X15X23"}, movegen.American},
		{"promotion", "B:W27:B23", "23x32", "23x32x27", nil, movegen.American},
		{"king jumps forward and back", "W:WK5:B9,10", "5x14x7", "5x7x9x10", nil, movegen.American},
		{"king's triple jump", "W:WK1:B6,15,23", "1x10x19x26", "1x26x6x15x23", []string{"1x26x23x15x6"}, movegen.American},
		{"a king round to where it started", "W:WK10:B14,15,22,23", "10x17x26x19x10", "10x10x14x15x22x23", []string{"10x10x23x22x15x14"}, movegen.American},
		{"two captures from 10 to 26", "B:W14,15,22,23:B10", "10x17x26", "10x26x14x22", []string{"10x26x22x14"}, movegen.American},
		{"the other", "B:W14,15,22,23:B10", "10x19x26", "10x26x15x23", nil, movegen.American},
		{"Pool: a king flies", "B:W10:BK1", "1x24", "1x24x10", nil, movegen.Pool},
		{"Pool: a man captures backwards", "W:W10:B15", "10x19", "10x19x15", nil, movegen.Pool},
		// pydraughts' moves of the same positions: Russian and Brazilian
		// squares counted from a1 = 1, Italian ones in the Italian numbers.
		{"Russian quiet", "W:W21-32:B1-12", "a3-b4", "9-13", nil, movegen.Russian},
		{"Russian double jump", "W:Wc3:Bd4,b6,f6", "c3:e5:g7", "10x28x14x23", []string{"10x28x23x14"}, movegen.Russian},
		{"Brazilian flying king", "W:WKa1:Bc3,e5", "a1:d4:f6", "1x23x10x19", nil, movegen.Brazilian},
		{"Italian quiet", "W:W21-32:B1-12", "21-17", "21-17", nil, movegen.Italian},
		{"Italian jump", "W:W22:B11,18", "22x13", "22x13x18", nil, movegen.Italian},
	} {
		v := tt.v
		p, err := movegen.ParseFEN(tt.fen, v)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		m, err := p.ParseMove(tt.path)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := formatMove(m, v); got != tt.hub {
			t.Errorf("%s: formatMove(%s) = %s, want %s", tt.name, tt.path, got, tt.hub)
		}
		for _, text := range append([]string{tt.hub}, tt.also...) {
			got, err := parseMove(&p, text)
			if err != nil || !got.Same(m) {
				t.Errorf("%s: parseMove(%s) = %s, %v; want %s", tt.name, text, got, err, tt.path)
			}
		}
	}
}

// TestMoveErrors: a move that is not legal, or not a move, is refused
// with what is wrong; a capture's short form is taken only when one
// capture goes from there to there.
func TestMoveErrors(t *testing.T) {
	for _, tt := range []struct {
		fen, move, err string
	}{
		{"B:W21-32:B1-12", "11-16x", `"11-16x": "11-16" is no square: want 1..32`},
		{"B:W21-32:B1-12", "11-14", `"11-14" is not legal (legal: 10-14 10-15 11-15 11-16 12-16 9-13 9-14)`},
		{"B:W21-32:B1-12", "0-4", `"0-4": "0" is no square: want 1..32`},
		{"B:W21-32:B1-12", "11", `"11": want from-to, or fromxto followed by x and each captured square`},
		{"B:W21-32:B1-12", "", `"": want from-to, or fromxto followed by x and each captured square`},
		{"B:W21-32:B1-12", "11-15-19", `"11-15-19": a quiet move is from-to; a capture is written with x`},
		{"W:W18,21,22,24-32:B1-9,12,15,16", "18-14", `"18-14" is not legal: a capture is compulsory (legal: 18x11x15)`},
		{"W:W18,21,22,24-32:B1-9,12,15,16", "18x11x15x15", `"18x11x15x15": square 15 captured twice`},
		{"W:W18,21,22,24-32:B1-9,12,15,16", "18x11x14", `"18x11x14" is not legal (legal: 18x11x15)`},
		{"B:W14,15,22,23:B10", "10x26", `"10x26" is ambiguous: name the captured squares (10x26x14x22 or 10x26x15x23)`},
		{"B:W14,15,22,23:B10", "10x26x14", `"10x26x14" is not legal (legal: 10x26x14x22 10x26x15x23)`},
	} {
		p, err := movegen.ParseFEN(tt.fen, movegen.American)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parseMove(&p, tt.move); err == nil || err.Error() != tt.err {
			t.Errorf("parseMove(%s, %q): %v, want %s", tt.fen, tt.move, err, tt.err)
		}
	}
}
