package web

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"

	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/play"
)

// heapMiB returns the live heap after a collection, in MiB.
func heapMiB() float64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return float64(ms.HeapAlloc) / (1 << 20)
}

// TestFinishedGameReleasesEngine: once a game is over, its engine is let
// go of: the memory of its hash table comes back, and its hold on the
// shared endgame database ends (the last holder's release closes it, so
// the pool opens a new copy after it).
func TestFinishedGameReleasesEngine(t *testing.T) {
	const hashMiB = 64
	dir := egdbtest.Dir(t, 3)
	pool := play.NewPool()
	defer pool.Close()
	held, err := pool.Open(play.Options{EGDBPath: dir}) // as crown serve holds its --egdb
	if err != nil {
		t.Fatal(err)
	}
	pinned := held.EGDB
	opt := Options{Pool: pool}
	opt.Engine.HashMiB, opt.Engine.EGDBPath = hashMiB, dir
	srv, ts := testServer(t, opt)
	before := heapMiB()
	// White, the engine, takes Black's last man: the game is over after
	// its move, which it thinks about for the time given.
	id, _ := newGame(t, ts, `{"human":"black","movetime_ms":300,"fen":"W:W14:B10"}`)
	g := srv.lookup(id)
	var ps *play.Session
	for deadline := time.Now().Add(5 * time.Second); ps == nil; time.Sleep(time.Millisecond) {
		g.mu.Lock()
		ps = g.play
		g.mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatal("the game's engine was not made")
		}
	}
	if ps.EGDB() != pinned {
		t.Fatalf("the game's engine probes %p, not the pool's %p", ps.EGDB(), pinned)
	}
	during := heapMiB()
	engine := weak.Make(ps)
	ps = nil
	waitFor(t, ts, id, "the end of the game", func(s map[string]any) bool { return s["over"] == true })
	for deadline := time.Now().Add(5 * time.Second); engine.Value() != nil; time.Sleep(time.Millisecond) {
		runtime.GC()
		if time.Now().After(deadline) {
			t.Fatal("the finished game's engine is still reachable")
		}
	}
	after := heapMiB()
	t.Logf("heap %.1f MiB before the game, %.1f during, %.1f after", before, during, after)
	if during-after < hashMiB*3/4 {
		t.Errorf("the heap fell by %.1f MiB after the game, want its %d MiB table back", during-after, hashMiB)
	}
	pool.Release(held)
	again, err := pool.Open(play.Options{EGDBPath: dir})
	if err != nil || again.EGDB == pinned {
		t.Errorf("after the game: the pool gives %p, %v; the game still holds %p", again.EGDB, err, pinned)
	}
}

// TestSearchPanicLogged: a search that fails (a panic injected into a
// helper thread) is logged, and the engine still plays a legal move.
func TestSearchPanicLogged(t *testing.T) {
	log, err := os.Create(filepath.Join(t.TempDir(), "log")) // the server writes it, the test reads it back
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	opt := Options{Log: log}
	opt.Engine.Threads = 2
	_, ts := testServer(t, opt)
	undo := fault.Inject(fault.SearchHelper, func() { panic("injected") })
	defer undo()
	id, _ := newGame(t, ts, `{"human":"black","movetime_ms":50,"fen":"W:W21-32:B1-12"}`)
	st := waitFor(t, ts, id, "the engine's move", func(s map[string]any) bool { return s["ply"].(float64) == 1 })
	text, err := os.ReadFile(log.Name())
	if err != nil || st["your_turn"] != true || !strings.Contains(string(text), "panic: injected") {
		t.Errorf("your turn %v, log %q, %v", st["your_turn"], text, err)
	}
}
