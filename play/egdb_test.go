package play

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/egdb/egdbtest"
)

// TestEGDBPool: one database for a directory and cache size however many
// hold it, closed by the last release (a new one then opens), another for
// another cache size; errors for a directory that does not open or is
// empty, and after Close.
func TestEGDBPool(t *testing.T) {
	dir := egdbtest.Dir(t, 3)
	pool := NewEGDBPool()
	a, err := pool.Acquire(dir, 4)
	if err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dir   string
		cache int
		same  bool
	}{{dir, 4, true}, {rel, 4, true}, {dir, 8, false}} {
		b, err := pool.Acquire(tc.dir, tc.cache)
		if err != nil || (b == a) != tc.same {
			t.Errorf("%s with %d MiB: %p, %v; the first %p, want the same %v", tc.dir, tc.cache, b, err, a, tc.same)
		}
		pool.Release(b)
	}
	pool.Release(a)
	if b, err := pool.Acquire(dir, 4); err != nil || b == a || a.CacheBytes() != 0 {
		t.Errorf("after the last release: %p, %v (the first %p, its cache %d bytes)", b, err, a, a.CacheBytes())
	}
	for _, bad := range []struct{ dir, want string }{
		{filepath.Join(dir, "missing"), "no such file"},
		{t.TempDir(), "holds no slice files"},
	} {
		if _, err := pool.Acquire(bad.dir, 4); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want an error saying %q", bad.dir, err, bad.want)
		}
	}
	pool.Close()
	if _, err := pool.Acquire(dir, 4); err == nil {
		t.Error("Acquire after Close: no error")
	}
}

// TestSharedEGDB: sessions of one pool that name a database share one
// copy, with one block cache, however many they are; each lets go of it
// when it is closed or set to another, and the last one closes it.
func TestSharedEGDB(t *testing.T) {
	dir := egdbtest.Dir(t, 3)
	pool := NewEGDBPool()
	defer pool.Close()
	cfg := Config{EGDBs: pool}
	cfg.Search.EGDBPath, cfg.Search.EGDBCacheMiB, cfg.Search.HashMiB = dir, 2, 1
	var sessions []*Session
	for range 8 {
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		sessions = append(sessions, s)
		if s.EGDB() == nil || s.EGDB() != sessions[0].EGDB() {
			t.Fatalf("session %d: database %p, the first's %p", len(sessions), s.EGDB(), sessions[0].EGDB())
		}
	}
	db := sessions[0].EGDB()
	if err := sessions[0].SetOption(Option("egdbpath"), "none"); err != nil || sessions[0].EGDB() != nil {
		t.Fatalf("egdbpath none: %v, %p", err, sessions[0].EGDB())
	}
	if err := sessions[1].SetOption(Option("egdbpath"), filepath.Join(dir, "missing")); err == nil || sessions[1].EGDB() != db {
		t.Errorf("a missing directory: %v, database %p, want %p kept", err, sessions[1].EGDB(), db)
	}
	for _, s := range sessions {
		s.Close()
	}
	if again, err := pool.Acquire(dir, 2); err != nil || again == db {
		t.Errorf("after every session closed: %p, %v; want a new copy, not %p", again, err, db)
	}
	other := NewEGDBPool()
	defer other.Close()
	if s, err := New(Config{Search: cfg.Search, EGDBs: other}); err != nil || s.EGDB() == nil {
		t.Errorf("a session of another pool: %v", err)
	} else {
		s.Close()
	}
	bad := cfg
	bad.Search.EGDBPath = filepath.Join(dir, "missing")
	if _, err := New(bad); err == nil {
		t.Error("New with a missing database: no error")
	}
}
