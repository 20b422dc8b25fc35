package web

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// namedPDN is a game with its own identity: event, players and a result
// the rules do not give (White resigned).
const namedPDN = `[Event "Club final"]
[Date "1998.05.17"]
[Black "Ann"]
[White "Bo"]
[Result "1-0"]
1. 11-15 23-19 2. 8-11 22-17 1-0`

// getPDN returns the game's record as GET pdn serves it.
func getPDN(t *testing.T, ts *httptest.Server, id string) string {
	t.Helper()
	resp, err := ts.Client().Get(ts.URL + "/api/games/" + id + "/pdn")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	text, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET pdn: %d %v", resp.StatusCode, err)
	}
	return string(text)
}

// TestRecordWhole: the record (GET pdn and the state's pdn) is the whole
// game whatever position the board shows, with a loaded game's tags and
// result, until a move changes the game.
func TestRecordWhole(t *testing.T) {
	_, ts := testServer(t, Options{})
	id, st := newGame(t, ts, fmt.Sprintf(`{"human":"both","pdn":%q}`, namedPDN))
	g := "/api/games/" + id
	want := []string{`[Event "Club final"]`, `[Date "1998.05.17"]`, `[Black "Ann"]`, `[White "Bo"]`, `[Result "1-0"]`,
		"1. 11-15 23-19 2. 8-11 22-17 1-0"}
	check := func(what, pdn string, want []string, absent ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(pdn, w) {
				t.Errorf("%s: no %s in\n%s", what, w, pdn)
			}
		}
		for _, a := range absent {
			if strings.Contains(pdn, a) {
				t.Errorf("%s: %s in\n%s", what, a, pdn)
			}
		}
	}
	check("loaded", st["pdn"].(string), want, "Crown web game", "Player")
	for _, ply := range []int{0, 1, 3, 4} {
		code, st := call(t, ts, "POST", g+"/goto", fmt.Sprintf(`{"ply":%d}`, ply))
		if code != http.StatusOK || st["ply"].(float64) != float64(ply) || len(st["moves"].([]any)) != 4 {
			t.Fatalf("goto %d: %d ply %v", ply, code, st["ply"])
		}
		check(fmt.Sprintf("at ply %d", ply), st["pdn"].(string), want)
		check(fmt.Sprintf("GET pdn at ply %d", ply), getPDN(t, ts, id), want)
	}
	// A move played at ply 3 replaces the last: the game is no longer the
	// one loaded, so its result is the rules' (none yet); its tags stay.
	if code, st := call(t, ts, "POST", g+"/goto", `{"ply":3}`); code != http.StatusOK || st["ply"].(float64) != 3 {
		t.Fatalf("goto 3: %d", code)
	}
	code, st := call(t, ts, "POST", g+"/move", `{"move":"24-20"}`)
	if code != http.StatusOK {
		t.Fatalf("move: %d %v", code, st)
	}
	check("changed", st["pdn"].(string), []string{`[Event "Club final"]`, `[Black "Ann"]`, `[Result "*"]`, "2. 8-11 24-20 *"}, "22-17")

	// A game started on the board has Crown's tags; a game over at its
	// end keeps its result and reason while the board shows its start.
	id, _ = newGame(t, ts, `{"human":"both","fen":"B:W18:B14"}`)
	if code, st = call(t, ts, "POST", "/api/games/"+id+"/move", `{"move":"14x23"}`); code != http.StatusOK || st["over"] != true || st["ending"] != endingNoPieces {
		t.Fatalf("14x23: %d over %v ending %v", code, st["over"], st["ending"])
	}
	code, st = call(t, ts, "POST", "/api/games/"+id+"/goto", `{"ply":0}`)
	if code != http.StatusOK || st["over"] == true {
		t.Fatalf("goto 0: %d over %v", code, st["over"])
	}
	check("over, at its start", st["pdn"].(string), []string{`[Event "Crown web game"]`, `[Black "Player"]`, `[Result "1-0"]`,
		`[Termination "White has no pieces left"]`, "1. 14x23 1-0"})
}

// TestBrowsingKeepsGame: stepping back to a position where the engine is
// to move does not make it move (which would cut the game there); at the
// end of the line it plays on.
func TestBrowsingKeepsGame(t *testing.T) {
	_, ts := testServer(t, Options{})
	id, _ := newGame(t, ts, `{"human":"white","movetime_ms":20}`)
	g := "/api/games/" + id
	var st map[string]any
	for i := 0; i < 2; i++ {
		st = waitFor(t, ts, id, "the person's turn", func(s map[string]any) bool { return s["your_turn"] == true })
		first := st["legal"].([]any)[0].(map[string]any)
		if code, out := call(t, ts, "POST", g+"/move", fmt.Sprintf(`{"move":%q}`, first["text"])); code != http.StatusOK {
			t.Fatalf("move %v: %d %v", first["text"], code, out)
		}
	}
	st = waitFor(t, ts, id, "the engine's reply", func(s map[string]any) bool { return s["your_turn"] == true })
	moves := len(st["moves"].([]any))
	if moves != 5 {
		t.Fatalf("%d moves, want 5", moves)
	}
	for _, ply := range []int{0, 2, 4} { // Black, the engine, to move
		code, st := call(t, ts, "POST", g+"/goto", fmt.Sprintf(`{"ply":%d}`, ply))
		if code != http.StatusOK || st["thinking"] == true || st["your_turn"] == true {
			t.Fatalf("goto %d: %d thinking %v your turn %v", ply, code, st["thinking"], st["your_turn"])
		}
		time.Sleep(60 * time.Millisecond) // three times the engine's time
		if _, st = call(t, ts, "GET", g, ""); st["ply"].(float64) != float64(ply) || len(st["moves"].([]any)) != moves {
			t.Fatalf("at ply %d the engine moved: ply %v, %d moves", ply, st["ply"], len(st["moves"].([]any)))
		}
		games, err := movegen.ReadPDN(strings.NewReader(st["pdn"].(string)), movegen.American)
		if err != nil || len(games) != 1 || len(games[0].Moves) != moves {
			t.Fatalf("at ply %d the record is not whole: %v %v", ply, games, err)
		}
	}
	// Undo and the person's move there replace the rest; the engine
	// replies at the end of the new line.
	code, st := call(t, ts, "POST", g+"/goto", `{"ply":1}`)
	if code != http.StatusOK || st["your_turn"] != true {
		t.Fatalf("goto 1: %d your turn %v", code, st["your_turn"])
	}
	first := st["legal"].([]any)[0].(map[string]any)
	if code, out := call(t, ts, "POST", g+"/move", fmt.Sprintf(`{"move":%q}`, first["text"])); code != http.StatusOK {
		t.Fatalf("move %v: %d %v", first["text"], code, out)
	}
	st = waitFor(t, ts, id, "the engine's reply", func(s map[string]any) bool { return s["ply"].(float64) == 3 })
	if n := len(st["moves"].([]any)); n != 3 {
		t.Errorf("%d moves after a move at ply 1 and the reply, want 3", n)
	}
}
