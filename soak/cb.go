package soak

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/child"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/movegen/cbboard"
)

// CheckerBoardConfig says how to soak the CheckerBoard library.
type CheckerBoardConfig struct {
	// Host is the C host (cmd/cbengine/host/host.c built), Library the
	// library it loads (make cb-linux's bin/crown-cb.so).
	Host, Library string
	// Games is the number of games, engine against itself: American
	// checkers and Pool (set gametype 23) in turn, each from the ACF deck's
	// ballots, the time given in turn as maxtime, exact maxtime, an
	// incremental clock and CheckerBoard's infinite level ended by
	// playnow.
	Games int
	// MoveTime is maxtime, the clock's increment, and the mean of the
	// delays before playnow.
	MoveTime time.Duration
	// Concurrency is the number of host processes playing at once.
	Concurrency int
	// Dir is where a failed game leaves its PDN, the exchange with the
	// host and the host's stderr.
	Dir string
	// Progress, if not nil, gets a line every progressEvery games and for
	// every failure.
	Progress io.Writer
}

// cbMinMoveTime is the least time a move the CheckerBoard soak gives: the
// library looks at playnow every 5 ms, and the playnow games stop the
// search after about this long.
const cbMinMoveTime = 5 * time.Millisecond

// Check reports a setting of cfg out of range; its errors start with the
// setting's name as crown soak's flags spell it.
func (cfg CheckerBoardConfig) Check() error {
	switch {
	case cfg.Games < 1:
		return errors.New("games must be at least 1")
	case cfg.MoveTime < cbMinMoveTime:
		return fmt.Errorf("movetime must be at least %g", cbMinMoveTime.Seconds())
	case cfg.Concurrency < 1:
		return errors.New("concurrency must be at least 1")
	}
	return nil
}

// The ways the CheckerBoard soak gives the time, one a game in turn.
const (
	cbPlain   = iota // maxtime
	cbExact          // maxtime with CB_EXACT_TIME
	cbIncr           // an incremental clock in info and moreinfo
	cbPlaynow        // the infinite level, ended by *playnow
	cbModes
)

var cbModeNames = [cbModes]string{"maxtime", "exact", "incremental", "playnow"}

// Soak timings of the CheckerBoard part.
const (
	// cbClockMoves is the incremental clock's start, in moves of maxtime.
	cbClockMoves = 20
	// cbForfeitFactor and cbForfeitMargin make the time forfeit as crown
	// match's: a move past 4 x maxtime + 2 s (past the clock + 2 s with
	// an incremental clock, past playnow + 2 s on the infinite level).
	cbForfeitFactor = 4
	cbForfeitMargin = 2 * time.Second
	// cbCommandTimeout bounds the reply to an enginecommand.
	cbCommandTimeout = 15 * time.Second
	// cbMaxPlies is the move cap: a game still going is drawn.
	cbMaxPlies = match.DefaultMaxPlies
)

// The host's engine options between games: each game sets its rule set
// and one value of each (a new value in most games), as a user changes
// them in CheckerBoard's options dialog between games.
var (
	cbHashSizes     = []int{16, 32, 8, 64}
	cbSearchThreads = []int{1, 2}
	cbBookLevels    = []int{0, 2, 1, 3}
	cbMultiPV       = []int{1, 1, 2}
)

// cbGame is one game of the soak.
type cbGame struct {
	n       int // 1-based
	variant movegen.Variant
	mode    int
	ballot  book.Ballot
	options []string // enginecommands before the game
}

// cbStats are a worker's figures, added up at the end.
type cbStats struct {
	games, moves, drawClaims, overTime int
	modeMoves                          [cbModes]int
	modeWall                           [cbModes]time.Duration // longest move
	playnows                           int
	playnowTotal, playnowMax           time.Duration
	// rssFirst and rssLast are the most resident memory a host held
	// after one of its first rssGames games, and of its last.
	rssFirst, rssLast int64
	hosts             int
}

// rssGames is how many of a host's first and last games its resident
// memory is compared over: enough for every hash size.
const rssGames = 10

// CheckerBoard plays the games of cfg through the CheckerBoard library,
// loaded by the C host as CheckerBoard loads it and driven through
// getmove and enginecommand alone (the host's soak mode): before each
// game it sets the rule set, the hash size, the search threads, the book
// level and the lines searched, each of which must be accepted; before
// every getmove it sends the game as CheckerBoard does (set gamehist),
// whose reply must name the position; it hands the board over with the
// game's clock, and checks that every returned board is a legal
// successor, that the CBmove agrees with it, and that the status text
// reports no failure. Games end by the rules (movegen.Adjudicate), a
// draw claim (getmove's 0, on which CheckerBoard ends an engine match) or
// the move cap. A failure ends its game; a host that crashes or hangs is
// started again for the next one. The report's peak memory is the
// largest host process's.
func CheckerBoard(ctx context.Context, cfg CheckerBoardConfig) (*Report, error) {
	r := &Report{Part: "checkerboard", Dir: cfg.Dir}
	start := time.Now()
	defer func() { r.Elapsed = time.Since(start) }()
	if err := cfg.Check(); err != nil {
		return r, fmt.Errorf("soak checkerboard: %w", err)
	}
	games, err := cbPlan(cfg.Games)
	if err != nil {
		return r, err
	}
	jobs := make(chan cbGame)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		total    cbStats
		firstErr error
	)
	workers := max(1, min(cfg.Concurrency, len(games)))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &cbWorker{cfg: cfg, r: r}
			var err error
			defer func() {
				w.stopHost()
				mu.Lock()
				defer mu.Unlock()
				total.add(&w.stats)
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
			}()
			defer fault.Recover(&err, "checkerboard soak worker")
			for g := range jobs {
				if err = w.play(ctx, g); err != nil {
					return
				}
			}
		}()
	}
	progress := 0
feed:
	for _, g := range games {
		select {
		case jobs <- g:
			progress++
			if cfg.Progress != nil && progress%progressEvery == 0 {
				fmt.Fprintf(cfg.Progress, "soak checkerboard: game %d of %d started, %d failures so far\n", progress, len(games), r.Total())
			}
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	r.Games, r.Moves = total.games, total.moves
	mt := strconv.FormatFloat(cfg.MoveTime.Seconds(), 'f', -1, 64)
	for m := range cbModes {
		r.note("%s: %d moves, the longest %v", cbModeNames[m], total.modeMoves[m], total.modeWall[m].Round(time.Millisecond))
	}
	r.note("maxtime %s s; %d moves with maxtime took over 1.1 x maxtime by the wall clock (the machine's wait included); %d games ended by a draw claim",
		mt, total.overTime, total.drawClaims)
	if total.playnows > 0 {
		r.note("playnow: %d searches stopped, getmove returned %v after it on average, %v at most", total.playnows,
			(total.playnowTotal / time.Duration(total.playnows)).Round(10*time.Microsecond), total.playnowMax.Round(10*time.Microsecond))
	}
	if total.rssFirst > 0 {
		r.note("host resident memory after a game: at most %s in a host's first %d games, %s in its last %d (%d hosts)",
			MiB(total.rssFirst), rssGames, MiB(total.rssLast), rssGames, total.hosts)
	}
	if firstErr == nil && ctx.Err() != nil {
		firstErr = ctx.Err()
	}
	return r, firstErr
}

// add adds a worker's figures to s.
func (s *cbStats) add(o *cbStats) {
	s.games += o.games
	s.moves += o.moves
	s.drawClaims += o.drawClaims
	s.overTime += o.overTime
	for m := range cbModes {
		s.modeMoves[m] += o.modeMoves[m]
		s.modeWall[m] = max(s.modeWall[m], o.modeWall[m])
	}
	s.playnows += o.playnows
	s.playnowTotal += o.playnowTotal
	s.playnowMax = max(s.playnowMax, o.playnowMax)
	s.rssFirst = max(s.rssFirst, o.rssFirst)
	s.rssLast = max(s.rssLast, o.rssLast)
	s.hosts += o.hosts
}

// cbPlan returns the soak's games: rule sets alternating, the time modes
// in turn within each, the ballots of the deck in order, and the options
// changing between games.
func cbPlan(n int) ([]cbGame, error) {
	var ballots [2][]book.Ballot
	for i, v := range []movegen.Variant{movegen.American, movegen.Pool} {
		var err error
		if ballots[i], err = book.SelectBallots("deck", v); err != nil {
			return nil, err
		}
	}
	games := make([]cbGame, n)
	for i := range games {
		v, k := i%2, i/2
		variant := movegen.American
		if v == 1 {
			variant = movegen.Pool
		}
		games[i] = cbGame{n: i + 1, variant: variant, mode: k % cbModes, ballot: ballots[v][k%len(ballots[v])],
			options: []string{
				"set gametype " + strconv.Itoa(variant.Rules().GameType),
				"set hashsize " + strconv.Itoa(cbHashSizes[i%len(cbHashSizes)]),
				"set searchthreads " + strconv.Itoa(cbSearchThreads[i/3%len(cbSearchThreads)]),
				"set book " + strconv.Itoa(cbBookLevels[i/5%len(cbBookLevels)]),
				"set multipv " + strconv.Itoa(cbMultiPV[i/7%len(cbMultiPV)]),
			}}
	}
	return games, nil
}

// cbWorker plays games on one host process at a time.
type cbWorker struct {
	cfg   CheckerBoardConfig
	r     *Report
	host  *cbHost
	stats cbStats
	// rss holds the host's resident memory after each of its games.
	rss []int64
	// lastStderr is the stderr of the host last stopped.
	lastStderr string
}

// errHostTimeout is a host that did not answer in time.
var errHostTimeout = errors.New("no reply in time")

// cbHost is a running host in soak mode.
type cbHost struct {
	proc   *child.Process
	lines  chan string // its output; closed at its end
	stderr *tail
}

// startHost starts the host on the library, in soak mode, and reads its
// first line, the engine's name.
func (w *cbWorker) startHost(ctx context.Context) error {
	h := &cbHost{lines: make(chan string, 16), stderr: newTail(stderrKeep)}
	p, err := child.Start([]string{w.cfg.Host, w.cfg.Library, "soak"}, h.stderr)
	if err != nil {
		return fmt.Errorf("soak checkerboard: starting the host: %w", err)
	}
	h.proc = p
	go func() {
		defer close(h.lines)
		defer p.Stdout.Close()
		var err error
		defer func() {
			if err != nil {
				h.stderr.Write([]byte(fmt.Sprintf("soak: reading the host: %v\n", err)))
				p.Kill()
			}
		}()
		defer fault.Recover(&err, "reading the host")
		sc := bufio.NewScanner(p.Stdout)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		err = sc.Err()
	}()
	w.host = h
	w.stats.hosts++
	line, err := h.read(ctx, cbCommandTimeout)
	if err != nil || !strings.HasPrefix(line, "name ") {
		w.stopHost()
		return fmt.Errorf("soak checkerboard: the host did not start (%q, %v): %s", line, err, firstLine(h.stderr.String()))
	}
	return nil
}

// read returns the host's next line, errHostTimeout after timeout, or
// io.EOF with what ended it once its output has ended.
func (h *cbHost) read(ctx context.Context, timeout time.Duration) (string, error) {
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case line, ok := <-h.lines:
		if !ok {
			select {
			case <-h.proc.Done():
				return "", fmt.Errorf("%w: the host ended (%v)", io.EOF, h.proc.Wait())
			case <-time.After(time.Second):
				return "", fmt.Errorf("%w: the host closed its output", io.EOF)
			}
		}
		return line, nil
	case <-t.C:
		return "", errHostTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// stopHost ends the host, if any (closing its input ends it; a host that
// does not end soon is killed), and takes its peak memory.
func (w *cbWorker) stopHost() {
	h := w.host
	if h == nil {
		return
	}
	w.host = nil
	h.proc.Stdin.Close()
	select {
	case <-h.proc.Done():
	case <-time.After(5 * time.Second):
		h.proc.Kill()
		<-h.proc.Done()
	}
	w.lastStderr = h.stderr.String()
	w.r.peak(h.proc.Peak())
	if n := len(w.rss); n > 0 {
		w.stats.rssFirst = max(w.stats.rssFirst, slices.Max(w.rss[:min(n, rssGames)]))
		w.stats.rssLast = max(w.stats.rssLast, slices.Max(w.rss[max(0, n-rssGames):]))
	}
	w.rss = nil
}

// killHost ends a host that crashed or hung.
func (w *cbWorker) killHost() {
	if w.host != nil {
		w.host.proc.Kill()
		w.stopHost()
	}
}

// cbExchange is one game's requests and replies, kept for its failure.
type cbExchange struct{ strings.Builder }

// request sends line to the host and returns its reply line. A host
// error (it ended, or did not answer within timeout) comes back as the
// failure's kind, a crash or a time forfeit.
func (w *cbWorker) request(ctx context.Context, ex *cbExchange, line string, timeout time.Duration) (string, Kind, error) {
	h := w.host
	fmt.Fprintf(ex, "> %s\n", line)
	if _, err := io.WriteString(h.proc.Stdin, line+"\n"); err != nil {
		return "", Crash, fmt.Errorf("writing to the host: %v", err)
	}
	reply, err := h.read(ctx, timeout)
	switch {
	case errors.Is(err, errHostTimeout):
		return "", TimeForfeit, fmt.Errorf("no reply within %v", timeout)
	case errors.Is(err, io.EOF):
		return "", Crash, err
	case err != nil:
		return "", Crash, err
	}
	fmt.Fprintf(ex, "< %s\n", reply)
	return reply, 0, nil
}

// cbFailure is a failure that ends a game.
type cbFailure struct {
	kind Kind
	err  error
}

func (f *cbFailure) Error() string { return f.err.Error() }

// play plays game g, and counts and keeps its failure if it has one. Its
// error is the soak's own failure (ctx ended, a host that does not start,
// files that cannot be kept).
func (w *cbWorker) play(ctx context.Context, g cbGame) error {
	if w.host == nil {
		if err := w.startHost(ctx); err != nil {
			return err
		}
	}
	var ex cbExchange
	line := movegen.NewGame(g.ballot.Pos)
	fail := w.playGame(ctx, g, line, &ex)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if fail == nil {
		w.stats.games++
		if rss, ok := residentMemory(w.host.proc.Pid()); ok {
			w.rss = append(w.rss, rss)
		}
		return nil
	}
	if fail.kind == Crash || fail.kind == TimeForfeit {
		w.killHost() // its stderr is complete once it has ended
	}
	w.stats.games++
	base := fmt.Sprintf("checkerboard-%d", g.n)
	what := fmt.Sprintf("game %d (%s, %s, %s) ply %d: %v", g.n, g.variant, cbModeNames[g.mode], g.ballot.Label(), len(line.Moves)+1, fail.err)
	var stderr string
	if w.host != nil {
		stderr = w.host.stderr.String()
	} else {
		stderr = w.lastStderr
	}
	if w.cfg.Progress != nil {
		fmt.Fprintf(w.cfg.Progress, "soak checkerboard: FAILED: %s: %s\n", fail.kind, what)
	}
	return w.r.fail(fail.kind, what, map[string]string{
		base + ".pdn":      gamePDN(line, "Crown soak (checkerboard)", strconv.Itoa(g.n), fail.kind.String()+": "+fail.err.Error()),
		base + ".exchange": ex.String(),
		base + ".stderr":   stderr,
	})
}

// playGame plays game g on the board line from its ballot; its error is
// the failure that ended it, nil if none did (or ctx ended it).
func (w *cbWorker) playGame(ctx context.Context, g cbGame, line *movegen.Game, ex *cbExchange) *cbFailure {
	if f := w.setOptions(ctx, g, ex); f != nil {
		return f
	}
	clock := newCBClock(g.mode, w.cfg.MoveTime)
	for ply := 0; !line.Outcome().Over() && ply < cbMaxPlies; ply++ {
		pos := line.Position()
		if f := w.setHistory(ctx, g.variant, line, ex); f != nil {
			return f
		}
		req, timeout := clock.getmove(pos, ply)
		gm, f := w.getmove(ctx, ex, req, timeout)
		if f != nil {
			return f
		}
		clock.used(pos.Turn, gm.wall)
		w.stats.count(g.mode, gm, w.cfg.MoveTime)
		m, f := checkGetmove(&pos, gm, timeout)
		if f != nil {
			return f
		}
		if err := line.Play(m); err != nil {
			return &cbFailure{Illegal, err}
		}
		w.stats.moves++
		if gm.ret == cbboard.Draw {
			w.stats.drawClaims++
			return nil
		}
	}
	return nil
}

// setOptions sends game g's enginecommands, each of which must be
// accepted with its value.
func (w *cbWorker) setOptions(ctx context.Context, g cbGame, ex *cbExchange) *cbFailure {
	for _, o := range g.options {
		value := strings.Fields(o)[2]
		reply, kind, err := w.request(ctx, ex, "cmd "+o, cbCommandTimeout)
		if err != nil {
			return &cbFailure{kind, fmt.Errorf("%s: %v", o, err)}
		}
		// "cmd ret 1 reply 16", or "3 (best move)" for a book level.
		if !strings.HasPrefix(reply, "cmd ret 1 reply "+value) {
			return &cbFailure{BadReply, fmt.Errorf("%s answered %q", o, reply)}
		}
	}
	return nil
}

// setHistory sends the game so far as CheckerBoard does (set gamehist),
// whose reply must name the game's position.
func (w *cbWorker) setHistory(ctx context.Context, variant movegen.Variant, line *movegen.Game, ex *cbExchange) *cbFailure {
	pos := line.Position()
	hist := match.HistoryText(line)
	reply, kind, err := w.request(ctx, ex, "cmd set gamehist "+hist, cbCommandTimeout)
	if err != nil {
		return &cbFailure{kind, fmt.Errorf("set gamehist: %v", err)}
	}
	fen, ok := strings.CutPrefix(reply, "cmd ret 1 reply gamehist moves=")
	if ok {
		_, fen, ok = strings.Cut(fen, " fen=")
	}
	if ok {
		reached, err := movegen.ParseFEN(fen, variant)
		ok = err == nil && reached == pos
	}
	if !ok {
		return &cbFailure{BadReply, fmt.Errorf("set gamehist %s answered %q, not the game's position %s", hist, reply, pos.FEN())}
	}
	return nil
}

// cbClock gives the time of a game's moves as its mode says.
type cbClock struct {
	mode    int
	maxtime time.Duration
	// remaining is each side's incremental clock (cbIncr).
	remaining [2]time.Duration
}

// newCBClock returns the clock of a game in mode at maxtime a move.
func newCBClock(mode int, maxtime time.Duration) *cbClock {
	return &cbClock{mode: mode, maxtime: maxtime, remaining: [2]time.Duration{cbClockMoves * maxtime, cbClockMoves * maxtime}}
}

// getmove returns the soak's getmove request for the move from pos at ply
// and its time forfeit; with an incremental clock, the side to move gets
// its increment first.
func (c *cbClock) getmove(pos movegen.Position, ply int) (req string, timeout time.Duration) {
	increment := c.maxtime
	flags, remaining, playnow := 0, time.Duration(0), -1
	if ply == 0 {
		flags |= cbboard.InfoResetMoves
	}
	mt := c.maxtime.Seconds()
	timeout = cbForfeitFactor*c.maxtime + cbForfeitMargin
	switch c.mode {
	case cbExact:
		flags |= cbboard.InfoExactTime
	case cbIncr:
		flags |= 1 << cbboard.InfoIncrShift // in milliseconds (cbboard.IncrUnits)
		side := int(pos.Turn)
		c.remaining[side] += increment // the remaining time includes this move's increment
		remaining = c.remaining[side]
		timeout = remaining + cbForfeitMargin
	case cbPlaynow:
		mt = cbboard.InfiniteSeconds
		// Delays from a fifth of maxtime to twice it, in turn.
		d := c.maxtime/5 + time.Duration(ply*7%10)*c.maxtime/5
		playnow = int(d.Milliseconds())
		timeout = d + cbForfeitMargin
	}
	req = fmt.Sprintf("getmove %s %s %d %d %d %d", pos.FEN(), strconv.FormatFloat(mt, 'f', -1, 64), flags,
		remaining.Milliseconds(), increment.Milliseconds(), playnow)
	return req, timeout
}

// used takes a move's time by the wall clock from the side's incremental
// clock.
func (c *cbClock) used(side movegen.Colour, wall time.Duration) {
	if c.mode == cbIncr {
		c.remaining[int(side)] -= wall
	}
}

// getmove sends the getmove request req and reads the host's reply.
func (w *cbWorker) getmove(ctx context.Context, ex *cbExchange, req string, timeout time.Duration) (cbGetmove, *cbFailure) {
	reply, kind, err := w.request(ctx, ex, req, timeout)
	if err != nil {
		return cbGetmove{}, &cbFailure{kind, fmt.Errorf("getmove: %v", err)}
	}
	gm, err := parseCBGetmove(reply)
	if err != nil {
		return cbGetmove{}, &cbFailure{BadReply, fmt.Errorf("getmove answered %q: %v", reply, err)}
	}
	return gm, nil
}

// count adds a getmove of a game in mode at maxtime to the figures.
func (s *cbStats) count(mode int, gm cbGetmove, maxtime time.Duration) {
	s.modeMoves[mode]++
	s.modeWall[mode] = max(s.modeWall[mode], gm.wall)
	if mode == cbPlain && gm.wall > maxtime*11/10 {
		s.overTime++
	}
	if mode == cbPlaynow && gm.stop >= 0 {
		s.playnows++
		s.playnowTotal += gm.stop
		s.playnowMax = max(s.playnowMax, gm.stop)
	}
}

// cbFailedStatus are the status texts of a getmove that failed.
var cbFailedStatus = []string{"Crown: search failed", "Crown: internal error", "Crown: bad input"}

// checkGetmove checks the host's getmove reply from pos, returned within
// timeout, and returns the move it made: the status reports no failure,
// the return value is one of getmove's, and the board returned is a legal
// successor that the CBmove agrees with.
func checkGetmove(pos *movegen.Position, gm cbGetmove, timeout time.Duration) (movegen.Move, *cbFailure) {
	if gm.wall > timeout {
		return movegen.Move{}, &cbFailure{TimeForfeit, fmt.Errorf("getmove took %v, more than %v", gm.wall, timeout)}
	}
	for _, bad := range cbFailedStatus {
		if strings.Contains(gm.info, bad) {
			return movegen.Move{}, &cbFailure{EngineError, fmt.Errorf("status %q", gm.info)}
		}
	}
	if gm.ret < cbboard.Draw || gm.ret > cbboard.Unknown {
		return movegen.Move{}, &cbFailure{BadReply, fmt.Errorf("getmove returned %d", gm.ret)}
	}
	before := cbboard.BoardOf(pos)
	if gm.board == before {
		return movegen.Move{}, &cbFailure{Illegal, fmt.Errorf("getmove returned %d without a move in %s, which has one (status %q)", gm.ret, pos.FEN(), gm.info)}
	}
	m, err := cbboard.Check(pos, before, gm.board, gm.move)
	if err != nil {
		// A board that is no legal successor is an illegal move; a
		// CBmove that misdescribes a legal one, a bad reply.
		kind := BadReply
		if errors.Is(err, cbboard.ErrNoSuccessor) {
			kind = Illegal
		}
		return movegen.Move{}, &cbFailure{kind, err}
	}
	return m, nil
}

// cbGetmove is the host's reply to a soak getmove.
type cbGetmove struct {
	ret   int
	wall  time.Duration
	stop  time.Duration // from *playnow set to the return; -1 if it was not set
	board cbboard.Board
	move  cbboard.Move
	info  string
}

// parseCBGetmove reads "getmove ret R ms W cpu C stop S board <64> move
// <cbboard.MoveInts> info <status>".
func parseCBGetmove(line string) (cbGetmove, error) {
	var gm cbGetmove
	head, info, ok := strings.Cut(line, " info ")
	if !ok {
		if head, ok = strings.CutSuffix(line, " info"); !ok {
			return gm, errors.New("no status")
		}
	}
	gm.info = info
	f := strings.Fields(head)
	const n = 10 + cbboard.BoardInts + 1 + cbboard.MoveInts
	if len(f) != n || f[0] != "getmove" || f[1] != "ret" || f[3] != "ms" || f[5] != "cpu" || f[7] != "stop" || f[9] != "board" || f[74] != "move" {
		return gm, fmt.Errorf("not a getmove reply of %d words", n)
	}
	var err error
	if gm.ret, err = strconv.Atoi(f[2]); err != nil {
		return gm, err
	}
	ms, err1 := strconv.ParseFloat(f[4], 64)
	stop, err2 := strconv.ParseFloat(f[8], 64)
	if err := errors.Join(err1, err2); err != nil {
		return gm, err
	}
	gm.wall = time.Duration(ms * float64(time.Millisecond))
	gm.stop = time.Duration(stop * float64(time.Millisecond))
	if stop < 0 {
		gm.stop = -1
	}
	if gm.board, err = cbboard.ReadBoard(f[10:74]); err != nil {
		return gm, err
	}
	gm.move, err = cbboard.ReadMove(f[75:])
	return gm, err
}
