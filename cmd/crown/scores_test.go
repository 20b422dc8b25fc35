package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
	"github.com/crown-checkers/crown/web"
)

// scoreHash is the table of every engine of TestOneScoreEverywhere: the
// web board's default, given to analyze and annotate, so that the three
// searches of a position are the same search.
const scoreHash = web.DefaultHashMiB

// webScore is a score as the web board's API sends it (docs/scores.md).
type webScore struct {
	Kind  string `json:"kind"`
	CM    int    `json:"cm"`
	Moves int    `json:"moves"`
	Plies int    `json:"plies"`
	Side  string `json:"side"`
}

// text writes the score as the page does (scoreText in app.js), in
// English: search.KindText's words for the score's kind.
func (s webScore) text(t *testing.T) string {
	t.Helper()
	kinds := map[string]search.ScoreKind{"cm": search.ScoreCentiMen, "win": search.ScoreWin, "loss": search.ScoreLoss,
		"dbwin": search.ScoreDBWin, "dbloss": search.ScoreDBLoss, "dbdraw": search.ScoreDBDraw}
	kind, ok := kinds[s.Kind]
	if !ok {
		t.Fatalf("score kind %q", s.Kind)
	}
	if kind == search.ScoreCentiMen {
		return search.KindText(kind, s.CM)
	}
	if search.PliesToMoves(s.Plies) != s.Moves {
		t.Errorf("%+v: %d plies are %d moves", s, s.Plies, search.PliesToMoves(s.Plies))
	}
	return search.KindText(kind, s.Plies)
}

// webAnalysis analyses fen on a web board of its own, with the person
// playing both sides, until the search has finished depth at least
// least, and returns the side to move, the depth reached and its score.
func webAnalysis(t *testing.T, fen string, least int) (turn string, depth int, score webScore) {
	t.Helper()
	s := web.New(web.Options{AnalysisTime: 20 * time.Second, Engine: play.Options{HashMiB: scoreHash}})
	ts := httptest.NewServer(s)
	defer func() {
		ts.Close()
		s.Close()
	}()
	type state struct {
		ID       string `json:"id"`
		Turn     string `json:"turn"`
		Analysis struct {
			Has   bool     `json:"has"`
			Depth int      `json:"depth"`
			Score webScore `json:"score"`
		} `json:"analysis"`
	}
	post := func(path, body string) state {
		resp, err := ts.Client().Post(ts.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var st state
		if err := json.NewDecoder(resp.Body).Decode(&st); err != nil || resp.StatusCode/100 != 2 {
			t.Fatalf("POST %s %s: %d, %v", path, body, resp.StatusCode, err)
		}
		return st
	}
	st := post("/api/games", `{"human":"both","fen":`+strconv.Quote(fen)+`}`)
	post("/api/games/"+st.ID+"/analysis", `{"on":true}`)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		resp, err := ts.Client().Get(ts.URL + "/api/games/" + st.ID)
		if err != nil {
			t.Fatal(err)
		}
		err = json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("state: %d, %v", resp.StatusCode, err)
		}
		if a := st.Analysis; a.Has && a.Depth >= least {
			return st.Turn, a.Depth, a.Score
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: no analysis to depth %d: %+v", fen, least, st.Analysis)
		}
	}
}

// TestOneScoreEverywhere: a position's score is the same text in the web
// board (its API's data, as the page writes it), in crown analyze at the
// depth the board reached, and in the comment crown annotate writes on the
// best move played there at that depth (the commands' deepest for a
// proven result), from the side to move in all three (docs/scores.md): an evaluation in men with White to move, and a
// forced win in moves with Black to move.
func TestOneScoreEverywhere(t *testing.T) {
	best := regexp.MustCompile(`(?m)^bestmove move=(\S+) score=("[^"]*"|\S+) depth=(\d+) `)
	for _, tc := range []struct {
		name, fen string
		depth     int    // the least depth of the web board's analysis
		want      string // a pattern of the text, "" for any
	}{
		{"an evaluation, White to move", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15", 8, `^[+-]\d+\.\d\d$|^0\.00$`},
		{"a forced win, Black to move", "B:W32:BK19,K23", 4, `^win in 2 moves$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			turn, depth, score := webAnalysis(t, tc.fen, tc.depth)
			shown := score.text(t)
			if score.Side != turn || !regexp.MustCompile(tc.want).MatchString(shown) {
				t.Fatalf("the web board: %+v (%q) with %s to move", score, shown, turn)
			}
			// A proven result holds at every depth beyond its proof, to
			// which the board's search runs on past the commands' limit.
			d := strconv.Itoa(min(depth, search.MaxLimitDepth))
			code, out, errOut := runCrown("analyze", "--fen", tc.fen, "--depth", d, "--hash", strconv.Itoa(scoreHash))
			m := best.FindStringSubmatch(out)
			if code != exitOK || m == nil || m[3] != d {
				t.Fatalf("analyze: exit %d, %s%s", code, out, errOut)
			}
			if analyzed, _ := strconv.Unquote(m[2]); analyzed != shown && m[2] != shown {
				t.Errorf("analyze at depth %s: score=%s, the web board %q", d, m[2], shown)
			}
			number := "1. "
			if turn == "white" {
				number = "1... "
			}
			game := filepath.Join(t.TempDir(), "game.pdn")
			if err := os.WriteFile(game, []byte(`[FEN "`+tc.fen+`"]`+"\n"+number+m[1]+" *\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errOut = runCrown("annotate", "--depth", d, "--hash", strconv.Itoa(scoreHash), game)
			if comment := " " + m[1] + " {" + shown + "}"; code != exitOK || !strings.Contains(out, comment) {
				t.Errorf("annotate: exit %d, want %q in\n%s%s", code, comment, out, errOut)
			}
			t.Logf("%s, %s to move, depth %s: the web board, analyze and annotate: %s (best %s)", tc.fen, turn, d, shown, m[1])
		})
	}
}
