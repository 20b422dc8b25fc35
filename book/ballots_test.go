package book

import (
	"os"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// TestBallotTables checks that the embedded table is the testdata copy,
// that the selections have the ACF counts in both rule sets, and that
// every ballot's moves are read back as its table writes them.
func TestBallotTables(t *testing.T) {
	data, err := os.ReadFile("../testdata/acf-3move-ballots.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != ballotTable {
		t.Fatal("book/ballots.tsv differs from testdata/acf-3move-ballots.tsv")
	}
	rows := map[int]string{} // ballot number: moves, as the table writes them
	for _, line := range strings.Split(ballotTable, "\n") {
		if f := strings.Split(line, "\t"); len(f) == 5 && f[0] != "num" {
			rows[len(rows)+1] = f[1]
		}
	}
	for _, v := range []movegen.Variant{movegen.American, movegen.Pool} {
		for _, tc := range []struct {
			sel  string
			want int
		}{{"deck", 156}, {"crossboard", 144}, {"all", 174}} {
			bs, err := SelectBallots(tc.sel, v)
			if err != nil || len(bs) != tc.want {
				t.Errorf("%v %s: %d ballots, %v; want %d", v, tc.sel, len(bs), err, tc.want)
			}
			for _, b := range bs {
				if b.Pos.Variant != v || len(b.Moves) != 3 || b.MovesText() != rows[b.Num] {
					t.Errorf("%v %s: %s in %v with %d moves, want %q", v, tc.sel, b.Label(), b.Pos.Variant, len(b.Moves), rows[b.Num])
				}
			}
		}
	}
}

// TestReadBallots checks the three forms a file of openings takes, and
// what is refused.
func TestReadBallots(t *testing.T) {
	tests := []struct {
		name, text string
		v          movegen.Variant
		want       []string // the ballots' positions
		labels     []string
		err        string
	}{
		{name: "fen lines", text: "# two\nB:W21-32:B1-12\n\nW:WK32:BK1\n",
			want: []string{"B:W21-32:B1-12", "W:WK32:BK1"}, labels: []string{"ballot 1", "ballot 2"}},
		{name: "pdn", text: "[Event \"x\"]\n[FEN \"W:W18,21,23-32:B1-8,10-13\"]\n1. 22-18 *\n", v: movegen.Pool,
			want: []string{"W:W18,21,23-32:B1-8,10-13"}, labels: []string{"ballot 1"}},
		{name: "table", text: "num\tmoves\tdeck\tname\tfen\n7\t9-13 22-18\tdeck\tTwo\tB:W18,21,23-32:B1-8,10-13\n8\t\tdeck\t\tB:W21-32:B1-12\n",
			want: []string{"B:W18,21,23-32:B1-8,10-13", "B:W21-32:B1-12"}, labels: []string{"ballot 7 (9-13 22-18, Two)", "ballot 8"}},
		{name: "bad fen", text: "B:W21-32:B1-12\nB:W21-32:X1-12\n", err: "line 2: "},
		{name: "short row", text: "7\t9-13\tdeck\n", err: "line 1: want 5 tab-separated fields"},
		{name: "bad number", text: "x\t9-13\tdeck\t\tB:W21-32:B1-12\n", err: `line 1: bad ballot number "x"`},
		{name: "illegal move", text: "7\t9-14 9-13\tdeck\t\tB:W21-32:B1-12\n", err: "line 1: ballot 7: "},
		{name: "moves miss the fen", text: "7\t9-13 22-18\tdeck\t\tB:W21-32:B1-12\n",
			err: "line 1: ballot 7: 9-13 22-18 reaches B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13, not its FEN "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bs, err := ReadBallots(strings.NewReader(tc.text), tc.v)
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("error %v, want one starting %q", err, tc.err)
				}
				return
			}
			if err != nil || len(bs) != len(tc.want) {
				t.Fatalf("got %d ballots, %v; want %d", len(bs), err, len(tc.want))
			}
			for i, b := range bs {
				want, err := movegen.ParseFEN(tc.want[i], tc.v)
				if err != nil {
					t.Fatal(err)
				}
				if b.Pos != want || b.Label() != tc.labels[i] {
					t.Errorf("ballot %d: %s at %s, want %s at %s", i, b.Label(), b.Pos.FEN(), tc.labels[i], want.FEN())
				}
			}
		})
	}
}

// FuzzReadBallots checks that any file of openings reads into ballots or
// an error that names its line, never a panic, and that a ballot's moves
// played from the start reach its position.
func FuzzReadBallots(f *testing.F) {
	head := strings.SplitAfterN(ballotTable, "\n", 6) // the comment, the header and 3 rows
	f.Add(strings.Join(head[:5], ""), false)
	for _, s := range []string{
		"B:W21-32:B1-12\nW:WK32:BK1\n", "[FEN \"W:W18,21,23-32:B1-8,10-13\"]\n1. 22-18 *\n", "w : x", "B:", "b:\t",
		"7\t9-13 22-18\tdeck\t\tB:W18,21,23-32:B1-8,10-13\n", "7\t9-13x\tdeck\t\tB:W21-32:B1-12\n", "\t\t\t\t", "[FEN ]",
	} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, pool bool) {
		v := movegen.American
		if pool {
			v = movegen.Pool
		}
		bs, err := ReadBallots(strings.NewReader(text), v)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") && !strings.Contains(err.Error(), "token too long") {
				t.Fatalf("%q: error %q names no line", text, err)
			}
			return
		}
		for _, b := range bs {
			p := movegen.StartPosition(v)
			for _, m := range b.Moves {
				p.MakeMove(m)
			}
			if b.Pos.Variant != v || b.Pos.Validate() != nil || b.Moves != nil && p != b.Pos {
				t.Fatalf("%q: %s at %s, its moves reach %s", text, b.Label(), b.Pos.FEN(), p.FEN())
			}
		}
	})
}
