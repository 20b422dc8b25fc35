package main

import (
	"bytes"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/internal/progress"
	"github.com/crown-checkers/crown/internal/readfile"
	"github.com/crown-checkers/crown/movegen"
)

// defaultPerftDepth is the depth perft counts to without --depth: under a
// million leaves in American, a fraction of a second.
const defaultPerftDepth = 8

func init() {
	register(command{
		name:    "perft",
		summary: "count the leaves of the move tree (move generator check and speed)",
		run:     runPerft,
	})
}

// perftFlags are the parsed flags of crown perft.
type perftFlags struct {
	pos    movegen.Position
	depth  int
	divide bool
	suite  string
	opt    movegen.PerftOptions
}

func runPerft(args []string, stdout, stderr io.Writer) int {
	f, code := parsePerftFlags(args, stdout, stderr)
	if f == nil {
		return code
	}
	if f.suite != "" {
		return runPerftSuite(f, stdout, stderr)
	}
	var moves movegen.MoveList
	if f.pos.GenerateMoves(&moves); moves.N == 0 { // counts of 0, not a fault: say why
		fmt.Fprintf(stderr, "crown perft: %s, so every count is 0\n", noMoveText(f.pos))
	}
	if f.divide {
		return perftDivide(f, stdout, stderr)
	}
	var last movegen.PerftResult
	for d := 1; d <= f.depth; d++ {
		l, err := movegen.PerftRun(f.pos, d, f.opt)
		if err != nil {
			return failed(stderr, "perft", err)
		}
		fmt.Fprintf(stdout, "depth=%d %s\n", d, l)
		last = l
	}
	fmt.Fprintf(stdout, "perft depth=%d %s\n", f.depth, last)
	return exitOK
}

var perftUsage = fmt.Sprintf(`usage: crown perft [--variant GAME] [--fen FEN] [--depth N] [--divide] [--paths]
                   [--threads N] [--cache MiB] [--suite FILE]
Counts the leaves of the legal move tree from the start position (or --fen) to depth %d
(or --depth), one line per depth, and ends with 'perft depth=<d> nodes=<n> time=<s> nps=<n>'.
--divide shows one line per root move instead. --suite runs a table of positions with
expected counts, prints ok or FAIL per row and a summary, and exits 1 on any mismatch.`, defaultPerftDepth)

// parsePerftFlags reads the flags; it returns nil and the exit status when
// the command is to stop (after --help or a usage error).
func parsePerftFlags(args []string, stdout, stderr io.Writer) (*perftFlags, int) {
	fs := newFlags("perft")
	variant := fs.String("variant", "american", variantHelp)
	fen := fs.String("fen", "", "position in PDN FEN (default the start position)")
	depth := fs.Int("depth", defaultPerftDepth, "count to this depth in plies; every depth from 1 is shown")
	divide := fs.Bool("divide", false, "show the count below each root move at --depth only")
	paths := fs.Bool("paths", false, "count every jump path (default: each distinct result once)")
	threads := fs.Int("threads", 1, "goroutines counting in parallel")
	cache := fs.Int("cache", 0, "MiB of subtree-count cache, for deep counts (0: none)")
	suite := fs.String("suite", "", "run the rows of this TSV file (variant, fen, depth, unique|paths, count)")
	if code, ok := parseFlags(fs, args, stdout, stderr, perftUsage); !ok {
		return nil, code
	}
	usage := func(format string, a ...any) (*perftFlags, int) {
		return nil, usageError(stderr, "perft", format, a...)
	}
	if *depth < 1 || *depth > movegen.MaxPly {
		return usage("--depth must be from 1 to %d", movegen.MaxPly)
	}
	if *threads < 1 {
		return usage("--threads must be at least 1")
	}
	if *cache < 0 {
		return usage("--cache must not be negative")
	}
	f := &perftFlags{depth: *depth, divide: *divide, suite: *suite,
		opt: movegen.PerftOptions{Paths: *paths, Threads: *threads, CacheMiB: *cache}}
	if f.suite != "" && (fs.Changed("fen") || fs.Changed("depth") || fs.Changed("variant") || *divide || *paths) {
		return usage("--suite takes its positions, depths and conventions from the file; only --threads and --cache go with it")
	}
	v, err := movegen.ParseVariant(*variant)
	if err != nil {
		return usage("%v", err)
	}
	f.pos = movegen.StartPosition(v)
	if *fen != "" {
		if f.pos, err = movegen.ParseFEN(*fen, v); err != nil {
			return usage("%v", err)
		}
	}
	return f, exitOK
}

// perftDivide prints the count below each root move, then the total.
func perftDivide(f *perftFlags, stdout, stderr io.Writer) int {
	res, err := movegen.PerftRun(f.pos, f.depth, f.opt)
	if err != nil {
		return failed(stderr, "perft", err)
	}
	for _, l := range res.Divide(&f.pos) {
		fmt.Fprintln(stdout, l)
	}
	fmt.Fprintf(stdout, "perft depth=%d %s\n", f.depth, res)
	return exitOK
}

// maxSuiteBytes bounds a perft suite file: 16 MiB, some 200,000 rows.
const maxSuiteBytes = 16 << 20

// runPerftSuite checks every row of the suite file and prints one line per
// row and a summary. The file is read whole first, so a malformed row stops
// the run before anything is counted.
func runPerftSuite(f *perftFlags, stdout, stderr io.Writer) int {
	file, err := readfile.Open(f.suite, maxSuiteBytes)
	if err != nil {
		return usageError(stderr, "perft", "%v", err)
	}
	rows, err := movegen.ReadPerftSuite(file, f.suite)
	file.Close()
	if err != nil {
		return usageError(stderr, "perft", "%v", err)
	}
	deepest := 0
	for _, r := range rows {
		deepest = max(deepest, r.Depth)
	}
	// A deep row takes minutes: say what is coming before the first line,
	// and which row is being counted for how long while it runs.
	fmt.Fprintf(stderr, "crown perft: %d rows of %s, to depth %d at the deepest; a line as each is counted\n", len(rows), f.suite, deepest)
	out := &lineCounter{w: stdout}
	stopShowing := showSuiteProgress(rows, out, progress.New(stderr), stderr)
	mismatches, err := movegen.RunPerftSuite(rows, f.opt, out)
	stopShowing()
	switch {
	case err != nil:
		return failed(stderr, "perft", err)
	case mismatches > 0:
		return exitFail
	}
	return exitOK
}

// noMoveText says why the side to move has no legal move in p, for a
// command that counts or searches none: the board is empty, the side has
// no piece left, or its pieces are blocked.
func noMoveText(p movegen.Position) string {
	if p.Pieces[movegen.Black]|p.Pieces[movegen.White] == 0 {
		return "the position is empty: neither side has a piece"
	}
	return p.NoMoveDetail() + ": it has lost"
}

// suiteProgressEvery is how often perft --suite's progress line is
// brought up to date (at a terminal; a log gets one every
// plainProgressEvery).
const suiteProgressEvery = time.Second

// showSuiteProgress shows on line, until the function it returns is
// called, which row of a suite is being counted and for how long: the rows
// done are the lines out has written. A panic in it is reported on stderr.
func showSuiteProgress(rows []movegen.PerftCase, out *lineCounter, line *progress.Line, stderr io.Writer) (stop func()) {
	start := time.Now()
	out.line = line
	show := func() {
		out.mu.Lock()
		defer out.mu.Unlock()
		if out.lines >= len(rows) {
			return
		}
		r := rows[out.lines]
		line.Show(fmt.Sprintf("perft --suite: counting row %d of %d (line %d, %s depth %d), %s in",
			out.lines+1, len(rows), r.Line, r.Pos.Variant, r.Depth, time.Since(start).Round(time.Second)))
	}
	show()
	quit, ended := make(chan struct{}), make(chan struct{})
	go func() {
		var err error
		defer func() {
			if err != nil {
				fmt.Fprintf(stderr, "crown perft: the progress line: %v\n", err)
			}
			close(ended)
		}()
		defer fault.Recover(&err, "perft --suite's progress")
		ticker := time.NewTicker(suiteProgressEvery)
		defer ticker.Stop()
		for {
			select {
			case <-ticker.C:
				show()
			case <-quit:
				return
			}
		}
	}()
	return func() {
		close(quit)
		<-ended
		line.Clear()
	}
}

// lineCounter passes writes through to w and counts the lines written,
// taking the progress line, if any, off the screen first (a row's line
// on a terminal would follow it).
type lineCounter struct {
	w     io.Writer
	mu    sync.Mutex // guards lines and keeps the progress off a row's line
	lines int
	line  *progress.Line
}

func (c *lineCounter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.line != nil {
		c.line.Clear()
	}
	n, err := c.w.Write(p)
	c.lines += bytes.Count(p[:n], []byte{'\n'})
	return n, err
}
