package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/internal/progress"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/review"
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
)

func init() {
	register(command{
		name:    "book",
		summary: "opening book: build, probe, info; match openings, random or where the book ends (docs/book.md)",
		run:     runBook,
	})
}

// bookSubcommands are the subcommands of crown book.
var bookSubcommands = []subcommand{
	{"build", runBookBuild},
	{"probe", runBookProbe},
	{"info", runBookInfo},
	{"openings", runBookOpenings},
	{"exits", runBookExits},
}

func runBook(args []string, stdout, stderr io.Writer) int {
	return runSubcommand("book", help("book"), bookSubcommands, args, stdout, stderr)
}

func runBookBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("book build")
	variant := fs.String("variant", "american", variantHelp)
	out := fs.String("out", "", "book file to write, continued if it exists (required)")
	positions := fs.Int("positions", defaultBookPositions, "book positions to stop at")
	limits := addLimitFlags(fs, true)
	ballots := fs.String("ballots", "", "forced openings: deck, crossboard, all or none (default deck for American, none for Pool)")
	mainPlies := fs.Int("main-plies", book.DefaultMainPlies, "every root's main line is at least this long")
	seed := fs.Uint64("seed", 1, "seed breaking ties between leaves of equal priority")
	concurrency := fs.Int("concurrency", defaultBookConcurrency, "searches at once, one single-thread engine each")
	hash := fs.Int("hash", book.DefaultHashMiB, "transposition table of each engine in MiB")
	lines := fs.StringSlice("lines", nil, "PDN files whose games' first --line-plies plies are forced into the book like ballots (crown match's PDN)")
	linePlies := fs.Int("line-plies", book.DefaultLinePlies, "plies of each --lines game after its opening to force")
	prescreen := fs.Uint64("prescreen-nodes", 0, "score each new position to this many nodes first, and search to the build's limits only those within --prescreen-margin of their position's best move (0: off)")
	prescreenMargin := fs.Int("prescreen-margin", book.DefaultPrescreenMargin, "centi-men below the best move beyond which the prescreen's score is kept")
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
	case *prescreen > 0 && lim.Nodes > 0 && *prescreen >= lim.Nodes:
		return usageErr("--prescreen-nodes (%d) must be below --nodes (%d)", *prescreen, lim.Nodes)
	case *prescreenMargin < 1:
		return usageErr("--prescreen-margin must be at least 1")
	case *linePlies < 1 || *linePlies > movegen.MaxPly:
		return usageErr("--line-plies must be in 1..%d", movegen.MaxPly)
	}
	hashOp, _ := play.LookupOption("hash")
	if err := hashOp.Set(&play.Options{}, *hash); err != nil {
		return usageErr("--hash: %v", err) // the range every command checks through play.Registry
	}
	ballotList, err := book.ForcedBallots(*ballots, v)
	if err != nil {
		return usageErr("--%v", err) // book's errors name the setting first
	}
	fail := func(err error) int {
		return failed(stderr, "book build", err)
	}
	for _, path := range *lines {
		games, err := review.ReadGames(path, v)
		if err != nil {
			return fail(err)
		}
		forced, err := book.GameLines(games, v, *linePlies)
		if err != nil {
			return fail(fmt.Errorf("%s: %w", path, err))
		}
		ballotList = append(ballotList, forced...)
	}
	line := progress.New(stderr)
	cfg := book.Config{
		Variant: v, Ballots: ballotList, Positions: *positions, MainPlies: *mainPlies, Limits: lim,
		Prescreen: search.Limits{Nodes: *prescreen}, PrescreenMargin: *prescreenMargin,
		Options: search.Options{HashMiB: *hash}, Concurrency: *concurrency, Seed: *seed,
		Progress:        func(p book.Progress) { line.Show(p.String()) },
		CheckpointEvery: *checkpoint,
	}
	ctx, cancel := untilInterrupted()
	defer cancel()
	start := time.Now()
	entries, err := book.BuildFile(ctx, cfg, *out, func(b *book.Book) {
		fmt.Fprintf(stderr, "crown book build: continuing %s (%d positions)\n", *out, b.Positions())
	})
	line.End()
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "crown book build: interrupted; %s holds %d positions, run again to continue\n", *out, len(entries))
		return exitInterrupted(ctx)
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
	limText := lim.String()
	if *prescreen > 0 {
		limText += fmt.Sprintf(", prescreen %d nodes within %d centi-men", *prescreen, *prescreenMargin)
	}
	fmt.Fprintf(stdout, "book %s: %d positions, %d moves, %d bytes, %s this run (limits %s)\n",
		*out, len(entries), moves, size, time.Since(start).Round(time.Second), limText)
	return exitOK
}

func runBookProbe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("book probe")
	path := fs.String("book", "", "book file (default: the shipped book)")
	variant := fs.String("variant", "american", variantHelp)
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
	fmt.Fprintln(stdout, strings.Join(b.ProbeLines(pos, book.Level(*level)), "\n"))
	return exitOK
}

func runBookInfo(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("book info")
	path := fs.String("book", "", "book file (default: the shipped book)")
	variant := fs.String("variant", "american", variantHelp)
	ballots := fs.String("ballots", "", "ballots to count: deck, crossboard or all (default deck for American, none for Pool)")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("book info")); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "book info", format, a...) }
	v, err := movegen.ParseVariant(*variant)
	if err != nil {
		return usageErr("%v", err)
	}
	ballotList, err := book.ForcedBallots(*ballots, v)
	if err != nil {
		return usageErr("--%v", err) // book's errors name the setting first
	}
	began := time.Now()
	b, err := book.Open(*path, v)
	if err != nil {
		return failed(stderr, "book info", err)
	}
	fmt.Fprintln(stdout, strings.Join(b.InfoLines(*path, time.Since(began), ballotList), "\n"))
	return exitOK
}

// crown book openings' defaults: the settings testdata/pool-openings.txt
// was made with (8 plies, level within 40 centi-men), judged at depth 12.
const (
	defaultOpeningsCount  = 100
	defaultOpeningsPlies  = 8
	defaultOpeningsDepth  = 12
	defaultOpeningsMargin = 40
)

func runBookOpenings(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("book openings")
	variant := fs.String("variant", "american", variantHelp)
	out := fs.String("out", "", "file to write, one FEN a line after comment lines saying how it was made (required)")
	count := fs.Int("count", defaultOpeningsCount, "openings to write")
	plies := fs.Int("plies", defaultOpeningsPlies, "random plies from the start position")
	seed := fs.Uint64("seed", 1, "seed of the random plies")
	depth := fs.Int("depth", defaultOpeningsDepth, "depth of the search that judges an opening level")
	margin := fs.Int("margin", defaultOpeningsMargin, "the most an opening's score may be from level, in centi-men")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("book openings")); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "book openings", format, a...) }
	v, err := movegen.ParseVariant(*variant)
	switch {
	case err != nil:
		return usageErr("%v", err)
	case *out == "":
		return usageErr("--out FILE is required")
	case *count < 1 || *plies < 1 || *depth < 1 || *margin < 0:
		return usageErr("--count, --plies and --depth must be at least 1, --margin at least 0")
	}
	line := progress.New(stderr)
	cfg := book.OpeningsConfig{
		Variant: v, Count: *count, Plies: *plies, Seed: *seed, Margin: *margin,
		Limits: search.Limits{Depth: *depth}, Options: search.Options{HashMiB: book.DefaultHashMiB},
		Progress: func(found, tried int) {
			line.Show(fmt.Sprintf("book openings: %d of %d found, %d tried", found, *count, tried))
		},
	}
	ctx, cancel := untilInterrupted()
	defer cancel()
	opens, err := book.RandomOpenings(ctx, cfg)
	line.End()
	if errors.Is(err, context.Canceled) {
		return exitInterrupted(ctx)
	}
	if err != nil {
		return failed(stderr, "book openings", err)
	}
	header := []string{
		fmt.Sprintf("%d %s openings for crown match --variant %s --ballots FILE: %d random plies", len(opens), v.Rules().Title, v, *plies),
		fmt.Sprintf("from the start (seed %d), equal material, no capture pending or threatened, and", *seed),
		fmt.Sprintf("within +-%d centi-men at depth %d (crown book openings, %s).", *margin, *depth, play.Build()),
	}
	if err := atomicfile.Write(*out, func(w io.Writer) error { return book.WriteOpenings(w, header, opens) }); err != nil {
		return failed(stderr, "book openings", err)
	}
	fmt.Fprintf(stdout, "book openings: %d %s openings written to %s\n", len(opens), v, *out)
	return exitOK
}

func runBookExits(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("book exits")
	path := fs.String("book", "", "book file (default: the shipped book)")
	variant := fs.String("variant", "american", variantHelp)
	out := fs.String("out", "", "file to write, one FEN a line after comment lines saying how it was made (required)")
	level := fs.Int("level", int(book.Good), "book level played: 1 all good moves, 2 good moves, 3 best move")
	ballots := fs.String("ballots", "", "roots: deck, crossboard, all or none, the start position (default deck for American, none for Pool)")
	limit := fs.Int("limit", 0, "stop at this many exits (0: all)")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("book exits")); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int { return usageError(stderr, "book exits", format, a...) }
	v, err := movegen.ParseVariant(*variant)
	switch {
	case err != nil:
		return usageErr("%v", err)
	case *out == "":
		return usageErr("--out FILE is required")
	case *level < int(book.AllGood) || *level > int(book.Best):
		return usageErr("--level %d: want 1, 2 or 3", *level)
	case *limit < 0:
		return usageErr("--limit must be at least 0")
	}
	ballotList, err := book.ForcedBallots(*ballots, v)
	if err != nil {
		return usageErr("--%v", err) // book's errors name the setting first
	}
	b, err := book.Open(*path, v)
	if err != nil {
		return failed(stderr, "book exits", err)
	}
	roots, from := []movegen.Position{movegen.StartPosition(v)}, "the start position"
	if len(ballotList) > 0 {
		roots, from = roots[:0], fmt.Sprintf("%d ballots", len(ballotList))
		for _, bl := range ballotList {
			roots = append(roots, bl.Pos)
		}
	}
	exits := b.Exits(roots, book.Level(*level), *limit)
	name := "the shipped book"
	if *path != "" {
		name = *path
	}
	header := []string{
		fmt.Sprintf("%d %s positions where play at book level %d (%s) leaves %s", len(exits), v.Rules().Title, *level, book.Level(*level), name),
		fmt.Sprintf("(%d positions), from %s; for crown selfplay --openings FILE and", b.Positions(), from),
		fmt.Sprintf("crown match --ballots FILE (crown book exits, %s).", play.Build()),
	}
	if err := atomicfile.Write(*out, func(w io.Writer) error { return book.WriteOpenings(w, header, exits) }); err != nil {
		return failed(stderr, "book exits", err)
	}
	fmt.Fprintf(stdout, "book exits: %d %s positions written to %s\n", len(exits), v, *out)
	return exitOK
}
