package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/crown-checkers/crown/internal/fault"
)

// The HTTP timeouts of Serve. There is no write timeout: the event stream
// that carries the engine's analysis stays open as long as the page.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	idleTimeout       = 2 * time.Minute
	// ShutdownGrace is how long requests get to finish once Serve's
	// context has ended.
	ShutdownGrace = 3 * time.Second
)

// Serve serves s, and its /debug/vars (DebugVars), on ln until ctx ends or
// the listener fails; then it ends the event streams, gives the other
// requests ShutdownGrace to finish, and closes s. It returns nil after a
// shutdown, else why serving stopped.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	mux := http.NewServeMux()
	mux.Handle("/", s)
	mux.HandleFunc("GET /debug/vars", s.DebugVars())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: readHeaderTimeout, ReadTimeout: readTimeout, IdleTimeout: idleTimeout}
	served := make(chan error, 1)
	go func() {
		var err error
		defer func() { served <- err }()
		defer fault.Recover(&err, "serving")
		err = srv.Serve(ln)
	}()
	var err error
	select {
	case err = <-served:
	case <-ctx.Done():
		s.Close() // ends the event streams, so shutdown need not wait for them
		grace, stop := context.WithTimeout(context.Background(), ShutdownGrace)
		defer stop()
		err = srv.Shutdown(grace)
	}
	s.Close()
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}
