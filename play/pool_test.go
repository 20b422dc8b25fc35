package play

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/search"
)

// TestPool: one database for a directory and cache size however many
// hold it, closed by the last release (a new one then opens), another for
// another cache size; errors for a directory that does not open or is
// empty, and after Close.
func TestPool(t *testing.T) {
	dir := egdbtest.Dir(t, 3)
	pool := NewPool()
	a, err := pool.acquireEGDB(dir, 4)
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
		b, err := pool.acquireEGDB(tc.dir, tc.cache)
		if err != nil || (b == a) != tc.same {
			t.Errorf("%s with %d MiB: %p, %v; the first %p, want the same %v", tc.dir, tc.cache, b, err, a, tc.same)
		}
		pool.Release(search.Options{EGDB: b})
	}
	pool.Release(search.Options{EGDB: a})
	if b, err := pool.acquireEGDB(dir, 4); err != nil || b == a || a.CacheBytes() != 0 {
		t.Errorf("after the last release: %p, %v (the first %p, its cache %d bytes)", b, err, a, a.CacheBytes())
	}
	for _, bad := range []struct{ dir, want string }{
		{filepath.Join(dir, "missing"), "no such file"},
		{t.TempDir(), "holds no slice files"},
	} {
		if _, err := pool.acquireEGDB(bad.dir, 4); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want an error saying %q", bad.dir, err, bad.want)
		}
	}
	pool.Close()
	if _, err := pool.acquireEGDB(dir, 4); err == nil {
		t.Error("Acquire after Close: no error")
	}
}

// TestSharedEGDB: sessions of one pool that name a database share one
// copy, with one block cache, however many they are; each lets go of it
// when it is closed or set to another, and the last one closes it.
func TestSharedEGDB(t *testing.T) {
	dir := egdbtest.Dir(t, 3)
	pool := NewPool()
	defer pool.Close()
	cfg := Config{Pool: pool}
	cfg.Options.EGDBPath, cfg.Options.EGDBCacheMiB, cfg.Options.HashMiB = dir, 2, 1
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
	if err := sessions[0].SetOption(OptionByKey("egdbpath"), "none"); err != nil || sessions[0].EGDB() != nil {
		t.Fatalf("egdbpath none: %v, %p", err, sessions[0].EGDB())
	}
	if err := sessions[1].SetOption(OptionByKey("egdbpath"), filepath.Join(dir, "missing")); err == nil || sessions[1].EGDB() != db {
		t.Errorf("a missing directory: %v, database %p, want %p kept", err, sessions[1].EGDB(), db)
	}
	for _, s := range sessions {
		s.Close()
	}
	if again, err := pool.acquireEGDB(dir, 2); err != nil || again == db {
		t.Errorf("after every session closed: %p, %v; want a new copy, not %p", again, err, db)
	}
	other := NewPool()
	defer other.Close()
	if s, err := New(Config{Options: cfg.Options, Pool: other}); err != nil || s.EGDB() == nil {
		t.Errorf("a session of another pool: %v", err)
	} else {
		s.Close()
	}
	bad := cfg
	bad.Options.EGDBPath = filepath.Join(dir, "missing")
	if _, err := New(bad); err == nil {
		t.Error("New with a missing database: no error")
	}
}
