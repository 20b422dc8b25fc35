package book

import "github.com/crown-checkers/crown/movegen"

// Exits returns the positions where play at level l leaves b: from each of
// roots every line of the level's candidate moves is followed until it
// reaches a position b holds no move for, an exit. They are the positions
// an engine playing b at level l starts to search from, so they make
// openings of the middle game as the book hands it over (crown selfplay
// and crown match read them as a file). Each exit is listed once, in the
// order a depth-first walk from the roots, in order and best move first,
// first reaches it; a root that is not in b (or every root, at Off) is an
// exit itself. With limit > 0 the walk stops at that many exits.
func (b *Book) Exits(roots []movegen.Position, l Level, limit int) []movegen.Position {
	seen := map[movegen.Position]bool{}
	var out []movegen.Position
	full := func() bool { return limit > 0 && len(out) >= limit }
	// The walk keeps its own stack: a book file's lines have no bound the
	// walk should trust with the goroutine's.
	stack := make([]movegen.Position, 0, 64)
	for _, r := range roots {
		stack = append(stack[:0], r)
		for len(stack) > 0 && !full() {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[p] {
				continue
			}
			seen[p] = true
			c := l.Candidates(b.Probe(p))
			if len(c) == 0 {
				out = append(out, p)
				continue
			}
			for i := len(c) - 1; i >= 0; i-- { // the best is popped first
				q := p
				q.MakeMove(c[i].Move)
				if !seen[q] {
					stack = append(stack, q)
				}
			}
		}
	}
	return out
}
