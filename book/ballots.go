package book

import (
	"bufio"
	_ "embed" // the ACF ballot table ships inside the binary
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/internal/readfile"
	"github.com/crown-checkers/crown/movegen"
)

// ballotTable is the ACF three-move ballot table, a copy of
// testdata/acf-3move-ballots.tsv (a test keeps the two equal) embedded so
// that `crown match --ballots deck` works from any directory.
//
//go:embed ballots.tsv
var ballotTable string

// Ballot is an opening that games start from, as matches, self-play and
// the book's builder take them: a ballot of the ACF table, with its moves
// from the start position, or a position read from a file.
type Ballot struct {
	Num   int              // ballot number in its table, or place in its file (from 1)
	Moves []movegen.Move   // the opening moves from the start position; nil for a bare position
	Deck  string           // ACF deck: "crossboard", "crossboard+CTD", "mailplay", "barred", ...
	Name  string           // traditional name, if any
	Pos   movegen.Position // where play starts (after Moves), in the rule set the ballot was read for
}

// MovesText writes the ballot's moves in PDN, "9-13 21-17 5-9"; "" for a
// bare position.
func (b Ballot) MovesText() string {
	start := movegen.StartPosition(b.Pos.Variant)
	return start.FormatLine(b.Moves)
}

// Label names the ballot in progress lines and PDN tags: "ballot 5
// (9-13 22-18 6-9, Dreaded Edinburgh)".
func (b Ballot) Label() string {
	s := "ballot " + strconv.Itoa(b.Num)
	moves := b.MovesText()
	switch {
	case moves != "" && b.Name != "":
		s += " (" + moves + ", " + b.Name + ")"
	case moves != "":
		s += " (" + moves + ")"
	}
	return s
}

// SelectBallots turns a --ballots value into openings of rule set v:
// "deck" (the 156 tournament openings, every ACF ballot not barred),
// "crossboard" (the 144 of the cross-board deck), "all" (all 174, barred
// ones too), or the name of a file read by ReadBallotsFile.
func SelectBallots(sel string, v movegen.Variant) ([]Ballot, error) {
	var keep func(Ballot) bool
	switch sel {
	case "deck":
		keep = func(b Ballot) bool { return b.Deck != "barred" }
	case "crossboard":
		keep = func(b Ballot) bool { return strings.HasPrefix(b.Deck, "crossboard") }
	case "all":
		keep = func(Ballot) bool { return true }
	default:
		bs, err := ReadBallotsFile(sel, v)
		var notOpened *fs.PathError
		switch {
		case errors.As(err, &notOpened):
			return nil, fmt.Errorf("ballots: %w (want deck, crossboard, all or a file)", err)
		case err != nil:
			return nil, fmt.Errorf("ballots %w", err)
		}
		return bs, nil
	}
	if v > movegen.Pool {
		return nil, fmt.Errorf("ballots: the ACF ballots (%s) are openings of American checkers; for %s give a file of openings (crown book openings; testdata/%v-openings.txt)", sel, v.Rules().Title, v)
	}
	all, err := ReadBallots(strings.NewReader(ballotTable), v)
	if err != nil {
		return nil, fmt.Errorf("ballots: the embedded ACF table: %w", err)
	}
	var out []Ballot
	for _, b := range all {
		if keep(b) {
			out = append(out, b)
		}
	}
	return out, nil
}

// maxBallotFileBytes bounds a file of openings: 16 MiB, some 200,000
// positions, a hundred times the largest deck in use.
const maxBallotFileBytes = 16 << 20

// ReadBallotsFile reads the openings in the file at path for rule set v
// (ReadBallots); a file with none is an error. A file that cannot be
// opened gives os.Open's error (a *fs.PathError); the others start with
// the path.
func ReadBallotsFile(path string, v movegen.Variant) ([]Ballot, error) {
	f, err := readfile.Open(path, maxBallotFileBytes)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	bs, err := ReadBallots(f, v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(bs) == 0 {
		return nil, fmt.Errorf("%s: no positions found", path)
	}
	return bs, nil
}

// ReadBallots reads openings of rule set v, one a line, in any of three
// forms: the ballot table's tab-separated rows (num, moves, deck, name,
// FEN, after a header row starting "num"), whose moves are played from
// the start position and must reach the FEN; PDN FEN tag lines
// (`[FEN "W:W18,...:B1,..."]`, other PDN lines skipped); or bare FEN lines
// (starting "B:" or "W:"). Blank lines and lines starting with '#' are
// skipped. An error names the line.
func ReadBallots(r io.Reader, v movegen.Variant) ([]Ballot, error) {
	var out []Ballot
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' || strings.HasPrefix(text, "num\t") {
			continue
		}
		var b Ballot
		var err error
		switch {
		case strings.Contains(text, "\t"):
			b, err = tableBallot(text, v)
		case strings.HasPrefix(text, "[FEN "):
			b.Pos, err = movegen.ParseFEN(strings.Trim(strings.TrimSuffix(strings.TrimPrefix(text, "[FEN "), "]"), `" `), v)
			b.Num = len(out) + 1
		case strings.HasPrefix(text, "["):
			continue // other PDN tags
		case isFENStart(text):
			b.Pos, err = movegen.ParseFEN(text, v)
			b.Num = len(out) + 1
		default:
			continue // PDN move text, comments, results
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		out = append(out, b)
	}
	return out, sc.Err()
}

// tableBallot reads a row of the ballot table: num, moves, deck, name and
// the FEN after the moves.
func tableBallot(row string, v movegen.Variant) (Ballot, error) {
	f := strings.Split(row, "\t")
	if len(f) != 5 {
		return Ballot{}, fmt.Errorf("want 5 tab-separated fields (num, moves, deck, name, fen), found %d", len(f))
	}
	n, err := strconv.Atoi(f[0])
	if err != nil {
		return Ballot{}, fmt.Errorf("bad ballot number %q", f[0])
	}
	b := Ballot{Num: n, Deck: f[2], Name: f[3], Pos: movegen.StartPosition(v)}
	for _, s := range strings.Fields(f[1]) {
		m, err := b.Pos.ParseMove(s)
		if err != nil {
			return Ballot{}, fmt.Errorf("ballot %d: %w", n, err)
		}
		b.Moves = append(b.Moves, m)
		b.Pos.MakeMove(m)
	}
	fen, err := movegen.ParseFEN(f[4], v)
	if err != nil {
		return Ballot{}, fmt.Errorf("ballot %d: %w", n, err)
	}
	if b.Moves == nil {
		b.Pos = fen
	} else if b.Pos != fen {
		return Ballot{}, fmt.Errorf("ballot %d: %s reaches %s, not its FEN %s", n, b.MovesText(), b.Pos.FEN(), fen.FEN())
	}
	return b, nil
}

// isFENStart reports whether a line starts like a PDN FEN: B or W, then ':'.
func isFENStart(s string) bool {
	t := strings.ToUpper(strings.TrimSpace(s))
	return len(t) > 1 && (t[0] == 'B' || t[0] == 'W') && strings.TrimSpace(t[1:])[0] == ':'
}
