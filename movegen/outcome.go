package movegen

import "fmt"

// PDN result strings.
const (
	ResultBlackWins = "1-0"
	ResultWhiteWins = "0-1"
	ResultDraw      = "1/2-1/2"
	ResultUnknown   = "*"
)

// Ending says why a game is over.
type Ending uint8

// The endings the rules define.
const (
	NotOver    Ending = iota
	NoMoves           // the side to move has no legal move: it has lost
	Repetition        // the same position with the same side to move a third time
	MoveCount         // Rules.DrawPlies plies with no man move and no capture
	ThreeKings        // three kings did not beat a lone king within Rules.ThreeKingsMoves
)

// String names the ending in words.
func (e Ending) String() string {
	return [...]string{"not over", "no legal move", "threefold repetition", "move-count rule", "three kings against one"}[e]
}

// Outcome is the state of a game under the rules.
type Outcome struct {
	Ending Ending
	Result string // a PDN result: ResultUnknown while the game goes on
	Detail string // a sentence saying what happened, empty while the game goes on
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Ending != NotOver }

// Adjudicate applies the rules to a game: hist holds every position from the
// start to the current one and moves[i] leads from hist[i] to hist[i+1]. A
// side with no legal move has lost, even on a ply that would also draw; then
// come threefold repetition, the move-count rule and the three-kings count.
func Adjudicate(hist []Position, moves []Move) Outcome {
	p := &hist[len(hist)-1]
	r := p.Rules()
	var ml MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 {
		res := ResultBlackWins
		if p.Turn == Black {
			res = ResultWhiteWins
		}
		return Outcome{NoMoves, res, p.NoMoveDetail()}
	}
	irrev, kingMoves := 0, 0
	for i, m := range moves {
		if !hist[i].IsReversible(m) {
			irrev = i + 1
		}
		if hist[i].ThreeKingsAgainstOne() && hist[i].Pieces[hist[i].Turn].Count() == 3 {
			kingMoves++
		}
		if !hist[i+1].ThreeKingsAgainstOne() {
			kingMoves = 0
		}
	}
	reps := 0
	for i := irrev; i < len(hist); i++ {
		q := &hist[i]
		if q.Pieces == p.Pieces && q.Kings == p.Kings && q.Turn == p.Turn {
			reps++
		}
	}
	quiet := len(hist) - 1 - irrev
	switch {
	case reps >= 3:
		return Outcome{Repetition, ResultDraw, "threefold repetition"}
	case quiet >= r.DrawPlies():
		return Outcome{MoveCount, ResultDraw, fmt.Sprintf("the %d-move rule: %d plies without a man move or a capture", r.DrawMoves, quiet)}
	case r.ThreeKingsMoves > 0 && kingMoves >= r.ThreeKingsMoves:
		return Outcome{ThreeKings, ResultDraw, fmt.Sprintf("three kings did not beat the lone king within %d moves", r.ThreeKingsMoves)}
	}
	return Outcome{Result: ResultUnknown}
}

// NoMoveDetail says why p's side to move, which has no legal move, has
// lost: it has no piece left, or its pieces are blocked. Adjudicate's
// Detail and the commands that refuse such a position say it the same way.
func (p *Position) NoMoveDetail() string {
	if p.Pieces[p.Turn] == 0 {
		return p.Turn.Title() + " has no pieces left"
	}
	return p.Turn.Title() + " has no legal move"
}

// ThreeKingsAgainstOne reports whether p is three kings against a lone
// king under a rule set with the three-kings count (Rules.ThreeKingsMoves
// positive, Pool): the ending that count applies to. It is false in
// American checkers, which has no such count.
func (p *Position) ThreeKingsAgainstOne() bool {
	if p.Rules().ThreeKingsMoves == 0 || p.Occupied()&^p.Kings != 0 {
		return false
	}
	b, w := p.Pieces[Black].Count(), p.Pieces[White].Count()
	return b == 3 && w == 1 || b == 1 && w == 3
}
