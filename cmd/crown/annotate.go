package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/review"
)

func init() {
	register(command{
		name:    "annotate",
		summary: "review every move of the games in a PDN file: comments, marks, a summary and a graph per game",
		run:     runAnnotate,
	})
}

// defaultAnnotateTime is the time per position without a limit flag.
const defaultAnnotateTime = time.Second

const annotateUsage = `usage: crown annotate [--movetime S | --depth N | --nodes N] [--multipv N] [--egdb DIR [--egdb-cache MiB]]
       [--out FILE] [--graph DIR] [--games N] [--variant V] [--threads N] [--hash MiB] GAME.pdn
Reviews every position of every game in GAME.pdn (each in its rule set, from its
FEN tag or the start) and writes the games as PDN with a comment per move: the
score from the side that moved, the best move when it is another that scores
more (the N best with --multipv N), ? and ?? for mistakes and blunders, and a
summary per game (each side's mistakes, the move where the game turned). With
--egdb the database's values (dbwin, dbloss, dbdraw) count instead of the
search's. --graph DIR draws each game's evaluation graph as DIR/game-K.svg.
The scale and the marks are in docs/review.md. --movetime is an average
(default 1 s a position); the played move, when it is not among the lines
searched, is searched alone to the same depth.
The PDN goes to stdout, or to --out FILE, rewritten after each game; the
progress line and a line per game to stderr. Ctrl-C stops: what is reviewed
is written, the game under review up to its last move reviewed (Review
"stopped after move N of M"). With --out, the same command resumes: the
games FILE holds complete are kept and the review goes on after them; FILE
and the graphs are written whole, so one killed at any point (or stopped by a
full disk) and run again ends, with --depth or --nodes, with the files an
uninterrupted review writes, byte for byte (docs/reliability.md).`

func runAnnotate(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("annotate")
	variant := fs.String("variant", "american", "rule set of games without a GameType tag: american or pool")
	out := fs.String("out", "", "write the annotated PDN to FILE (resuming from what it holds) instead of stdout")
	graph := fs.String("graph", "", "write each game's evaluation graph to DIR/game-K.svg")
	maxGames := fs.Int("games", 0, "review only the first N games (0: all)")
	limits := addLimitFlags(fs, false)
	options := addOptionFlags(fs, nil)
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, annotateUsage, 1); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "annotate", format, a...) }
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "crown annotate: "+format+"\n", a...)
		return exitFail
	}
	if fs.NArg() != 1 {
		return usageErr("a PDN file to annotate is required")
	}
	lim, err := limits()
	if err != nil {
		return usageErr("%v", err)
	}
	if lim.Unlimited() {
		lim.MoveTime = defaultAnnotateTime
	}
	if *maxGames < 0 {
		return usageErr("--games %d is negative", *maxGames)
	}
	v, err := movegen.ParseVariant(*variant)
	if err != nil {
		return usageErr("%v", err)
	}
	egdbs := play.NewPool()
	defer egdbs.Close()
	opt, err := options(egdbs)
	if err != nil {
		return usageErr("%v", err)
	}
	ropt := review.Options{Limits: lim, MultiPV: opt.MultiPV}
	if err := ropt.Check(); err != nil {
		return usageErr("%v", err)
	}
	games, err := readGameFile(fs.Arg(0), v)
	if err != nil {
		return fail("%v", err)
	}
	if *maxGames > 0 && len(games) > *maxGames {
		games = games[:*maxGames]
	}
	var kept []byte
	done := 0
	if *out != "" {
		if err := atomicfile.RemoveStale(*out); err != nil {
			return fail("%v", err)
		}
		prev, err := os.ReadFile(*out)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return fail("%v", err)
		default:
			var keep int
			if done, keep, err = review.Resume(prev, games); err != nil {
				return fail("%s is not a review of %s to resume (%v): remove it, or name another --out", *out, fs.Arg(0), err)
			}
			kept = prev[:keep]
			if done > 0 {
				fmt.Fprintf(stderr, "crown annotate: %s holds %d of the %d games reviewed; going on from game %d\n", *out, done, len(games), done+1)
			}
		}
	}
	if *graph != "" {
		if err := os.MkdirAll(*graph, 0o755); err != nil {
			return fail("%v", err)
		}
	}
	ps, err := play.New(play.Config{Options: opt, Pool: egdbs})
	if err != nil {
		return fail("%v", err)
	}
	defer ps.Close()
	r, err := review.New(ps, ropt)
	if err != nil {
		return usageErr("%v", err)
	}
	annotator := "Crown " + strings.Join(play.LimitWords(lim), " ")
	if opt.MultiPV > 1 {
		annotator += fmt.Sprintf(" multipv=%d", opt.MultiPV)
	}
	if ps.EGDB() != nil {
		annotator += " egdb"
	}
	report := stderr
	if *out != "" {
		report = stdout
	}
	ctx, cancel := untilInterrupted()
	defer cancel()
	prog := annotateProgress{w: stderr, games: len(games), start: time.Now()}
	for _, g := range games {
		prog.total += len(g.Moves)
	}
	for _, g := range games[:done] {
		prog.skipped += len(g.Moves)
	}
	for i := done; i < len(games); i++ {
		g := games[i]
		began := time.Now()
		prog.game, prog.moves, prog.move = i+1, len(g.Moves), 0
		prog.show()
		rv, rerr := r.Game(ctx, g, func(review.Move) {
			prog.move++
			prog.done++
			prog.show()
		})
		prog.clear()
		var text bytes.Buffer
		rec := rv.Annotated(annotator)
		if err := rec.WritePDN(&text); err != nil {
			return fail("game %d: %v", i+1, err)
		}
		// The graph before the game's PDN: a game that --out holds
		// complete, and a resumed review skips, has its graph.
		if *graph != "" {
			path := filepath.Join(*graph, fmt.Sprintf("game-%d.svg", i+1))
			if err := atomicfile.RemoveStale(path); err != nil {
				return fail("%v", err)
			}
			if err := atomicfile.Write(path, rv.WriteSVG); err != nil {
				return fail("%v", err)
			}
		}
		if *out != "" {
			kept = append(kept, text.Bytes()...)
			if err := atomicfile.WriteFile(*out, kept); err != nil {
				return fail("%v", err)
			}
		} else if _, err := stdout.Write(text.Bytes()); err != nil {
			return fail("%v", err)
		}
		fmt.Fprintln(report, gameReport(i+1, &rv, time.Since(began)))
		if rerr != nil {
			if ctx.Err() != nil {
				fmt.Fprintf(stderr, "crown annotate: interrupted in game %d after move %d of %d: the review so far is written", i+1, len(rv.Moves), len(g.Moves))
				if *out != "" {
					fmt.Fprint(stderr, ", and the same command goes on from this game")
				}
				fmt.Fprintln(stderr)
				return exitOK
			}
			return fail("game %d: %v", i+1, rerr)
		}
	}
	return exitOK
}

// readGameFile reads the games of a PDN file; a game that cannot be read
// to its end is reviewed as far as it goes (its summary says where it
// stopped), but a file without any game is an error.
func readGameFile(path string, v movegen.Variant) ([]movegen.Game, error) {
	f, err := os.Open(path)
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

// gameReport is the line a reviewed game gets: the game, its moves and
// time, each side's marks and where it turned.
func gameReport(k int, rv *review.Game, el time.Duration) string {
	s := rv.Summary()
	per := 0.0
	if n := len(rv.Moves); n > 0 {
		per = el.Seconds() / float64(n)
	}
	line := fmt.Sprintf("game %d (%s): %d of %d moves in %.1f s (%.2f s a position); Black %d?, %d??; White %d?, %d??",
		k, rv.Record.Variant, len(rv.Moves), len(rv.Record.Moves), el.Seconds(), per,
		s.Mistakes[movegen.Black], s.Blunders[movegen.Black], s.Mistakes[movegen.White], s.Blunders[movegen.White])
	if s.Turn >= 0 {
		m := &rv.Moves[s.Turn]
		line += fmt.Sprintf("; turned at %s (%s)", m.Label(), m.Comment())
	}
	return line
}

// annotateProgress draws the progress line on stderr, in the way of
// crown selfplay and egdb build: game, move, positions done of all, rate
// and time left.
type annotateProgress struct {
	w                        io.Writer
	games, game, moves, move int
	total, done, skipped     int
	start                    time.Time
	shown                    bool
}

func (p *annotateProgress) show() {
	el := time.Since(p.start)
	rate := float64(p.done) / max(el.Seconds(), 1e-9)
	left := time.Duration(float64(p.total-p.skipped-p.done) / max(rate, 1e-9) * float64(time.Second))
	if p.done == 0 {
		left = 0
	}
	fmt.Fprintf(p.w, "\rannotate game %d/%d move %d/%d  positions %d/%d  %.1f pos/s  elapsed %s  left ~%s   ",
		p.game, p.games, p.move, p.moves, p.skipped+p.done, p.total, rate, el.Round(time.Second), left.Round(time.Second))
	p.shown = true
}

// clear ends the progress line, so that a report line starts afresh.
func (p *annotateProgress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r"+strings.Repeat(" ", 100)+"\r")
		p.shown = false
	}
}
