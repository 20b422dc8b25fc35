package web

import (
	"encoding/json"
	"net"
	"net/http"
	"runtime"

	"github.com/crown-checkers/crown/internal/rusage"
)

// DebugVars is the answer of GET /debug/vars (Server.DebugVars), in the
// manner of expvar's: what watches the server over time (the web soak)
// needs.
type DebugVars struct {
	Goroutines int `json:"goroutines"`
	// PeakRSS is the most resident memory the process has held, in
	// bytes (0 where the system does not say).
	PeakRSS  int64         `json:"peak_rss"`
	MemStats DebugMemStats `json:"memstats"`
	Web      Stats         `json:"web"`
}

// DebugMemStats are the runtime's memory figures /debug/vars gives.
type DebugMemStats struct {
	HeapAlloc   uint64 `json:"HeapAlloc"`
	HeapSys     uint64 `json:"HeapSys"`
	HeapObjects uint64 `json:"HeapObjects"`
	Sys         uint64 `json:"Sys"`
	NumGC       uint32 `json:"NumGC"`
}

// DebugVars returns the handler of GET /debug/vars, which crown serve
// mounts beside the server: DebugVars as JSON to a loopback client, and
// 404 to any other (the figures say nothing a user needs, but a server
// left open to the network should not hand them out). With ?gc=1 it
// collects garbage first, so that the heap it reports is what is live (a
// leak shows there).
func (s *Server) DebugVars() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
			http.NotFound(w, r)
			return
		}
		if r.URL.Query().Get("gc") == "1" {
			runtime.GC() // the heap then reported is what is live
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		v := DebugVars{Goroutines: runtime.NumGoroutine(), Web: s.Stats(),
			MemStats: DebugMemStats{HeapAlloc: ms.HeapAlloc, HeapSys: ms.HeapSys, HeapObjects: ms.HeapObjects, Sys: ms.Sys, NumGC: ms.NumGC}}
		if ru, err := rusage.Self(); err == nil {
			v.PeakRSS = ru.Peak
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		if err := json.NewEncoder(w).Encode(v); err != nil {
			return // the client went away: nothing to tell it
		}
	}
}
