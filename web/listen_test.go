package web

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"
)

// TestServe serves the board and its /debug/vars on a loopback port until
// the context ends; Serve then returns nil, and a closed listener is its
// error.
func TestServe(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- New(Options{}).Serve(ctx, ln) }()
	client := &http.Client{Timeout: 5 * time.Second}
	for _, path := range []string{"/", "/debug/vars"} {
		resp, err := client.Get("http://" + ln.Addr().String() + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d", path, resp.StatusCode)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("after the context ended: %v", err)
		}
	case <-time.After(ShutdownGrace + 5*time.Second):
		t.Fatal("Serve did not return")
	}
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()
	if err := New(Options{}).Serve(context.Background(), closed); err == nil {
		t.Error("a closed listener: no error")
	}
}
