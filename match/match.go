package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// Config is everything a match needs.
type Config struct {
	Engines [2]Engine
	Variant movegen.Variant
	// Ballots are the openings; each is played twice, colours reversed.
	Ballots []book.Ballot
	// Games is the number of games; 0 plays every ballot twice. More games
	// than that go round the ballots again.
	Games int
	// Limits bound every move, unless an engine's own Limits say otherwise.
	Limits search.Limits
	// Timeout is the time forfeit: the longest wait for a move. Zero
	// derives it from the move time (four times it plus two seconds), or
	// two minutes under depth or node limits.
	Timeout time.Duration
	// MaxPlies is the move cap; 0 means DefaultMaxPlies.
	MaxPlies int
	// Concurrency is the number of games played at once (at least 1).
	Concurrency int
	// SPRT, if not nil, stops the match as soon as the test decides.
	SPRT *SPRT
	// PDN, if not nil, receives every finished game.
	PDN io.Writer
	// Resumed are the games an earlier run of this match finished
	// (Resumed reads them from its PDN): they count first, are not
	// written to PDN again and are not played again.
	Resumed []*Game
	// Progress, if not nil, gets a line per finished game.
	Progress io.Writer
	// Event is the PDN Event tag ("Crown match" if empty); Date the PDN
	// Date (today if zero).
	Event string
	Date  time.Time
}

// DefaultMoveTime bounds each move of a match that SetDefaults gives a
// limit: quick games, enough for hundreds of ballot games in minutes.
const DefaultMoveTime = 100 * time.Millisecond

// SetDefaults fills in what a match's settings may leave out (crown
// match's): engines of one name are told apart by "(1)" and "(2)" after
// it, and when neither cfg.Limits nor both engines' own limits bound the
// moves, every move gets DefaultMoveTime.
func (cfg *Config) SetDefaults() {
	e := &cfg.Engines
	if e[0].Name == e[1].Name {
		e[0].Name += " (1)"
		e[1].Name += " (2)"
	}
	none := search.Limits{}
	if cfg.Limits == none && (e[0].Limits == none || e[1].Limits == none) {
		cfg.Limits.MoveTime = DefaultMoveTime
	}
}

// Report is the outcome of a match, from engine1's view.
type Report struct {
	Names   [2]string
	Limits  [2]search.Limits
	Variant movegen.Variant
	Planned int // games the match was set to play
	Score   Score
	// AsBlack and AsWhite split Score by the colour engine1 played.
	AsBlack, AsWhite Score
	// Ends counts the games by how they ended.
	Ends map[End]int
	// Failures counts, per engine, games it lost by failing: an illegal
	// move, a bad reply, an error, a crash or a time forfeit.
	Failures [2]int
	// PonderHits and PonderMisses count, per engine that ponders
	// (Engine.Ponder), the replies it expected that were played and
	// those that were not.
	PonderHits, PonderMisses [2]int
	SPRT                     *SPRT
	LLR                      float64
	Verdict                  SPRTVerdict
	// Stopped says why the match ended before its last game: "" when it
	// played them all.
	Stopped string
	Games   []*Game // in the order they finished
	// PeakMemory is, per engine, the most memory in bytes (peak resident
	// set) any of its processes held, read as each ended: 0 for an engine
	// in process, or where the system does not say (Windows).
	PeakMemory [2]int64
}

// isFailure reports whether an ending is an engine's failure.
func isFailure(e End) bool {
	switch e {
	case EndIllegal, EndBadReply, EndEngineError, EndCrash, EndTimeForfeit:
		return true
	}
	return false
}

// add counts a finished game.
func (r *Report) add(g *Game) {
	p := g.Points(0)
	r.Score.Add(p)
	if g.Black == 0 {
		r.AsBlack.Add(p)
	} else {
		r.AsWhite.Add(p)
	}
	r.Ends[g.End]++
	for e := range r.PonderHits {
		r.PonderHits[e] += g.PonderHits[e]
		r.PonderMisses[e] += g.PonderMisses[e]
	}
	if isFailure(g.End) {
		if p == 0 {
			r.Failures[0]++
		} else {
			r.Failures[1]++
		}
	}
	r.Games = append(r.Games, g)
	if r.SPRT != nil {
		r.LLR = r.SPRT.LLR(r.Score)
		r.Verdict = r.SPRT.Verdict(r.Score)
	}
}

// Run plays the match. Games run on up to cfg.Concurrency workers,
// each with its own pair of engines, reused between games (with "new") and
// restarted after a crash or hang. It returns the report of the games
// finished, with an error when the match could not run (an engine that
// never starts or refuses its setup) or ctx ended it; games still running
// then are abandoned and not counted.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	specs, err := plan(cfg)
	if err != nil {
		return nil, err
	}
	games := len(specs)
	r, rl := newReport(cfg, games)
	if specs, err = r.resume(cfg, specs); err != nil {
		return nil, err
	}
	if r.Verdict != SPRTContinue || len(specs) == 0 {
		if r.Verdict != SPRTContinue {
			r.Stopped = "SPRT " + r.Verdict.String()
		}
		return r, nil
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	m := &matchRun{ctx: ctx, cancel: cancel, cfg: &cfg, rl: rl}
	results := m.start(specs)
	pdnErr := m.collect(r, results)
	// results is closed: the workers have stopped their engines.
	for e := range m.peaks {
		r.PeakMemory[e] = m.peaks[e].Load()
	}
	switch {
	case m.fatal != nil:
		return r, m.fatal
	case pdnErr != nil:
		return r, fmt.Errorf("match: writing PDN: %w", pdnErr)
	case r.Stopped == "" && len(r.Games) < games:
		r.Stopped = "interrupted"
		return r, ctx.Err()
	}
	return r, nil
}

// newReport returns the empty report of a match of cfg planned for games
// games, and the rules its games are adjudicated by: each engine's limits
// (its own, or the match's) and time forfeit, and the move cap.
func newReport(cfg Config, games int) (*Report, rules) {
	rl := rules{maxPlies: cfg.MaxPlies}
	if rl.maxPlies <= 0 {
		rl.maxPlies = DefaultMaxPlies
	}
	r := &Report{Variant: cfg.Variant, Planned: games, Ends: map[End]int{}, SPRT: cfg.SPRT}
	for e := range cfg.Engines {
		r.Names[e] = cfg.Engines[e].Name
		rl.limits[e] = overLimits(cfg.Limits, cfg.Engines[e].Limits)
		r.Limits[e] = rl.limits[e]
		rl.timeout[e] = cfg.Timeout
		if rl.timeout[e] <= 0 {
			rl.timeout[e] = forfeitDefault
			if mt := rl.limits[e].MoveTime; mt > 0 {
				rl.timeout[e] = mt*forfeitFactor + forfeitMargin
			}
		}
	}
	return r, rl
}

// resume counts the games an earlier run finished (cfg.Resumed) and
// returns the games of specs still to play.
func (r *Report) resume(cfg Config, specs []gameSpec) ([]gameSpec, error) {
	done := make(map[int]bool, len(cfg.Resumed))
	for _, g := range cfg.Resumed {
		if g.Round < 1 || g.Round > r.Planned || done[g.Round] {
			return nil, fmt.Errorf("match: resumed game %d is not a game of this match or is there twice", g.Round)
		}
		done[g.Round] = true
		r.add(g)
	}
	specs = slices.DeleteFunc(specs, func(s gameSpec) bool { return done[s.round] })
	if len(cfg.Resumed) > 0 && cfg.Progress != nil {
		fmt.Fprintf(cfg.Progress, "[%d/%d] resumed %d finished games | %s\n", len(r.Games), r.Planned, len(cfg.Resumed), r.standing())
	}
	return specs, nil
}

// matchRun is a match being played: its workers, what they share, and the
// first error that stops them.
type matchRun struct {
	ctx    context.Context
	cancel context.CancelFunc
	cfg    *Config
	rl     rules
	// peaks holds, per engine, the most memory any of its processes held.
	peaks     [2]atomic.Int64
	fatal     error
	fatalOnce sync.Once
}

// fail stops the match with err, unless it is stopping already.
func (m *matchRun) fail(err error) {
	if m.ctx.Err() == nil {
		m.fatalOnce.Do(func() { m.fatal = err })
		m.cancel()
	}
}

// failed, deferred by a goroutine of the match, stops the match with the
// goroutine's error (a panic: a bug), if any.
func (m *matchRun) failed(err *error) {
	if *err != nil {
		m.fail(*err)
	}
}

// start starts the workers, at most cfg.Concurrency, and the goroutine
// that feeds them specs, and returns the channel of finished games,
// closed when the workers have stopped.
func (m *matchRun) start(specs []gameSpec) <-chan *Game {
	jobs := make(chan gameSpec)
	results := make(chan *Game)
	var wg sync.WaitGroup
	for range max(1, min(m.cfg.Concurrency, len(specs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.work(jobs, results)
		}()
	}
	go m.feed(specs, jobs)
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}

// feed sends the specs to the workers until they are all sent or the
// match stops, then closes jobs.
func (m *matchRun) feed(specs []gameSpec, jobs chan<- gameSpec) {
	defer close(jobs)
	var err error
	defer m.failed(&err)
	defer fault.Recover(&err, "match feeder")
	for _, s := range specs {
		select {
		case jobs <- s:
		case <-m.ctx.Done():
			return
		}
	}
}

// work is one worker: it plays the games of jobs with its own pair of
// engines, restarting an engine whose fault ended a game, and sends them
// to results.
func (m *matchRun) work(jobs <-chan gameSpec, results chan<- *Game) {
	var err error
	defer m.failed(&err)
	defer fault.Recover(&err, "match worker")
	var players [2]*player
	for e := range players {
		players[e] = &player{eng: &m.cfg.Engines[e], variant: m.cfg.Variant, peak: &m.peaks[e]}
	}
	defer func() {
		for _, p := range players {
			p.close()
		}
	}()
	for spec := range jobs {
		g, err := playGame(m.ctx, spec, players, m.rl)
		if err != nil {
			m.fail(err)
			return
		}
		if g.Fault >= 0 {
			players[g.Fault].discard()
		}
		select {
		case results <- g:
		case <-m.ctx.Done():
			return
		}
	}
}

// collect counts the games of results into r as they finish, writes them
// to the PDN and the progress, and stops the match when the SPRT decides.
// It returns the first error writing the PDN.
func (m *matchRun) collect(r *Report, results <-chan *Game) error {
	cfg := m.cfg
	event := cfg.Event
	if event == "" {
		event = "Crown match"
	}
	date := cfg.Date
	if date.IsZero() {
		date = time.Now()
	}
	var pdnErr error
	for g := range results {
		if m.ctx.Err() != nil {
			continue // stopped: games finishing now are not counted
		}
		r.add(g)
		if cfg.PDN != nil && pdnErr == nil {
			pdnErr = writePDN(cfg.PDN, g, r.Names, cfg.Variant, event, date)
		}
		if cfg.Progress != nil {
			r.progress(cfg.Progress, g)
		}
		if r.Verdict != SPRTContinue {
			r.Stopped = "SPRT " + r.Verdict.String()
			m.cancel()
		}
	}
	return pdnErr
}

// plan lists the games cfg describes, in order: each ballot twice, engine1
// Black first.
func plan(cfg Config) ([]gameSpec, error) {
	if len(cfg.Ballots) == 0 {
		return nil, errors.New("match: no ballots")
	}
	games := cfg.Games
	if games <= 0 {
		games = 2 * len(cfg.Ballots)
	}
	specs := make([]gameSpec, games)
	for i := range specs {
		b := cfg.Ballots[i/2%len(cfg.Ballots)]
		if b.Pos.Variant != cfg.Variant {
			return nil, fmt.Errorf("match: %s is a position of %v, the match plays %v", b.Label(), b.Pos.Variant, cfg.Variant)
		}
		specs[i] = gameSpec{round: i + 1, ballot: b, black: i % 2}
	}
	return specs, nil
}

// progress writes one line about a finished game and the score so far.
func (r *Report) progress(w io.Writer, g *Game) {
	fmt.Fprintf(w, "[%d/%d] game %d, %s: %s (Black) vs %s (White): %s, %s | %s\n",
		len(r.Games), r.Planned, g.Round, g.Ballot.Label(), r.Names[g.Black], r.Names[g.White], g.Result, g.Reason, r.standing())
}

// standing writes engine1's score so far, as progress lines end: "self +3
// -1 =4, 62.5%, Elo +88.7 ± 180.2", and the SPRT's LLR if there is one.
func (r *Report) standing() string {
	s := fmt.Sprintf("%s %s, %.1f%%, Elo %s", r.Names[0], r.Score.wld(), 100*r.Score.Score(), r.Score.EloText())
	if r.SPRT != nil {
		s += fmt.Sprintf(", LLR %.2f", r.LLR)
	}
	return s
}

// wld writes the score as "+W -L =D".
func (s Score) wld() string {
	return fmt.Sprintf("+%d -%d =%d", s.Wins, s.Losses, s.Draws)
}

// EloText writes the Elo difference the score implies with its 95%
// margin (Elo), as the match's lines do: "+91.1 ± 27.7". Games all drawn
// have no spread to take a margin from (it came out ± 0.0, as if the
// difference were known exactly): they say so.
func (s Score) EloText() string {
	if s.Wins == 0 && s.Losses == 0 && s.Draws > 0 {
		return "+0.0 (every game drawn: no margin yet)"
	}
	return formatElo(s.Elo())
}

// formatElo writes an Elo difference with its margin: "+91.1 ± 27.7".
func formatElo(elo, margin float64) string {
	switch {
	case math.IsInf(elo, 1):
		return "+inf"
	case math.IsInf(elo, -1):
		return "-inf"
	}
	if math.IsInf(margin, 0) || math.IsNaN(margin) {
		return fmt.Sprintf("%+.1f ± inf", elo)
	}
	return fmt.Sprintf("%+.1f ± %.1f", elo, margin)
}

// WriteSummary writes the match's result table: wins, losses and draws per
// engine and per colour, score, Elo difference with its 95% margin, LOS,
// the SPRT state, how the games ended and, for an engine that pondered,
// how often it expected the reply played.
func (r *Report) WriteSummary(w io.Writer) {
	n := r.Score.Games()
	status := fmt.Sprintf("%d games", n)
	if n < r.Planned {
		status = fmt.Sprintf("%d of %d games", n, r.Planned)
	}
	if r.Stopped != "" {
		status += ", stopped: " + r.Stopped
	}
	fmt.Fprintf(w, "Match %s vs %s, %s, %s\n", r.Names[0], r.Names[1], r.Variant.Rules().Title, status)
	fmt.Fprintf(w, "Limits: %s: %s; %s: %s\n", r.Names[0], r.Limits[0], r.Names[1], r.Limits[1])
	width := max(len(r.Names[0]), len(r.Names[1]), len("  as White"))
	fmt.Fprintf(w, "%-*s %6s %6s %6s %7s\n", width, "", "wins", "losses", "draws", "score")
	rows := []struct {
		name string
		s    Score
	}{
		{r.Names[0], r.Score}, {"  as Black", r.AsBlack}, {"  as White", r.AsWhite},
		{r.Names[1], r.Score.Reverse()}, {"  as Black", r.AsWhite.Reverse()}, {"  as White", r.AsBlack.Reverse()},
	}
	for _, row := range rows {
		fmt.Fprintf(w, "%-*s %6d %6d %6d %6.1f%%\n", width, row.name, row.s.Wins, row.s.Losses, row.s.Draws, 100*row.s.Score())
	}
	// Black's results: engine1's as Black plus engine2's as Black.
	black := Score{
		Wins:   r.AsBlack.Wins + r.AsWhite.Losses,
		Losses: r.AsBlack.Losses + r.AsWhite.Wins,
		Draws:  r.AsBlack.Draws + r.AsWhite.Draws,
	}
	fmt.Fprintf(w, "Black vs White: %d-%d-%d, Black scored %.1f%%\n", black.Wins, black.Losses, black.Draws, 100*black.Score())
	fmt.Fprintf(w, "Elo difference %s - %s: %s (95%%), LOS %.1f%%\n", r.Names[0], r.Names[1], r.Score.EloText(), 100*r.Score.LOS())
	fmt.Fprintf(w, "Significance: %s\n", r.significance())
	if r.SPRT != nil {
		lower, upper := r.SPRT.Bounds()
		fmt.Fprintf(w, "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f (bounds %.2f, %.2f): %s\n",
			r.SPRT.Elo0, r.SPRT.Elo1, r.SPRT.Alpha, r.SPRT.Beta, r.LLR, lower, upper, r.Verdict)
	}
	ends := make([]string, 0, len(r.Ends))
	for e := range r.Ends {
		ends = append(ends, string(e))
	}
	sort.Slice(ends, func(i, j int) bool {
		return r.Ends[End(ends[i])] > r.Ends[End(ends[j])] || r.Ends[End(ends[i])] == r.Ends[End(ends[j])] && ends[i] < ends[j]
	})
	fmt.Fprint(w, "Endings:")
	for i, e := range ends {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(w, "%s %s %d", sep, e, r.Ends[End(e)])
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Engine failures (illegal move, bad reply, error, crash, time forfeit): %s %d, %s %d\n",
		r.Names[0], r.Failures[0], r.Names[1], r.Failures[1])
	if r.PeakMemory != [2]int64{} {
		fmt.Fprintf(w, "Peak memory of a process: %s %s, %s %s\n", r.Names[0], mibText(r.PeakMemory[0]), r.Names[1], mibText(r.PeakMemory[1]))
	}
	for e, name := range r.Names {
		if n := r.PonderHits[e] + r.PonderMisses[e]; n > 0 {
			fmt.Fprintf(w, "Pondering: %s expected the reply played %d times of %d (%.1f%%)\n",
				name, r.PonderHits[e], n, 100*float64(r.PonderHits[e])/float64(n))
		}
	}
}

// mibText writes bytes in MiB, "unknown" for 0 (an engine in process).
func mibText(b int64) string {
	if b == 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
}

// losSure is the likelihood of superiority that makes a one-sided
// score (all wins, no losses) significant, as the 95% interval does otherwise.
const losSure = 0.95

// significance says whether the 95% Elo interval excludes equality.
func (r *Report) significance() string {
	elo, margin := r.Score.Elo()
	switch {
	case r.Score.Games() == 0:
		return "no games"
	case math.IsInf(elo, 0) && (r.Score.LOS() < losSure && r.Score.LOS() > 1-losSure):
		return "not significant (too few decisive games)"
	case math.IsInf(elo, 0) || elo-margin > 0 || elo+margin < 0:
		stronger := r.Names[0]
		if elo < 0 {
			stronger = r.Names[1]
		}
		return fmt.Sprintf("%s is stronger (the 95%% interval excludes 0)", stronger)
	}
	return "not significant (the 95% interval includes 0)"
}
