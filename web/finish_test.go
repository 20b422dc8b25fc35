package web

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestResign: the person resigns, and the other side wins; in a game of
// two players the side to move at the end resigns. The record says so,
// a second resignation is refused, and a move played where the board was
// stepped back to gives the game another end, which goes on.
func TestResign(t *testing.T) {
	_, ts := testServer(t, Options{})
	for _, tt := range []struct {
		body, result, side string
	}{
		{`{"human":"white","movetime_ms":5000}`, "1-0", "white"}, // while the engine thinks
		{`{"human":"black","movetime_ms":50}`, "0-1", "black"},
		{`{"human":"both"}`, "0-1", "black"}, // Black to move at the start
	} {
		id, _ := newGame(t, ts, tt.body)
		code, st := call(t, ts, "POST", "/api/games/"+id+"/resign", "")
		if code != http.StatusOK || st["over"] != true || st["result"] != tt.result || st["ending"] != endingResigned || st["ending_side"] != tt.side {
			t.Fatalf("%s: resign: %d over %v result %v ending %v side %v", tt.body, code, st["over"], st["result"], st["ending"], st["ending_side"])
		}
		if pdn := st["pdn"].(string); !strings.Contains(pdn, `[Result "`+tt.result+`"]`) || !strings.Contains(pdn, " resigned\"]") {
			t.Errorf("%s: the record: %s", tt.body, pdn)
		}
		if st["can_resign"] != false || st["thinking"] != false {
			t.Errorf("%s: after resigning: can_resign %v, thinking %v", tt.body, st["can_resign"], st["thinking"])
		}
		if code, out := call(t, ts, "POST", "/api/games/"+id+"/resign", ""); code != http.StatusConflict || out["code"] != codeGameOver {
			t.Errorf("%s: resign twice: %d %v", tt.body, code, out)
		}
		if code, st := call(t, ts, "POST", "/api/games/"+id+"/new", tt.body); code != http.StatusOK || st["over"] != false || st["ending"] != "" {
			t.Errorf("%s: a new game at the same board: %d over %v ending %v", tt.body, code, st["over"], st["ending"])
		}
	}
	id, _ := newGame(t, ts, `{"human":"both"}`)
	g := "/api/games/" + id
	call(t, ts, "POST", g+"/move", `{"move":"11-15"}`)
	if _, st := call(t, ts, "POST", g+"/resign", ""); st["result"] != "1-0" {
		t.Fatalf("White resigns: %v", st["result"])
	}
	call(t, ts, "POST", g+"/goto", `{"ply":0}`)
	if code, st := call(t, ts, "POST", g+"/move", `{"move":"9-13"}`); code != http.StatusOK || st["over"] != false || st["can_resign"] != true {
		t.Errorf("a move played after stepping back: %d over %v", code, st["over"])
	}
}

// TestDrawOffer: the engine takes a draw when its search says the
// position is level or worse for it (play.AcceptsDraw), and declines when
// it is ahead; an offer is made once in a position, on the person's turn,
// in a game against the engine.
func TestDrawOffer(t *testing.T) {
	_, ts := testServer(t, Options{})
	for _, tt := range []struct {
		name, body, answer string
	}{
		// Black, the person, has four men to the engine's one.
		{"lost for the engine", `{"human":"black","movetime_ms":100,"fen":"B:W32:B1,2,3,14"}`, answerAccepted},
		// White, the engine, has eleven to the person's one.
		{"won for the engine", `{"human":"black","movetime_ms":100,"fen":"B:W22-32:B1"}`, answerDeclined},
	} {
		id, st := newGame(t, ts, tt.body)
		if st["can_offer_draw"] != true {
			t.Fatalf("%s: can_offer_draw %v", tt.name, st["can_offer_draw"])
		}
		code, st := call(t, ts, "POST", "/api/games/"+id+"/draw", "")
		if code != http.StatusOK || st["draw_offer"] == nil || st["can_offer_draw"] != false {
			t.Fatalf("%s: offer: %d %v", tt.name, code, st["draw_offer"])
		}
		st = waitFor(t, ts, id, "the engine's answer", func(st map[string]any) bool {
			o, _ := st["draw_offer"].(map[string]any)
			return o != nil && o["answer"] != ""
		})
		if got := st["draw_offer"].(map[string]any)["answer"]; got != tt.answer {
			t.Errorf("%s: answer %v, want %s", tt.name, got, tt.answer)
		}
		over := tt.answer == answerAccepted
		if st["over"] != over {
			t.Errorf("%s: over %v", tt.name, st["over"])
		}
		if over && (st["result"] != drawResult || st["ending"] != endingAgreed || !strings.Contains(st["pdn"].(string), `[Termination "draw agreed"]`)) {
			t.Errorf("%s: result %v, ending %v, record %s", tt.name, st["result"], st["ending"], st["pdn"])
		}
		if !over {
			if code, out := call(t, ts, "POST", "/api/games/"+id+"/draw", ""); code != http.StatusConflict || out["code"] != codeDrawOffered {
				t.Errorf("%s: a second offer in the position: %d %v", tt.name, code, out)
			}
		}
	}
	for _, tt := range []struct {
		body, code string
	}{
		{`{"human":"both"}`, codeNoEngine},
		{`{"human":"white","movetime_ms":5000}`, codeNotYourTurn}, // the engine, Black, thinks
	} {
		id, _ := newGame(t, ts, tt.body)
		if code, out := call(t, ts, "POST", "/api/games/"+id+"/draw", ""); code != http.StatusConflict || out["code"] != tt.code {
			t.Errorf("%s: offer: %d %v, want %s", tt.body, code, out, tt.code)
		}
	}
}

// TestParseClock: a clock from MinClock to MaxClock, an increment up to
// MaxIncrement and only with a clock, or none.
func TestParseClock(t *testing.T) {
	for _, tt := range []struct {
		base, inc int
		want      string // in the error; "" for none
	}{
		{0, 0, ""},
		{60000, 1000, ""},
		{1000, 0, ""},
		{999, 0, "out of range"},
		{int(MaxClock.Milliseconds()) + 1, 0, "out of range"},
		{0, 1000, "needs a clock"},
		{60000, -1, "out of range"},
		{60000, int(MaxIncrement.Milliseconds()) + 1, "out of range"},
	} {
		_, err := parseClock(tt.base, tt.inc)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("clock %d+%d: %v, want %q", tt.base, tt.inc, err, tt.want)
		}
	}
}

// clockOf returns the state's clock.
func clockOf(t *testing.T, st map[string]any) map[string]any {
	t.Helper()
	c, ok := st["clock"].(map[string]any)
	if !ok {
		t.Fatalf("no clock in the state: %v", st["clock"])
	}
	return c
}

// TestClock: the engine moves on its clock's time; the person's move adds
// the increment; looking back stops the clock; a side whose time runs out
// loses.
func TestClock(t *testing.T) {
	_, ts := testServer(t, Options{})
	id, st := newGame(t, ts, `{"human":"white","clock_ms":3000,"increment_ms":1000}`)
	if c := clockOf(t, st); c["base_ms"] != 3000.0 || c["increment_ms"] != 1000.0 {
		t.Fatalf("clock %v", c)
	}
	g := "/api/games/" + id
	st = waitFor(t, ts, id, "the engine's move on its clock", func(st map[string]any) bool { return st["your_turn"] == true || st["over"] == true })
	c := clockOf(t, st)
	if st["over"] == true || c["running"] != "white" || c["black_ms"].(float64) <= 0 || c["black_ms"].(float64) > 4000 {
		t.Fatalf("after the engine's move: over %v (%v), clock %v", st["over"], st["reason"], c)
	}
	move := st["legal"].([]any)[0].(map[string]any)["text"].(string)
	_, st = call(t, ts, "POST", g+"/move", `{"move":"`+move+`"}`)
	if c := clockOf(t, st); c["white_ms"].(float64) <= 3000 || c["running"] != "black" {
		t.Errorf("after the person's quick move with 1 s added: %v", c)
	}
	_, st = call(t, ts, "POST", g+"/goto", `{"ply":0}`)
	if c := clockOf(t, st); c["running"] != "" {
		t.Errorf("looking back: the clock runs: %v", c)
	}

	// The person, Black, to move with a second on the clock, does not move.
	id, st = newGame(t, ts, `{"human":"black","clock_ms":1000}`)
	if c := clockOf(t, st); c["running"] != "black" {
		t.Fatalf("the person's clock does not run: %v", c)
	}
	start := time.Now()
	st = waitFor(t, ts, id, "the flag's fall", func(st map[string]any) bool { return st["over"] == true })
	if st["ending"] != endingTime || st["ending_side"] != "black" || st["result"] != "0-1" || time.Since(start) < 900*time.Millisecond {
		t.Errorf("flag fall after %v: ending %v side %v result %v", time.Since(start), st["ending"], st["ending_side"], st["result"])
	}
	if c := clockOf(t, st); c["black_ms"] != 0.0 || c["running"] != "" {
		t.Errorf("the clock after the flag's fall: %v", c)
	}
	if !strings.Contains(st["pdn"].(string), `[Termination "Black's time ran out"]`) {
		t.Errorf("the record: %s", st["pdn"])
	}
	if code, _ := call(t, ts, "POST", "/api/games", `{"clock_ms":500}`); code != http.StatusBadRequest {
		t.Errorf("a clock of half a second: %d", code)
	}
}
