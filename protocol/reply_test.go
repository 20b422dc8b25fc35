package protocol

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// playLine returns the moves, given in PDN, played from fen in variant v.
func playLine(t *testing.T, fen string, v movegen.Variant, moves ...string) []movegen.Move {
	t.Helper()
	p, err := movegen.ParseFEN(fen, v)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]movegen.Move, len(moves))
	for i, s := range moves {
		if out[i], err = p.ParseMove(s); err != nil {
			t.Fatal(err)
		}
		p.MakeMove(out[i])
	}
	return out
}

// TestInfoRoundTrip writes search iterations with formatInfo and checks
// ParseReply reads back the same values.
func TestInfoRoundTrip(t *testing.T) {
	tests := []struct {
		in    search.Info
		wire  string // the score as written
		score Score
		nps   uint64
	}{
		{search.Info{Depth: 1, SelDepth: 5, Score: 0, Nodes: 14},
			"+0", Score{search.ScoreCentiMen, 0}, 0},
		{search.Info{Depth: 7, SelDepth: 19, Score: 35, Nodes: 5000, Time: 2 * time.Second,
			PV: playLine(t, startFEN, movegen.American, "11-15", "23-19", "8-11")},
			"+35", Score{search.ScoreCentiMen, 35}, 2500},
		{search.Info{Depth: 12, SelDepth: 30, Score: -120, Nodes: 1234567, Time: 1234 * time.Millisecond,
			PV: playLine(t, "B:W17,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15", movegen.American,
				"4-8", "17-13", "10-14", "19x10", "6x15", "13x6", "1x10")},
			"-120", Score{search.ScoreCentiMen, -120}, 1000459},
		{search.Info{Depth: 3, SelDepth: 1, Score: search.WinScore - 1, Nodes: 6, Time: time.Millisecond,
			PV: playLine(t, "W:W9:B6,7", movegen.Pool, "9x2x11")},
			"win1", Score{search.ScoreWin, 1}, 6000},
		{search.Info{Depth: 9, SelDepth: 9, Score: search.WinScore - 7, Nodes: 1 << 40, Time: 100 * time.Second},
			"win7", Score{search.ScoreWin, 7}, 1 << 40 / 100},
		{search.Info{Depth: 64, SelDepth: 64, Score: -(search.WinScore - 4), Nodes: 99, Time: 3 * time.Hour},
			"loss4", Score{search.ScoreLoss, 4}, 0},
		{search.Info{Depth: 2, SelDepth: 2, Score: search.WinThreshold - 1, Nodes: 10, Time: 10 * time.Millisecond},
			"dbwin", Score{search.ScoreDBWin, 0}, 1000},
		{search.Info{Depth: 2, SelDepth: 2, Score: search.DBWinThreshold - 1, Nodes: 10, Time: 10 * time.Millisecond},
			"+17871", Score{search.ScoreCentiMen, search.DBWinThreshold - 1}, 1000},
		{search.Info{Depth: 2, SelDepth: 2, Score: -search.WinThreshold, Nodes: 10, Time: 10 * time.Millisecond},
			"loss1000", Score{search.ScoreLoss, 1000}, 1000},
		{search.Info{Depth: 20, SelDepth: 31, Score: search.DBWinScore + 130, Nodes: 5000, EGDBHits: 4321, Time: time.Second,
			PV: playLine(t, "B:WK1:BK14,K23", movegen.American, "14-10")},
			"dbwin", Score{search.ScoreDBWin, 0}, 5000},
		{search.Info{Depth: 20, SelDepth: 31, Score: -search.DBWinThreshold, Nodes: 5000, EGDBHits: 4321, Time: time.Second},
			"dbloss", Score{search.ScoreDBLoss, 0}, 5000},
	}
	for _, tc := range tests {
		withDB := tc.in.EGDBHits > 0 // a line with egdbhits= (the engine has a database)
		line := formatInfo(tc.in, movegen.American.Rules(), withDB, 0, false, search.FormatScore)
		if got := search.FormatScore(tc.in.Score); got != tc.wire {
			t.Errorf("FormatScore(%d) = %q, want %q", tc.in.Score, got, tc.wire)
		}
		r, err := ParseReply(line)
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		var pv []string
		for _, m := range tc.in.PV {
			pv = append(pv, m.PathString())
		}
		want := Info{Depth: tc.in.Depth, SelDepth: tc.in.SelDepth, Score: tc.score, Nodes: tc.in.Nodes,
			NPS: tc.nps, Time: tc.in.Time, EGDBHits: tc.in.EGDBHits, HasEGDB: withDB, PV: pv}
		if r.Kind != "info" || !reflect.DeepEqual(r.Info, want) {
			t.Errorf("%q: read %s %+v, want info %+v", line, r.Kind, r.Info, want)
		}
	}
}

// TestInfoLines: an iteration of a multi-PV search is one info line a
// line, best first, each with its rank as multipv= (after egdbhits=);
// without multi it is one line, of the best line, with no multipv= at all.
func TestInfoLines(t *testing.T) {
	pv := func(moves ...string) []movegen.Move { return playLine(t, startFEN, movegen.American, moves...) }
	in := search.Info{Depth: 4, SelDepth: 7, Score: 12, Nodes: 900, EGDBHits: 3, Time: time.Second, PV: pv("11-15", "23-19"),
		Lines: []search.Line{{Score: 12, PV: pv("11-15", "23-19")}, {Score: -4, PV: pv("9-13")}, {Score: search.WinScore - 9, PV: pv("10-14", "22-18")}}}
	const head = "info depth=4 seldepth=7 score=%s nodes=900 nps=900 time=1.000 egdbhits=3 "
	tests := []struct {
		multi bool
		want  []string
	}{
		{false, []string{"info depth=4 seldepth=7 score=+12 nodes=900 nps=900 time=1.000 egdbhits=3 pv=11-15 23-19"}},
		{true, []string{
			"info depth=4 seldepth=7 score=+12 nodes=900 nps=900 time=1.000 egdbhits=3 multipv=1 pv=11-15 23-19",
			"info depth=4 seldepth=7 score=-4 nodes=900 nps=900 time=1.000 egdbhits=3 multipv=2 pv=9-13",
			"info depth=4 seldepth=7 score=win9 nodes=900 nps=900 time=1.000 egdbhits=3 multipv=3 pv=10-14 22-18",
		}},
	}
	for _, tc := range tests {
		got := InfoLines(in, movegen.American.Rules(), true, tc.multi)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("multi %v: lines\n%q\nwant\n%q", tc.multi, got, tc.want)
		}
		for k, l := range got {
			r, err := ParseReply(l)
			want := 0
			if tc.multi {
				want = k + 1
			}
			if err != nil || r.Info.MultiPV != want || r.Info.EGDBHits != 3 || len(r.Info.PV) != len(in.Lines[k].PV) {
				t.Errorf("%q: read %+v, %v; want multipv %d", l, r.Info, err, want)
			}
		}
	}
}

// TestMoveRoundTrip writes move lines as getmove does and checks ParseReply
// reads back the move and the claim.
func TestMoveRoundTrip(t *testing.T) {
	tests := []struct {
		move  string
		claim movegen.Result
	}{
		{"11-15", movegen.Unknown}, {"9x2x11", movegen.Win}, {"none", movegen.Loss},
		{"10x17x26x19x10", movegen.Draw}, {"32-27", movegen.Unknown},
	}
	for _, tc := range tests {
		line := "move " + tc.move + " result=" + tc.claim.String()
		r, err := ParseReply(line)
		want := MoveReply{Move: tc.move, Claim: tc.claim}
		if err != nil || r.Kind != "move" || r.Move != want {
			t.Errorf("%q: read %s %+v (%v), want move %+v", line, r.Kind, r.Move, err, want)
		}
	}
}

// TestPonderReply: a move line after set ponder 1 names the reply the
// engine expects as ponder=, which ParseReply reads; without it, none.
func TestPonderReply(t *testing.T) {
	for _, tc := range []struct {
		line string
		want MoveReply
	}{
		{"move 11-15 ponder=23-19 result=unknown", MoveReply{Move: "11-15", Ponder: "23-19"}},
		{"move 9x2x11 ponder=6x15x24 result=win", MoveReply{Move: "9x2x11", Ponder: "6x15x24", Claim: movegen.Win}},
		{"move 11-15 result=unknown", MoveReply{Move: "11-15"}},
		{"move 11-15 result=draw ponder=23-19", MoveReply{Move: "11-15", Ponder: "23-19", Claim: movegen.Draw}},
		// the games written with coordinates, Russian's captures with ':'
		{"move c3-d4 ponder=f6:d4:b2 result=unknown", MoveReply{Move: "c3-d4", Ponder: "f6:d4:b2"}},
	} {
		if r, err := ParseReply(tc.line); err != nil || r.Move != tc.want {
			t.Errorf("%q: read %+v, %v; want %+v", tc.line, r.Move, err, tc.want)
		}
	}
}

// TestParseReplyKinds checks the keyword and text of replies the parser
// does not type, and the blanks it tolerates.
func TestParseReplyKinds(t *testing.T) {
	tests := []struct {
		line, kind, text string
	}{
		{"pong", "pong", ""},
		{"pong abc-1", "pong", "abc-1"},
		{"error busy: set is not allowed while getmove runs; send stop first", "error",
			"busy: set is not allowed while getmove runs; send stop first"},
		{"  gametype   21 \r", "gametype", "21"},
		{"move\t11-15  result=win\r", "move", "11-15  result=win"},
		{"hello there", "hello", "there"},
		{"MOVE 11-15", "MOVE", "11-15"},
	}
	for _, tc := range tests {
		r, err := ParseReply(tc.line)
		if err != nil || r.Kind != tc.kind || r.Text != tc.text {
			t.Errorf("%q: kind %q text %q (%v), want %q %q", tc.line, r.Kind, r.Text, err, tc.kind, tc.text)
		}
	}
}

// TestParseReplyMalformed checks malformed lines are errors that say what
// is wrong, and that the reply then holds only its kind and text.
func TestParseReplyMalformed(t *testing.T) {
	const info = "info depth=5 seldepth=11 score=+0 nodes=961 nps=2665549 time=0.000 pv=4-8 17-13"
	tests := []struct {
		line, kind, err string
	}{
		{"", "", "blank line"},
		{" \t\r", "", "blank line"},
		{"move", "move", "move line: no move"},
		{"move  ", "move", "move line: no move"},
		{"move banana result=win", "move", `"banana" is not a move`},
		{"move 11- result=win", "move", `"11-" is not a move`},
		{"move -11-15 result=win", "move", "is not a move"},
		{"move 11--15 result=win", "move", "is not a move"},
		{"move 11 result=win", "move", "is not a move"},
		{"move c3:i5 result=win", "move", "is not a move"},
		{"move c3d4 result=win", "move", "is not a move"},
		{"move c3: result=win", "move", "is not a move"},
		{"move 11-15 win", "move", `want key=value after the move, found "win"`},
		{"move 11-15 result=win result=loss", "move", "result= given twice"},
		{"move 11-15 result=maybe", "move", `result="maybe": want win, loss, draw or unknown`},
		{"move 11-15 result=", "move", "want win, loss, draw or unknown"},
		{"move 11-15 result=win ponder", "move", `found "ponder"`},
		{"move 11-15 ponder= result=win", "move", `ponder="" is not a move`},
		{"move 11-15 ponder=x result=win", "move", `ponder="x" is not a move`},
		{"move 11-15 ponder=23-19 ponder=22-18 result=win", "move", "ponder= given twice"},
		{"info", "info", "ends before depth="},
		{"info depth 1 score 0", "info", `want depth= as word 1, found "depth"`},
		{"info depth=5 seldepth=11", "info", "ends before score="},
		{"info seldepth=11 depth=5", "info", "want depth= as word 1"},
		{strings.Replace(info, "depth=5", "depth=-5", 1), "info", `depth="-5": want a whole number`},
		{strings.Replace(info, "depth=5", "depth=+5", 1), "info", "depth"},
		{strings.Replace(info, "depth=5", "depth=99999999999", 1), "info", "depth"},
		{strings.Replace(info, "seldepth=11", "seldepth=", 1), "info", "seldepth"},
		{strings.Replace(info, "+0", "0", 1), "info", `score="0": want centi-men with a sign`},
		{strings.Replace(info, "+0", "win", 1), "info", "score"},
		{strings.Replace(info, "+0", "loss-3", 1), "info", "score"},
		{strings.Replace(info, "+0", "+-3", 1), "info", "score"},
		{strings.Replace(info, "+0", "draw", 1), "info", "score"},
		{strings.Replace(info, "+0", "dbwin3", 1), "info", "score"},
		{strings.Replace(info, "+0", "db", 1), "info", "score"},
		{strings.Replace(info, "nodes=961", "nodes=-1", 1), "info", "nodes"},
		{strings.Replace(info, "nodes=961", "nodes=18446744073709551616", 1), "info", "nodes"},
		{strings.Replace(info, "nps=2665549", "nps=1.5", 1), "info", "nps"},
		{strings.Replace(info, "time=0.000", "time=-1", 1), "info", `time="-1": want seconds`},
		{strings.Replace(info, "time=0.000", "time=NaN", 1), "info", "time"},
		{strings.Replace(info, "time=0.000", "time=1e300", 1), "info", "time"},
		{strings.Replace(info, " pv=4-8 17-13", "", 1), "info", "ends before pv="},
		{strings.Replace(info, "pv=", "line=", 1), "info", `want pv= as word 7, found "line=4-8"`},
		{info + " x", "info", `pv: "x" is not a move`},
		{strings.Replace(info, "pv=4-8", "pv=none", 1), "info", "pv"},
		{strings.Replace(info, "pv=", "egdbhits=x pv=", 1), "info", `egdbhits="x"`},
		{strings.Replace(info, "pv=", "egdbhits=-1 pv=", 1), "info", "egdbhits"},
		{info + " egdbhits=3", "info", `pv: "egdbhits=3" is not a move`},
		{strings.Replace(info, "pv=", "multipv=0 pv=", 1), "info", `multipv="0": want a rank from 1`},
		{strings.Replace(info, "pv=", "multipv=x pv=", 1), "info", `multipv="x"`},
		{strings.Replace(info, "pv=", "multipv=-1 pv=", 1), "info", "multipv"},
		{strings.Replace(info, "pv=", "multipv=1 egdbhits=3 pv=", 1), "info", `want pv= as word 8, found "egdbhits=3"`},
		{strings.Replace(info, "pv=", "book=1 multipv=1 pv=", 1), "info", `want pv= as word 7, found "multipv=1"`},
		{strings.Replace(info, "pv=", "multipv=1 multipv=2 pv=", 1), "info", `found "multipv=2"`},
		{"info depth=1 seldepth=1 score=+0 nodes=1 nps=1 time=0 pv=" + strings.Repeat("9", 100), "info", "..."},
	}
	for _, tc := range tests {
		r, err := ParseReply(tc.line)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: error %v, want one containing %q", tc.line, err, tc.err)
		}
		if r.Kind != tc.kind || !reflect.DeepEqual(r, Reply{Kind: r.Kind, Text: r.Text}) {
			t.Errorf("%q: read %+v, want only kind %q and the text", tc.line, r, tc.kind)
		}
	}
}

// FuzzParseReply feeds any line to ParseReply: it must not panic, and what
// it accepts must hold what the specification allows.
func FuzzParseReply(f *testing.F) {
	for _, seed := range []string{
		"info depth=5 seldepth=11 score=+0 nodes=961 nps=2665549 time=0.000 pv=4-8 17-13 10-14",
		"info depth=2 seldepth=1 score=win1 nodes=4 nps=85962 time=0.000 pv=9x2x11",
		"info depth=9 seldepth=20 score=loss12 nodes=9 nps=0 time=12.5 pv=",
		"info depth=20 seldepth=31 score=dbwin nodes=5000 nps=5000 time=1.000 egdbhits=4321 pv=14-10",
		"move 9x2x11 result=win", "move none result=loss", "move 11-15 result=unknown",
		"move 11-15", "move 11-15 book=1 result=draw", "move 11-15 ponder=23-19 result=unknown", "move 9x2x11 ponder=x result=win",
		"info depth=3 seldepth=5 score=-7 nodes=90 nps=9000 time=0.010 multipv=2 pv=9-13 22-18",
		"info depth=3 seldepth=5 score=+7 nodes=90 nps=9000 time=0.010 egdbhits=4 multipv=12 pv=9-13",
		"info depth=3 seldepth=5 score=+7 nodes=90 nps=9000 time=0.010 multipv=0 pv=9-13",
		"error getmove: exact needs maxtime=", "pong", "pong x", "", "\r", "move", "info depth 1",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r, err := ParseReply(line)
		words := strings.Fields(line)
		switch {
		case len(words) == 0:
			if err == nil || r.Kind != "" {
				t.Fatalf("%q: kind %q, error %v; want an error and no kind", line, r.Kind, err)
			}
			return
		case r.Kind != words[0]:
			t.Fatalf("%q: kind %q, want %q", line, r.Kind, words[0])
		case err != nil && r.Kind != "info" && r.Kind != "move":
			t.Fatalf("%q: %v for a kind with no fields to parse", line, err)
		case err != nil:
			if !reflect.DeepEqual(r, Reply{Kind: r.Kind, Text: r.Text}) {
				t.Fatalf("%q: %v, but read %+v", line, err, r)
			}
			return
		}
		switch r.Kind {
		case "move":
			if r.Move.Move != "none" && !isMoveText(r.Move.Move) || r.Move.Claim > movegen.Win || r.Move.Ponder != "" && !isMoveText(r.Move.Ponder) {
				t.Fatalf("%q: accepted move %+v", line, r.Move)
			}
		case "info":
			in := r.Info
			if in.Depth < 0 || in.SelDepth < 0 || in.Time < 0 || in.Score.Kind > search.ScoreDBLoss ||
				in.Score.Kind != search.ScoreCentiMen && in.Score.Value < 0 ||
				(in.Score.Kind == search.ScoreDBWin || in.Score.Kind == search.ScoreDBLoss) && in.Score.Value != 0 ||
				in.MultiPV < 0 || in.MultiPV == 0 && strings.Contains(line, "multipv=") {
				t.Fatalf("%q: accepted info %+v", line, in)
			}
			for _, m := range in.PV {
				if !isMoveText(m) {
					t.Fatalf("%q: accepted pv move %q", line, m)
				}
			}
		}
	})
}

// TestBookReplies: a book move's info line (formatBookInfo) and move line
// carry book=1, which ParseReply reads; a search's lines do not.
func TestBookReplies(t *testing.T) {
	m := playLine(t, startFEN, movegen.American, "11-15")[0]
	line := formatBookInfo(play.Answer{Result: search.Result{Move: m, HasMove: true, Score: -3, PV: []movegen.Move{m}}, Source: play.FromBook}, movegen.American.Rules())
	if want := "info depth=0 seldepth=0 score=-3 nodes=0 nps=0 time=0.000 book=1 pv=11-15"; line != want {
		t.Fatalf("book info line %q, want %q", line, want)
	}
	r, err := ParseReply(line)
	if err != nil || !r.Info.Book || r.Info.Score != (Score{search.ScoreCentiMen, -3}) || !reflect.DeepEqual(r.Info.PV, []string{"11-15"}) {
		t.Errorf("ParseReply(%q) = %+v, %v", line, r.Info, err)
	}
	for _, tc := range []struct {
		line string
		book bool
	}{
		{"move 11-15 book=1 result=unknown", true},
		{"move 11-15 result=unknown", false},
		{"move 11-15 book=0 result=unknown", false},
	} {
		r, err := ParseReply(tc.line)
		if err != nil || r.Move.Book != tc.book || r.Move.Move != "11-15" {
			t.Errorf("ParseReply(%q) = %+v, %v", tc.line, r.Move, err)
		}
	}
	if r, err := ParseReply("info depth=1 seldepth=1 score=+0 nodes=1 nps=0 time=0.000 pv=11-15"); err != nil || r.Info.Book {
		t.Errorf("a search's info line read as a book move: %+v, %v", r.Info, err)
	}
}
