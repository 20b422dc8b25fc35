package play

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/search"
)

// EGDBPool opens endgame databases and shares them among those it gives
// them to (the sessions of a match's engines, of the web board's games):
// every holder that names the same directory and cache size gets one
// database, with one block cache, however many they are. A database is
// held from Acquire to Release; the last holder to release it closes it,
// and Close closes whatever is still open. Whoever makes a pool closes it,
// once the sessions it gave databases to are closed. A pool is safe for
// concurrent use.
type EGDBPool struct {
	mu     sync.Mutex
	open   map[poolKey]*pooled
	closed bool
}

// poolKey is what makes two databases the same: the absolute directory
// and the cache size in MiB.
type poolKey struct {
	dir      string
	cacheMiB int
}

// pooled is an open database and how many hold it.
type pooled struct {
	db      *egdb.DB
	holders int
}

// errPoolClosed is Acquire's error after Close.
var errPoolClosed = errors.New("egdb: the pool of databases is closed")

// NewEGDBPool returns an empty pool.
func NewEGDBPool() *EGDBPool { return &EGDBPool{open: map[poolKey]*pooled{}} }

// Acquire returns the database in dir with a block cache of cacheMiB MiB
// (0: search.DefaultEGDBCacheMiB, as in search.Options; at least
// search.MinEGDBCacheMiB), opening it unless the pool holds it already,
// for the caller to hold until Release. A directory that does not open,
// or holds no slice file, is an error.
func (p *EGDBPool) Acquire(dir string, cacheMiB int) (*egdb.DB, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if cacheMiB == 0 {
		cacheMiB = search.DefaultEGDBCacheMiB
	}
	k := poolKey{abs, max(cacheMiB, search.MinEGDBCacheMiB)}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, errPoolClosed
	}
	if e := p.open[k]; e != nil {
		e.holders++
		return e.db, nil
	}
	db, err := egdb.Open(abs, k.cacheMiB)
	if err != nil {
		return nil, err
	}
	if len(db.Slices()) == 0 {
		db.Close()
		return nil, fmt.Errorf("egdb: %s holds no slice files", dir)
	}
	p.open[k] = &pooled{db: db, holders: 1}
	return db, nil
}

// Release lets go of a database Acquire gave; the last holder's release
// closes it. nil, or a database the pool does not hold, is ignored.
func (p *EGDBPool) Release(db *egdb.DB) {
	if db == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, e := range p.open {
		if e.db == db {
			if e.holders--; e.holders == 0 {
				db.Close()
				delete(p.open, k)
			}
			return
		}
	}
}

// Close closes every database the pool holds, whoever holds it, and
// refuses later Acquires.
func (p *EGDBPool) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, e := range p.open {
		e.db.Close()
		delete(p.open, k)
	}
	p.closed = true
}
