package search

import "github.com/crown-checkers/crown/movegen"

// Move ordering bands: each kind sorts above the next whatever the history.
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 24
	orderKiller0 = 1 << 22
	orderKiller1 = 1 << 21
	orderCounter = 1 << 20
	// Captures sort by what they take: each piece taken adds
	// orderPerPiece, and each king among them orderPerKing more.
	orderPerPiece = 64
	orderPerKing  = 16
)

// counterOf returns the slot holding the quiet move that last refuted the
// move before f (the one that led to f's position), or nil at the root.
func (w *worker) counterOf(f *frame, ply int) *movegen.Move {
	if ply == 0 {
		return nil
	}
	prev := w.stack[ply-1].move
	return &w.counter[f.pos.Turn][prev.From][prev.To]
}

// contRow is the continuation history after one opponent move, by the
// quiet reply's from and to squares.
type contRow = [movegen.NumSquares][movegen.NumSquares]int16

// contOf returns the continuation history of the quiet moves at f, after
// the opponent's move that led to it, or nil at the root or when
// Params.ContHistory is off.
func (w *worker) contOf(f *frame, ply int) *contRow {
	if ply == 0 || w.s.p.ContHistory == 0 {
		return nil
	}
	return &w.cont[f.pos.Turn][w.stack[ply-1].move.To]
}

// scoreMoves gives each move of f an ordering key.
func (w *worker) scoreMoves(f *frame, tte *ttData, hit, capture bool, counter *movegen.Move, cont *contRow) {
	turn := f.pos.Turn
	contWeight := int32(w.s.p.ContHistory)
	for i := 0; i < f.moves.N; i++ {
		m := f.moves.Moves[i]
		var o int32
		switch {
		case hit && tte.matches(m):
			o = orderTT
		case capture:
			o = orderCapture + int32(m.Captured.Count())*orderPerPiece + int32((m.Captured&f.pos.Kings).Count())*orderPerKing
		case m.Same(f.killers[0]):
			o = orderKiller0
		case m.Same(f.killers[1]):
			o = orderKiller1
		case counter != nil && m.Same(*counter):
			o = orderCounter
		default:
			o = w.history[turn][m.From][m.To]
			if cont != nil {
				o += int32(cont[m.From][m.To]) * contWeight / 100
			}
		}
		f.order[i] = o
	}
}

// pick moves the best-ordered of moves i..n-1 to place i and returns it.
func (w *worker) pick(f *frame, i, n int) movegen.Move {
	b := i
	for j := i + 1; j < n; j++ {
		if f.order[j] > f.order[b] {
			b = j
		}
	}
	f.moves.Moves[i], f.moves.Moves[b] = f.moves.Moves[b], f.moves.Moves[i]
	f.order[i], f.order[b] = f.order[b], f.order[i]
	return f.moves.Moves[i]
}

// rewardQuiet updates killers and history after quiet move m, the i-th
// tried, caused a cutoff; the quiet moves tried before it are penalised.
func (w *worker) rewardQuiet(f *frame, m movegen.Move, i, depth int, counter *movegen.Move, cont *contRow) {
	if !m.Same(f.killers[0]) {
		f.killers[1] = f.killers[0]
		f.killers[0] = m
	}
	if counter != nil {
		*counter = m
	}
	turn := f.pos.Turn
	bonus := int32(min(depth*depth, historyMax/4))
	reward(&w.history[turn][m.From][m.To], bonus)
	if cont != nil {
		reward(&cont[m.From][m.To], bonus)
	}
	for j := 0; j < i; j++ {
		o := f.moves.Moves[j]
		penalise(&w.history[turn][o.From][o.To], bonus)
		if cont != nil {
			penalise(&cont[o.From][o.To], bonus)
		}
	}
}

// reward and penalise move a history score by bonus towards historyMax
// or -historyMax, by less the nearer it is (gravity), so it stays within
// them and old successes fade.
func reward[T int16 | int32](h *T, bonus int32) { *h += T(bonus - int32(*h)*bonus/historyMax) }

// penalise is reward's opposite.
func penalise[T int16 | int32](h *T, bonus int32) { *h -= T(bonus + int32(*h)*bonus/historyMax) }
