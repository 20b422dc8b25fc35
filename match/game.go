package match

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
)

// Timing of the protocol exchanges. The CPU may be shared with other
// engines and builds, so the defaults are generous: a forfeit should mean a
// hung engine, not a slow machine.
const (
	// commandTimeout bounds the reply to a setup command or a ping.
	commandTimeout = 15 * time.Second
	// forfeitFactor and forfeitMargin set the time forfeit under
	// a move time: maxtime is an average the engine may exceed on a hard
	// move, as CheckerBoard engines do, so it gets several times that.
	forfeitFactor = 4
	forfeitMargin = 2 * time.Second
	// forfeitDefault is the forfeit when moves are bounded by depth or
	// nodes only.
	forfeitDefault = 2 * time.Minute
	// quitGrace is how long an engine gets to quit before it is killed.
	quitGrace = 2 * time.Second
)

// Adjudication defaults.
const (
	// DefaultMaxPlies is the move cap: a game still going after this
	// many plies is drawn. CheckerBoard stops engine games at 300 moves; the
	// move-count rule ends nearly every long game well before.
	DefaultMaxPlies = 300
)

// End says how a game ended, for adjudication counts.
type End string

// The ways a game ends. The first five are the rules of the game; the rest
// are the runner's verdict on an engine that failed, a loss for it.
const (
	EndNoMove      End = "no legal move"
	EndRepetition  End = "threefold repetition"
	EndMoveCount   End = "move-count rule"
	EndThreeKings  End = "three kings rule"
	EndMoveCap     End = "move cap"
	EndDrawClaim   End = "draw claim"
	EndIllegal     End = "illegal move"
	EndBadReply    End = "unparsable reply"
	EndEngineError End = "engine error"
	EndCrash       End = "crash"
	EndTimeForfeit End = "time forfeit"
)

// Game is one finished game.
type Game struct {
	Round  int // 1-based game number in the match
	Ballot book.Ballot
	// Black and White are engine indexes (0 = engine1, 1 = engine2).
	Black, White int
	Start        movegen.Position
	Moves        []movegen.Move
	// Comments hold, per move, what the engine that played it said of it
	// (moveComment), written after the move in the PDN: Comments[i]
	// belongs to Moves[i]. A game read back by ResumeFile has none.
	Comments []string
	Result   string // "1-0" (Black won), "0-1" or "1/2-1/2"
	End      End
	// Reason is End with what happened, "illegal move: self:depth=4
	// played ...", as written in the PDN Termination tag.
	Reason string
	// Fault is the engine (0 or 1) whose crash or hang ended the game and
	// that must be restarted, or -1.
	Fault int
	// PonderHits and PonderMisses count, per engine, its ponder searches
	// whose expected reply was played (ponderhit) and those whose reply
	// was not (stop).
	PonderHits, PonderMisses [2]int
	// Stderr holds, per engine, what it wrote to its stderr during the
	// game (Crown's notes of a history ignored or a search that failed, a
	// crashing engine's last words), its last 64 KiB at most; always ""
	// for an engine in process.
	Stderr [2]string
}

// Points returns what engine e (0 or 1) scored: 1, 0.5 or 0.
func (g *Game) Points(e int) float64 {
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

// player is one engine as a game sees it: started lazily, restarted
// after a crash or hang.
type player struct {
	eng     *Engine
	variant movegen.Variant
	conn    *Conn
	started bool // it has started once: later start failures cost games, not the match
	// pondering: the engine runs a ponder search of the position after
	// expected, the reply it expects to its last move.
	pondering bool
	expected  movegen.Move
	// peak holds the most memory any process of the engine has held, in
	// bytes, shared by the players of every worker.
	peak *atomic.Int64
}

// ensure starts the engine if it is not running: the process, set
// gametype, the setup commands, and a ping to see them answered.
func (p *player) ensure(ctx context.Context) error {
	if p.conn != nil {
		return nil
	}
	c, err := StartEngine(p.eng)
	if err != nil {
		return err
	}
	gt := p.variant.Rules().GameType
	c.Send("set gametype " + strconv.Itoa(gt))
	for _, s := range p.eng.Setup {
		c.Send(s)
	}
	errs, err := c.Sync(ctx, commandTimeout)
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
func (p *player) discard() {
	if p.conn != nil {
		p.conn.kill()
		p.notePeak()
		p.conn = nil
	}
	p.pondering = false
}

// close asks the engine to quit.
func (p *player) close() {
	if p.conn != nil {
		p.conn.Close(quitGrace)
		p.notePeak()
		p.conn = nil
	}
}

// notePeak adds the peak memory of the engine's process, which has just
// been stopped, to the engine's peak.
func (p *player) notePeak() {
	if p.peak == nil {
		return
	}
	for peak := p.conn.peakMemory(); ; {
		old := p.peak.Load()
		if peak <= old || p.peak.CompareAndSwap(old, peak) {
			return
		}
	}
}

// newGame tells a running engine a game starts.
func (p *player) newGame(ctx context.Context) error {
	p.conn.Send("new")
	_, err := p.conn.Sync(ctx, commandTimeout)
	return err
}

// getMove sends the game history and asks for a move. A non-nil error is
// the engine's failure: errTimeout, errEngineExited, a badReply (an error
// line, or a move line protocol.ParseReply rejects), or ctx's error.
func (p *player) getMove(ctx context.Context, hist string, fen string, lim search.Limits, timeout time.Duration) (answer, error) {
	c := p.conn
	c.Send("set gamehist " + hist)
	// The gamehist reply is read (and an error in it ignored: the engine
	// just plays without the history) before getmove, so a late error line
	// is never taken for the getmove answer.
	if _, err := c.Sync(ctx, commandTimeout); err != nil {
		return answer{}, err
	}
	c.Send(strings.Join(append([]string{"getmove", fen}, play.LimitWords(lim)...), " "))
	return p.readMove(ctx, timeout)
}

// answer is an engine's move line with what the record says of the move.
type answer struct {
	protocol.MoveReply
	comment string // moveComment's
}

// readMove reads the engine's lines up to its move line, which it must
// send within timeout: the answer to a getmove, or to a ponderhit. Its
// comment is written from the last well-formed info line of the best
// line before it and the time from the call to the move line.
func (p *player) readMove(ctx context.Context, timeout time.Duration) (answer, error) {
	c := p.conn
	start := time.Now()
	deadline := time.After(timeout)
	var last *protocol.Info
	for {
		line, err := c.ReadLine(ctx, deadline)
		if errors.Is(err, errTimeout) {
			return answer{}, fmt.Errorf("no move within %v: %w", timeout, err)
		}
		if err != nil {
			return answer{}, err
		}
		r, err := protocol.ParseReply(line)
		switch r.Kind {
		case "move":
			if err != nil {
				return answer{}, badReply{EndBadReply, line}
			}
			return answer{r.Move, moveComment(r.Move, last, time.Since(start))}, nil
		case "error":
			return answer{}, badReply{EndEngineError, line}
		case "info":
			if err == nil && r.Info.MultiPV <= 1 {
				last = &r.Info
			}
		}
		// Anything else (info lines, even malformed ones, and stray or
		// blank lines) is not an answer to getmove; keep waiting, as a GUI
		// ignores a stray line.
	}
}

// moveComment writes what the record says of a move, as engine match
// records do: from its last info line the score, from the mover's view in
// men (docs/scores.md), a slash and the depth; then the seconds it took
// ("+0.35/14 0.52s", "win (database)/9 0.50s"); "book" and the seconds
// for a book move, and the seconds alone when the engine said nothing.
func moveComment(m protocol.MoveReply, in *protocol.Info, took time.Duration) string {
	secs := strconv.FormatFloat(took.Seconds(), 'f', 2, 64) + "s"
	switch {
	case m.Book:
		return "book " + secs
	case in == nil:
		return secs
	}
	return search.KindText(in.Score.Kind, in.Score.Value) + "/" + strconv.Itoa(in.Depth) + " " + secs
}

// ponder starts a ponder search after the engine's move that the game g
// ends with, its reply having named the reply it expects: the game after
// that reply, as set gamehist, then getmove ... ponder under lim. An
// expected reply that is not legal, or after which the game is over, is
// not pondered on. A non-nil error is the engine's failure to answer.
func (p *player) ponder(ctx context.Context, g *movegen.Game, expected string, lim search.Limits) error {
	if g.Outcome().Ending != movegen.NotOver {
		return nil
	}
	pos := g.Position()
	m, err := pos.ParseMove(expected)
	if err != nil {
		return nil
	}
	next := movegen.NewGame(g.Start)
	for _, played := range append(g.Moves[:len(g.Moves):len(g.Moves)], m) {
		if err := next.Play(played); err != nil {
			return err
		}
	}
	if next.Outcome().Ending != movegen.NotOver {
		return nil
	}
	c := p.conn
	c.Send("set gamehist " + HistoryText(next))
	if _, err := c.Sync(ctx, commandTimeout); err != nil {
		return err
	}
	fen := next.Position()
	c.Send(strings.Join(append(append([]string{"getmove", fen.FEN()}, play.LimitWords(lim)...), "ponder"), " "))
	p.pondering, p.expected = true, m
	return nil
}

// ponderHit tells the pondering engine its expected reply was played and
// reads its move, timed from now: the time it pondered is not its own.
func (p *player) ponderHit(ctx context.Context, timeout time.Duration) (answer, error) {
	p.pondering = false
	p.conn.Send("ponderhit")
	return p.readMove(ctx, timeout)
}

// stopPonder stops the engine's ponder search, its reply not having been
// played (or the game being over), and reads the move line it answers
// with, which is ignored.
func (p *player) stopPonder(ctx context.Context) error {
	p.pondering = false
	p.conn.Send("stop")
	deadline := time.After(commandTimeout)
	for {
		line, err := p.conn.ReadLine(ctx, deadline)
		if err != nil {
			return err
		}
		if r, _ := protocol.ParseReply(line); r.Kind == "move" {
			return nil
		}
	}
}

// HistoryText is the game g as set gamehist gives it: the position after
// its last irreversible move and the moves since, as CheckerBoard sends it
// before every getmove.
func HistoryText(g *movegen.Game) string {
	irrev := g.LastIrreversible()
	var hist strings.Builder
	start := g.Positions()[irrev]
	hist.WriteString(start.FEN())
	for _, m := range g.Moves[irrev:] {
		hist.WriteString(" " + start.Rules().PathText(m))
	}
	return hist.String()
}

// badReply is a reply that ends the game against the engine.
type badReply struct {
	end  End
	line string
}

func (e badReply) Error() string { return fmt.Sprintf("%s: %q", e.end, e.line) }

// gameSpec is one game to play.
type gameSpec struct {
	round  int
	ballot book.Ballot
	black  int // engine index playing Black; the other plays White
}

// rules are the adjudication settings of a match.
type rules struct {
	limits   [2]search.Limits
	timeout  [2]time.Duration
	maxPlies int
}

// playGame plays one game between players[0] and players[1] and
// adjudicates it. It returns ctx's error, with no game, if ctx ends first.
func playGame(ctx context.Context, spec gameSpec, players [2]*player, rl rules) (*Game, error) {
	gr := &gameRun{
		ctx:     ctx,
		g:       &Game{Round: spec.round, Ballot: spec.ballot, Black: spec.black, White: 1 - spec.black, Start: spec.ballot.Pos, Fault: -1},
		players: players,
		rl:      rl,
		line:    movegen.NewGame(spec.ballot.Pos),
	}
	defer gr.stopPonders()
	if err := gr.begin(); err != nil {
		return nil, err
	}
	if gr.over() {
		return gr.g, nil
	}
	// What each engine writes to its stderr from here on goes with the
	// game, however it ends.
	defer gr.keepStderr(gr.stderrMarks())
	for !gr.over() {
		if err := gr.ply(); err != nil {
			return nil, err
		}
	}
	return gr.g, nil
}

// gameRun is one game being played: its record, its engines and the game
// on the board.
type gameRun struct {
	ctx     context.Context
	g       *Game
	players [2]*player
	rl      rules
	line    *movegen.Game
}

// over reports whether the game has its result.
func (gr *gameRun) over() bool { return gr.g.Result != "" }

// engineOf returns the engine (0 or 1) playing colour c.
func (gr *gameRun) engineOf(c movegen.Colour) int {
	if c == movegen.Black {
		return gr.g.Black
	}
	return gr.g.White
}

// lose ends the game as a loss for colour c.
func (g *Game) lose(c movegen.Colour, end End, reason string) {
	g.Result, g.End, g.Reason = "1-0", end, reasonText(end, reason)
	if c == movegen.Black {
		g.Result = "0-1"
	}
}

// draw ends the game drawn.
func (g *Game) draw(end End, reason string) {
	g.Result, g.End, g.Reason = "1/2-1/2", end, reasonText(end, reason)
}

// fail adjudicates an engine's failure as a loss for colour c, the side
// to move, or returns ctx's error, adjudicating nothing, if ctx has ended.
func (gr *gameRun) fail(c movegen.Colour, err error) error {
	if gr.ctx.Err() != nil {
		return gr.ctx.Err()
	}
	e := gr.engineOf(c)
	name := gr.players[e].eng.Name
	var bad badReply
	switch {
	case errors.As(err, &bad):
		gr.g.lose(c, bad.end, fmt.Sprintf("%s sent %q", name, bad.line))
		return nil
	case errors.Is(err, errTimeout):
		gr.g.lose(c, EndTimeForfeit, fmt.Sprintf("%s: %v", name, err))
	default: // the engine exited, or could not be talked to
		gr.g.lose(c, EndCrash, fmt.Sprintf("%s: %v", name, err))
	}
	gr.g.Fault = e
	return nil
}

// stopPonders stops a ponder search still running when the game ends, so
// that the engine is free for the next game; an engine that does not
// answer the stop is started anew.
func (gr *gameRun) stopPonders() {
	for _, p := range gr.players {
		if p.pondering {
			if err := p.stopPonder(gr.ctx); err != nil {
				p.discard()
			}
		}
	}
}

// begin starts each engine not running and tells it a game starts. Before
// the first move, an engine that fails to start or to answer "new" loses
// the game whatever its colour; one that never ran is an error, the match
// being misconfigured.
func (gr *gameRun) begin() error {
	for e, p := range gr.players {
		c := movegen.Black
		if e == gr.g.White {
			c = movegen.White
		}
		if err := p.ensure(gr.ctx); err != nil {
			if !p.started {
				return err
			}
			return gr.fail(c, err)
		}
		if err := p.newGame(gr.ctx); err != nil {
			return gr.fail(c, err)
		}
	}
	return nil
}

// stderrMarks returns where each engine's stderr stands now.
func (gr *gameRun) stderrMarks() [2]int64 {
	var marks [2]int64
	for e, p := range gr.players {
		marks[e] = p.conn.stderrMark()
	}
	return marks
}

// keepStderr keeps with the game what each engine still running wrote to
// its stderr since marks.
func (gr *gameRun) keepStderr(marks [2]int64) {
	for e, p := range gr.players {
		if p.conn != nil {
			gr.g.Stderr[e] = p.conn.stderrSince(marks[e])
		}
	}
}

// ply plays one ply, or ends the game: by the rules, the move cap, or the
// move (or failure) of the side to move. It returns only ctx's error.
func (gr *gameRun) ply() error {
	pos := gr.line.Position()
	if gr.adjudicate(pos) {
		return nil
	}
	e := gr.engineOf(pos.Turn)
	reply, err := gr.ask(pos, e)
	if err != nil {
		return gr.fail(pos.Turn, err)
	}
	return gr.play(pos, e, reply)
}

// adjudicate ends the game if it is over before the move from pos: by the
// rules first (movegen.Adjudicate: a side with no move has lost, even on
// the ply that would have drawn), then by the move cap.
func (gr *gameRun) adjudicate(pos movegen.Position) bool {
	g := gr.g
	switch o := gr.line.Outcome(); o.Ending {
	case movegen.NotOver:
	case movegen.NoMoves:
		g.lose(pos.Turn, EndNoMove, o.Detail)
		return true
	case movegen.Repetition:
		g.draw(EndRepetition, "")
		return true
	default:
		g.draw(endOf(o.Ending), o.Detail)
		return true
	}
	if len(g.Moves) >= gr.rl.maxPlies {
		g.draw(EndMoveCap, fmt.Sprintf("%d plies", gr.rl.maxPlies))
		return true
	}
	return false
}

// ask returns engine e's move from pos. The history sent is the game since
// the last irreversible move, as CheckerBoard sends it. An engine that
// pondered on the reply just played answers its ponder search; one that
// pondered on another reply is stopped and asked anew.
func (gr *gameRun) ask(pos movegen.Position, e int) (answer, error) {
	pl := gr.players[e]
	last := len(gr.line.Moves) - 1
	switch {
	case pl.pondering && last >= 0 && gr.line.Moves[last].Same(pl.expected):
		gr.g.PonderHits[e]++
		return pl.ponderHit(gr.ctx, gr.rl.timeout[e])
	case pl.pondering:
		gr.g.PonderMisses[e]++
		if err := pl.stopPonder(gr.ctx); err != nil {
			return answer{}, err
		}
	}
	return pl.getMove(gr.ctx, HistoryText(gr.line), pos.FEN(), gr.rl.limits[e], gr.rl.timeout[e])
}

// play plays engine e's reply from pos, or ends the game on an illegal
// move or a draw claim, and starts the engine's ponder search if it
// ponders and named the reply it expects.
func (gr *gameRun) play(pos movegen.Position, e int, reply answer) error {
	g, pl := gr.g, gr.players[e]
	name := pl.eng.Name
	if reply.Move == "none" {
		var ml movegen.MoveList
		pos.GenerateMoves(&ml)
		g.lose(pos.Turn, EndIllegal, fmt.Sprintf("%s answered no move, but %s has %d", name, pos.Turn.Title(), ml.N))
		return nil
	}
	if _, err := gr.line.PlayText(reply.Move); err != nil {
		g.lose(pos.Turn, EndIllegal, fmt.Sprintf("%s played %v", name, err))
		return nil
	}
	g.Moves = gr.line.Moves
	g.Comments = append(g.Comments, reply.comment)
	if reply.Claim == movegen.Draw {
		g.draw(EndDrawClaim, fmt.Sprintf("by %s", name))
		return nil
	}
	if pl.eng.Ponder && reply.Ponder != "" {
		if err := pl.ponder(gr.ctx, gr.line, reply.Ponder, gr.rl.limits[e]); err != nil {
			return gr.fail(pos.Turn, err)
		}
	}
	return nil
}

// reasonText writes an ending with its detail: "illegal move: ...".
func reasonText(end End, detail string) string {
	if detail == "" {
		return string(end)
	}
	return string(end) + ": " + detail
}

// ruleEnds names the rules' endings the runner's way.
var ruleEnds = map[movegen.Ending]End{
	movegen.NoMoves:    EndNoMove,
	movegen.Repetition: EndRepetition,
	movegen.MoveCount:  EndMoveCount,
	movegen.ThreeKings: EndThreeKings,
}

// endOf names a rule's ending the runner's way.
func endOf(e movegen.Ending) End { return ruleEnds[e] }
