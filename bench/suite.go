// Package bench measures Crown: the fixed search suite behind `crown bench`,
// whose node count is the search's signature. Engine-against-engine
// matches are package match.
package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// Suite settings: fixed so the node count only changes when the search or
// the evaluation does.
const (
	// SuiteDepth is the nominal depth every position is searched to: deep
	// enough to exercise the whole search, short enough for a run of a few
	// seconds.
	SuiteDepth = 18
	// SuiteHashMiB is the transposition table size: fixed, since replacement
	// changes the node count.
	SuiteHashMiB = 16
)

// SuitePosition is one position of the bench suite.
type SuitePosition struct {
	Name    string // where it comes from
	Variant movegen.Variant
	FEN     string
}

// Suite is the bench positions: both rule sets, opening to endgame.
// Sources: ACF three-move ballots (shared/data/acf-3move-ballots.tsv, from
// CheckerBoard's table), eleven-man ballots (shared/data/11-man-ballots.pdn,
// CheckerBoard distribution, line numbers given), positions after the given
// ply of Marion Tinsley's games (shared/data/tinsley-games.pdn, game numbers
// counted from 1), and textbook endings.
var Suite = []SuitePosition{
	{"start", movegen.American, "B:W21-32:B1-12"},
	{"acf ballot 1", movegen.American, "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13"},
	{"acf ballot 30", movegen.American, "W:W20,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13"},
	{"acf ballot 60", movegen.American, "W:W17,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,13,14"},
	{"acf ballot 100", movegen.American, "W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,14,15"},
	{"acf ballot 140", movegen.American, "W:W17,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,16"},
	{"11-man ballot 1", movegen.American, "B:W19,23,22,21,27,26,25,32,31,30,29:B4,3,2,1,7,6,5,12,11,10,9"},
	{"11-man ballot 1200", movegen.American, "B:W19,23,22,21,28,27,26,32,31,30,29:B4,3,2,1,8,6,5,12,10,9,16"},
	{"11-man ballot 2400", movegen.American, "B:W18,24,23,28,27,26,25,32,31,30,29:B4,3,2,1,8,7,6,12,10,9,16"},
	{"tinsley game 38 ply 25", movegen.American, "W:W11,13,19,20,21,22,26,29,30,31:B1,2,3,4,5,6,10,18,24"},
	{"tinsley game 112 ply 25", movegen.American, "W:W13,19,21,23,24,25,27,30,32:B2,4,8,9,10,12,14,15,20"},
	{"tinsley game 186 ply 25", movegen.American, "W:W13,14,24,26,27,31,32:B1,2,3,4,5,18"},
	{"tinsley game 297 ply 25", movegen.American, "W:W21,22,23,26,28,30,31,32:B1,3,4,11,13,14,15,16,19"},
	{"tinsley game 556 ply 25", movegen.American, "W:W13,18,19,21,22,23,30,31,32:B2,5,6,7,9,10,11,12,15,27"},
	{"tinsley game 223 ply 51", movegen.American, "W:WK3,13,20,21,23,28:B6,7,10,14,15,K18"},
	{"tinsley game 445 ply 51", movegen.American, "W:WK15,18,20,21,22:B8,12,13,K23"},
	{"tinsley game 630 ply 71", movegen.American, "W:W16,21,K22,30:B13,20,K23,K29"},
	{"tinsley game 667 ply 71", movegen.American, "W:WK2,15,K19,30,32:B14,17,K22,23,27"},
	{"two kings against one", movegen.American, "W:WK1:BK14,K19"},
	{"three kings against two", movegen.American, "B:WK5,K28:BK14,K18,K23"},
	{"start", movegen.Pool, "B:W21-32:B1-12"},
	{"acf ballot 1", movegen.Pool, "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13"},
	{"acf ballot 100", movegen.Pool, "W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,14,15"},
	{"acf ballot 170", movegen.Pool, "W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,20"},
	{"11-man ballot 600", movegen.Pool, "B:W17,24,23,21,28,26,25,32,31,30,29:B4,3,2,1,7,6,5,12,11,10,14"},
	{"11-man ballot 1800", movegen.Pool, "B:W19,23,21,28,27,26,25,32,31,30,29:B4,3,2,1,8,7,6,12,11,10,13"},
	{"tinsley game 75 ply 25", movegen.Pool, "W:W13,22,23,24,25,27,28,32:B1,2,4,8,12,14,15,18"},
	{"tinsley game 408 ply 25", movegen.Pool, "W:W19,21,22,23,24,26,30,31:B2,5,7,9,10,12,13,14"},
	{"tinsley game 593 ply 51", movegen.Pool, "W:W13,K15,21,25,32:B5,12,16,20,K31"},
	{"tinsley game 297 ply 51", movegen.Pool, "W:WK2,13,24,27,28:B10,14,15,19,20"},
	{"three kings against one", movegen.Pool, "B:WK22:BK1,K2,K32"},
	{"king and men ending", movegen.Pool, "W:WK28,21,22:BK5,9,10"},
}

// Parse returns the position.
func (sp SuitePosition) Parse() (movegen.Position, error) {
	return movegen.ParseFEN(sp.FEN, sp.Variant)
}

// SuiteLine is the outcome of one suite position.
type SuiteLine struct {
	Index    int // 0-based position in Suite
	Position SuitePosition
	Result   search.Result
}

// SuiteTotal sums a suite run.
type SuiteTotal struct {
	Positions int
	Nodes     uint64
	Time      time.Duration
}

// NPS returns nodes per second.
func (t SuiteTotal) NPS() uint64 {
	if t.Time <= 0 {
		return 0
	}
	return uint64(float64(t.Nodes) / t.Time.Seconds())
}

// RunSuite searches every suite position to depth plies (SuiteDepth when
// depth is 0) on one thread with a SuiteHashMiB table cleared before each
// position, so the node count is the same on every run. report, if not nil,
// is called after each position. A cancelled ctx ends the run early with
// ctx's error.
func RunSuite(ctx context.Context, depth int, report func(SuiteLine)) (SuiteTotal, error) {
	if depth <= 0 {
		depth = SuiteDepth
	}
	var total SuiteTotal
	e := search.New(search.Options{HashMiB: SuiteHashMiB, Threads: 1})
	defer e.Close()
	for i, sp := range Suite {
		p, err := sp.Parse()
		if err != nil {
			return total, fmt.Errorf("bench position %d (%s): %w", i+1, sp.Name, err)
		}
		e.Clear()
		res, err := e.Search(ctx, search.Request{Pos: p, Limits: search.Limits{Depth: depth}})
		if err != nil {
			return total, fmt.Errorf("bench position %d (%s): %w", i+1, sp.Name, err)
		}
		if err := ctx.Err(); err != nil {
			return total, err
		}
		total.Positions++
		total.Nodes += res.Nodes
		total.Time += res.Time
		if report != nil {
			report(SuiteLine{Index: i, Position: sp, Result: res})
		}
	}
	return total, nil
}
