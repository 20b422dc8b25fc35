package review

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/internal/readfile"
	"github.com/crown-checkers/crown/movegen"
)

// ReadGames reads the games of the PDN file at path, those without a
// GameType tag in rule set v. A game that cannot be read to its end is
// reviewed as far as it goes (its summary says where it stopped), but a
// file without any game is an error.
func ReadGames(path string, v movegen.Variant) ([]movegen.Game, error) {
	f, err := readfile.Open(path, movegen.MaxPDNBytes)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := movegen.ReadPDN(f, v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("%s holds no game", path)
	}
	return games, nil
}

// Batch reviews games one after another into one annotated PDN text, as
// crown annotate does: each game's record (Annotated) written as soon as
// it is reviewed, and its evaluation graph drawn. Written to a file, the
// batch resumes: the games the file holds complete are kept, and the
// review goes on after them.
type Batch struct {
	Games     []movegen.Game
	Annotator string // every record's Annotator tag
	// Out is the file the records go to, rewritten whole (atomicfile)
	// after each game; without it they go to PDN.
	Out string
	PDN io.Writer
	// Graphs, if not empty, is the directory that gets each game's graph
	// as game-K.svg (K from 1), also written whole.
	Graphs string
	// Progress, if not nil, is called as each game's review starts, after
	// each of its moves, and once when it ends (Ended), before the game's
	// record is written.
	Progress func(BatchProgress)
	// Reviewed, if not nil, is called after each game's record is
	// written, with its number (from 1), its review and the time it took;
	// also for a game whose review stopped short.
	Reviewed func(k int, g *Game, elapsed time.Duration)

	done int    // games kept from Out
	kept []byte // the text of Out that holds them
}

// Resume reads what an earlier batch wrote to Out, if anything, and
// returns how many of Games it holds reviewed to their end (Resume's
// rule): Run goes on after them. Out holding other games, or text that is
// not a review's, is an error, which names Out.
func (b *Batch) Resume() (int, error) {
	if b.Out == "" {
		return 0, nil
	}
	if err := atomicfile.RemoveStale(b.Out); err != nil {
		return 0, err
	}
	prev, err := readfile.ReadFile(b.Out, movegen.MaxPDNBytes)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return 0, nil
	case err != nil:
		return 0, err
	}
	done, keep, err := Resume(prev, b.Games)
	if err != nil {
		return 0, &NotResumableError{Path: b.Out, Err: err}
	}
	b.done, b.kept = done, prev[:keep]
	return done, nil
}

// NotResumableError is Batch.Resume's error for an output that is not a
// review of the batch's games.
type NotResumableError struct {
	Path string // the output
	Err  error  // what differs
}

func (e *NotResumableError) Error() string {
	return fmt.Sprintf("%s is not a review of these games to resume (%v)", e.Path, e.Err)
}

func (e *NotResumableError) Unwrap() error { return e.Err }

// Run reviews the games with r, from the first Resume did not find
// complete. It stops at the first error: ctx ending (its error; the game
// under review is written as far as it went, its Review tag saying so),
// a search failing or a file not written.
func (b *Batch) Run(ctx context.Context, r *Reviewer) error {
	if b.Graphs != "" {
		if err := os.MkdirAll(b.Graphs, 0o755); err != nil {
			return err
		}
	}
	p := BatchProgress{Games: len(b.Games), start: time.Now()}
	for i, g := range b.Games {
		p.Total += len(g.Moves)
		if i < b.done {
			p.Skipped += len(g.Moves)
		}
	}
	for i := b.done; i < len(b.Games); i++ {
		if err := b.game(ctx, r, i, &p); err != nil {
			return err
		}
	}
	return nil
}

// game reviews game i and writes it.
func (b *Batch) game(ctx context.Context, r *Reviewer, i int, p *BatchProgress) error {
	g := b.Games[i]
	began := time.Now()
	p.Game, p.Moves, p.Move, p.Ended = i+1, len(g.Moves), 0, false
	b.progress(p)
	rv, rerr := r.Game(ctx, g, func(Move) {
		p.Move++
		p.Done++
		b.progress(p)
	})
	p.Ended = true
	b.progress(p)
	var text bytes.Buffer
	rec := rv.Annotated(b.Annotator)
	if err := rec.WritePDN(&text); err != nil {
		return fmt.Errorf("game %d: %w", i+1, err)
	}
	// The graph before the game's PDN: a game that Out holds complete,
	// and a resumed batch skips, has its graph.
	if b.Graphs != "" {
		path := filepath.Join(b.Graphs, fmt.Sprintf("game-%d.svg", i+1))
		if err := atomicfile.RemoveStale(path); err != nil {
			return err
		}
		if err := atomicfile.Write(path, rv.WriteSVG); err != nil {
			return err
		}
	}
	if b.Out != "" {
		b.kept = append(b.kept, text.Bytes()...)
		if err := atomicfile.WriteFile(b.Out, b.kept); err != nil {
			return err
		}
	} else if _, err := b.PDN.Write(text.Bytes()); err != nil {
		return err
	}
	if b.Reviewed != nil {
		b.Reviewed(i+1, &rv, time.Since(began))
	}
	if rerr != nil && ctx.Err() == nil {
		return fmt.Errorf("game %d: %w", i+1, rerr)
	}
	return rerr
}

func (b *Batch) progress(p *BatchProgress) {
	if b.Progress != nil {
		p.Elapsed = time.Since(p.start)
		b.Progress(*p)
	}
}

// BatchProgress is how far a batch has gone.
type BatchProgress struct {
	Game, Games int  // the game under review (from 1), of all
	Move, Moves int  // its moves reviewed, of all
	Ended       bool // the game's review has ended
	// Done counts the positions reviewed by this run, Skipped those of
	// the games kept from Out, Total those of all games.
	Done, Skipped, Total int
	Elapsed              time.Duration // since Run began
	start                time.Time
}

// String writes the progress as crown annotate's progress line shows it:
// game, move, positions done of all, rate and time left.
func (p BatchProgress) String() string {
	rate := float64(p.Done) / max(p.Elapsed.Seconds(), 1e-9)
	left := time.Duration(float64(p.Total-p.Skipped-p.Done) / max(rate, 1e-9) * float64(time.Second))
	if p.Done == 0 {
		left = 0
	}
	return fmt.Sprintf("game %d/%d move %d/%d  positions %d/%d  %.1f pos/s  elapsed %s  left ~%s",
		p.Game, p.Games, p.Move, p.Moves, p.Skipped+p.Done, p.Total, rate, p.Elapsed.Round(time.Second), left.Round(time.Second))
}

// Report sums up the review of game k, which took elapsed, in a line: its
// rule set, moves and time, each side's marks and where it turned.
func (g *Game) Report(k int, elapsed time.Duration) string {
	s := g.Summary()
	per := 0.0
	if n := len(g.Moves); n > 0 {
		per = elapsed.Seconds() / float64(n)
	}
	line := fmt.Sprintf("game %d (%s): %d of %d moves in %.1f s (%.2f s a position); Black %d?, %d??; White %d?, %d??",
		k, g.Record.Variant, len(g.Moves), len(g.Record.Moves), elapsed.Seconds(), per,
		s.Mistakes[movegen.Black], s.Blunders[movegen.Black], s.Mistakes[movegen.White], s.Blunders[movegen.White])
	if s.Turn >= 0 {
		m := &g.Moves[s.Turn]
		line += fmt.Sprintf("; turned at %s (%s)", m.Label(), m.Comment())
	}
	return line
}
