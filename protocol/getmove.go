package protocol

import (
	"context"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// Bounds on getmove's limits.
const (
	// maxSeconds bounds maxtime, remaining and increment: above the
	// 8,600,000 s CheckerBoard sends for its infinite level, and far
	// below where a time.Duration overflows.
	maxSeconds = 1e7
	// maxDepth bounds depth=: the search's per-ply arrays hold
	// movegen.MaxPly plies, and quiescence needs room below the nominal
	// depth.
	maxDepth = movegen.MaxPly / 2
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
	lim, err := parseLimits(args[1:])
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
	unlimited := lim.Infinite || lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && lim.Remaining == 0
	fallback := ml.Moves[0]
	s.start("getmove", unlimited, func(ctx context.Context) string {
		return s.search(ctx, req, fallback)
	})
}

// history returns the positions before p in the game set by set gamehist,
// or nil when that game does not end in p.
func (s *session) history(p movegen.Position) []movegen.Position {
	if len(s.hist) == 0 {
		return nil
	}
	last := s.hist[len(s.hist)-1]
	if last.Pieces != p.Pieces || last.Kings != p.Kings || last.Turn != p.Turn {
		s.stderr.printf("gamehist ignored: it ends in %s, getmove asks for %s", last.FEN(), p.FEN())
		return nil
	}
	return append([]movegen.Position(nil), s.hist[:len(s.hist)-1]...)
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

// parseLimits reads getmove's options. No limit at all, or "infinite",
// searches until stop.
func parseLimits(args []string) (search.Limits, error) {
	var lim search.Limits
	seen := map[string]bool{}
	for _, a := range args {
		key, val, hasVal := strings.Cut(a, "=")
		key = strings.ToLower(key)
		switch key {
		case "exact", "infinite", "maxtime", "remaining", "increment", "depth", "nodes":
		default:
			return lim, fmt.Errorf("unknown option %s (want maxtime=, exact, remaining=, increment=, depth=, nodes= or infinite)", echo(a))
		}
		if seen[key] {
			return lim, fmt.Errorf("%s given twice", key)
		}
		seen[key] = true
		switch key {
		case "exact", "infinite":
			if hasVal {
				return lim, fmt.Errorf("%s takes no value", key)
			}
			lim.Exact = lim.Exact || key == "exact"
			lim.Infinite = lim.Infinite || key == "infinite"
			continue
		}
		if !hasVal || val == "" {
			return lim, fmt.Errorf("%s needs a value: %s=<number>", key, key)
		}
		var err error
		switch key {
		case "maxtime":
			lim.MoveTime, err = parseSeconds(key, val, false)
		case "remaining":
			lim.Remaining, err = parseSeconds(key, val, false)
		case "increment":
			lim.Increment, err = parseSeconds(key, val, true)
		case "depth":
			var n int
			n, err = strconv.Atoi(val)
			if err != nil || n < 1 || n > maxDepth {
				err = fmt.Errorf("depth=%s: want a whole number of plies in 1..%d", echo(val), maxDepth)
			}
			lim.Depth = n
		case "nodes":
			lim.Nodes, err = strconv.ParseUint(val, 10, 64)
			if err != nil || lim.Nodes == 0 {
				err = fmt.Errorf("nodes=%s: want a whole number of nodes, at least 1", echo(val))
			}
		}
		if err != nil {
			return lim, err
		}
	}
	switch {
	case lim.Exact && lim.MoveTime == 0:
		return lim, fmt.Errorf("exact needs maxtime=")
	case seen["increment"] && lim.Remaining == 0:
		return lim, fmt.Errorf("increment= needs remaining=")
	case lim.Infinite && (lim.MoveTime > 0 || lim.Remaining > 0 || lim.Depth > 0 || lim.Nodes > 0):
		return lim, fmt.Errorf("infinite takes no other limit")
	}
	return lim, nil
}

// parseSeconds reads a time in seconds (decimals allowed): more than zero,
// or zero too when zeroOK.
func parseSeconds(key, val string, zeroOK bool) (time.Duration, error) {
	f, err := strconv.ParseFloat(val, 64)
	lo := "more than 0"
	if zeroOK {
		lo = "at least 0"
	}
	if err != nil || !(f > 0 || zeroOK && f == 0) || !(f <= maxSeconds) {
		return 0, fmt.Errorf("%s=%s: want seconds, %s and at most %g", key, echo(val), lo, float64(maxSeconds))
	}
	return time.Duration(f * float64(time.Second)), nil
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
