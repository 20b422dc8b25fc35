package web

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// TestGuard sends what another site's page can make a browser send, and
// what the board's own page sends: only the latter may change anything.
func TestGuard(t *testing.T) {
	_, ts := testServer(t, Options{AllowedHosts: []string{"board.lan"}})
	const newGame = `{"human":"both"}`
	for _, tc := range []struct {
		name, method, path, body string
		header                   map[string]string
		code                     int
		want                     string // in the error
	}{
		{"the page's own POST", "POST", "/api/games", newGame,
			map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}, 201, ""},
		{"a script's POST (no browser headers)", "POST", "/api/games", newGame,
			map[string]string{"Content-Type": "application/json"}, 201, ""},
		{"text/plain from another site", "POST", "/api/games", newGame,
			map[string]string{"Content-Type": "text/plain", "Sec-Fetch-Site": "cross-site"}, 403, "another site"},
		{"text/plain without browser headers", "POST", "/api/games", newGame,
			map[string]string{"Content-Type": "text/plain"}, 415, "must be JSON"},
		{"another origin", "POST", "/api/games", newGame,
			map[string]string{"Content-Type": "application/json", "Origin": "https://evil.example"}, 403, "another site"},
		{"a rebinding site's name, POST", "POST", "/api/games", newGame,
			map[string]string{"Content-Type": "application/json", "Host": "evil.example:8080"}, 421, "evil.example:8080"},
		{"a rebinding site's name, the page", "GET", "/", "", map[string]string{"Host": "evil.example"}, 421, "not this server's name"},
		{"localhost", "GET", "/api/nothing", "", map[string]string{"Host": "localhost:8080"}, 404, "no such API call"},
		{"an allowed name", "GET", "/api/nothing", "", map[string]string{"Host": "BOARD.lan:8080"}, 404, "no such API call"},
		{"an IPv6 address", "GET", "/api/nothing", "", map[string]string{"Host": "[::1]:8080"}, 404, "no such API call"},
	} {
		req, err := http.NewRequest(tc.method, ts.URL+tc.path, strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range tc.header {
			if k == "Host" {
				req.Host = v
			} else {
				req.Header.Set(k, v)
			}
		}
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body strings.Builder
		_, _ = io.Copy(&body, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code || !strings.Contains(body.String(), tc.want) {
			t.Errorf("%s: %d %s, want %d and %q", tc.name, resp.StatusCode, body.String(), tc.code, tc.want)
		}
	}
}

// TestExposed checks which addresses crown serve warns of.
func TestExposed(t *testing.T) {
	for _, tc := range []struct {
		ip   string
		want bool
	}{{"127.0.0.1", false}, {"::1", false}, {"0.0.0.0", true}, {"::", true}, {"192.168.1.5", true}} {
		if got := Exposed(&net.TCPAddr{IP: net.ParseIP(tc.ip), Port: 8080}); got != tc.want {
			t.Errorf("Exposed(%s) = %v", tc.ip, got)
		}
	}
}
