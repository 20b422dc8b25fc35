package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/web"
)

// TestServeRuns starts the server on a free port, plays a move over the
// API, fetches the page, and stops it.
func TestServeRuns(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	old := untilInterrupted
	untilInterrupted = func(...os.Signal) (context.Context, context.CancelFunc) { return ctx, cancel }
	defer func() { untilInterrupted = old }()

	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		code := runServe([]string{"--addr", "127.0.0.1:0", "--hash", "1", "--variant", "russian"}, pw, io.Discard)
		pw.Close()
		done <- code
	}()
	lines := bufio.NewScanner(pr)
	if !lines.Scan() {
		t.Fatal("no output")
	}
	url, ok := strings.CutPrefix(lines.Text(), "crown serve: listening on ")
	if !ok {
		t.Fatalf("first line %q does not give the address", lines.Text())
	}
	go io.Copy(io.Discard, pr)

	client := &http.Client{Timeout: 5 * time.Second}
	resp, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "<html") {
		t.Errorf("page: %d %.80q", resp.StatusCode, page)
	}
	resp, err = client.Post(url+"api/games", "application/json", strings.NewReader(`{"human":"both"}`))
	if err != nil {
		t.Fatal(err)
	}
	var game struct{ Variant string }
	err = json.NewDecoder(resp.Body).Decode(&game)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || err != nil || game.Variant != "russian" {
		t.Errorf("new game: %d %q, %v: want 201 and --variant's game, russian", resp.StatusCode, game.Variant, err)
	}
	resp, err = client.Post(url+"api/games", "application/json", strings.NewReader(`{"human":`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("bad JSON: %d, want 400", resp.StatusCode)
	}

	resp, err = client.Get(url + "debug/vars")
	if err != nil {
		t.Fatal(err)
	}
	var vars web.DebugVars
	err = json.NewDecoder(resp.Body).Decode(&vars)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || vars.Goroutines < 2 || vars.MemStats.HeapAlloc == 0 ||
		vars.Web.Games != 1 || vars.Web.MaxGames != web.DefaultMaxGames {
		t.Errorf("debug/vars: %d %+v, %v: want goroutines, memory and one game kept", resp.StatusCode, vars, err)
	}

	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit %d after stop", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop")
	}
}
