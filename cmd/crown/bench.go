package main

import (
	"context"
	"fmt"
	"io"

	"github.com/crown-checkers/crown/bench"
	"github.com/crown-checkers/crown/search"
)

func init() {
	register(command{
		name:    "bench",
		summary: "search the fixed bench positions; the node count is the search's signature",
		run:     runBench,
	})
}

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("bench")
	depth := fs.Int("depth", bench.SuiteDepth, "search each position to this depth in plies")
	usage := fmt.Sprintf(`usage: crown bench [--depth N]
Searches %d fixed positions (both rule sets) on one thread with a %d MiB table,
one line each, then 'bench nodes=<n> time=<s> nps=<n>'. At the default depth the
node count is the signature quoted in commit messages; the last line says whether
it matches bench.Signature (bench/signature.go).`, len(bench.Suite), bench.SuiteHashMiB)
	if code, ok := parseFlags(fs, args, stdout, stderr, usage); !ok {
		return code
	}
	if *depth < 1 {
		return usageError(stderr, "bench", "--depth must be at least 1")
	}
	total, err := bench.RunSuite(context.Background(), *depth, func(l bench.SuiteLine) {
		r := l.Result
		fmt.Fprintf(stdout, "%2d %-8s %-26s bestmove %-8s score %6s nodes %9d time %.3f\n",
			l.Index+1, l.Position.Variant, l.Position.Name, formatBest(l), search.ScoreText(r.Score), r.Nodes, r.Time.Seconds())
	})
	if err != nil {
		return failed(stderr, "bench", err)
	}
	fmt.Fprintf(stdout, "bench nodes=%d time=%.3f nps=%d\n", total.Nodes, total.Time.Seconds(), total.NPS())
	fmt.Fprintln(stdout, signatureVerdict(*depth, total.Nodes))
	return exitOK
}

// signatureVerdict says whether a run's node count matches bench.Signature,
// which holds only at the default depth.
func signatureVerdict(depth int, nodes uint64) string {
	switch {
	case depth != bench.SuiteDepth:
		return fmt.Sprintf("signature not checked: it is the node count at depth %d", bench.SuiteDepth)
	case nodes == bench.Signature:
		return "signature matches bench.Signature"
	}
	return fmt.Sprintf("signature MISMATCH: bench.Signature is %d (bench/signature.go); update it if the search changed on purpose", bench.Signature)
}

// formatBest writes the line's best move in PDN, or "none".
func formatBest(l bench.SuiteLine) string {
	if !l.Result.HasMove {
		return "none"
	}
	p, err := l.Position.Parse()
	if err != nil {
		return "?"
	}
	return p.FormatMove(l.Result.Move)
}
