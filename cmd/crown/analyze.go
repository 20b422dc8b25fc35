package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
)

func init() {
	register(command{
		name:    "analyze",
		summary: "search a position and print each iteration and the best move",
		run:     runAnalyze,
	})
}

func runAnalyze(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("analyze")
	variant := fs.String("variant", "american", variantHelp)
	fen := fs.String("fen", "", "position in PDN FEN (default: the start position)")
	useBook := fs.Bool("book", false, "answer from the opening book when the position is in it")
	bookFile := fs.String("book-file", "", "book file for --book (default: the shipped book)")
	limits := addLimitFlags(fs, true)
	options := addOptionFlags(fs, nil)
	if code, ok := parseFlags(fs, args, stdout, stderr, help("analyze")); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "analyze", format, a...) }
	lim, err := limits()
	if err != nil {
		return usageErr("%v", err)
	}
	pool := play.NewPool()
	defer pool.Close()
	opt, err := options(pool)
	if err != nil {
		return usageErr("%v", err)
	}
	v, err := movegen.ParseVariant(*variant)
	if err != nil {
		return usageErr("%v", err)
	}
	pos := movegen.StartPosition(v)
	if *fen != "" {
		if pos, err = movegen.ParseFEN(*fen, v); err != nil {
			return usageErr("%v", err)
		}
	}
	ps, err := play.New(play.Config{Options: opt, Pool: pool, BookLevel: analyzeBookLevel(*useBook)})
	if err != nil {
		fmt.Fprintf(stderr, "crown analyze: %v\n", err)
		return exitFail
	}
	defer ps.Close()
	if err := useBookFile(ps, v, *useBook, *bookFile); err != nil {
		fmt.Fprintf(stderr, "crown analyze: %v\n", err)
		return exitFail
	}
	withDB, multi := ps.EGDB() != nil, opt.MultiPV > 1
	req := play.Request{Request: search.Request{Pos: pos, Limits: lim}, Analysis: !*useBook}
	req.Report = func(in search.Info) {
		for _, l := range protocol.ScoredInfoLines(in, pos.Rules(), withDB, multi, scoreWord) {
			fmt.Fprintln(stdout, l)
		}
	}
	ctx, cancel := untilInterrupted()
	defer cancel()
	a, err := ps.Choose(ctx, req)
	// Every line is a keyword and key=value words, as the info lines are.
	switch a.Source {
	case play.NoMove:
		fmt.Fprintf(stdout, "bestmove move=none score=%s depth=0 nodes=0 time=0.000\n", scoreWord(a.Score))
		fmt.Fprintf(stderr, "crown analyze: %s\n", noMoveText(pos))
		return exitOK
	case play.FromBook:
		for _, m := range a.BookMoves {
			fmt.Fprintf(stdout, "book move=%s score=%s count=%d\n", pos.Rules().PathText(m.Move), scoreWord(m.Score), m.Count)
		}
		fmt.Fprintf(stdout, "bestmove move=%s score=%s depth=0 nodes=0 time=0.000 book=1\n", pos.Rules().PathText(a.Move), scoreWord(a.Score))
		return exitOK
	}
	fmt.Fprintf(stdout, "bestmove move=%s score=%s depth=%d nodes=%d time=%.3f\n",
		pos.Rules().PathText(a.Move), scoreWord(a.Score), a.Depth, a.Nodes, a.Time.Seconds())
	if err != nil {
		fmt.Fprintf(stderr, "crown analyze: %v\n", err)
		return exitFail
	}
	if ctx.Err() != nil { // Ctrl-C or SIGTERM ended the search: its move is above
		return exitInterrupted(ctx)
	}
	return exitOK
}

// scoreWord writes a score for people (search.ScoreText, docs/scores.md)
// as the value of a key=value word: quoted when it has spaces
// (score="win in 4 moves").
func scoreWord(v int) string {
	t := search.ScoreText(v)
	if strings.Contains(t, " ") {
		return strconv.Quote(t)
	}
	return t
}

// analyzeBookLevel is the book level of crown analyze --book: the best
// book move, the first of those it lists.
func analyzeBookLevel(useBook bool) book.Level {
	if useBook {
		return book.Best
	}
	return book.Off
}

// useBookFile sets the session to rule set v and, with --book, the book
// file path ("" for the shipped book), which must be a book of v.
func useBookFile(ps *play.Session, v movegen.Variant, useBook bool, path string) error {
	if err := ps.SetGameType(v.Rules().GameType); err != nil {
		return err
	}
	if !useBook {
		return nil
	}
	if path != "" {
		if err := ps.SetBookFile(path); err != nil {
			return err
		}
	}
	_, err := ps.Book()
	return err
}
