package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// crown book build's defaults.
const (
	// defaultBookPositions: with the default nodes, about 20 minutes on
	// two cores.
	defaultBookPositions = 20000
	// defaultBookNodes: some 30 ms a search, depth 12 or so in the opening.
	defaultBookNodes       = 100000
	defaultBookConcurrency = 2
	// bookCheckpoint: how often a build writes its file by default, so an
	// interrupted one loses at most this much work.
	bookCheckpoint = 30 * time.Second
	// bookCoveredPlies is the main-line depth beyond a ballot that book
	// info counts as covered (issue 15's target).
	bookCoveredPlies = 8
)

func init() {
	register(command{
		name:    "book",
		summary: "opening book: build, probe, info (docs/book.md)",
		run:     runBook,
	})
}

// bookSubcommands are the subcommands of crown book.
var bookSubcommands = []subcommand{
	{"build", runBookBuild},
	{"probe", runBookProbe},
	{"info", runBookInfo},
}

func runBook(args []string, stdout, stderr io.Writer) int {
	return runSubcommand("book", help("book"), bookSubcommands, args, stdout, stderr)
}

func runBookBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("book build")
	variant := fs.String("variant", "american", "rule set: american or pool (or GameType 21, 23)")
	out := fs.String("out", "", "book file to write, continued if it exists (required)")
	positions := fs.Int("positions", defaultBookPositions, "book positions to stop at")
	limits := addLimitFlags(fs, true)
	ballots := fs.String("ballots", "", "forced openings: deck, crossboard, all or none (default deck for American, none for Pool)")
	mainPlies := fs.Int("main-plies", book.DefaultMainPlies, "every root's main line is at least this long")
	seed := fs.Uint64("seed", 1, "seed breaking ties between leaves of equal priority")
	concurrency := fs.Int("concurrency", defaultBookConcurrency, "searches at once, one single-thread engine each")
	hash := fs.Int("hash", book.DefaultHashMiB, "transposition table of each engine in MiB")
	checkpoint := fs.Duration("checkpoint", bookCheckpoint, "write FILE after a round once this long has passed since it was last written (0: after every round)")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("book build")); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "book build", format, a...) }
	v, err := movegen.ParseVariant(*variant)
	if err != nil {
		return usageErr("%v", err)
	}
	lim, err := limits()
	if err != nil {
		return usageErr("%v", err)
	}
	if lim.Unlimited() {
		lim.Nodes = defaultBookNodes
	}
	switch {
	case *out == "":
		return usageErr("--out FILE is required")
	case *positions < 1:
		return usageErr("--positions must be at least 1")
	case *concurrency < 1 || *concurrency > search.MaxThreads:
		return usageErr("--concurrency must be in 1..%d", search.MaxThreads)
	case *mainPlies < 1 || *mainPlies > movegen.MaxPly/2:
		return usageErr("--main-plies must be in 1..%d", movegen.MaxPly/2)
	case *checkpoint < 0:
		return usageErr("--checkpoint must not be negative")
	}
	hashOp, _ := play.LookupOption("hash")
	if err := hashOp.Set(&play.Options{}, *hash); err != nil {
		return usageErr("--hash: %v", err) // the range every command checks through play.Registry
	}
	ballotList, err := bookBallots(v, *ballots)
	if err != nil {
		return usageErr("%v", err)
	}
	fail := func(err error) int {
		return failed(stderr, "book build", err)
	}
	cfg := book.Config{
		Variant: v, Ballots: ballotList, Positions: *positions, MainPlies: *mainPlies, Limits: lim,
		Options: search.Options{HashMiB: *hash}, Concurrency: *concurrency, Seed: *seed,
		Progress:        func(p book.Progress) { fmt.Fprintf(stderr, "\r%s   ", p) },
		CheckpointEvery: *checkpoint,
	}
	ctx, cancel := untilInterrupted()
	defer cancel()
	start := time.Now()
	entries, err := book.BuildFile(ctx, cfg, *out, func(b *book.Book) {
		fmt.Fprintf(stderr, "crown book build: continuing %s (%d positions)\n", *out, b.Positions())
	})
	fmt.Fprintln(stderr) // ends the progress line
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "crown book build: interrupted; %s holds %d positions, run again to continue\n", *out, len(entries))
		return exitFail
	}
	if err != nil {
		return fail(err)
	}
	moves := 0
	for _, e := range entries {
		moves += len(e.Moves)
	}
	size := int64(0)
	if st, err := os.Stat(*out); err == nil {
		size = st.Size()
	}
	fmt.Fprintf(stdout, "book %s: %d positions, %d moves, %d bytes, %s this run (limits %s)\n",
		*out, len(entries), moves, size, time.Since(start).Round(time.Second), lim)
	return exitOK
}

// bookBallots returns the selected ballots: sel is deck, crossboard, all
// or none ("" is deck for American, none for Pool; the ACF ballots are
// American only).
func bookBallots(v movegen.Variant, sel string) ([]book.Ballot, error) {
	if sel == "" {
		sel = "deck"
		if v != movegen.American {
			sel = "none"
		}
	}
	if sel == "none" {
		return nil, nil
	}
	if sel != "deck" && sel != "crossboard" && sel != "all" {
		return nil, fmt.Errorf("--ballots %q: want deck, crossboard, all or none", sel)
	}
	if v != movegen.American {
		return nil, fmt.Errorf("--ballots %s: the ACF ballots are American only", sel)
	}
	return book.SelectBallots(sel, v)
}

func runBookProbe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("book probe")
	path := fs.String("book", "", "book file (default: the shipped book)")
	variant := fs.String("variant", "american", "rule set: american or pool (or GameType 21, 23)")
	level := fs.Int("level", int(book.AllGood), "book level whose choices are marked (1..3)")
	if code, ok := parseFlagsArgs(fs, args, stdout, stderr, help("book probe"), 1); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "book probe", format, a...) }
	v, err := movegen.ParseVariant(*variant)
	if err != nil {
		return usageErr("%v", err)
	}
	if err := book.Level(*level).Check(); err != nil {
		return usageErr("--level: %v", err)
	}
	pos := movegen.StartPosition(v)
	if fs.NArg() == 1 {
		if pos, err = movegen.ParseFEN(fs.Arg(0), v); err != nil {
			return usageErr("%v", err)
		}
	}
	b, err := book.Open(*path, v)
	if err != nil {
		return failed(stderr, "book probe", err)
	}
	moves := b.Probe(pos)
	if len(moves) == 0 {
		fmt.Fprintf(stdout, "%s: not in the book\n", pos.FEN())
		return exitOK
	}
	chosen := book.Level(*level).Candidates(moves)
	fmt.Fprintf(stdout, "%s: %d book moves (level %d: %s)\n", pos.FEN(), len(moves), *level, book.Level(*level))
	for i, m := range moves {
		mark := " "
		if i < len(chosen) {
			mark = "*"
		}
		fmt.Fprintf(stdout, "%s %-8s score %-6s count %d\n", mark, pos.FormatMove(m.Move), search.FormatScore(m.Score), m.Count)
	}
	return exitOK
}

func runBookInfo(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("book info")
	path := fs.String("book", "", "book file (default: the shipped book)")
	variant := fs.String("variant", "american", "rule set: american or pool (or GameType 21, 23)")
	ballots := fs.String("ballots", "", "ballots to count: deck, crossboard or all (default deck for American, none for Pool)")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("book info")); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "book info", format, a...) }
	v, err := movegen.ParseVariant(*variant)
	if err != nil {
		return usageErr("%v", err)
	}
	ballotList, err := bookBallots(v, *ballots)
	if err != nil {
		return usageErr("%v", err)
	}
	began := time.Now()
	b, err := book.Open(*path, v)
	if err != nil {
		return failed(stderr, "book info", err)
	}
	loaded := time.Since(began)
	name := *path
	if name == "" {
		name = "shipped " + v.Rules().Name + " book"
	}
	fmt.Fprintf(stdout, "%s: %s, %d positions, %d moves, %d bytes, read in %s\n", name, v.Rules().Name,
		b.Positions(), b.Moves(), b.Size(), loaded.Round(time.Microsecond))
	verdict := "every stored move is legal"
	if err := b.Verify(); err != nil {
		verdict = err.Error()
	}
	fmt.Fprintln(stdout, verdict)
	start := movegen.StartPosition(v)
	main := b.MainLine(start, movegen.MaxPly)
	fmt.Fprintf(stdout, "start: main line %d plies: %s\n", len(main), start.FormatLine(main))
	if len(ballotList) == 0 {
		return exitOK
	}
	depths := b.BallotDepths(ballotList)
	covered := 0
	for _, d := range depths {
		if d >= bookCoveredPlies {
			covered++
		}
	}
	fmt.Fprintf(stdout, "ballots: %d of %d in the book, %d with a main line of %d plies or more beyond the ballot\n",
		len(depths), len(ballotList), covered, bookCoveredPlies)
	if len(depths) > 0 {
		fmt.Fprintf(stdout, "main line beyond the ballot: min %d, median %d, max %d plies\n",
			depths[0], depths[len(depths)/2], depths[len(depths)-1])
	}
	return exitOK
}
