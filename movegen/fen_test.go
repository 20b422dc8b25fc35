package movegen

import (
	"strings"
	"testing"
)

// TestFENErrorEcho checks that a FEN error quotes the FEN as every error
// quotes a client's text: cut to 40 bytes, what is not printable ASCII
// escaped, whatever the FEN's length.
func TestFENErrorEcho(t *testing.T) {
	for _, tc := range []struct{ fen, want string }{
		{"B:W21-33:B1-12", `bad FEN "B:W21-33:B1-12" at column`},
		{"B:W21-32:B1-12\x00é", `bad FEN "B:W21-32:B1-12\x00\u00e9"`},
		{"X" + strings.Repeat(":W1", 200), `bad FEN "X:W1:W1:W1:W1:W1:W1:W1:W1:W1:W1:W1:W1:W1"...: `},
	} {
		_, err := ParseFEN(tc.fen, American)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || len(err.Error()) > 200 {
			t.Errorf("ParseFEN(%.50q): %v, want an error starting %s, under 200 bytes", tc.fen, err, tc.want)
		}
	}
}
