package book

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// OpeningsConfig describes a set of random openings (RandomOpenings): the
// match openings of a game that has no ballot deck of its own.
type OpeningsConfig struct {
	Variant movegen.Variant
	Count   int    // openings wanted
	Plies   int    // random legal plies from the start position
	Seed    uint64 // the random plies' seed: the same seed gives the same openings
	// Limits bound the search that judges an opening; Margin is the most
	// its score may be from level, in centi-men.
	Limits search.Limits
	Margin int
	// Options configure the judging engine (one thread).
	Options search.Options
	// Progress, if not nil, is called after each opening tried.
	Progress func(found, tried int)
}

// maxTriesPerOpening bounds RandomOpenings' work: a setting that finds
// fewer than one opening in this many tries is refused as hopeless.
const maxTriesPerOpening = 200

// ErrFewOpenings says that RandomOpenings found too few openings.
var ErrFewOpenings = errors.New("book: too few random openings pass; allow more plies or a wider margin")

// RandomOpenings returns cfg.Count distinct positions, each reached by
// cfg.Plies random legal plies from the start position, with equal
// material, no capture for the side to move nor threatened against it,
// and a search score within cfg.Margin: openings that are level and
// quiet, as a match wants them.
func RandomOpenings(ctx context.Context, cfg OpeningsConfig) ([]movegen.Position, error) {
	switch {
	case cfg.Count < 1 || cfg.Plies < 1 || cfg.Plies > movegen.MaxPly:
		return nil, fmt.Errorf("book: openings need a count and 1..%d plies", movegen.MaxPly)
	case cfg.Limits.Unlimited():
		return nil, ErrNoLimit
	}
	opt := cfg.Options
	opt.Threads = 1
	e := search.New(opt)
	defer e.Close()
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(cfg.Variant)))
	seen := map[movegen.Position]bool{}
	var out []movegen.Position
	var ml movegen.MoveList
	for tried := 1; len(out) < cfg.Count; tried++ {
		if tried > cfg.Count*maxTriesPerOpening {
			return out, fmt.Errorf("%w: %d of %d after %d tries", ErrFewOpenings, len(out), cfg.Count, tried-1)
		}
		p, ok := randomPlies(rng, cfg.Variant, cfg.Plies, &ml)
		if ok && !seen[p] && quietAndEven(&p) {
			seen[p] = true
			res, err := e.Search(ctx, search.Request{Pos: p, Limits: cfg.Limits})
			if err != nil {
				return out, err
			}
			if res.Score >= -cfg.Margin && res.Score <= cfg.Margin {
				out = append(out, p)
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(len(out), tried)
		}
	}
	return out, nil
}

// randomPlies plays n random legal plies from v's start; false when a
// side ran out of moves first.
func randomPlies(rng *rand.Rand, v movegen.Variant, n int, ml *movegen.MoveList) (movegen.Position, bool) {
	p := movegen.StartPosition(v)
	for range n {
		p.GenerateMoves(ml)
		if ml.N == 0 {
			return p, false
		}
		p.MakeMove(ml.Moves[rng.IntN(ml.N)])
	}
	return p, true
}

// quietAndEven reports whether p has equal material (men and kings) and
// no capture pending for either side.
func quietAndEven(p *movegen.Position) bool {
	b, w := movegen.Black, movegen.White
	return p.Men(b).Count() == p.Men(w).Count() && p.KingsOf(b).Count() == p.KingsOf(w).Count() &&
		!p.HasCapture() && !p.Threatened()
}

// WriteOpenings writes openings as a file ReadBallotsFile reads: the
// comment lines of header (each prefixed "# "), then one FEN a line.
func WriteOpenings(w io.Writer, header []string, openings []movegen.Position) error {
	for _, h := range header {
		if _, err := fmt.Fprintf(w, "# %s\n", h); err != nil {
			return err
		}
	}
	for _, p := range openings {
		if _, err := fmt.Fprintln(w, p.FEN()); err != nil {
			return err
		}
	}
	return nil
}
