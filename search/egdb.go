package search

import (
	"context"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
)

// Endgame database scores. A database win scores DBWinScore plus a
// progress term of at most dbBand either way, less the plies from the
// root: below every forced win the search finds (WinThreshold and up),
// above every evaluation (which stays within a few thousand). A loss is
// the negation, a draw DrawScore. The plies count as they do in a forced
// win's score (and the table stores these scores the same way): the
// winner enters a won database ending sooner rather than later, and the
// loser, when every move loses, puts it off as long as it can, keeping
// its pieces, rather than throwing them away (an opponent without the
// database may not find the win at all). The
// values carry no distance to the end, so the progress term is what makes
// a won ending move on (see probeDB's convert mode): the evaluation from
// the winner's view (material, men's advance, and for kings endings the
// hunt of the weak kings out of the double corners), a bonus for every
// piece the loser has lost and one for every row the winner's men have
// advanced (a king counts as a man beyond the last row), so that men
// are crowned rather than kept back while kings shuffle.
const (
	DBWinScore = 20000
	// DBWinThreshold: scores at or above it (or at or below its negation)
	// below WinThreshold are database wins (losses).
	DBWinThreshold = DBWinScore - dbBand - maxPly
	// dbBand bounds the progress term: far more than any evaluation of a
	// database position, far below the gap to WinThreshold.
	dbBand = 2000
	// dbCaptureBonus is the progress, in centi-men, of every piece the
	// loser has lost beyond what the evaluation counts: trades that keep
	// the win (the database checks) are taken, and captures come first.
	dbCaptureBonus = 50
	// dbAdvanceBonus is the progress of a row advanced by a winner's man;
	// a king counts as dbKingRows rows, one beyond the crowning row.
	dbAdvanceBonus = 10
	dbKingRows     = movegen.NumSquares/4 + 1
	// maxSidePieces is the most pieces a side has.
	maxSidePieces = 12
)

// dbProgress returns the progress term of p, by the weights ev, for its
// side to move, which wins, clamped to the band.
func dbProgress(ev *eval.WeightFile, p *movegen.Position) int {
	v := ev.Evaluate(p) + dbCaptureBonus*(maxSidePieces-p.Pieces[p.Turn^1].Count())
	rows := dbKingRows * (p.Pieces[p.Turn] & p.Kings).Count()
	for m := p.Men(p.Turn); m != 0; m &= m - 1 {
		r := m.First().Row() // Black's men move up the rows
		if p.Turn == movegen.White {
			r = movegen.NumSquares/4 - 1 - r
		}
		rows += r
	}
	v += dbAdvanceBonus * rows
	return min(max(v, -dbBand), dbBand)
}

// dbScore turns a database value of p, for its side to move at ply, into
// a score, its progress term by the weights ev.
func dbScore(ev *eval.WeightFile, v movegen.Result, p *movegen.Position, ply int) int {
	switch v {
	case movegen.Win:
		return DBWinScore + dbProgress(ev, p) - ply
	case movegen.Loss:
		q := p.Flip() // the winner to move: its view of the same position
		return -(DBWinScore + dbProgress(ev, &q) - ply)
	}
	return DrawScore
}

// probeDB looks up the position at stack[ply], which has no capture
// pending and is not the root, in the database. ok is false when the
// database does not hold it. In resist mode (see resistPieces) a position
// lost for the root's side is searched on (cont), with the evaluation less
// dbResistPenalty as its leaf score. In convert mode (the root is a
// database win) a position won for the root's side is searched on (cont is
// true, with score as its leaf value): the winner looks for progress
// within the rules' counts, which the search applies. Everything else
// returns the score at once: a mistake of the winner, a position lost for
// the opponent, or neither mode is on.
func (w *worker) probeDB(p *movegen.Position, ply int) (score int, cont, ok bool) {
	s := w.s
	if p.Occupied().Count() > s.dbPieces {
		return 0, false, false
	}
	v := s.db.Probe(p)
	if v == movegen.Unknown {
		return 0, false, false
	}
	w.dbHits++
	if s.resist && v != movegen.Draw && (v == movegen.Loss) == (ply&1 == 0) {
		// Lost for the root's side: searched on, scored by the evaluation
		// less the penalty (from the side to move's view).
		if ply&1 == 0 {
			return s.ev.Evaluate(p) - dbResistPenalty, true, true
		}
		return s.ev.Evaluate(p) + dbResistPenalty, true, true
	}
	score = dbScore(s.ev, v, p, ply)
	if s.convert {
		if ply&1 == 1 {
			v = v.Negate() // the root's side's view
		}
		return score, v == movegen.Win, true
	}
	return score, false, true
}

// dtcResult is the result of a search whose root is a database win the
// database has distances for (egdb.DTC): their move, played at once
// (unless the limits say to think until stopped or for an exact time),
// scored as a database win that is better the shorter the distance to
// conversion, plies.
func dtcResult(ctx context.Context, req *Request, tm timeManager, mv movegen.Move, plies int) Result {
	score := DBWinScore + dbBand - plies
	pv := []movegen.Move{mv}
	if req.Report != nil {
		req.Report(Info{Depth: 1, SelDepth: 1, Score: score, Nodes: 1, EGDBHits: 1, Time: tm.elapsed(), PV: pv, Lines: []Line{{Score: score, PV: pv}}})
	}
	tm.hold(ctx)
	return Result{Move: mv, HasMove: true, Score: score, Depth: 1, SelDepth: 1, Nodes: 1, EGDBHits: 1, Time: tm.elapsed(), PV: pv,
		DTC: true, Lines: []Line{{Score: score, PV: pv}}}
}

// Resist mode. Every line of a lost ending ends in a database loss, and
// database scores alone make a loser that sees no way out give its pieces
// away: whichever line it takes, a perfect winner wins. Against a real
// opponent (without the database, with a clock) a piece kept is a
// chance: a lost position is often drawn in play. So while the database
// is within reach of the root (resistPieces), a position lost for the
// root's side is not the end of a line: the search goes on through it and
// scores its leaves by the evaluation, less dbResistPenalty, as a search
// without a database would, while the database's draws and the root's
// side's wins keep their exact scores. The penalty makes a database draw
// better than a lost line that evaluates well; the root side's wins are
// untouched, so the engine still heads for them. Its scores depend on
// which side is at the root, so its table entries are kept apart
// (resistKey).
const (
	// resistPieces: resist mode is on while the root has at most this
	// many pieces more than the database holds; further from it a search
	// of a tenth of a second seldom reaches it, and the table is shared
	// with searches of other positions as before.
	resistPieces = 6
	// dbResistPenalty: five men, more than a lost position evaluates
	// above even.
	dbResistPenalty = 500
)

// resistKey separates, in the transposition table, the entries of a
// search in resist mode, by the side to move at its root.
var resistKey = [2]uint64{0x4F1BBCDCBFA53E0B, 0x2545F4914F6CDD1D}

// convertKey separates, in the transposition table, the entries of a
// search in convert mode (whose scores come from progress at the leaves)
// from those of searches that score database positions at once.
const convertKey = 0xD6E8FEB86659FD93
