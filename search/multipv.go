package search

import "github.com/crown-checkers/crown/movegen"

// Multi-PV. An iteration of a search of N lines searches the root N times
// at its depth: the first time with every root move, and each later time
// without the moves of the lines already found in this iteration, so that
// the k-th search finds the k-th best move. Each of these root searches
// goes through the aspiration loop, which returns a score only when it
// falls inside the window (or the window is the whole range), so every
// line's score is exact at the iteration's depth, never a bound. The
// lines are then sorted by score, and the iteration is finished with all
// of them: an iteration cut short reports none of its lines, and the
// deepest finished one stands. A search of one line (N = 1) takes none of
// these paths: it is the search as it was before multi-PV, node for node.

// rootLine is one line of the iteration a worker is searching.
type rootLine struct {
	score int
	prev  int            // the line's score in the worker's last iteration: its aspiration window's centre
	pv    []movegen.Move // pv[0] is the line's root move
}

// setupLines prepares the lines of a search: nLines from the shared state,
// a line's room for a principal variation, and the root's filter.
func (w *worker) setupLines() {
	w.nLines, w.excluded = w.s.multiPV, 0
	w.rootFilter = w.s.rootMoves != nil
	if w.nLines <= 1 {
		return
	}
	if len(w.lines) < w.nLines {
		w.lines = append(w.lines, make([]rootLine, w.nLines-len(w.lines))...)
	}
	for i := range w.lines[:w.nLines] {
		l := &w.lines[i]
		l.score, l.prev = 0, 0
		if l.pv == nil {
			l.pv = make([]movegen.Move, 0, maxPly+1)
		}
	}
}

// searchLines searches the nLines lines of the iteration of depth d, each
// without the root moves of those before it, and sorts them best first.
// It returns the best line's score; when the search stops or the worker
// gives the iteration up, the lines are unfinished.
func (w *worker) searchLines(d int) int {
	defer func() {
		w.excluded = 0
		w.rootFilter = w.s.rootMoves != nil
	}()
	for k := 0; k < w.nLines; k++ {
		w.excluded = k
		w.rootFilter = k > 0 || w.s.rootMoves != nil
		score := w.aspiration(d, w.lines[k].prev)
		if w.stopped() {
			return score
		}
		l := &w.lines[k]
		l.score = score
		l.pv = append(l.pv[:0], w.pv[0][:w.pvLen[0]]...)
	}
	lines := w.lines[:w.nLines]
	for i := 1; i < len(lines); i++ { // insertion sort, stable: equal scores keep the order found
		for j := i; j > 0 && lines[j].score > lines[j-1].score; j-- {
			lines[j], lines[j-1] = lines[j-1], lines[j]
		}
	}
	for i := range lines {
		lines[i].prev = lines[i].score
	}
	return lines[0].score
}

// finish records the worker's finished iteration of depth d, whose best
// score is score, in the shared state: its lines, or in a search of one
// line the principal variation.
func (w *worker) finish(d, score int) {
	if w.nLines > 1 {
		w.s.finish(d, w.seldepth, w.lines[:w.nLines])
		return
	}
	one := [1]rootLine{{score: score, pv: w.pv[0][:w.pvLen[0]]}}
	w.s.finish(d, w.seldepth, one[:])
}

// filterRoot removes from the root's move list f the moves the root's
// search skips: those of the lines already found in this iteration, and
// those the request does not name.
func (w *worker) filterRoot(f *frame) {
	n := 0
	for i := 0; i < f.moves.N; i++ {
		if m := f.moves.Moves[i]; w.rootAllowed(m) {
			f.moves.Moves[n] = m
			n++
		}
	}
	f.moves.N = n
}

// rootAllowed reports whether the root's search tries m.
func (w *worker) rootAllowed(m movegen.Move) bool {
	if only := w.s.rootMoves; only != nil && !containsMove(only, m) {
		return false
	}
	for i := range w.lines[:w.excluded] {
		if w.lines[i].pv[0].Same(m) {
			return false
		}
	}
	return true
}

// containsMove reports whether ms holds m (Same).
func containsMove(ms []movegen.Move, m movegen.Move) bool {
	for _, o := range ms {
		if o.Same(m) {
			return true
		}
	}
	return false
}

// rootMoves returns the legal moves ml (a root's) that the request names, nil for
// all of them: when it names none, or none that is legal.
func rootMoves(ml *movegen.MoveList, named []movegen.Move) []movegen.Move {
	if len(named) == 0 {
		return nil
	}
	var only []movegen.Move
	for _, m := range ml.Slice() {
		if containsMove(named, m) {
			only = append(only, m)
		}
	}
	return only
}
