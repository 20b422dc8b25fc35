package protocol

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// Perft in the protocol runs in the background like a search, so ping
// answers and stop ends it; movegen.Perft cannot be interrupted, hence this
// small counter of its own.
const (
	// maxPerftDepth bounds perft's depth: no perft this deep could end,
	// and the bound keeps the per-ply move lists small.
	maxPerftDepth = 64
	// perftCheckEvery is how many interior nodes pass between checks of
	// the stop signal: often enough to stop within a millisecond, rarely
	// enough to cost nothing.
	perftCheckEvery = 1 << 12
)

// perft starts a perft job: "perft <depth> [<FEN>]", from the start
// position of the game type when no FEN is given.
func (s *session) perft(args []string) {
	if len(args) < 1 || len(args) > 2 {
		s.out.line("error perft takes a depth and an optional FEN")
		return
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 1 || depth > maxPerftDepth {
		s.out.printf("error perft: depth %s: want a whole number in 1..%d", echo(args[0]), maxPerftDepth)
		return
	}
	p := movegen.StartPosition(s.variant)
	if len(args) == 2 {
		var ok bool
		if p, ok = s.parseFEN("perft", args[1]); !ok {
			return
		}
	}
	s.start("perft", false, func(ctx context.Context) string {
		start := time.Now()
		pc := &perftCounter{ctx: ctx, lists: make([]movegen.MoveList, depth)}
		n := pc.count(&p, depth, 0)
		secs := time.Since(start).Seconds()
		if pc.stopped {
			return fmt.Sprintf("perft depth=%d nodes=%d time=%.3f stopped", depth, n, secs)
		}
		return fmt.Sprintf("perft depth=%d nodes=%d time=%.3f", depth, n, secs)
	})
}

// perftCounter counts the leaves of the legal move tree, each distinct
// move once, until its context is cancelled.
type perftCounter struct {
	ctx     context.Context
	lists   []movegen.MoveList // one per ply
	visits  uint
	stopped bool
}

func (pc *perftCounter) count(p *movegen.Position, depth, ply int) uint64 {
	ml := &pc.lists[ply]
	if depth == 1 {
		return uint64(p.CountMoves(ml))
	}
	if pc.visits++; pc.visits%perftCheckEvery == 0 && pc.ctx.Err() != nil {
		pc.stopped = true
	}
	if pc.stopped {
		return 0
	}
	p.GenerateMoves(ml)
	var n uint64
	for i := 0; i < ml.N; i++ {
		c := *p
		c.MakeMove(ml.Moves[i])
		n += pc.count(&c, depth-1, ply+1)
	}
	return n
}
