package protocol

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// maxPerftDepth bounds perft's depth: no perft this deep could end.
const maxPerftDepth = 64

// perft starts a perft job: "perft <depth> [<FEN>]", from the start
// position of the game type when no FEN is given.
func (s *session) perft(args []string) {
	if len(args) < 1 || len(args) > 2 {
		s.out.Line("error perft takes a depth and an optional FEN")
		return
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 1 || depth > maxPerftDepth {
		s.out.Printf("error perft: depth %s: want a whole number in 1..%d", play.Echo(args[0]), maxPerftDepth)
		return
	}
	p := movegen.StartPosition(s.play.Variant())
	if len(args) == 2 {
		var ok bool
		if p, ok = s.parseFEN("perft", args[1]); !ok {
			return
		}
	}
	threads := s.play.Options().Threads
	s.start("perft", false, nil, func(ctx context.Context) string {
		// Perft runs in the background like a search, so ping answers and
		// stop ends it through the stop flag.
		var stop atomic.Bool
		halt := context.AfterFunc(ctx, func() { stop.Store(true) })
		defer halt()
		start := time.Now()
		res, err := movegen.PerftRun(p, depth, movegen.PerftOptions{Threads: threads, Stop: &stop})
		secs := time.Since(start).Seconds()
		switch {
		case err != nil:
			return fmt.Sprintf("error perft: %v", err)
		case res.Stopped:
			return fmt.Sprintf("perft depth=%d nodes=%d time=%.3f stopped", depth, res.Nodes, secs)
		}
		return fmt.Sprintf("perft depth=%d nodes=%d time=%.3f", depth, res.Nodes, secs)
	})
}
