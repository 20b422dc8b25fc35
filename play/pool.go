package play

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// Pool opens the files engines search with, endgame databases and weight
// files, and shares them among those it gives them to (the sessions of a
// match's engines, of the web board's games): every holder that names the
// same directory and cache size gets one database, with one block cache,
// and every one that names the same weight file one copy of its weights,
// however many they are. A database is held from Open to Release; the
// last holder to release it closes it, and Close closes whatever is still
// open. Weights, which are only read, stay loaded until Close. Whoever
// makes a pool closes it, once the sessions it gave files to are closed.
// A pool is safe for concurrent use.
type Pool struct {
	mu      sync.Mutex
	dbs     map[dbKey]*pooledDB
	weights map[string]*eval.WeightFile // by absolute path
	closed  bool
}

// dbKey is what makes two databases the same: the absolute directory and
// the cache size in MiB.
type dbKey struct {
	dir      string
	cacheMiB int
}

// pooledDB is an open database and how many hold it.
type pooledDB struct {
	db      *egdb.DB
	holders int
}

// errPoolClosed is Open's error after Close.
var errPoolClosed = errors.New("play: the pool of files is closed")

// NewPool returns an empty pool.
func NewPool() *Pool {
	return &Pool{dbs: map[dbKey]*pooledDB{}, weights: map[string]*eval.WeightFile{}}
}

// An OpenError is a file an option names that does not open. Its text is
// the file's error alone: the front end says which option it set.
type OpenError struct {
	Option *Option // egdbpath or evalfile
	Err    error
}

func (e *OpenError) Error() string { return e.Err.Error() }

// Unwrap returns the file's error.
func (e *OpenError) Unwrap() error { return e.Err }

// Open binds every option of o to its effect on the search: the numbers
// pass as they are, evalfile loads the weights (once for the pool) and
// egdbpath with egdbcache acquires the database, for the caller to hold
// until Release. Zero fields take the defaults. A file that does not open
// is an *OpenError, the weight file checked first.
func (p *Pool) Open(o Options) (search.Options, error) {
	o = o.withDefaults()
	so := search.Options{HashMiB: o.HashMiB, Threads: o.Threads, Disable: o.Disable, MultiPV: o.MultiPV, Params: o.Params}
	var err error
	if o.EvalFile != "" {
		if so.Eval, err = p.loadWeights(o.EvalFile); err != nil {
			op, _ := LookupOption("evalfile")
			return search.Options{}, &OpenError{op, err}
		}
	}
	if o.EGDBPath != "" {
		if so.EGDB, err = p.acquireEGDB(o.EGDBPath, o.EGDBCacheMiB); err != nil {
			op, _ := LookupOption("egdbpath")
			return search.Options{}, &OpenError{op, err}
		}
	}
	return so, nil
}

// Hold opens what o names and keeps it open until Close: a command checks
// the files its flags name at once, and the sessions that name them later
// share the copies open.
func (p *Pool) Hold(o Options) error {
	_, err := p.Open(o)
	return err
}

// Release lets go of what Open gave in so: the last holder's release of a
// database closes it. A database the pool does not hold is ignored.
func (p *Pool) Release(so search.Options) {
	if so.EGDB == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, e := range p.dbs {
		if e.db == so.EGDB {
			if e.holders--; e.holders == 0 {
				e.db.Close()
				delete(p.dbs, k)
			}
			return
		}
	}
}

// Close closes every database the pool holds, whoever holds it, lets go
// of the weights and refuses later Opens.
func (p *Pool) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, e := range p.dbs {
		e.db.Close()
		delete(p.dbs, k)
	}
	clear(p.weights)
	p.closed = true
}

// acquireEGDB returns the database in dir with a block cache of cacheMiB
// MiB (0: DefaultEGDBCacheMiB; at least MinEGDBCacheMiB), opening it
// unless the pool holds it already, for the caller to hold until Release.
// A directory that does not open, or holds no slice file, is an error.
func (p *Pool) acquireEGDB(dir string, cacheMiB int) (*egdb.DB, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if cacheMiB == 0 {
		cacheMiB = DefaultEGDBCacheMiB
	}
	k := dbKey{abs, max(cacheMiB, MinEGDBCacheMiB)}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, errPoolClosed
	}
	if e := p.dbs[k]; e != nil {
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
	p.dbs[k] = &pooledDB{db: db, holders: 1}
	return db, nil
}

// loadWeights returns the weights of the file at path, loading it unless
// the pool holds it already.
func (p *Pool) loadWeights(path string) (*eval.WeightFile, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, errPoolClosed
	}
	if f, ok := p.weights[abs]; ok {
		return f, nil
	}
	f, err := eval.LoadWeights(abs)
	if err != nil {
		return nil, err
	}
	p.weights[abs] = f
	return f, nil
}

// DescribeEGDB says what a database holds, for the protocol's "get egdb":
// each rule set's complete piece count, its slices and the pieces up to
// which it has distances to conversion (egdb.DB.DistancePieces), the
// cache size and the directory; None for nil.
func DescribeEGDB(db *egdb.DB) string {
	if db == nil {
		return None
	}
	var slices [movegen.NumVariants]int
	for _, s := range db.Slices() {
		slices[s.Variant]++
	}
	out := ""
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		out += fmt.Sprintf("%v=%dpieces/%dslices/%ddtc ", v, db.Pieces(v), slices[v], db.DistancePieces(v))
	}
	return fmt.Sprintf("%scache=%dMiB dir=%s", out, db.CacheMiB(), db.Dir())
}
