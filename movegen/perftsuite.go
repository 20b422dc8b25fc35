package movegen

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// PerftCase is one row of a perft suite: a position, a depth, the
// counting convention and the count expected.
type PerftCase struct {
	Line  int      // line number in the suite, from 1
	FEN   string   // the position as the suite writes it
	Pos   Position // the position, in the row's rule set
	Depth int      // plies, 0..MaxPly
	Paths bool     // count every jump path (PerftOptions.Paths), not each result once
	Want  uint64   // the expected count
}

// Convention names the case's counting convention as a suite writes it:
// "paths" or "unique".
func (c PerftCase) Convention() string {
	if c.Paths {
		return "paths"
	}
	return "unique"
}

// ReadPerftSuite reads a perft suite such as testdata/perft.tsv: rows of
// five tab-separated fields (rule set, FEN, depth, convention "unique" or
// "paths", count), blank lines and lines starting with '#' skipped. It
// reads the whole suite, so a bad row is found before anything is
// counted; errors start with name and the line number, and a suite
// without rows is one.
func ReadPerftSuite(r io.Reader, name string) ([]PerftCase, error) {
	var cases []PerftCase
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		bad := func(format string, a ...any) error {
			return fmt.Errorf("%s:%d: "+format, append([]any{name, n}, a...)...)
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 5 {
			return nil, bad("%d columns, want 5 (variant, fen, depth, unique|paths, count)", len(cols))
		}
		c := PerftCase{Line: n, FEN: cols[1]}
		v, err := ParseVariant(cols[0])
		if err != nil {
			return nil, bad("%v", err)
		}
		if c.Pos, err = ParseFEN(cols[1], v); err != nil {
			return nil, bad("%v", err)
		}
		if c.Depth, err = strconv.Atoi(cols[2]); err != nil || c.Depth < 0 || c.Depth > MaxPly {
			return nil, bad("depth %q is not a number from 0 to %d", cols[2], MaxPly)
		}
		switch cols[3] {
		case "unique":
		case "paths":
			c.Paths = true
		default:
			return nil, bad("convention %q, want unique or paths", cols[3])
		}
		if c.Want, err = strconv.ParseUint(cols[4], 10, 64); err != nil {
			return nil, bad("count %q is not a number", cols[4])
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("%s: no rows", name)
	}
	return cases, nil
}

// RunPerftSuite counts every case with opt (Paths the case's own) and
// writes a line a case to w as crown perft --suite prints it: "ok  " or
// "FAIL", the suite's line number, rule set, FEN, depth and convention,
// the count with its time and speed, and on a mismatch "want=" the count
// expected; then a summary of the rows passed and failed with their total
// count. It returns the number of cases that failed, or the first error
// of a count, which ends the run.
func RunPerftSuite(cases []PerftCase, opt PerftOptions, w io.Writer) (int, error) {
	failed := 0
	var total PerftResult
	for _, c := range cases {
		opt.Paths = c.Paths
		r, err := PerftRun(c.Pos, c.Depth, opt)
		if err != nil {
			return failed, err
		}
		total.Nodes += r.Nodes
		total.Elapsed += r.Elapsed
		verdict, want := "ok  ", ""
		if r.Nodes != c.Want {
			verdict, want = "FAIL", fmt.Sprintf(" want=%d", c.Want)
			failed++
		}
		fmt.Fprintf(w, "%s line %d %s %s depth=%d %s %s%s\n", verdict, c.Line, c.Pos.Variant, c.FEN, c.Depth, c.Convention(), r, want)
	}
	fmt.Fprintf(w, "suite rows=%d passed=%d failed=%d %s\n", len(cases), len(cases)-failed, failed, total)
	return failed, nil
}
