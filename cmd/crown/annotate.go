package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/crown-checkers/crown/internal/progress"
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

func runAnnotate(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("annotate")
	variant := fs.String("variant", "american", "rule set of games without a GameType tag: "+movegen.VariantNames())
	out := fs.String("out", "", "write the annotated PDN to FILE (resuming from what it holds) instead of stdout")
	graph := fs.String("graph", "", "write each game's evaluation graph to DIR/game-K.svg")
	maxGames := fs.Int("games", 0, "review only the first N games (0: all)")
	limits := addLimitFlags(fs, false)
	options := addOptionFlags(fs, nil)
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, help("annotate"), 1); !ok {
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
	pool := play.NewPool()
	defer pool.Close()
	opt, err := options(pool)
	if err != nil {
		return usageErr("%v", err)
	}
	ropt := review.Options{Limits: lim, MultiPV: opt.MultiPV}
	if err := ropt.Check(); err != nil {
		return usageErr("%v", err)
	}
	games, err := review.ReadGames(fs.Arg(0), v)
	if err != nil {
		return fail("%v", err)
	}
	if *maxGames > 0 && len(games) > *maxGames {
		games = games[:*maxGames]
	}
	batch := &review.Batch{Games: games, Out: *out, PDN: stdout, Graphs: *graph}
	var nr *review.NotResumableError
	if done, err := batch.Resume(); errors.As(err, &nr) {
		return fail("%s is not a review of %s to resume (%v): remove it, or name another --out", *out, fs.Arg(0), nr.Err)
	} else if err != nil {
		return fail("%v", err)
	} else if done > 0 {
		fmt.Fprintf(stderr, "crown annotate: %s holds %d of the %d games reviewed; going on from game %d\n", *out, done, len(games), done+1)
	}
	ps, err := play.New(play.Config{Options: opt, Pool: pool})
	if err != nil {
		return fail("%v", err)
	}
	defer ps.Close()
	r, err := review.New(ps, ropt)
	if err != nil {
		return usageErr("%v", err)
	}
	batch.Annotator = "Crown " + strings.Join(play.LimitWords(lim), " ")
	if opt.MultiPV > 1 {
		batch.Annotator += fmt.Sprintf(" multipv=%d", opt.MultiPV)
	}
	if ps.EGDB() != nil {
		batch.Annotator += " egdb"
	}
	show := &annotateShow{stderr: stderr, report: stderr, line: progress.New(stderr)}
	if *out != "" {
		show.report = stdout
	}
	batch.Progress, batch.Reviewed = show.progress, show.reviewed
	ctx, cancel := untilInterrupted()
	defer cancel()
	err = batch.Run(ctx, r)
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		show.interrupted(*out != "")
		return exitInterrupted(ctx)
	}
	if err != nil {
		return fail("%v", err)
	}
	if unread := unreadGames(games); unread != "" {
		return fail("%s", unread)
	}
	return exitOK
}

// unreadGames says which games could not be read to their end, "" when
// all were: such a game is reviewed as far as it goes, and annotate then
// fails, naming each.
func unreadGames(games []movegen.Game) string {
	var unread []string
	for k, g := range games {
		if g.Err != nil {
			unread = append(unread, fmt.Sprintf("game %d: %v", k+1, g.Err))
		}
	}
	if len(unread) == 0 {
		return ""
	}
	return fmt.Sprintf("%d of %d games could not be read to their end and were reviewed as far as they go: %s",
		len(unread), len(games), strings.Join(unread, "; "))
}

// annotateShow prints a batch's progress line on stderr and its line per
// game on report, and keeps the game last reviewed.
type annotateShow struct {
	stderr, report io.Writer
	line           *progress.Line
	last           *review.Game // the last game reviewed, number lastK
	lastK          int
}

func (s *annotateShow) progress(p review.BatchProgress) {
	if !p.Ended {
		s.line.Show("annotate " + p.String())
		return
	}
	s.line.Clear() // so that the report line starts afresh
}

// interrupted says where the review stopped, and with resumable (--out)
// that the same command goes on from there.
func (s *annotateShow) interrupted(resumable bool) {
	s.line.Clear()
	fmt.Fprintf(s.stderr, "crown annotate: interrupted in game %d after move %d of %d: the review so far is written",
		s.lastK, len(s.last.Moves), len(s.last.Record.Moves))
	if resumable {
		fmt.Fprint(s.stderr, ", and the same command goes on from this game")
	}
	fmt.Fprintln(s.stderr)
}

func (s *annotateShow) reviewed(k int, g *review.Game, el time.Duration) {
	fmt.Fprintln(s.report, g.Report(k, el))
	s.last, s.lastK = g, k
}
