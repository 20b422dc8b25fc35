package bench

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// Timing of the protocol exchanges. The CPU may be shared with other
// engines and builds, so the defaults are generous: a forfeit should mean a
// hung engine, not a slow machine.
const (
	// matchCommandTimeout bounds the reply to a setup command or a ping.
	matchCommandTimeout = 15 * time.Second
	// matchForfeitFactor and matchForfeitMargin set the time forfeit under
	// a move time: maxtime is an average the engine may exceed on a hard
	// move, as CheckerBoard engines do, so it gets several times that.
	matchForfeitFactor = 4
	matchForfeitMargin = 2 * time.Second
	// matchForfeitDefault is the forfeit when moves are bounded by depth or
	// nodes only.
	matchForfeitDefault = 2 * time.Minute
	// matchQuitGrace is how long an engine gets to quit before it is killed.
	matchQuitGrace = 2 * time.Second
)

// Adjudication defaults.
const (
	// MatchDefaultMaxPlies is the move cap: a game still going after this
	// many plies is drawn. CheckerBoard stops engine games at 300 moves; the
	// move-count rule ends nearly every long game well before.
	MatchDefaultMaxPlies = 300
)

// MatchEnd says how a game ended, for adjudication counts.
type MatchEnd string

// The ways a game ends. The first five are the rules of the game; the rest
// are the runner's verdict on an engine that failed, a loss for it.
const (
	EndNoMove      MatchEnd = "no legal move"
	EndRepetition  MatchEnd = "threefold repetition"
	EndMoveCount   MatchEnd = "move-count rule"
	EndThreeKings  MatchEnd = "three kings rule"
	EndMoveCap     MatchEnd = "move cap"
	EndDrawClaim   MatchEnd = "draw claim"
	EndIllegal     MatchEnd = "illegal move"
	EndBadReply    MatchEnd = "unparsable reply"
	EndEngineError MatchEnd = "engine error"
	EndCrash       MatchEnd = "crash"
	EndTimeForfeit MatchEnd = "time forfeit"
)

// MatchGame is one finished game.
type MatchGame struct {
	Round  int // 1-based game number in the match
	Ballot MatchBallot
	// Black and White are engine indexes (0 = engine1, 1 = engine2).
	Black, White int
	Start        movegen.Position
	Moves        []movegen.Move
	Result       string // "1-0" (Black won), "0-1" or "1/2-1/2"
	End          MatchEnd
	// Reason is End with what happened, "illegal move: self:depth=4
	// played ...", as written in the PDN Termination tag.
	Reason string
	// Fault is the engine (0 or 1) whose crash or hang ended the game and
	// that must be restarted, or -1.
	Fault int
}

// Points returns what engine e (0 or 1) scored: 1, 0.5 or 0.
func (g *MatchGame) Points(e int) float64 {
	black := 0.5
	switch g.Result {
	case "1-0":
		black = 1
	case "0-1":
		black = 0
	}
	if e == g.Black {
		return black
	}
	return 1 - black
}

// matchPlayer is one engine as a game sees it: started lazily, restarted
// after a crash or hang.
type matchPlayer struct {
	eng     *MatchEngine
	variant movegen.Variant
	conn    *matchConn
	started bool // it has started once: later start failures cost games, not the match
}

// ensure starts the engine if it is not running: the process, set
// gametype, the setup commands, and a ping to see them answered.
func (p *matchPlayer) ensure(ctx context.Context) error {
	if p.conn != nil {
		return nil
	}
	c, err := startMatchEngine(p.eng)
	if err != nil {
		return err
	}
	gt := p.variant.Rules().GameType
	c.writeLine("set gametype " + strconv.Itoa(gt))
	for _, s := range p.eng.Setup {
		c.writeLine(s)
	}
	errs, err := c.sync(ctx, matchCommandTimeout)
	if err == nil && len(errs) > 0 {
		err = fmt.Errorf("setup refused: %s", strings.Join(errs, "; "))
	}
	if err != nil {
		c.kill()
		return fmt.Errorf("engine %s: %w", p.eng.Name, err)
	}
	p.conn, p.started = c, true
	return nil
}

// discard kills the engine; the next ensure starts a fresh one.
func (p *matchPlayer) discard() {
	if p.conn != nil {
		p.conn.kill()
		p.conn = nil
	}
}

// close asks the engine to quit.
func (p *matchPlayer) close() {
	if p.conn != nil {
		p.conn.close(matchQuitGrace)
		p.conn = nil
	}
}

// newGame tells a running engine a game starts.
func (p *matchPlayer) newGame(ctx context.Context) error {
	p.conn.writeLine("new")
	_, err := p.conn.sync(ctx, matchCommandTimeout)
	return err
}

// matchReply is what an engine answered to getmove.
type matchReply struct {
	move  string // as sent
	claim string // the result= value, "" if absent
}

// getMove sends the game history and asks for a move. A non-nil error is
// the engine's failure: errMatchTimeout, errMatchEngineExited, a
// matchBadReply, or ctx's error.
func (p *matchPlayer) getMove(ctx context.Context, hist string, fen string, lim MatchLimits, timeout time.Duration) (matchReply, error) {
	c := p.conn
	c.writeLine("set gamehist " + hist)
	// The gamehist reply is read (and an error in it ignored: the engine
	// just plays without the history) before getmove, so a late error line
	// is never taken for the getmove answer.
	if _, err := c.sync(ctx, matchCommandTimeout); err != nil {
		return matchReply{}, err
	}
	c.writeLine("getmove " + fen + lim.args())
	deadline := time.After(timeout)
	for {
		line, err := c.readLine(ctx, deadline)
		if errors.Is(err, errMatchTimeout) {
			return matchReply{}, fmt.Errorf("no move within %v: %w", timeout, err)
		}
		if err != nil {
			return matchReply{}, err
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "move":
			if len(f) < 2 {
				return matchReply{}, matchBadReply{EndBadReply, line}
			}
			r := matchReply{move: f[1]}
			for _, a := range f[2:] {
				if v, ok := strings.CutPrefix(a, "result="); ok {
					r.claim = v
				}
			}
			return r, nil
		case "error":
			return matchReply{}, matchBadReply{EndEngineError, line}
		case "info":
		default:
			// Anything else is not an answer to getmove; keep waiting,
			// as a GUI ignores a stray line.
		}
	}
}

// matchBadReply is a reply that ends the game against the engine.
type matchBadReply struct {
	end  MatchEnd
	line string
}

func (e matchBadReply) Error() string { return fmt.Sprintf("%s: %q", e.end, e.line) }

// matchGameSpec is one game to play.
type matchGameSpec struct {
	round  int
	ballot MatchBallot
	start  movegen.Position
	black  int // engine index playing Black; the other plays White
}

// matchRules are the adjudication settings of a match.
type matchRules struct {
	limits   [2]MatchLimits
	timeout  [2]time.Duration
	maxPlies int
}

// playMatchGame plays one game between players[0] and players[1] and
// adjudicates it. It returns ctx's error, with no game, if ctx ends first.
func playMatchGame(ctx context.Context, spec matchGameSpec, players [2]*matchPlayer, rules matchRules) (*MatchGame, error) {
	g := &MatchGame{Round: spec.round, Ballot: spec.ballot, Black: spec.black, White: 1 - spec.black, Start: spec.start, Fault: -1}
	engineOf := func(c movegen.Color) int {
		if c == movegen.Black {
			return g.Black
		}
		return g.White
	}
	lose := func(c movegen.Color, end MatchEnd, reason string) {
		g.Result, g.End, g.Reason = "1-0", end, matchReason(end, reason)
		if c == movegen.Black {
			g.Result = "0-1"
		}
	}
	draw := func(end MatchEnd, reason string) {
		g.Result, g.End, g.Reason = "1/2-1/2", end, matchReason(end, reason)
	}
	// fail adjudicates an engine's failure as a loss for the side to move.
	fail := func(c movegen.Color, err error) (*MatchGame, error) {
		e := engineOf(c)
		name := players[e].eng.Name
		var bad matchBadReply
		switch {
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case errors.As(err, &bad):
			lose(c, bad.end, fmt.Sprintf("%s sent %q", name, bad.line))
		case errors.Is(err, errMatchTimeout):
			lose(c, EndTimeForfeit, fmt.Sprintf("%s: %v", name, err))
			g.Fault = e
		case errors.Is(err, errMatchEngineExited):
			lose(c, EndCrash, fmt.Sprintf("%s: %v", name, err))
			g.Fault = e
		default:
			lose(c, EndCrash, fmt.Sprintf("%s: %v", name, err))
			g.Fault = e
		}
		return g, nil
	}

	// Before the first move, an engine that fails to start or to answer
	// "new" loses the game whatever its colour.
	for e, p := range players {
		c := movegen.Black
		if e == g.White {
			c = movegen.White
		}
		if err := p.ensure(ctx); err != nil {
			if !p.started {
				return nil, err // never ran: the match is misconfigured
			}
			return fail(c, err)
		}
		if err := p.newGame(ctx); err != nil {
			return fail(c, err)
		}
	}

	pos := spec.start
	history := []movegen.Position{pos} // every position so far
	irrev := 0                         // index in history after the last irreversible move
	var ml movegen.MoveList
	var hist strings.Builder
	for {
		// The rules first (movegen.Adjudicate): a side with no move has
		// lost, even on the ply that would have drawn.
		switch o := movegen.Adjudicate(history, g.Moves); o.Ending {
		case movegen.NotOver:
		case movegen.NoMoves:
			lose(pos.Turn, EndNoMove, o.Detail)
			return g, nil
		case movegen.Repetition:
			draw(EndRepetition, "")
			return g, nil
		default:
			draw(matchEndOf(o.Ending), o.Detail)
			return g, nil
		}
		if len(g.Moves) >= rules.maxPlies {
			draw(EndMoveCap, fmt.Sprintf("%d plies", rules.maxPlies))
			return g, nil
		}

		e := engineOf(pos.Turn)
		name := players[e].eng.Name
		hist.Reset()
		hist.WriteString(history[irrev].FEN())
		for _, m := range g.Moves[irrev:] {
			hist.WriteString(" " + m.PathString())
		}
		reply, err := players[e].getMove(ctx, hist.String(), pos.FEN(), rules.limits[e], rules.timeout[e])
		if err != nil {
			return fail(pos.Turn, err)
		}
		if reply.move == "none" {
			pos.GenerateMoves(&ml)
			lose(pos.Turn, EndIllegal, fmt.Sprintf("%s answered no move, but %s has %d", name, matchSideName(pos.Turn), ml.N))
			return g, nil
		}
		if !matchMoveSyntax.MatchString(reply.move) {
			lose(pos.Turn, EndBadReply, fmt.Sprintf("%s sent move %q", name, reply.move))
			return g, nil
		}
		m, err := pos.ParseMove(reply.move)
		if err != nil {
			lose(pos.Turn, EndIllegal, fmt.Sprintf("%s played %v", name, err))
			return g, nil
		}

		reversible := pos.IsReversible(m)
		child := pos
		child.MakeMove(m)
		pos = child
		g.Moves = append(g.Moves, m)
		history = append(history, pos)
		if !reversible {
			irrev = len(history) - 1
		}
		if reply.claim == "draw" {
			draw(EndDrawClaim, fmt.Sprintf("by %s", name))
			return g, nil
		}
	}
}

// matchReason writes an ending with its detail: "illegal move: ...".
func matchReason(end MatchEnd, detail string) string {
	if detail == "" {
		return string(end)
	}
	return string(end) + ": " + detail
}

// matchMoveSyntax is the shape of a PDN move: squares joined by '-' or 'x'.
var matchMoveSyntax = regexp.MustCompile(`^[0-9]+([-xX][0-9]+)+$`)

// matchEnds names the rules' endings the runner's way.
var matchEnds = map[movegen.Ending]MatchEnd{
	movegen.NoMoves:    EndNoMove,
	movegen.Repetition: EndRepetition,
	movegen.MoveCount:  EndMoveCount,
	movegen.ThreeKings: EndThreeKings,
}

// matchEndOf names a rule's ending the runner's way.
func matchEndOf(e movegen.Ending) MatchEnd { return matchEnds[e] }

// matchSideName names a colour in reasons.
func matchSideName(c movegen.Color) string {
	if c == movegen.Black {
		return "Black"
	}
	return "White"
}
