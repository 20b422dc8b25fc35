package hub

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// doneWord begins the done line; alone, it is the answer of a go with no
// move to give (no position, or none legal), so that every go has one.
const doneWord = "done"

// setLevel reads level: its arguments replace the limits in force, which
// every later go searches with until the next level. depth=N, nodes=N,
// move-time=S (the average seconds a move: Crown's maxtime), time=S with
// inc=S (a clock: the time left before this move's increment is added,
// as protocol.txt has it), moves=N with time=S (N moves in S seconds),
// infinite (until stop); several at once end the search at the first
// reached. Arguments Hub has and Crown does not read are ignored; on
// error the limits in force stay.
func (s *session) setLevel(c command) {
	lim, err := readLevel(c)
	if err != nil {
		s.out.Line(errorLine("level: %v", err))
		return
	}
	s.level = lim
}

// minClock is the time a clock of no time left (time plus inc at most
// zero: pydraughts sends time less inc) is given: the engine answers
// at once rather than not at all.
const minClock = "0.001"

// readLevel turns level's arguments into play.ParseLimits' words and
// reads those, so that Crown's ranges and errors apply.
func readLevel(c command) (search.Limits, error) {
	vals := map[string]string{}
	for _, a := range c.args {
		switch a.name {
		case "depth", "nodes", "move-time", "time", "inc", "moves":
			if a.flag || a.value == "" {
				return search.Limits{}, fmt.Errorf("%s needs a value: %s=<number>", a.name, a.name)
			}
			vals[a.name] = a.value
		case "infinite":
			vals[a.name] = ""
		}
	}
	var words []string
	for _, k := range []string{"depth", "nodes"} {
		if v, ok := vals[k]; ok {
			words = append(words, k+"="+v)
		}
	}
	if _, ok := vals["infinite"]; ok {
		words = append(words, "infinite")
	}
	clock, err := clockWords(vals)
	if err != nil {
		return search.Limits{}, err
	}
	return play.ParseLimits(append(words, clock...))
}

// clockWords writes level's time arguments as limit words: move-time=S
// as maxtime=S; time=T inc=I as remaining=T+I increment=I (Crown's
// remaining holds this move's increment); moves=N time=T (inc=I) as a
// move time of T/N+I with remaining=T+I, so that the N moves fit in the
// clock.
func clockWords(vals map[string]string) ([]string, error) {
	seconds := func(k string) (float64, bool, error) {
		v, ok := vals[k]
		if !ok {
			return 0, false, nil
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f != f {
			return 0, true, fmt.Errorf("%s=%s: want seconds", k, play.Echo(v))
		}
		return f, true, nil
	}
	var words []string
	if v, ok := vals["move-time"]; ok {
		words = append(words, "maxtime="+v)
	}
	t, hasTime, err := seconds("time")
	if err != nil {
		return nil, err
	}
	inc, hasInc, err := seconds("inc")
	if err != nil {
		return nil, err
	}
	movesText, hasMoves := vals["moves"]
	switch {
	case !hasTime && (hasInc || hasMoves):
		return nil, fmt.Errorf("inc= and moves= need time=")
	case !hasTime:
		return words, nil
	case hasInc && inc < 0:
		return nil, fmt.Errorf("inc=%s: want seconds, at least 0", vals["inc"])
	}
	remaining := secondsText(t + inc)
	if t+inc <= 0 {
		remaining = minClock
	}
	words = append(words, "remaining="+remaining)
	if hasInc {
		words = append(words, "increment="+secondsText(inc))
	}
	if hasMoves {
		n, err := strconv.Atoi(movesText)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("moves=%s: want a whole number of moves, at least 1", play.Echo(movesText))
		}
		if _, ok := vals["move-time"]; ok {
			return nil, fmt.Errorf("moves= and move-time= both set the time of a move")
		}
		words = append(words, "maxtime="+secondsText(max(t, 0)/float64(n)+inc))
	}
	return words, nil
}

// secondsText writes seconds for play.ParseLimits.
func secondsText(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// goSearch reads go think|ponder|analyze and starts the search of the
// position in force under the level in force: think plays (the book may
// answer); ponder thinks on the opponent's time about the position after
// the reply it expects, its clock starting at ponder-hit; analyze studies
// the position (never the book). go with no mode thinks. Its info lines
// and its done line come from the search.
func (s *session) goSearch(c command) {
	if s.noPos != nil {
		s.out.Line(errorLine("go: no position: the last pos was refused (%v)", s.noPos))
		s.out.Line(doneWord)
		return
	}
	_, ponder := c.lookup("ponder")
	_, analyze := c.lookup("analyze")
	var hit chan struct{} // closed by ponder-hit
	if ponder && !analyze {
		hit = make(chan struct{})
	}
	req := play.Request{Request: search.Request{Pos: s.pos, Limits: s.level, PonderHit: hit}, Analysis: analyze}
	withDB, multi, v := s.play.EGDB() != nil, s.play.Options().MultiPV > 1, s.pos.Variant
	req.Report = func(in search.Info) {
		for _, l := range infoLines(in, v, withDB, multi) {
			s.out.Line(l)
		}
	}
	plan := s.play.Decide(req)
	if a, ok := plan.Now(); ok {
		s.out.Line(s.answer(a, v, nil))
		return
	}
	s.start(s.level.Unlimited(), hit, func(ctx context.Context) string {
		a, err := plan.Run(ctx)
		return s.answer(a, v, err)
	})
}

// answer writes what comes before a search's done line (an error, a book
// move's info line) and returns the done line.
func (s *session) answer(a play.Answer, v movegen.Variant, err error) string {
	if err != nil {
		s.out.Line(errorLine("go: %v", err))
	}
	switch a.Source {
	case play.NoMove:
		s.out.Line(errorLine("go: no legal move: the side to move has lost"))
		return doneWord
	case play.FromBook:
		s.out.Line("info " + pair("score", formatScore(a.Score)) + " " + pair("book", "true") + " " + pair("pv", formatMove(a.Move, v)))
	}
	return doneLine(a, v)
}

// doneLine writes a move's done line: done move=... and, when the line
// searched goes on, ponder= with the reply the engine expects.
func doneLine(a play.Answer, v movegen.Variant) string {
	line := doneWord + " " + pair("move", formatMove(a.Move, v))
	if len(a.PV) > 1 && a.PV[0].Same(a.Move) {
		line += " " + pair("ponder", formatMove(a.PV[1], v))
	}
	return line
}

// infoLines writes one finished iteration as info lines: one, or with
// multi-PV one a line, the best last (multipv=1), so that a client that
// keeps the last info line (pydraughts does) keeps the best.
func infoLines(in search.Info, v movegen.Variant, withDB, multi bool) []string {
	if !multi {
		return []string{infoLine(in, v, withDB, 0)}
	}
	out := make([]string, 0, len(in.Lines))
	for k := len(in.Lines) - 1; k >= 0; k-- {
		in.Score, in.PV = in.Lines[k].Score, in.Lines[k].PV
		out = append(out, infoLine(in, v, withDB, k+1))
	}
	return out
}

// infoLine writes one line of an iteration: depth, sel-depth, score,
// nodes, time in seconds, nps in millions of nodes a second (Scan's),
// the endgame database's hits when withDB, the line's rank when multipv
// is positive, and the pv.
func infoLine(in search.Info, v movegen.Variant, withDB bool, multipv int) string {
	secs := in.Time.Seconds()
	mnps := 0.0
	if secs > 0 {
		mnps = float64(in.Nodes) / secs / 1e6
	}
	f := []string{"info",
		pair("depth", strconv.Itoa(in.Depth)),
		pair("sel-depth", strconv.Itoa(in.SelDepth)),
		pair("score", formatScore(in.Score)),
		pair("nodes", strconv.FormatUint(in.Nodes, 10)),
		pair("time", strconv.FormatFloat(secs, 'f', 3, 64)),
		pair("nps", strconv.FormatFloat(mnps, 'f', 2, 64)),
	}
	if withDB {
		f = append(f, pair("egdb-hits", strconv.FormatUint(in.EGDBHits, 10)))
	}
	if multipv > 0 {
		f = append(f, pair("multipv", strconv.Itoa(multipv)))
	}
	if len(in.PV) > 0 {
		f = append(f, pair("pv", formatLine(in.PV, v)))
	}
	return strings.Join(f, " ")
}

// Hub's scores are in men, from the side to move's view, with two
// decimals (Scan's): a win in n plies is hubWin-n hundredths (99.93 wins
// in 7 plies; pydraughts reads a score over 90 men as a win in
// 10000-100*score plies), and a win the endgame database gives, with no
// distance, hubDBWin hundredths (Scan's bitbase wins).
const (
	hubWin   = 10000
	hubDBWin = 9000
)

// formatScore writes v, a search score, in Hub's men.
func formatScore(v int) string {
	kind, n := search.Classify(v)
	switch kind {
	case search.ScoreWin:
		v = hubWin - n
	case search.ScoreLoss:
		v = -(hubWin - n)
	case search.ScoreDBWin:
		v = hubDBWin
	case search.ScoreDBLoss:
		v = -hubDBWin
	}
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}
