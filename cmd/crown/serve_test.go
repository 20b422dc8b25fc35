package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestServeFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		out  string // in stdout
		err  string // in stderr
	}{
		{"help", []string{"--help"}, exitOK, "usage: crown serve", ""},
		{"unknown flag", []string{"--port", "80"}, exitUsage, "", "unknown flag"},
		{"argument", []string{"now"}, exitUsage, "", "unexpected argument"},
		{"no games", []string{"--max-games", "0"}, exitUsage, "", "--max-games"},
		{"think too short", []string{"--max-think", "1ms"}, exitUsage, "", "--max-think"},
		{"bad duration", []string{"--idle", "soon"}, exitUsage, "", "invalid argument"},
		{"bad hash", []string{"--hash", "0"}, exitUsage, "", "--hash"},
		{"bad searches", []string{"--searches", "0"}, exitUsage, "", "--searches"},
		{"bad address", []string{"--addr", "127.0.0.1:99999"}, exitUsage, "", "crown serve:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := runServe(tt.args, &out, &errb)
			if code != tt.code || !strings.Contains(out.String(), tt.out) || !strings.Contains(errb.String(), tt.err) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, %q", code, out.String(), errb.String(), tt.code, tt.out, tt.err)
			}
			if tt.code == exitUsage && strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 {
				t.Errorf("want a one-line error, got %q", errb.String())
			}
		})
	}
}

// TestServeRuns starts the server on a free port, plays a move over the
// API, fetches the page, and stops it.
func TestServeRuns(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	old := serveStop
	serveStop = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	defer func() { serveStop = old }()

	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		code := runServe([]string{"--addr", "127.0.0.1:0", "--hash", "1"}, pw, io.Discard)
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
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Errorf("new game: %d", resp.StatusCode)
	}
	resp, err = client.Post(url+"api/games", "application/json", strings.NewReader(`{"human":`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("bad JSON: %d, want 400", resp.StatusCode)
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
