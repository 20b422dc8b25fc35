package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestDebugVarsLoopback checks /debug/vars answers loopback clients only,
// with the server's counts.
func TestDebugVarsLoopback(t *testing.T) {
	board := New(Options{})
	defer board.Close()
	h := board.DebugVars()
	for addr, want := range map[string]int{"127.0.0.1:5000": http.StatusOK, "[::1]:5000": http.StatusOK,
		"192.0.2.1:5000": http.StatusNotFound, "[2001:db8::1]:5000": http.StatusNotFound, "nonsense": http.StatusNotFound} {
		r := httptest.NewRequest("GET", "/debug/vars?gc=1", nil)
		r.RemoteAddr = addr
		w := httptest.NewRecorder()
		h(w, r)
		if w.Code != want {
			t.Errorf("from %s: %d, want %d", addr, w.Code, want)
		}
		if want != http.StatusOK {
			continue
		}
		var v DebugVars
		if err := json.NewDecoder(w.Body).Decode(&v); err != nil || v.Goroutines < 1 || v.MemStats.HeapAlloc == 0 || v.Web.MaxGames != DefaultMaxGames {
			t.Errorf("from %s: %+v, %v", addr, v, err)
		}
	}
}
