package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// testServer starts a server with small limits and stops it at the end.
func testServer(t *testing.T, opt Options) (*Server, *httptest.Server) {
	t.Helper()
	if opt.Engine.HashMiB == 0 {
		opt.Engine.HashMiB = 1
	}
	s := New(opt)
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	return s, ts
}

// call sends a request with a raw body and decodes the JSON answer.
func call(t *testing.T, ts *httptest.Server, method, path, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	data, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("%s %s: answer is not JSON: %q", method, path, data)
	}
	return resp.StatusCode, out
}

// newGame starts a game and returns its id.
func newGame(t *testing.T, ts *httptest.Server, body string) (string, map[string]any) {
	t.Helper()
	code, st := call(t, ts, "POST", "/api/games", body)
	if code != http.StatusCreated {
		t.Fatalf("new game %s: %d %v", body, code, st)
	}
	return st["id"].(string), st
}

// waitFor polls the game until cond holds.
func waitFor(t *testing.T, ts *httptest.Server, id string, what string, cond func(map[string]any) bool) map[string]any {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, st := call(t, ts, "GET", "/api/games/"+id, "")
		if cond(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s: timed out waiting for %s; state %v", id, what, st)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestRefusals(t *testing.T) {
	_, ts := testServer(t, Options{})
	id, _ := newGame(t, ts, `{"human":"both"}`)
	g := "/api/games/" + id
	tests := []struct {
		name         string
		method, path string
		body         string
		code         int
		want         string // in the error message
	}{
		{"empty body", "POST", "/api/games", ``, 415, "must be JSON"},
		{"not JSON", "POST", "/api/games", `{variant:`, 400, "bad JSON"},
		{"two values", "POST", "/api/games", `{} {}`, 400, "more than one"},
		{"unknown field", "POST", "/api/games", `{"colour":"black"}`, 400, "unknown field"},
		{"wrong type", "POST", "/api/games", `{"movetime_ms":"fast"}`, 400, "bad JSON"},
		{"bad variant", "POST", "/api/games", `{"variant":"chess"}`, 400, "unknown variant"},
		{"bad colour", "POST", "/api/games", `{"human":"red"}`, 400, "unknown colour"},
		{"think too long", "POST", "/api/games", `{"movetime_ms":99999999}`, 400, "out of range"},
		{"think too short", "POST", "/api/games", `{"movetime_ms":1}`, 400, "out of range"},
		{"level too high", "POST", "/api/games", `{"level":9}`, 400, "level: 9 is out of range 1..8"},
		{"level below 1", "POST", "/api/games", `{"level":-1}`, 400, "level: -1 is out of range 1..8"},
		{"bad FEN", "POST", "/api/games", `{"fen":"B:W21-32:B1-12:X"}`, 400, "FEN"},
		{"bad FEN square", "POST", "/api/games", `{"fen":"B:W33:B1"}`, 400, "FEN"},
		{"FEN man on crown row", "POST", "/api/games", `{"fen":"B:W1:B12"}`, 400, "crowning row"},
		{"FEN and PDN", "POST", "/api/games", `{"fen":"B:W21-32:B1-12","pdn":"1. 11-15 *"}`, 400, "not both"},
		{"bad PDN", "POST", "/api/games", `{"pdn":"1. 11-15 12-16 *"}`, 400, "PDN"},
		{"bad FEN on new", "POST", g + "/new", `{"fen":"nonsense"}`, 400, "FEN"},
		{"no such game", "GET", "/api/games/nope", ``, 404, "no game"},
		{"no such call", "GET", "/api/nothing", ``, 404, "no such API call"},
		{"move not JSON", "POST", g + "/move", `11-15`, 400, "bad JSON"},
		{"move without squares", "POST", g + "/move", `{}`, 400, "at least two squares"},
		{"move one square", "POST", g + "/move", `{"path":[11]}`, 400, "at least two squares"},
		{"move off board", "POST", g + "/move", `{"path":[11,33]}`, 400, "off the board"},
		{"move text junk", "POST", g + "/move", `{"move":"11-1a5"}`, 400, "is not a square number"},
		{"move too long", "POST", g + "/move", `{"path":[1,2,3,4,5,6,7,8,9,10,11,12,13,14]}`, 400, "at most"},
		{"move both forms", "POST", g + "/move", `{"move":"11-15","path":[11,15]}`, 400, "not both"},
		{"illegal move", "POST", g + "/move", `{"move":"11-17"}`, 422, "not a legal move"},
		{"backward move", "POST", g + "/move", `{"move":"22-26"}`, 422, "no black piece"},
		{"empty square", "POST", g + "/move", `{"path":[15,19]}`, 422, "no black piece"},
		{"analysis without on", "POST", g + "/analysis", `{}`, 400, "want"},
		{"nothing to undo", "POST", g + "/undo", ``, 409, "nothing to undo"},
		{"nothing to redo", "POST", g + "/redo", ``, 409, "nothing to redo"},
	}
	// The codes the page says in the player's language; the others are
	// bad_request.
	codes := map[string]string{
		"bad FEN": "bad_fen", "bad FEN square": "bad_fen", "FEN man on crown row": "bad_fen", "bad FEN on new": "bad_fen",
		"bad PDN": "bad_pdn", "no such game": "not_found", "nothing to undo": "nothing_to_undo", "nothing to redo": "nothing_to_redo",
		"illegal move": "illegal", "backward move": "not_your_piece", "empty square": "not_your_piece",
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out := call(t, ts, tt.method, tt.path, tt.body)
			msg, _ := out["error"].(string)
			if code != tt.code || !strings.Contains(msg, tt.want) {
				t.Errorf("%s %s %s: %d %q, want %d and a message with %q", tt.method, tt.path, tt.body, code, msg, tt.code, tt.want)
			}
			want := codes[tt.name]
			if want == "" {
				want = codeBadRequest
			}
			if out["code"] != want {
				t.Errorf("%s %s %s: code %v, want %s", tt.method, tt.path, tt.body, out["code"], want)
			}
		})
	}
	// The game is untouched by all of it.
	_, st := call(t, ts, "GET", g, "")
	start := movegen.StartPosition(movegen.American)
	if st["fen"] != start.FEN() || st["ply"].(float64) != 0 {
		t.Errorf("refused requests changed the game: %v", st["fen"])
	}
}

func TestBodyTooLarge(t *testing.T) {
	_, ts := testServer(t, Options{})
	body := `{"pdn":"` + strings.Repeat(" ", maxBody) + `"}`
	code, out := call(t, ts, "POST", "/api/games", body)
	if code != http.StatusRequestEntityTooLarge || out["error"] == nil {
		t.Errorf("got %d %v, want 413 with a message", code, out)
	}
}

// TestMoves plays moves by path and by text and checks the refusals that
// the board turns into messages.
func TestMoves(t *testing.T) {
	_, ts := testServer(t, Options{})
	tests := []struct {
		name    string
		variant string
		fen     string
		move    string // JSON body
		code    int
		errCode string // the refusal's code, or the FEN after the move
		extra   string // must_capture or options, as JSON, when refused
	}{
		{"quiet", "american", "", `{"path":[11,15]}`, 200, "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15", ""},
		{"quiet as text", "american", "", `{"move":"9-14"}`, 200, "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,14", ""},
		{"forced capture", "american", "B:W18,30:B14,9,3", `{"path":[3,7]}`, 422, codeMustCapture, `[14]`},
		{"wrong jump", "american", "B:W18,30:B14,9,3", `{"path":[14,17]}`, 422, codeMustCapture, `[14]`},
		{"capture", "american", "B:W18,30:B14,9,3", `{"path":[14,23]}`, 200, "W:W30:B3,9,23", ""},
		{"multi-jump to its end", "american", "W:W27:B23,15,3", `{"path":[27,11]}`, 200, "B:W11:B3", ""},
		{"multi-jump hop by hop", "american", "W:W27:B23,15,3", `{"path":[27,18]}`, 422, codeIncomplete, `["27x18x11"]`},
		{"multi-jump full path", "american", "W:W27:B23,15,3", `{"path":[27,18,11]}`, 200, "B:W11:B3", ""},
		{"ambiguous", "american", "W:W18:B1,6,K7,14,15,24", `{"path":[18,2]}`, 422, codeAmbiguous, `["18x9x2","18x11x2"]`},
		{"ambiguous resolved", "american", "W:W18:B1,6,K7,14,15,24", `{"path":[18,11,2]}`, 200, "B:WK2:B1,6,14,24", ""},
		{"pool flying king", "pool", "W:WK29:B22", `{"path":[29,11]}`, 200, "B:WK11:B", ""},
		{"pool king landing rule", "pool", "W:WK29:B22,19", `{"path":[29,11]}`, 422, codeMustCapture, `[29]`},
		{"pool king two captures", "pool", "W:WK29:B22,19", `{"path":[29,15,28]}`, 200, "B:WK28:B", ""},
		{"american king does not fly", "american", "W:WK25:B22", `{"path":[25,11]}`, 422, codeMustCapture, `[25]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := fmt.Sprintf(`{"variant":%q,"fen":%q,"human":"both"}`, tt.variant, tt.fen)
			id, _ := newGame(t, ts, body)
			code, out := call(t, ts, "POST", "/api/games/"+id+"/move", tt.move)
			if code != tt.code {
				t.Fatalf("move %s: %d %v, want %d", tt.move, code, out["error"], tt.code)
			}
			if code == 200 {
				if out["fen"] != tt.errCode {
					t.Errorf("after %s: %v, want %s", tt.move, out["fen"], tt.errCode)
				}
				return
			}
			if out["code"] != tt.errCode || out["error"] == "" {
				t.Errorf("move %s: code %v (%v), want %s", tt.move, out["code"], out["error"], tt.errCode)
			}
			key, extra := "must_capture", out["must_capture"]
			if tt.errCode == codeAmbiguous || tt.errCode == codeIncomplete {
				key, extra = "options", capturePaths(out["options"].([]any))
			}
			got, _ := json.Marshal(extra)
			if string(got) != tt.extra {
				t.Errorf("move %s: %s %s, want %s", tt.move, key, got, tt.extra)
			}
			st := out["state"].(map[string]any)
			if st["ply"].(float64) != 0 {
				t.Errorf("refused move changed the game")
			}
		})
	}
}

// capturePaths writes the paths of the moves (views) of a refusal's
// options as captures are written, "27x18x11".
func capturePaths(options []any) []string {
	var out []string
	for _, o := range options {
		var squares []string
		for _, sq := range o.(map[string]any)["path"].([]any) {
			squares = append(squares, fmt.Sprint(sq))
		}
		out = append(out, strings.Join(squares, "x"))
	}
	return out
}

func TestJudge(t *testing.T) {
	tests := []struct {
		name    string
		variant movegen.Variant
		fen     string
		moves   []string
		result  string
		reason  string
		ending  string
	}{
		{"going", movegen.American, "", nil, "*", "", ""},
		{"no pieces", movegen.American, "B:W5:B", nil, "0-1", "Black has no pieces left", "no_pieces"},
		{"blocked", movegen.American, "W:W29:B25,22", nil, "1-0", "White has no legal move", "no_moves"},
		{"repetition", movegen.American, "B:WK32:BK1", []string{"1-5", "32-27", "5-1", "27-32", "1-5", "32-27", "5-1", "27-32"}, "1/2-1/2", "threefold", "repetition"},
		{"two repetitions only", movegen.American, "B:WK32:BK1", []string{"1-5", "32-27", "5-1", "27-32"}, "*", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := movegen.StartPosition(tt.variant)
			if tt.fen != "" {
				var err error
				if p, err = movegen.ParseFEN(tt.fen, tt.variant); err != nil {
					t.Fatal(err)
				}
			}
			hist := []movegen.Position{p}
			var line []movegen.Move
			for _, s := range tt.moves {
				m, err := p.ParseMove(s)
				if err != nil {
					t.Fatal(err)
				}
				p.MakeMove(m)
				hist, line = append(hist, p), append(line, m)
			}
			o := outcomeOf(movegen.Adjudicate(hist, line), &p)
			if o.Result != tt.result || !strings.Contains(o.Reason, tt.reason) || o.Ending != tt.ending || o.Over != (tt.result != "*") {
				t.Errorf("got %+v, want %s with %q", o, tt.result, tt.reason)
			}
		})
	}
}

// TestCountRules walks kings about, never offering a capture and going
// where they have been least, until a counting rule draws: the move-count
// rule in both rule sets, and Pool's three kings against one.
func TestCountRules(t *testing.T) {
	tests := []struct {
		variant movegen.Variant
		fen     string
		plies   int    // when the draw comes
		reason  string // in its reason
		ending  string // its code
	}{
		{movegen.American, "B:WK32:BK1", 2*movegen.American.Rules().DrawMoves - 1, "40-move rule", "move_count"},
		{movegen.Pool, "B:WK32:BK1", 2*movegen.Pool.Rules().DrawMoves - 1, "25-move rule", "move_count"},
		{movegen.Pool, "W:WK30,K31,K32:BK1", 2*movegen.Pool.Rules().ThreeKingsMoves - 1, "three kings", "three_kings"},
		{movegen.Pool, "B:WK30,K31,K32:BK1", 2 * movegen.Pool.Rules().ThreeKingsMoves, "three kings", "three_kings"},
	}
	for _, tt := range tests {
		t.Run(tt.variant.String()+" "+tt.fen, func(t *testing.T) {
			p, err := movegen.ParseFEN(tt.fen, tt.variant)
			if err != nil {
				t.Fatal(err)
			}
			hist := []movegen.Position{p}
			var line []movegen.Move
			seen := map[movegen.Position]int{p: 1}
			for ply := 0; ; ply++ {
				o := outcomeOf(movegen.Adjudicate(hist, line), &p)
				if o.Over {
					if ply != tt.plies || !strings.Contains(o.Reason, tt.reason) || o.Ending != tt.ending {
						t.Errorf("over after %d plies (%s, %s), want %q (%s) after %d", ply, o.Reason, o.Ending, tt.reason, tt.ending, tt.plies)
					}
					return
				}
				if ply > tt.plies {
					t.Fatalf("no draw after %d plies", ply)
				}
				var ml movegen.MoveList
				p.GenerateMoves(&ml)
				best, bestSeen := -1, 0
				for i, m := range ml.Slice() {
					c := p
					c.MakeMove(m)
					if c.HasCapture() {
						continue
					}
					if best < 0 || seen[c] < bestSeen {
						best, bestSeen = i, seen[c]
					}
				}
				if best < 0 || bestSeen >= 2 {
					t.Fatalf("no safe fresh move at ply %d in %s", ply, p.FEN())
				}
				m := ml.Moves[best]
				p.MakeMove(m)
				seen[p]++
				hist, line = append(hist, p), append(line, m)
			}
		})
	}
}

// TestEngineGame plays a short game against the engine: the engine replies
// within its time, undo takes back both moves, redo brings them back.
func TestEngineGame(t *testing.T) {
	_, ts := testServer(t, Options{})
	id, st := newGame(t, ts, `{"human":"black","movetime_ms":20}`)
	g := "/api/games/" + id
	if st["your_turn"] != true || len(st["legal"].([]any)) != 7 {
		t.Fatalf("start: your_turn %v, %d legal moves", st["your_turn"], len(st["legal"].([]any)))
	}
	for ply := 0; ply < 6; ply += 2 {
		st = waitFor(t, ts, id, "the person's turn", func(s map[string]any) bool { return s["your_turn"] == true || s["over"] == true })
		if st["over"] == true {
			break
		}
		first := st["legal"].([]any)[0].(map[string]any)
		code, out := call(t, ts, "POST", g+"/move", fmt.Sprintf(`{"move":%q}`, first["text"]))
		if code != 200 {
			t.Fatalf("move %v: %d %v", first["text"], code, out)
		}
	}
	st = waitFor(t, ts, id, "the engine's reply", func(s map[string]any) bool { return s["your_turn"] == true })
	ply := st["ply"].(float64)
	if ply != 6 {
		t.Fatalf("ply %v after three moves each, want 6", ply)
	}
	_, st = call(t, ts, "POST", g+"/undo", "")
	if st["ply"].(float64) != 4 || st["your_turn"] != true || st["can_redo"] != true {
		t.Errorf("undo: ply %v, your turn %v, want 4 and true", st["ply"], st["your_turn"])
	}
	_, st = call(t, ts, "POST", g+"/redo", "")
	if st["ply"].(float64) != 6 {
		t.Errorf("redo: ply %v, want 6", st["ply"])
	}
	// The PDN of the game reads back to the same position.
	resp, err := ts.Client().Get(ts.URL + g + "/pdn")
	if err != nil {
		t.Fatal(err)
	}
	text, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	games, err := movegen.ReadPDN(strings.NewReader(string(text)), movegen.American)
	if err != nil || len(games) != 1 || games[0].Err != nil || len(games[0].Moves) != 6 {
		t.Fatalf("PDN %q read back as %+v, %v", text, games, err)
	}
	p := games[0].Start
	for _, m := range games[0].Moves {
		p.MakeMove(m)
	}
	if p.FEN() != st["fen"] {
		t.Errorf("PDN replays to %s, the board shows %s", p.FEN(), st["fen"])
	}
	code, loaded := call(t, ts, "POST", "/api/games", fmt.Sprintf(`{"pdn":%q,"human":"both"}`, text))
	if code != 201 || loaded["fen"] != st["fen"] || loaded["ply"].(float64) != 6 {
		t.Errorf("loading the PDN: %d %v at ply %v, want %s", code, loaded["fen"], loaded["ply"], st["fen"])
	}
}

// TestLevelGame: a game at level 1 (play.Levels) plays its moves by its
// capped search, not the book's nor the game's time (5 s, exact); a new
// game without a level is at full strength.
func TestLevelGame(t *testing.T) {
	_, ts := testServer(t, Options{Book: book.Best})
	began := time.Now()
	id, st := newGame(t, ts, `{"human":"white","movetime_ms":5000,"level":1}`)
	if st["level"].(float64) != 1 {
		t.Fatalf("level %v, want 1", st["level"])
	}
	st = waitFor(t, ts, id, "the engine's move", func(s map[string]any) bool { return s["your_turn"] == true })
	if d := time.Since(began); d > 4*time.Second {
		t.Errorf("level 1's move took %v, the search's cap should end it long before the 5 s", d)
	}
	if st["ply"].(float64) != 1 {
		t.Errorf("ply %v, want 1", st["ply"])
	}
	code, st := call(t, ts, "POST", "/api/games/"+id+"/new", `{"human":"both"}`)
	if code != 200 || st["level"].(float64) != play.FullStrength {
		t.Errorf("a new game without a level: %d, level %v, want %d", code, st["level"], play.FullStrength)
	}
}

// TestConcurrentGames plays several games at once, each against the
// engine, and checks that none sees another's moves.
func TestConcurrentGames(t *testing.T) {
	_, ts := testServer(t, Options{Searches: 2})
	const games = 6
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			variant := []string{"american", "pool"}[i%2]
			code, st := call(t, ts, "POST", "/api/games", fmt.Sprintf(`{"variant":%q,"human":"white","movetime_ms":10}`, variant))
			if code != 201 {
				errs <- fmt.Errorf("game %d: %d %v", i, code, st)
				return
			}
			id := st["id"].(string)
			var want []string // the moves this game has seen
			for len(want) < 6 {
				st = waitFor(t, ts, id, "a turn", func(s map[string]any) bool { return s["your_turn"] == true || s["over"] == true })
				if st["over"] == true || st["variant"] != variant {
					break
				}
				moves := st["moves"].([]any)
				if len(moves) != len(want)+1 {
					errs <- fmt.Errorf("game %d: %d moves, want %d", i, len(moves), len(want)+1)
					return
				}
				for k, w := range want {
					if moves[k].(map[string]any)["text"] != w {
						errs <- fmt.Errorf("game %d: move %d changed", i, k)
						return
					}
				}
				want = append(want, moves[len(moves)-1].(map[string]any)["text"].(string))
				legal := st["legal"].([]any)
				mv := legal[i%len(legal)].(map[string]any)["text"].(string)
				if code, out := call(t, ts, "POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move":%q}`, mv)); code != 200 {
					errs <- fmt.Errorf("game %d: move %s: %d %v", i, mv, code, out["error"])
					return
				}
				want = append(want, mv)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestMaxGames(t *testing.T) {
	s, ts := testServer(t, Options{MaxGames: 2})
	newGame(t, ts, `{"human":"both"}`)
	newGame(t, ts, `{"human":"both"}`)
	code, out := call(t, ts, "POST", "/api/games", `{"human":"both"}`)
	if code != http.StatusServiceUnavailable || out["error"] == nil || out["code"] != codeBusy {
		t.Errorf("third game: %d %v, want 503 with a message and code busy", code, out)
	}
	if st := s.Stats(); st.Games != 2 || st.MaxGames != 2 || st.Engines != 0 || st.Searches != 0 || st.Streams != 0 {
		t.Errorf("stats %+v: want 2 games of 2, no engine, search or stream", st)
	}
}

func TestIdleGamesDropped(t *testing.T) {
	_, ts := testServer(t, Options{MaxGames: 1, IdleTimeout: 20 * time.Millisecond})
	id, _ := newGame(t, ts, `{"human":"both"}`)
	time.Sleep(40 * time.Millisecond)
	newGame(t, ts, `{"human":"both"}`)
	if code, _ := call(t, ts, "GET", "/api/games/"+id, ""); code != http.StatusNotFound {
		t.Errorf("idle game still kept: %d", code)
	}
}

// TestAnalysisEvents turns analysis on and reads reports from the event
// stream, then turns it off.
func TestAnalysisEvents(t *testing.T) {
	_, ts := testServer(t, Options{AnalysisTime: 300 * time.Millisecond})
	id, _ := newGame(t, ts, `{"human":"both"}`)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/games/"+id+"/events", nil)
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	if code, out := call(t, ts, "POST", "/api/games/"+id+"/analysis", `{"on":true}`); code != 200 {
		t.Fatalf("analysis on: %d %v", code, out)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	var final stateView
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var st stateView
		if err := json.Unmarshal([]byte(data), &st); err != nil {
			t.Fatalf("event %q: %v", data, err)
		}
		if st.Analysis.Has && st.Analysis.Final {
			final = st
			break
		}
	}
	a := final.Analysis
	if !a.On || a.Depth < 1 || a.PV == "" || a.Score.Kind == "" {
		t.Fatalf("final analysis %+v: want depth, score and PV", a)
	}
	// The board's arrow and bar: the line's first move, Black's share.
	if a.Best == nil || !strings.HasPrefix(a.PV, a.Best.Text) || len(a.Best.Path) < 2 {
		t.Errorf("best move %+v of the line %q", a.Best, a.PV)
	}
	if a.BlackShare != evalShare(a.Score) {
		t.Errorf("bar %d for the score %+v", a.BlackShare, a.Score)
	}
	code, out := call(t, ts, "POST", "/api/games/"+id+"/analysis", `{"on":false}`)
	if code != 200 || out["analysis"].(map[string]any)["has"] != false {
		t.Errorf("analysis off: %d %v", code, out["analysis"])
	}
}

// TestGoAndStop: "go" makes the engine play for the side to move, and
// cuts a long think short.
func TestGoAndStop(t *testing.T) {
	_, ts := testServer(t, Options{})
	id, _ := newGame(t, ts, `{"human":"both"}`)
	call(t, ts, "POST", "/api/games/"+id+"/go", "")
	waitFor(t, ts, id, "the engine's move", func(s map[string]any) bool { return s["ply"].(float64) == 1 })
	id, _ = newGame(t, ts, `{"human":"white","movetime_ms":20000}`)
	if code, out := call(t, ts, "POST", "/api/games/"+id+"/move", `{"move":"11-15"}`); code != http.StatusConflict || out["code"] != "not_your_turn" {
		t.Errorf("move on the engine's turn: %d %v, want 409", code, out["error"])
	}
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	call(t, ts, "POST", "/api/games/"+id+"/go", "")
	waitFor(t, ts, id, "the engine's move", func(s map[string]any) bool { return s["ply"].(float64) == 1 })
	if time.Since(start) > 5*time.Second {
		t.Errorf("go took %v to cut the think short", time.Since(start))
	}
}

func TestStaticPage(t *testing.T) {
	_, ts := testServer(t, Options{})
	for _, path := range []string{"/", "/app.js", "/style.css"} {
		resp, err := ts.Client().Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(body) == 0 {
			t.Errorf("%s: %d, %d bytes", path, resp.StatusCode, len(body))
		}
	}
}

// TestBookMoves: with a book level the engine plays the shipped book's
// move at once (Best: always the main line's first move) even with a long
// think time; without one it searches.
func TestBookMoves(t *testing.T) {
	_, ts := testServer(t, Options{Book: book.Best})
	b, err := book.Default(movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	p := movegen.StartPosition(movegen.American)
	p.MakeMove(b.MainLine(p, 1)[0])
	began := time.Now()
	id, _ := newGame(t, ts, `{"human":"white","movetime_ms":5000}`)
	st := waitFor(t, ts, id, "the engine's book move", func(s map[string]any) bool { return s["your_turn"] == true })
	if st["fen"] != p.FEN() {
		t.Errorf("after the engine's first move %v, want the book's %s", st["fen"], p.FEN())
	}
	if d := time.Since(began); d > 2*time.Second {
		t.Errorf("the book move took %v", d)
	}
}
