package search

import (
	"fmt"
	"path/filepath"
	"sync"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
)

// Endgame database scores. A database win scores DBWinScore plus a
// progress term of at most dbBand either way: below every forced win the
// search finds (WinThreshold and up), above every evaluation (which stays
// within a few thousand). A loss is the negation, a draw DrawScore. The
// values carry no distance to the end, so the progress term (the
// evaluation from the winner's view, which guides the hunt of kings
// endings, and a bonus for every piece off the board) is what makes a won
// ending move on; see convert below.
const (
	DBWinScore = 20000
	// DBWinThreshold: scores at or above it (or at or below its negation)
	// below WinThreshold are database wins (losses).
	DBWinThreshold = DBWinScore - dbBand
	// dbBand bounds the progress term: far more than any evaluation of a
	// database position, far below the gap to WinThreshold.
	dbBand = 2000
	// dbTradeBonus is the progress, in centi-men, of every piece off the
	// board: a won ending is simplified (trades that keep the win, which
	// the database checks, are taken), but not at the price of a man for
	// nothing, which the evaluation counts as 100.
	dbTradeBonus = 30
)

// dbProgress returns the progress term of p for its side to move, which
// wins: the evaluation plus the trade bonus, clamped to the band.
func dbProgress(p *movegen.Position) int {
	v := eval.Evaluate(p) + dbTradeBonus*(movegen.NumSquares-p.Occupied().Count())
	return min(max(v, -dbBand), dbBand)
}

// dbScore turns a database value of p, for its side to move, into a score.
func dbScore(v egdb.Value, p *movegen.Position) int {
	switch v {
	case egdb.Win:
		return DBWinScore + dbProgress(p)
	case egdb.Loss:
		q := p.Flip() // the winner to move: its view of the same position
		return -(DBWinScore + dbProgress(&q))
	}
	return DrawScore
}

// probeDB looks up the position at stack[ply], which has no capture
// pending and is not the root, in the database. ok is false when the
// database does not hold it. In convert mode (the root is a database win)
// a position won for the root's side is searched on (cont is true, with
// score as its leaf value); everything else returns the score at once.
func (w *worker) probeDB(p *movegen.Position, ply int) (score int, cont, ok bool) {
	s := w.s
	if p.Occupied().Count() > s.dbPieces {
		return 0, false, false
	}
	v := s.db.Probe(p)
	if v == egdb.Unknown {
		return 0, false, false
	}
	w.dbHits++
	score = dbScore(v, p)
	if s.convert {
		wonForRoot := v == egdb.Win && ply&1 == 0 || v == egdb.Loss && ply&1 == 1
		return score, wonForRoot, true
	}
	return score, false, true
}

// convertKey separates, in the transposition table, the entries of a
// search in convert mode (whose scores come from progress at the leaves)
// from those of searches that score database positions at once.
const convertKey = 0xD6E8FEB86659FD93

// The databases opened by engines, shared by every engine of the process
// that names the same directory and cache size (the web board's games, a
// match's two engines): opened once, never closed.
var (
	dbsMu sync.Mutex
	dbs   = map[dbKey]*egdb.DB{}
)

type dbKey struct {
	dir      string
	cacheMiB int
}

// OpenEGDB opens the endgame database in dir with a block cache of
// cacheMiB MiB, or returns the one already open with those settings. An
// empty dir is no database (nil). A directory without any slice is an
// error, like one that does not exist.
func OpenEGDB(dir string, cacheMiB int) (*egdb.DB, error) {
	if dir == "" {
		return nil, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	cacheMiB = max(cacheMiB, MinEGDBCacheMiB)
	dbsMu.Lock()
	defer dbsMu.Unlock()
	k := dbKey{abs, cacheMiB}
	if db, ok := dbs[k]; ok {
		return db, nil
	}
	db, err := egdb.Open(abs, cacheMiB)
	if err != nil {
		return nil, err
	}
	if len(db.Slices()) == 0 {
		db.Close()
		return nil, fmt.Errorf("egdb: %s holds no slice files", dir)
	}
	dbs[k] = db
	return db, nil
}

// DescribeEGDB says what a database holds, for "get egdb" and the
// CheckerBoard library: each rule set's complete piece count and its
// slices, the cache size and the directory. "none" for nil.
func DescribeEGDB(db *egdb.DB) string {
	if db == nil {
		return "none"
	}
	var slices [movegen.NumVariants]int
	for _, s := range db.Slices() {
		slices[s.Variant]++
	}
	out := ""
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		out += fmt.Sprintf("%v=%dpieces/%dslices ", v, db.Pieces(v), slices[v])
	}
	return fmt.Sprintf("%scache=%dMiB dir=%s", out, db.CacheMiB(), db.Dir())
}
