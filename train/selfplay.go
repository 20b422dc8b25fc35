package train

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// Openings says how self-play games begin.
type Openings int

// The kinds of opening.
const (
	// Deck starts game i from ACF three-move ballot i (of the 156 of the
	// tournament deck, in turn), then RandomPlies random plies. American
	// only.
	Deck Openings = iota
	// Random starts from the start position with RandomPlies random plies.
	Random
	// FromFile starts game i from position i mod n of the n in
	// Config.OpeningsFile, then RandomPlies random plies.
	FromFile
)

// ParseOpenings reads how games begin as crown selfplay --openings
// writes it: deck, random, or a file of openings (FromFile, with the file
// that must exist); "" is the rule set's default, Deck for American and
// Random for the others.
func ParseOpenings(s string, v movegen.Variant) (Openings, string, error) {
	switch s {
	case "":
		if v != movegen.American {
			return Random, "", nil
		}
		return Deck, "", nil
	case "deck":
		return Deck, "", nil
	case "random":
		return Random, "", nil
	}
	if _, err := os.Stat(s); err != nil {
		return 0, "", fmt.Errorf("want deck, random or a file of openings (%v)", err)
	}
	return FromFile, s, nil
}

// ParseShard reads a shard written I/N (crown selfplay --shard), 0 <= I <
// N: Config's Shard and Shards.
func ParseShard(s string) (i, n int, err error) {
	is, ns, ok := strings.Cut(s, "/")
	if ok {
		i, err = strconv.Atoi(is)
	}
	if ok && err == nil {
		n, err = strconv.Atoi(ns)
	}
	if !ok || err != nil || i < 0 || i >= n {
		return 0, 0, errors.New("want I/N with 0 <= I < N")
	}
	return i, n, nil
}

// Bounds of a self-play configuration.
const (
	// DefaultMaxPlies caps a game: one this long is dropped. The rules end
	// every game (the move-count draw), but a long shuffle is worth little
	// as data, and the ply is stored in 16 bits.
	DefaultMaxPlies = 400
	// MaxRandomPlies bounds the random plies of an opening: past a few
	// dozen random moves a game is no longer one Crown would play.
	MaxRandomPlies = 40
	// MaxNodeJitter bounds NodeJitter: a budget varied by more than
	// this would change the strength of play, not only its choices.
	MaxNodeJitter = 50
)

// gamesAheadPerWorker bounds how far play may run ahead of the writing:
// games are written in order, so those finished after a slower one wait in
// memory, at most this many per worker. A few are enough for games of
// uneven length to keep every worker busy; each is lost if the run is
// killed, and replayed when it continues.
const gamesAheadPerWorker = 4

// Config describes a self-play run.
type Config struct {
	Variant movegen.Variant
	Games   int           // games of the run, over all its shards
	Limits  search.Limits // per move: Nodes or Depth, nothing timed (for reproducible games)
	// Options are the engines' settings, and Pool where they open the
	// files the settings name (nil: a pool of the run's own).
	Options play.Options
	Pool    *play.Pool
	// Openings and RandomPlies choose each game's opening; OpeningsFile
	// is the file of openings for FromFile, read by book.ReadBallotsFile
	// (FEN lines, PDN FEN tags or ballot-table rows).
	Openings     Openings
	OpeningsFile string
	RandomPlies  int
	// NodeJitter varies each search's node budget by up to this many
	// percent either way, drawn from the game's seed: deterministic
	// engines replay the same lines from the same opening, and a budget
	// that differs move by move makes close choices differ, so games
	// spread without the blunders more random plies would add.
	NodeJitter int
	Seed       uint64 // seeds the random plies: game i uses (Seed, i)
	// Shard and Shards split a run over processes: this one plays the
	// games i with i mod Shards == Shard. Shards 0 means 1, the whole run.
	Shard, Shards int
	Concurrency   int // games played at once, one engine each
	MaxPlies      int // 0 means DefaultMaxPlies
}

// Stats counts a run's work.
type Stats struct {
	Total      int // games this shard of the run plays in all
	Before     int // of them, games played into the file by earlier starts of the run
	Games      int // games finished and written (their new positions)
	Unfinished int // games dropped at the ply cap
	Positions  int // records written
	Duplicates int // quiet positions skipped as already in the file
	// BlackWins, Draws and WhiteWins count the finished games' results.
	BlackWins, Draws, WhiteWins int
	Records                     int64 // records in the file
	Elapsed                     time.Duration
}

// Progress returns the progress of a run as crown selfplay shows it:
// games done of all, positions written, their rate, the time elapsed and
// the time left at this start's rate.
func (st Stats) Progress() string {
	played := st.Games + st.Unfinished
	done := st.Before + played
	left := time.Duration(float64(st.Elapsed) * float64(st.Total-done) / float64(max(played, 1)))
	return fmt.Sprintf("games %d/%d  positions %d  %.0f pos/s  elapsed %s  left ~%s",
		done, st.Total, st.Positions, st.rate(), st.Elapsed.Round(time.Second), left.Round(time.Second))
}

// Summary returns what a run into the data file at path did, as crown
// selfplay ends with it: the games, the positions written and skipped,
// what the file holds, the results and the rate, in two lines.
func (st Stats) Summary(path string) string {
	return fmt.Sprintf("games %d (%d dropped at the ply cap, %d played before), positions written %d, duplicates skipped %d, %s now holds %d\n"+
		"results: %d black wins, %d draws, %d white wins; %.0f positions/s\n",
		st.Games, st.Unfinished, st.Before, st.Positions, st.Duplicates, path, st.Records,
		st.BlackWins, st.Draws, st.WhiteWins, st.rate())
}

// rate returns the positions written a second, 0 before any time passed.
func (st Stats) rate() float64 {
	if st.Elapsed <= 0 {
		return 0
	}
	return float64(st.Positions) / st.Elapsed.Seconds()
}

// check reports what is wrong with cfg, if anything.
func (cfg *Config) check() error {
	lim := cfg.Limits
	switch {
	case cfg.Variant >= movegen.NumVariants:
		return fmt.Errorf("unknown variant %d", cfg.Variant)
	case cfg.Games < 1:
		return errors.New("games must be at least 1")
	case cfg.Concurrency < 1:
		return errors.New("concurrency must be at least 1")
	case cfg.Shards < 1 || cfg.Shard < 0 || cfg.Shard >= cfg.Shards:
		return fmt.Errorf("shard %d/%d: want i/n with 0 <= i < n", cfg.Shard, cfg.Shards)
	case lim.Depth == 0 && lim.Nodes == 0:
		return errors.New("limits need a node count or a depth")
	case lim.MoveTime > 0 || lim.Remaining > 0 || lim.Infinite:
		return errors.New("limits must be nodes or depth, not time: games are to be reproducible")
	case cfg.Openings != Deck && cfg.Openings != Random && cfg.Openings != FromFile:
		return fmt.Errorf("unknown openings %d", cfg.Openings)
	case cfg.Openings == Deck && cfg.Variant != movegen.American:
		return errors.New("the ballot deck is American only: use random openings or a file")
	case cfg.Openings == FromFile && cfg.OpeningsFile == "":
		return errors.New("openings from a file need the file")
	case cfg.RandomPlies < 0 || cfg.RandomPlies > MaxRandomPlies:
		return fmt.Errorf("random plies must be in 0..%d", MaxRandomPlies)
	case cfg.NodeJitter < 0 || cfg.NodeJitter > MaxNodeJitter:
		return fmt.Errorf("node jitter must be in 0..%d percent", MaxNodeJitter)
	case cfg.NodeJitter > 0 && cfg.Limits.Nodes == 0:
		return errors.New("node jitter needs a node limit")
	case cfg.MaxPlies < 0 || cfg.MaxPlies > DefaultMaxPlies:
		return fmt.Errorf("max plies must be in 0..%d", DefaultMaxPlies)
	}
	return nil
}

// shardGames returns how many games of cfg's shard are numbered from
// first (one of the shard's) up.
func (cfg *Config) shardGames(first int) int {
	if first >= cfg.Games {
		return 0
	}
	return (cfg.Games - first + cfg.Shards - 1) / cfg.Shards
}

// opening is where a game's searched play starts.
type opening struct {
	pos   movegen.Position
	plies int // plies from the start position to pos, as far as known
}

// openings returns the fixed starting points of cfg: the ballots, a
// file's positions, or the start position. A ballot's plies are its moves;
// a bare FEN's are counted from it, 0 with Black to move and 1 with White,
// so that the ply's parity is the side to move's as from the start.
func (cfg *Config) openings() ([]opening, error) {
	var ballots []book.Ballot
	var err error
	switch cfg.Openings {
	case Random:
		return []opening{{pos: movegen.StartPosition(cfg.Variant)}}, nil
	case Deck:
		ballots, err = book.SelectBallots("deck", cfg.Variant)
	default:
		ballots, err = book.ReadBallotsFile(cfg.OpeningsFile, cfg.Variant)
	}
	if err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	out := make([]opening, len(ballots))
	for i, b := range ballots {
		out[i] = opening{pos: b.Pos, plies: int(b.Pos.Turn)}
		if b.Moves != nil {
			out[i].plies = len(b.Moves)
		}
	}
	return out, nil
}

// played is one game as a worker hands it on.
type played struct {
	index  int // the game's number in the run
	recs   []Record
	result string // a PDN result
	capped bool   // dropped at the ply cap: the game is done, nothing to write
	err    error
	exit   bool // not a game: the worker has stopped
}

// posKey is a position exactly, for the set of positions written: no
// hash collision can drop a new one.
type posKey struct {
	pieces  [2]movegen.Bitboard
	kings   movegen.Bitboard
	turn    movegen.Colour
	variant movegen.Variant
}

func keyOf(p *movegen.Position) posKey {
	return posKey{p.Pieces, p.Kings, p.Turn, p.Variant}
}

// Run plays the games of cfg's shard of the run into the data file at
// path, appending their quiet positions, and calls progress (if not nil)
// after each game. Games are written in the order of their numbers, and
// after each one the run's progress is kept in the state file beside the
// data file (StatePath), so a run killed at any point and started again
// with the same cfg goes on from the first game not written and ends with
// the file an uninterrupted run writes. A state file of another run is an
// error naming the difference; a data file without one is continued by
// playing the run from its first game, writing only positions the file
// does not hold. Cancelling ctx stops it: games in play are dropped, every
// game written is whole. It returns what it did, and the first error (a
// bad configuration, a failed write).
func Run(ctx context.Context, cfg Config, path string, progress func(Stats)) (st Stats, err error) {
	start := time.Now()
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = DefaultMaxPlies
	}
	if cfg.Shards == 0 {
		cfg.Shards = 1
	}
	if err := cfg.check(); err != nil {
		return Stats{}, err
	}
	opens, err := cfg.openings()
	if err != nil {
		return Stats{}, err
	}
	rf, err := resume(path, &cfg, opens)
	if err != nil {
		return Stats{}, err
	}
	defer func() {
		st.Records = rf.w.Count()
		if cerr := rf.w.Close(); err == nil {
			err = cerr
		}
	}()
	st.Total = cfg.shardGames(cfg.Shard)
	st.Before = st.Total - cfg.shardGames(rf.state.next)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	slots := make(chan struct{}, gamesAheadPerWorker*cfg.Concurrency)
	results := make(chan played)
	pool := cfg.Pool
	if pool == nil {
		pool = play.NewPool()
		defer pool.Close()
	}
	opt, err := pool.Open(cfg.Options)
	if err != nil {
		return Stats{}, err
	}
	defer pool.Release(opt)
	var taken atomic.Int64
	first := rf.state.next
	next := func() int { return first + cfg.Shards*int(taken.Add(1)-1) }
	for range cfg.Concurrency {
		go cfg.work(ctx, opt, opens, next, slots, results)
	}

	// Games come back in any order and are written in theirs: a game
	// waits in pending until the ones before it are written.
	pending := map[int]played{}
	var firstErr error
	for live := cfg.Concurrency; live > 0; {
		g := <-results
		switch {
		case g.exit:
			live--
			continue
		case firstErr != nil:
			continue
		case g.err != nil:
			firstErr = g.err
			cancel()
			continue
		case ctx.Err() != nil:
			continue // games not written are played again when the run continues
		}
		pending[g.index] = g
		for ctx.Err() == nil {
			h, ok := pending[rf.state.next]
			if !ok {
				break
			}
			delete(pending, rf.state.next)
			<-slots
			if err := rf.save(h, cfg.Shards, &st); err != nil {
				firstErr = err
				cancel()
				break
			}
			st.Elapsed = time.Since(start)
			if progress != nil {
				progress(st)
			}
		}
	}
	st.Elapsed = time.Since(start)
	return st, firstErr
}

// runFile is a run's data file and its state.
type runFile struct {
	w         *Writer
	state     *runState
	statePath string
	seen      map[posKey]struct{} // the positions in the file
}

// resume opens the data file at path for cfg's run with the run's state:
// the one its state file keeps, once checked to be of the same run and the
// data file cut back to its records (a kill between a game's write and its
// state's leaves more); or, for a file without one, a new state from the
// shard's first game, written at once.
func resume(path string, cfg *Config, opens []opening) (*runFile, error) {
	statePath := StatePath(path)
	params := cfg.params(opens)
	if err := atomicfile.RemoveStale(statePath); err != nil {
		return nil, err
	}
	s, err := readState(statePath)
	switch {
	case err != nil:
		return nil, err
	case s == nil:
	case diffParams(s.params, params, "the state") != nil:
		return nil, fmt.Errorf("%s is of another run (%s): continue it with the settings it was started with, write to another file, or remove the state file to replay its run from the first game",
			statePath, strings.Join(diffParams(s.params, params, "the state"), "; "))
	case s.next%cfg.Shards != cfg.Shard:
		return nil, fmt.Errorf("%s: next game %d is not one of shard %d/%d", statePath, s.next, cfg.Shard, cfg.Shards)
	}
	w, err := OpenWriter(path)
	if err != nil {
		return nil, err
	}
	switch {
	case s == nil:
		s = &runState{params: params, next: cfg.Shard, records: w.Count()}
	case w.Count() < s.records:
		err = fmt.Errorf("%s holds %d records, fewer than the %d its state file says: it was cut or replaced (remove %s to continue it by replaying its run)",
			path, w.Count(), s.records, statePath)
	case w.Count() > s.records:
		err = w.truncate(s.records)
	}
	if err == nil {
		err = writeState(statePath, s)
	}
	var seen map[posKey]struct{}
	if err == nil {
		seen, err = existingPositions(w)
	}
	if err != nil {
		w.Close()
		return nil, err
	}
	return &runFile{w: w, state: s, statePath: statePath, seen: seen}, nil
}

// save writes game g, the next in order, to the file (its positions not
// already there) and then the state that counts it, for a run of shards
// shards. The data reaches the disk before the state, so that even a crash
// leaves no state counting records the file lacks.
func (rf *runFile) save(g played, shards int, st *Stats) error {
	if g.capped {
		st.Unfinished++
	} else {
		fresh, dups := dropSeen(g.recs, rf.seen)
		st.Duplicates += dups
		if err := rf.w.Write(fresh); err != nil {
			return err
		}
		if err := rf.w.sync(); err != nil {
			return err
		}
		st.Games++
		st.Positions += len(fresh)
		switch g.result {
		case movegen.ResultBlackWins:
			st.BlackWins++
		case movegen.ResultWhiteWins:
			st.WhiteWins++
		default:
			st.Draws++
		}
	}
	rf.state.next += shards
	rf.state.records = rf.w.Count()
	return writeState(rf.statePath, rf.state)
}

// work plays games of the run with an engine of opt, numbered by next, until none is left or
// ctx is cancelled, sending each to results, and then an exit message. A
// game starts only when slots has room, so the games in play and those
// waiting to be written stay within its size. A panic is sent as an
// error.
func (cfg *Config) work(ctx context.Context, opt search.Options, opens []opening, next func() int, slots chan<- struct{}, results chan<- played) {
	j := -1
	defer func() {
		if r := recover(); r != nil {
			results <- played{index: j, err: fmt.Errorf("self-play game %d: panic: %v\n%s", j, r, debug.Stack())}
		}
		results <- played{exit: true}
	}()
	eng := search.New(opt)
	defer eng.Close()
	for {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return
		}
		if j = next(); j >= cfg.Games {
			return
		}
		eng.Clear()
		g := playGame(ctx, eng, cfg, opens[j%len(opens)], j)
		g.index = j
		results <- g
	}
}

// dropSeen keeps the records of recs whose positions are not in seen, in
// place, adds their positions to seen and returns them with the number
// dropped: positions are written once, the first time.
func dropSeen(recs []Record, seen map[posKey]struct{}) ([]Record, int) {
	fresh := recs[:0]
	for _, r := range recs {
		k := keyOf(&r.Pos)
		if _, dup := seen[k]; dup {
			continue
		}
		seen[k] = struct{}{}
		fresh = append(fresh, r)
	}
	return fresh, len(recs) - len(fresh)
}

// existingPositions returns the set of positions out's file held when
// opened.
func existingPositions(out *Writer) (map[posKey]struct{}, error) {
	seen := make(map[posKey]struct{}, out.Count())
	rd, err := out.Existing()
	if err != nil {
		return nil, err
	}
	err = readGames(rd, func(recs []Record) error {
		for i := range recs {
			seen[keyOf(&recs[i].Pos)] = struct{}{}
		}
		return nil
	})
	return seen, err
}

// playGame plays game number i from open with eng on both sides and
// returns its quiet positions with their results.
func playGame(ctx context.Context, eng *search.Engine, cfg *Config, open opening, i int) played {
	g := movegen.NewGame(open.pos)
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
	var ml movegen.MoveList
	for range cfg.RandomPlies {
		p := g.Position()
		if p.GenerateMoves(&ml); ml.N == 0 || g.Outcome().Over() {
			break
		}
		if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
			return played{err: err}
		}
	}
	first := len(g.Moves) // searched play starts here
	var recs []Record
	for {
		out := g.Outcome()
		if out.Over() {
			return played{recs: withResults(recs, out.Result), result: out.Result}
		}
		ply := len(g.Moves)
		if ply-first >= cfg.MaxPlies {
			return played{capped: true}
		}
		p := g.Position()
		lim := cfg.Limits
		if cfg.NodeJitter > 0 {
			lim.Nodes = jitter(lim.Nodes, cfg.NodeJitter, rng)
		}
		res, err := eng.Search(ctx, search.Request{Pos: p, History: g.History(), Limits: lim})
		if ctx.Err() != nil {
			return played{} // not written: the run has stopped
		}
		if err != nil {
			return played{err: fmt.Errorf("game %d: %w", i, err)}
		}
		if quiet(&p) {
			recs = append(recs, Record{Pos: p, Score: ClampScore(res.Score), Ply: uint16(open.plies + ply)})
		}
		if err := g.Play(res.Move); err != nil {
			return played{err: fmt.Errorf("game %d: the engine's move: %w", i, err)}
		}
	}
}

// jitter returns nodes varied by up to pct percent either way, at least 1.
func jitter(nodes uint64, pct int, rng *rand.Rand) uint64 {
	f := 1 + float64(pct)/100*(2*rng.Float64()-1)
	return max(uint64(float64(nodes)*f), 1)
}

// quiet reports whether neither side could capture in p.
func quiet(p *movegen.Position) bool { return !p.HasCapture() && !p.Threatened() }

// withResults fills in each record's result from a game's PDN result.
func withResults(recs []Record, result string) []Record {
	for i := range recs {
		r := &recs[i]
		switch {
		case result == movegen.ResultDraw:
			r.Result = movegen.Draw
		case (result == movegen.ResultBlackWins) == (r.Pos.Turn == movegen.Black):
			r.Result = movegen.Win
		default:
			r.Result = movegen.Loss
		}
	}
	return recs
}
