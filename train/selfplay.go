package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
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
)

// Bounds of a self-play configuration.
const (
	// DefaultMaxPlies caps a game: one this long is dropped. The rules end
	// every game (the move-count draw), but a long shuffle is worth little
	// as data, and the ply is stored in 16 bits.
	DefaultMaxPlies = 400
	// MaxRandomPlies bounds the random plies of an opening: past a few
	// dozen random moves a game is no longer one Crown would play.
	MaxRandomPlies = 40
)

// Config describes a self-play run.
type Config struct {
	Variant movegen.Variant
	Games   int           // games to play
	Limits  search.Limits // per move: Nodes or Depth, nothing timed (for reproducible games)
	Options search.Options
	// Openings and RandomPlies choose each game's opening.
	Openings    Openings
	RandomPlies int
	Seed        uint64 // seeds the random plies: game i uses (Seed, i)
	Concurrency int    // games played at once, one engine each
	MaxPlies    int    // 0 means DefaultMaxPlies
}

// Stats counts a run's work.
type Stats struct {
	Games      int // games finished and written (their new positions)
	Unfinished int // games dropped at the ply cap
	Positions  int // records written
	Duplicates int // quiet positions skipped as already in the file
	// BlackWins, Draws and WhiteWins count the finished games' results.
	BlackWins, Draws, WhiteWins int
	Elapsed                     time.Duration
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
	case lim.Depth == 0 && lim.Nodes == 0:
		return errors.New("limits need a node count or a depth")
	case lim.MoveTime > 0 || lim.Remaining > 0 || lim.Infinite:
		return errors.New("limits must be nodes or depth, not time: games are to be reproducible")
	case cfg.Openings != Deck && cfg.Openings != Random:
		return fmt.Errorf("unknown openings %d", cfg.Openings)
	case cfg.Openings == Deck && cfg.Variant != movegen.American:
		return errors.New("the ballot deck is American only: use random openings")
	case cfg.RandomPlies < 0 || cfg.RandomPlies > MaxRandomPlies:
		return fmt.Errorf("random plies must be in 0..%d", MaxRandomPlies)
	case cfg.MaxPlies < 0 || cfg.MaxPlies > DefaultMaxPlies:
		return fmt.Errorf("max plies must be in 0..%d", DefaultMaxPlies)
	}
	return nil
}

// opening is where a game's searched play starts.
type opening struct {
	pos   movegen.Position
	plies int // plies from the start position to pos
}

// openings returns the fixed starting points of cfg: the ballots, or the
// start position.
func (cfg *Config) openings() ([]opening, error) {
	if cfg.Openings == Random {
		return []opening{{pos: movegen.StartPosition(cfg.Variant)}}, nil
	}
	ballots, err := match.SelectBallots("deck")
	if err != nil {
		return nil, err
	}
	out := make([]opening, len(ballots))
	for i, b := range ballots {
		p, err := movegen.ParseFEN(b.FEN, cfg.Variant)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.Label(), err)
		}
		out[i] = opening{pos: p, plies: len(strings.Fields(b.Moves))}
	}
	return out, nil
}

// played is one game as a worker hands it on.
type played struct {
	recs       []Record
	result     string // a PDN result
	unfinished bool   // capped or interrupted: not to be written
	err        error
}

// posKey is a position exactly, for the set of positions written: no
// hash collision can drop a new one.
type posKey struct {
	pieces  [2]movegen.Bitboard
	kings   movegen.Bitboard
	turn    movegen.Color
	variant movegen.Variant
}

func keyOf(p *movegen.Position) posKey {
	return posKey{p.Pieces, p.Kings, p.Turn, p.Variant}
}

// Run plays cfg.Games games and appends their quiet positions to out,
// calling progress (if not nil) after each game. Cancelling ctx stops it:
// games in play are dropped, every game written is whole. It returns what
// it did, and the first error (a bad configuration, a failed write).
func Run(ctx context.Context, cfg Config, out *Writer, progress func(Stats)) (Stats, error) {
	start := time.Now()
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = DefaultMaxPlies
	}
	if err := cfg.check(); err != nil {
		return Stats{}, err
	}
	opens, err := cfg.openings()
	if err != nil {
		return Stats{}, err
	}
	seen, err := existingPositions(out)
	if err != nil {
		return Stats{}, err
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan played)
	go func() {
		defer close(jobs)
		for i := range cfg.Games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range cfg.Concurrency {
		wg.Go(func() {
			eng := search.New(cfg.Options)
			for i := range jobs {
				eng.Clear()
				results <- playGame(ctx, eng, &cfg, opens[i%len(opens)], i)
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	var st Stats
	var firstErr error
	for g := range results {
		switch {
		case firstErr != nil:
			continue
		case g.err != nil:
			firstErr = g.err
			cancel()
			continue
		case g.unfinished:
			if ctx.Err() == nil {
				st.Unfinished++
			}
			continue
		}
		fresh := g.recs[:0]
		for _, r := range g.recs {
			k := keyOf(&r.Pos)
			if _, dup := seen[k]; dup {
				st.Duplicates++
				continue
			}
			seen[k] = struct{}{}
			fresh = append(fresh, r)
		}
		if err := out.Write(fresh); err != nil {
			firstErr = err
			cancel()
			continue
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
		st.Elapsed = time.Since(start)
		if progress != nil {
			progress(st)
		}
	}
	st.Elapsed = time.Since(start)
	return st, firstErr
}

// existingPositions returns the set of positions out's file held when
// opened.
func existingPositions(out *Writer) (map[posKey]struct{}, error) {
	seen := make(map[posKey]struct{}, out.Count())
	rd, err := out.Existing()
	if err != nil {
		return nil, err
	}
	buf := make([]Record, readChunk)
	for {
		n, err := rd.Read(buf)
		for i := range n {
			seen[keyOf(&buf[i].Pos)] = struct{}{}
		}
		if err == io.EOF {
			return seen, nil
		}
		if err != nil {
			return nil, err
		}
	}
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
		if ply-first >= cfg.MaxPlies || ctx.Err() != nil {
			return played{unfinished: true}
		}
		p := g.Position()
		res := eng.Search(ctx, search.Request{Pos: p, History: g.History(), Limits: cfg.Limits})
		if ctx.Err() != nil {
			return played{unfinished: true}
		}
		if quiet(&p) {
			recs = append(recs, Record{Pos: p, Score: ClampScore(res.Score), Ply: uint16(open.plies + ply)})
		}
		if err := g.Play(res.Move); err != nil {
			return played{err: fmt.Errorf("game %d: the engine's move: %w", i, err)}
		}
	}
}

// quiet reports whether neither side could capture in p.
func quiet(p *movegen.Position) bool { return !p.HasCapture() && !p.Threatened() }

// withResults fills in each record's result from a game's PDN result.
func withResults(recs []Record, result string) []Record {
	for i := range recs {
		r := &recs[i]
		switch {
		case result == movegen.ResultDraw:
			r.Result = Draw
		case (result == movegen.ResultBlackWins) == (r.Pos.Turn == movegen.Black):
			r.Result = Win
		default:
			r.Result = Loss
		}
	}
	return recs
}
