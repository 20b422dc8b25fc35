package web

import (
	"fmt"
	"io"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// TestVariantsList checks GET /api/variants against movegen: every game,
// in order, with its name, title, GameType and first mover.
func TestVariantsList(t *testing.T) {
	_, ts := testServer(t, Options{})
	code, out := call(t, ts, "GET", "/api/variants", "")
	list, _ := out["variants"].([]any)
	if code != 200 || len(list) != int(movegen.NumVariants) {
		t.Fatalf("GET /api/variants: %d, %d games, want 200 and %d", code, len(list), movegen.NumVariants)
	}
	for i, item := range list {
		r := movegen.Variant(i).Rules()
		got := item.(map[string]any)
		want := map[string]any{"name": r.Name, "title": r.Title, "game_type": float64(r.GameType), "first_mover": r.FirstMover.Name()}
		for k, w := range want {
			if got[k] != w {
				t.Errorf("variant %d: %s %v, want %v", i, k, got[k], w)
			}
		}
	}
}

// TestDefaultVariant checks Options.Variant (crown serve --variant): the
// list names it as the default, and a new game that names no game plays it
// while one that names another plays that.
func TestDefaultVariant(t *testing.T) {
	for _, def := range []movegen.Variant{movegen.American, movegen.Russian} {
		_, ts := testServer(t, Options{Variant: def})
		if _, out := call(t, ts, "GET", "/api/variants", ""); out["default"] != def.String() {
			t.Errorf("default %v: GET /api/variants default %v", def, out["default"])
		}
		for body, want := range map[string]movegen.Variant{`{"human":"both"}`: def, `{"human":"both","variant":"pool"}`: movegen.Pool} {
			code, out := call(t, ts, "POST", "/api/games", body)
			if code != 201 || out["variant"] != want.String() {
				t.Errorf("default %v: POST %s: %d, variant %v, want %v", def, body, code, out["variant"], want)
			}
		}
	}
}

// notations are what a move of each game looks like in its own notation:
// coordinates in the games written so, numbers in the others.
var (
	numberMove    = regexp.MustCompile(`^\d{1,2}[-x]\d{1,2}$`)
	algebraicMove = regexp.MustCompile(`^[a-h][1-8][-:][a-h][1-8]$`)
)

// TestEveryVariant starts a game of each rule set, checks the state the page
// draws (start position, side to move, square names, rules), plays a move
// by its text in the game's notation and one by Crown's square numbers,
// lets the engine answer, and reads the PDN back as a new game whose
// GameType tag chooses the rule set over the form's.
func TestEveryVariant(t *testing.T) {
	_, ts := testServer(t, Options{})
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		r := v.Rules()
		t.Run(r.Name, func(t *testing.T) {
			start := movegen.StartPosition(v)
			// The person plays the side that moves second: the engine
			// moves first, then the person twice over, then the engine.
			second := r.FirstMover.Other().Name()
			id, st := newGame(t, ts, fmt.Sprintf(`{"variant":%q,"human":%q,"movetime_ms":10}`, r.Name, second))
			checkStart(t, st, start)
			g := "/api/games/" + id
			st = waitFor(t, ts, id, "the engine's first move", func(s map[string]any) bool { return s["your_turn"] == true })
			if st["ply"].(float64) != 1 {
				t.Fatalf("ply %v after the engine's first move, want 1", st["ply"])
			}
			engine := st["moves"].([]any)[0].(map[string]any)
			checkNotation(t, r, engine["text"].(string))

			// A move by its text, as the game writes it.
			legal := st["legal"].([]any)
			text := legal[0].(map[string]any)["text"].(string)
			checkNotation(t, r, text)
			p := movegen.StartPosition(v)
			for _, s := range []string{engine["text"].(string), text} {
				m, err := p.ParseMove(s)
				if err != nil {
					t.Fatal(err)
				}
				p.MakeMove(m)
			}
			code, out := call(t, ts, "POST", g+"/move", fmt.Sprintf(`{"move":%q}`, text))
			if code != 200 || out["fen"] != p.FEN() {
				t.Fatalf("move %s: %d %v, want the position %s", text, code, out["fen"], p.FEN())
			}
			st = waitFor(t, ts, id, "the engine's reply", func(s map[string]any) bool { return s["your_turn"] == true || s["over"] == true })
			if st["ply"].(float64) != 3 {
				t.Fatalf("ply %v after the engine's reply, want 3", st["ply"])
			}
			// A move by Crown's square numbers, as the board sends it.
			mv := st["legal"].([]any)[0].(map[string]any)
			path := mv["path"].([]any)
			body := fmt.Sprintf(`{"path":[%v,%v]}`, path[0], path[len(path)-1])
			if code, out = call(t, ts, "POST", g+"/move", body); code != 200 || out["ply"].(float64) != 4 {
				t.Fatalf("move %s (%s): %d %v", body, mv["text"], code, out["error"])
			}
			// The engine's reply, after which the game stands still for
			// the PDN.
			st = waitFor(t, ts, id, "the engine's second reply", func(s map[string]any) bool { return s["your_turn"] == true || s["over"] == true })
			checkPDNRoundTrip(t, ts, g, r, st)
		})
	}
}

// checkStart checks a new game's state against the rule set's start.
func checkStart(t *testing.T, st map[string]any, start movegen.Position) {
	t.Helper()
	r := start.Rules()
	if st["variant"] != r.Name || st["title"] != r.Title || st["start_fen"] != start.FEN() {
		t.Errorf("new game: %v %v %v, want %s %s %s", st["variant"], st["title"], st["start_fen"], r.Name, r.Title, start.FEN())
	}
	pieces := 0
	board, squares := st["board"].([]any), st["squares"].([]any)
	for sq := movegen.Square(0); sq < movegen.NumSquares; sq++ {
		if board[sq] != "" {
			pieces++
		}
		if squares[sq] != r.SquareName(sq) {
			t.Errorf("square %d is named %v, want %s", sq.Number(), squares[sq], r.SquareName(sq))
		}
	}
	if pieces != 2*r.MenPerSide {
		t.Errorf("%d pieces on the board, want %d", pieces, 2*r.MenPerSide)
	}
	rules := st["rules"].(map[string]any)
	want := map[string]any{"first_mover": r.FirstMover.Name(), "men_per_side": float64(r.MenPerSide), "mirrored": r.Mirrored,
		"algebraic": r.Algebraic, "flying_kings": r.FlyingKings, "draw_moves": float64(r.DrawMoves),
		"precedence": precedenceCodes[r.Precedence], "crown_in_capture": r.CrownInCapture}
	for k, w := range want {
		if rules[k] != w {
			t.Errorf("rules.%s = %v, want %v", k, rules[k], w)
		}
	}
}

// checkNotation checks that a move's text is in the game's notation.
func checkNotation(t *testing.T, r *movegen.Rules, text string) {
	t.Helper()
	re := numberMove
	if r.Algebraic {
		re = algebraicMove
	}
	if !re.MatchString(text) {
		t.Errorf("move %q is not in the notation of %s", text, r.Title)
	}
}

// checkPDNRoundTrip downloads the game's PDN, checks its GameType tag and
// the notation of its moves, and loads it as a new game with the form at
// American: the tag chooses the game, which reaches the same position.
func checkPDNRoundTrip(t *testing.T, ts *httptest.Server, g string, r *movegen.Rules, st map[string]any) {
	t.Helper()
	resp, err := ts.Client().Get(ts.URL + g + "/pdn")
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if text != st["pdn"] {
		t.Errorf("the download differs from the record shown:\n%s\n%s", text, st["pdn"])
	}
	tag := fmt.Sprintf(`[GameType "%d"]`, r.GameType)
	if r.Variant != movegen.American && !strings.Contains(text, tag) {
		t.Errorf("PDN without %s:\n%s", tag, text)
	}
	for _, mv := range st["moves"].([]any) {
		if s := mv.(map[string]any)["text"].(string); !strings.Contains(text, s) {
			t.Errorf("PDN without the move %s:\n%s", s, text)
		}
	}
	code, loaded := call(t, ts, "POST", "/api/games", fmt.Sprintf(`{"variant":"american","human":"both","pdn":%q}`, text))
	if code != 201 || loaded["variant"] != r.Name || loaded["fen"] != st["fen"] || loaded["ply"] != st["ply"] {
		t.Errorf("the PDN loaded: %d %v %v at ply %v, want %s %v at ply %v (%v)", code, loaded["variant"], loaded["fen"], loaded["ply"],
			r.Name, st["fen"], st["ply"], loaded["error"])
	}
}

// TestNotationMessages checks that refusals name squares as the game does:
// coordinates in Russian, the mirrored numbers of Italian and Spanish for
// the squares the board sends in Crown's numbers.
func TestNotationMessages(t *testing.T) {
	_, ts := testServer(t, Options{})
	tests := []struct {
		variant, move string
		code          int
		want          string // in the message
	}{
		{"russian", `{"move":"c3-e5"}`, 422, "c3-e5 is not a legal move here"},
		{"russian", `{"path":[1,5]}`, 422, "Square b8 holds no white piece"},
		{"russian", `{"move":"c3-i4"}`, 400, "is not a square"},
		{"italian", `{"path":[4,8]}`, 422, "Square 1 holds no white piece"},
		{"italian", `{"move":"c3-d4"}`, 400, "written with square numbers"},
		{"spanish", `{"path":[1,5]}`, 422, "Square 29 holds no white piece"},
		{"american", `{"path":[22,17]}`, 422, "Square 22 holds no black piece"},
	}
	for _, tt := range tests {
		id, _ := newGame(t, ts, fmt.Sprintf(`{"variant":%q,"human":"both"}`, tt.variant))
		code, out := call(t, ts, "POST", "/api/games/"+id+"/move", tt.move)
		if msg, _ := out["error"].(string); code != tt.code || !strings.Contains(msg, tt.want) {
			t.Errorf("%s %s: %d %q, want %d and %q", tt.variant, tt.move, code, msg, tt.code, tt.want)
		}
	}
}
