package egdb

import "github.com/crown-checkers/crown/movegen"

// probeCapture returns the value of p, which has a capture pending: the
// best of its captures' results, each probed in turn (a capture can leave
// the opponent a capture, which is resolved the same way; every step
// removes a piece, so the search is a few plies at most). Slice files hold
// a don't-care value for such positions, chosen to compress well (see
// docs/egdb.md). movegen.Unknown if a successor is not held.
func (db *DB) probeCapture(p *movegen.Position) movegen.Result {
	var ml movegen.MoveList
	_, v := bestMove(p, &ml, successors{db: db})
	return v
}
