package protocol

import (
	"context"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// Bounds on getmove's limits.
const (
	// ceilingNum/ceilingDen times maxtime is the most one move may take:
	// the search treats maxtime as an average and may run past it, but a
	// GUI's user (and the 0.6 s for maxtime=0.5) expects about
	// that long, so the protocol stops the search there.
	ceilingNum, ceilingDen = 11, 10
)

// getmove parses the position and limits, then starts the search; its
// info lines and its move line come from the search goroutine.
func (s *session) getmove(args []string) {
	if len(args) == 0 {
		s.out.line("error getmove needs a FEN; try help")
		return
	}
	p, ok := s.parseFEN("getmove", args[0])
	if !ok {
		return
	}
	lim, err := search.ParseLimits(args[1:])
	if err != nil {
		s.out.printf("error getmove: %v", err)
		return
	}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 {
		s.out.line("move none result=loss")
		return
	}
	req := search.Request{Pos: p, Limits: lim, History: s.history(p)}
	req.Report = func(in search.Info) { s.out.line(formatInfo(in)) }
	unlimited := lim.Unlimited()
	fallback := ml.Moves[0]
	s.start("getmove", unlimited, func(ctx context.Context) string {
		if lim.MoveTime > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, lim.MoveTime*ceilingNum/ceilingDen)
			defer cancel()
		}
		return s.search(ctx, req, fallback)
	})
}

// history returns the positions before p in the game set by set gamehist,
// or nil when that game does not end in p.
func (s *session) history(p movegen.Position) []movegen.Position {
	if s.game == nil {
		return nil
	}
	last := s.game.Position()
	if last.Pieces != p.Pieces || last.Kings != p.Kings || last.Turn != p.Turn {
		s.stderr.printf("gamehist ignored: it ends in %s, getmove asks for %s", last.FEN(), p.FEN())
		return nil
	}
	return s.game.History()
}

// search runs one search and returns its move line. A search that panics
// (a bug) is reported on stderr and answered with a legal move, so a GUI
// in the middle of a game carries on.
func (s *session) search(ctx context.Context, req search.Request, fallback movegen.Move) (reply string) {
	defer func() {
		if r := recover(); r != nil {
			s.stderr.printf("search failed: %v\n%s", r, debug.Stack())
			reply = "move " + fallback.PathString() + " result=unknown"
		}
	}()
	res := s.engine.Search(ctx, req)
	if !res.HasMove || !req.Pos.IsLegal(res.Move) {
		s.stderr.printf("search returned no legal move for %s; playing %s", req.Pos.FEN(), fallback.PathString())
		return "move " + fallback.PathString() + " result=unknown"
	}
	return "move " + res.Move.PathString() + " result=" + res.Claim.String()
}

// formatInfo writes one finished iteration as an info line.
func formatInfo(in search.Info) string {
	var b strings.Builder
	secs := in.Time.Seconds()
	nps := uint64(0)
	if in.Time > 0 {
		nps = uint64(float64(in.Nodes) / secs)
	}
	fmt.Fprintf(&b, "info depth=%d seldepth=%d score=%s nodes=%d nps=%d time=%.3f pv=",
		in.Depth, in.SelDepth, formatScore(in.Score), in.Nodes, nps, secs)
	for i, m := range in.PV {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.PathString())
	}
	return b.String()
}

// formatScore writes a score: centi-men with a sign ("+35", "-120",
// "+0"), or a proven result counted in plies from the side to move's view
// ("win7": it wins in 7 plies; "loss4": it loses in 4).
func formatScore(v int) string {
	switch {
	case v >= search.WinThreshold:
		return "win" + strconv.Itoa(search.WinScore-v)
	case v <= -search.WinThreshold:
		return "loss" + strconv.Itoa(search.WinScore+v)
	}
	return fmt.Sprintf("%+d", v)
}
