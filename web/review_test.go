package web

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/review"
)

// reviewPDN is a short game whose 2. 14-18 gives a man away.
const reviewPDN = `[Event \"review\"]\n[FEN \"B:W23,32:B14,1\"]\n1. 14-18 23x14 *`

// TestReviewAPI: a loaded game is reviewed through package review: the
// graph has a point per position, the blunder is marked, the engine does
// not move by itself meanwhile, goto shows a position, a move played drops
// the review, and a game with no move has nothing to review.
func TestReviewAPI(t *testing.T) {
	_, ts := testServer(t, Options{ReviewTime: 20 * time.Millisecond})
	id, _ := newGame(t, ts, `{"human":"white","pdn":"`+reviewPDN+`"}`)
	g := "/api/games/" + id
	if code, st := call(t, ts, "POST", g+"/review", ""); code != http.StatusOK || st["review"] == nil {
		t.Fatalf("review: %d %v", code, st)
	}
	st := waitFor(t, ts, id, "the review", func(st map[string]any) bool {
		rv, ok := st["review"].(map[string]any)
		return ok && !rv["running"].(bool)
	})
	rv := st["review"].(map[string]any)
	points, moves := rv["points"].([]any), rv["moves"].([]any)
	if rv["error"] != "" || len(points) != 3 || len(moves) != 2 || rv["done"].(float64) != 2 {
		t.Fatalf("review %v", rv)
	}
	first := moves[0].(map[string]any)
	if first["mark"] != "??" || first["best"] == "" || !strings.Contains(first["comment"].(string), "best") {
		t.Errorf("14-18 reviewed as %v", first)
	}
	if p := points[1].(map[string]any); p["mark"] != "??" || p["value"].(float64) >= 0 || p["ply"].(float64) != 1 {
		t.Errorf("point after 14-18: %v", p)
	}
	if sum := rv["summary"].(map[string]any); sum["turn"].(float64) != 0 || sum["turn_text"] != "1. 14-18??" {
		t.Errorf("summary %v", sum)
	}
	// The record holds the review: the marks, a comment per move, the
	// summary, who annotated and how far, beside the game's own tags;
	// so it does wherever the board is.
	reviewed := []string{`[Event "review"]`, `[Annotator "Crown maxtime=0.02"]`, `[Review "complete"]`, "14-18??", "{Black: ", "best "}
	for _, w := range reviewed {
		if !strings.Contains(st["pdn"].(string), w) {
			t.Errorf("no %s in the reviewed record\n%s", w, st["pdn"])
		}
	}
	// Black, the engine's side, is to move at ply 0: under review it waits.
	code, st := call(t, ts, "POST", g+"/goto", `{"ply":0}`)
	if code != http.StatusOK || st["ply"].(float64) != 0 || st["thinking"].(bool) || !st["your_turn"].(bool) {
		t.Fatalf("goto 0: %d ply %v thinking %v", code, st["ply"], st["thinking"])
	}
	time.Sleep(50 * time.Millisecond)
	if _, st = call(t, ts, "GET", g, ""); st["ply"].(float64) != 0 || st["review"] == nil {
		t.Fatalf("the engine moved under review: ply %v", st["ply"])
	}
	if pdn := getPDN(t, ts, id); !strings.Contains(pdn, "14-18??") || !strings.Contains(pdn, "23x14") {
		t.Errorf("the record at ply 0 is not the whole reviewed game:\n%s", pdn)
	}
	for _, body := range []string{`{"ply":3}`, `{"ply":-1}`, `{}`} {
		if code, _ := call(t, ts, "POST", g+"/goto", body); code != http.StatusBadRequest {
			t.Errorf("goto %s: %d", body, code)
		}
	}
	// A move played (another than the game's) drops the review.
	if code, st = call(t, ts, "POST", g+"/move", `{"move":"14-17"}`); code != http.StatusOK || st["review"] != nil {
		t.Fatalf("move under review: %d review %v", code, st["review"])
	}
	id2, _ := newGame(t, ts, `{"human":"both"}`)
	if code, st := call(t, ts, "POST", "/api/games/"+id2+"/review", ""); code != http.StatusConflict || st["code"] != "nothing_to_review" {
		t.Errorf("review of no move: %d %v", code, st)
	}
}

// TestHintAndLines: a hint is a legal move of the person's, refused on
// the engine's turn; analysis with lines shows that many (or as many as
// the position has moves), each a legal move, best first.
func TestHintAndLines(t *testing.T) {
	_, ts := testServer(t, Options{})
	// The engine thinks long enough that the hint below finds it thinking
	// even on one busy core; go then makes it move at once.
	id, st := newGame(t, ts, `{"human":"black","movetime_ms":5000}`)
	g := "/api/games/" + id
	legal := func(st map[string]any) []string {
		var out []string
		for _, m := range st["legal"].([]any) {
			out = append(out, m.(map[string]any)["text"].(string))
		}
		return out
	}
	if code, st := call(t, ts, "POST", g+"/hint", ""); code != http.StatusOK || !st["analysis"].(map[string]any)["hinting"].(bool) {
		t.Fatalf("hint: %d %v", code, st["analysis"])
	}
	st = waitFor(t, ts, id, "the hint", func(st map[string]any) bool { return st["hint"] != nil })
	h := st["hint"].(map[string]any)["move"].(map[string]any)["text"].(string)
	if !slices.Contains(legal(st), h) {
		t.Errorf("hint %q is not among %v", h, legal(st))
	}
	if code, st := call(t, ts, "POST", g+"/move", `{"move":"`+h+`"}`); code != http.StatusOK || st["hint"] != nil {
		t.Fatalf("hint played: %d, hint %v", code, st["hint"])
	}
	if code, _ := call(t, ts, "POST", g+"/hint", ""); code != http.StatusConflict {
		t.Errorf("hint on the engine's turn: %d", code)
	}
	if code, _ := call(t, ts, "POST", g+"/go", ""); code != http.StatusOK {
		t.Fatalf("go: %d", code)
	}
	waitFor(t, ts, id, "the engine's reply", func(st map[string]any) bool { return st["your_turn"].(bool) })
	for _, n := range []int{0, 6} {
		if code, _ := call(t, ts, "POST", g+"/analysis", fmt.Sprintf(`{"on":true,"lines":%d}`, n)); code != http.StatusBadRequest {
			t.Errorf("lines %d: %d", n, code)
		}
	}
	if code, _ := call(t, ts, "POST", g+"/analysis", `{"on":true,"lines":3}`); code != http.StatusOK {
		t.Fatal(code)
	}
	st = waitFor(t, ts, id, "three lines (as many as there are moves)", func(st map[string]any) bool {
		return len(st["analysis"].(map[string]any)["lines"].([]any)) == min(3, len(legal(st)))
	})
	prev := 1 << 30
	black := st["turn"] == "black"
	for _, l := range st["analysis"].(map[string]any)["lines"].([]any) {
		l := l.(map[string]any)
		if text := l["move"].(map[string]any)["text"].(string); !slices.Contains(legal(st), text) || !strings.HasPrefix(l["pv"].(string), text) {
			t.Errorf("line %v", l)
		}
		score := scoreOrder(l["score"].(map[string]any))
		if !black {
			score = -score
		}
		if score > prev {
			t.Errorf("lines not best first: %v", st["analysis"])
		}
		prev = score
	}
}

// scoreOrder puts a score's view on one scale, for comparing: a forced
// result beyond the database's, the database's beyond any evaluation.
func scoreOrder(v map[string]any) int {
	const db, forced = 1 << 20, 1 << 21
	plies := int(v["plies"].(float64))
	switch v["kind"] {
	case review.KindWin:
		return forced - plies
	case review.KindLoss:
		return -forced + plies
	case review.KindDBWin:
		return db
	case review.KindDBLoss:
		return -db
	}
	return int(v["cm"].(float64))
}
