package movegen

import "slices"

// PathStatus says what a path of squares names in a position (ResolvePath).
type PathStatus uint8

// What a path can name.
const (
	// PathIllegal: the path names no legal move and begins none (or it
	// has fewer than two squares).
	PathIllegal PathStatus = iota
	// PathMove: the path names exactly one legal move, PathResult.Move.
	PathMove
	// PathAmbiguous: the path fits several different legal moves, which
	// share from and to but capture different pieces; PathResult.Candidates
	// holds one route of each.
	PathAmbiguous
	// PathUnfinished: no legal move stops where the path ends, but some
	// captures pass through its squares and go on; PathResult.Candidates
	// holds every such route.
	PathUnfinished
)

// PathResult is what ResolvePath found. Candidates is nil unless Status is
// PathAmbiguous or PathUnfinished, so resolving a legal move allocates
// nothing.
type PathResult struct {
	Status PathStatus
	// Move is the move named when Status is PathMove, as GenerateMoves
	// lists it (with that list's landing path, whichever route the path
	// followed).
	Move Move
	// Candidates are the routes the path could mean (see PathStatus), in
	// generation order.
	Candidates []Move
}

// ResolvePath finds the legal move of p that path names: the start square,
// then some or all of its landing squares in order, ending with the square
// where the move stops (the PDN reading of "15x24" and "15x24x31"). Any
// route to a move's result may be named. A path that lists every landing
// of a route names that route's move, even when a longer route also passes
// through those squares in order (a ring that comes back and repeats the
// short route's jump). Where a flying king captures twice along one
// diagonal, any square between the two captured pieces may be named as the
// landing between them: from each of them the capture goes on the same
// way, so the generator lists the route through the first of them only.
func (p *Position) ResolvePath(path []Square) PathResult {
	if len(path) < 2 {
		return PathResult{}
	}
	from, to, via := path[0], path[len(path)-1], path[1:]
	var routes, picked MoveList
	p.GeneratePaths(&routes)
	all := routes.Slice()
	exact := false
	for i := range all {
		m := &all[i]
		if m.From == from && m.Landings() == len(via) && m.fits(via) {
			exact = true
			break
		}
	}
	for _, m := range all {
		if m.From != from || m.To != to || exact && m.Landings() != len(via) || !m.fits(via) {
			continue
		}
		if !slices.ContainsFunc(picked.Slice(), m.Same) {
			picked.add(m)
		}
	}
	switch {
	case picked.N == 1:
		// The first route of a result is the one GenerateMoves keeps: both
		// lists come from the same search, which drops later routes only.
		i := slices.IndexFunc(all, picked.Moves[0].Same)
		return PathResult{Status: PathMove, Move: all[i]}
	case picked.N > 1:
		return PathResult{Status: PathAmbiguous, Candidates: slices.Clone(picked.Slice())}
	}
	for _, m := range all {
		if m.From == from && m.To != to && m.fits(via) {
			picked.add(m)
		}
	}
	if picked.N == 0 {
		return PathResult{}
	}
	return PathResult{Status: PathUnfinished, Candidates: slices.Clone(picked.Slice())}
}

// fits reports whether the squares of via appear in order among m's
// landings, each equal to a landing or inside its window (landingWindow).
func (m *Move) fits(via []Square) bool {
	i := 0
	for k := 0; k < m.Landings() && i < len(via); k++ {
		if m.landingWindow(k).Has(via[i]) {
			i++
		}
	}
	return i == len(via)
}

// landingWindow returns the squares the piece may be said to land on for
// m's k-th landing: the landing itself, and when the next jump goes on in
// the same direction, every square between the piece captured before the
// landing and the one captured after it (only a flying king has more than
// one such square).
func (m *Move) landingWindow(k int) Bitboard {
	at := m.Landing(k)
	if k+1 >= m.Landings() {
		return at.Bit()
	}
	prev := m.From
	if k > 0 {
		prev = m.Landing(k - 1)
	}
	before, d := between(prev, at)
	after, e := between(at, m.Landing(k+1))
	if d != e || d == numDirs {
		return at.Bit()
	}
	window, _ := between((before & m.Captured).First(), (after & m.Captured).First())
	return window
}

// between returns the squares strictly between a and b and the direction
// from a to b, or an empty set and numDirs when they share no diagonal.
func between(a, b Square) (Bitboard, Direction) {
	for d := Direction(0); d < numDirs; d++ {
		if ray[d][a].Has(b) {
			return ray[d][a] &^ ray[d][b] &^ b.Bit(), d
		}
	}
	return 0, numDirs
}
