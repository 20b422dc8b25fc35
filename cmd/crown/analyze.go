package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

func init() {
	register(command{
		name:    "analyze",
		summary: "search a position and print each iteration and the best move",
		run:     runAnalyze,
	})
}

// analyzeStop is the context an unlimited analysis runs under; tests
// replace it to stop the search themselves.
var analyzeStop = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

const analyzeUsage = `usage: crown analyze [--variant V] [--fen FEN] [--book] [--book-file FILE] [--depth N] [--movetime S] [--nodes N] [--threads N] [--hash MiB]
       [--multipv N] [--egdb DIR [--egdb-cache MiB]]
Searches the position and prints one line per finished iteration, then the
best move; scores are from the side to move's view, as the protocol writes
them (centi-men +35, win7 and loss4 in plies, dbwin and dbloss by the
endgame database). With --multipv N it prints the N best moves, each with
its exact score and line: N lines per iteration, best first, each with its
rank (multipv k). It stops at the first limit reached (--movetime is exact here);
with no limit it runs until interrupted (Ctrl-C). With --book, a position of
the opening book is answered from it without a search: its book moves, then
the best of them.`

func runAnalyze(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("analyze")
	variant := fs.String("variant", "american", "rule set: american or pool (or GameType 21, 23)")
	fen := fs.String("fen", "", "position in PDN FEN (default: the start position)")
	useBook := fs.Bool("book", false, "answer from the opening book when the position is in it")
	bookFile := fs.String("book-file", "", "book file for --book (default: the shipped book)")
	limits := addLimitFlags(fs, true)
	options := addOptionFlags(fs, nil)
	if code, ok := parseFlags(fs, args, stdout, stderr, analyzeUsage); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "analyze", format, a...) }
	lim, err := limits()
	if err != nil {
		return usageErr("%v", err)
	}
	egdbs := play.NewEGDBPool()
	defer egdbs.Close()
	opt, err := options(egdbs)
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
	if *useBook {
		b, err := book.Open(*bookFile, v)
		if err != nil {
			fmt.Fprintf(stderr, "crown analyze: %v\n", err)
			return exitFail
		}
		if moves := b.Probe(pos); len(moves) > 0 {
			for _, m := range moves {
				fmt.Fprintf(stdout, "book %s score=%s count=%d\n", pos.FormatMove(m.Move), search.FormatScore(m.Score), m.Count)
			}
			fmt.Fprintf(stdout, "bestmove %s score=%s depth=0 nodes=0 time=0.000 book\n", pos.FormatMove(moves[0].Move), search.FormatScore(moves[0].Score))
			return exitOK
		}
	}
	ps, err := play.New(play.Config{Search: opt, EGDBs: egdbs})
	if err != nil {
		fmt.Fprintf(stderr, "crown analyze: %v\n", err)
		return exitFail
	}
	defer ps.Close()
	req := search.Request{Pos: pos, Limits: lim}
	hits := ""
	req.Report = func(in search.Info) {
		if ps.EGDB() != nil {
			hits = fmt.Sprintf(" egdbhits %d", in.EGDBHits)
		}
		lines := in.Lines
		if opt.MultiPV <= 1 { // one line, printed without a rank
			lines = []search.Line{{Score: in.Score, PV: in.PV}}
		}
		for k, l := range lines {
			rank := ""
			if opt.MultiPV > 1 {
				rank = fmt.Sprintf(" multipv %d", k+1)
			}
			fmt.Fprintf(stdout, "depth %d seldepth %d score %s nodes %d nps %d time %.3f%s%s pv %s\n",
				in.Depth, in.SelDepth, search.FormatScore(l.Score), in.Nodes, nps(in.Nodes, in.Time), in.Time.Seconds(), hits, rank, pos.FormatLine(l.PV))
		}
	}
	ctx, cancel := analyzeStop()
	defer cancel()
	res, err := ps.Search(ctx, req)
	if !res.HasMove {
		fmt.Fprintf(stdout, "bestmove none score=%s depth=0 nodes=0 time=%.3f (no legal move: %s has lost)\n",
			search.FormatScore(res.Score), res.Time.Seconds(), sideName(pos.Turn))
		return exitOK
	}
	fmt.Fprintf(stdout, "bestmove %s score=%s depth=%d nodes=%d time=%.3f\n",
		pos.FormatMove(res.Move), search.FormatScore(res.Score), res.Depth, res.Nodes, res.Time.Seconds())
	if err != nil {
		fmt.Fprintf(stderr, "crown analyze: %v\n", err)
		return exitFail
	}
	return exitOK
}

// nps returns nodes per second.
func nps(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(nodes) / d.Seconds())
}

func sideName(c movegen.Color) string {
	if c == movegen.Black {
		return "black"
	}
	return "white"
}
