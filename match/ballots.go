package match

import (
	"bufio"
	_ "embed" // the ACF ballot table ships inside the binary
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/movegen"
)

// ballotTable is the ACF three-move ballot table, a copy of
// testdata/acf-3move-ballots.tsv (a test keeps the two equal) embedded so
// `crown match --ballots deck` works from any directory.
//
//go:embed ballots.tsv
var ballotTable string

// Ballot is one opening a match starts games from.
type Ballot struct {
	Num   int    // ballot number in its table (1-based)
	Moves string // the opening moves, "9-13 21-17 5-9"; empty for a bare FEN
	Deck  string // ACF deck: "crossboard", "crossboard+CTD", "mailplay", "barred", ...
	Name  string // traditional name, if any
	FEN   string // position where play starts
}

// Label names the ballot in progress lines and PDN tags.
func (b Ballot) Label() string {
	s := "ballot " + strconv.Itoa(b.Num)
	switch {
	case b.Moves != "" && b.Name != "":
		s += " (" + b.Moves + ", " + b.Name + ")"
	case b.Moves != "":
		s += " (" + b.Moves + ")"
	}
	return s
}

// BallotsACF returns the 174 ACF three-move ballots: 156 in the
// tournament deck and 18 barred.
func BallotsACF() []Ballot {
	bs, err := ReadBallots(strings.NewReader(ballotTable))
	if err != nil {
		panic("match: embedded ballot table: " + err.Error())
	}
	return bs
}

// SelectBallots turns a --ballots value into openings: "deck" (the 156
// tournament openings, every ballot not barred), "crossboard" (the 144 of
// the cross-board deck), "all" (all 174, barred ones too), or the name of a
// file read by ReadBallots.
func SelectBallots(sel string) ([]Ballot, error) {
	var keep func(Ballot) bool
	switch sel {
	case "deck":
		keep = func(b Ballot) bool { return b.Deck != "barred" }
	case "crossboard":
		keep = func(b Ballot) bool { return strings.HasPrefix(b.Deck, "crossboard") }
	case "all":
		keep = func(Ballot) bool { return true }
	default:
		bs, err := ReadBallotsFile(sel)
		var notOpened *fs.PathError
		switch {
		case errors.As(err, &notOpened):
			return nil, fmt.Errorf("ballots: %w (want deck, crossboard, all or a file)", err)
		case err != nil:
			return nil, fmt.Errorf("ballots %w", err)
		}
		return bs, nil
	}
	var out []Ballot
	for _, b := range BallotsACF() {
		if keep(b) {
			out = append(out, b)
		}
	}
	return out, nil
}

// ReadBallotsFile reads the openings in the file at path (ReadBallots); a
// file with none is an error. A file that cannot be opened gives
// os.Open's error (a *fs.PathError); the others start with the path.
func ReadBallotsFile(path string) ([]Ballot, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	bs, err := ReadBallots(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(bs) == 0 {
		return nil, fmt.Errorf("%s: no positions found", path)
	}
	return bs, nil
}

// ReadBallots reads openings, one a line, in any of three forms: the
// ballot table's tab-separated rows (num, moves, deck, name, FEN, after a
// header row starting "num"), PDN FEN tag lines (`[FEN "W:W18,...:B1,..."]`,
// other PDN lines skipped), or bare FEN lines (starting "B:" or "W:"). Blank lines and lines
// starting with '#' are skipped. FENs are checked for either rule set's
// board; the match parses them again in its own rule set.
func ReadBallots(r io.Reader) ([]Ballot, error) {
	var out []Ballot
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' || strings.HasPrefix(text, "num\t") {
			continue
		}
		b := Ballot{Num: len(out) + 1}
		switch {
		case strings.Contains(text, "\t"):
			f := strings.Split(text, "\t")
			if len(f) != 5 {
				return nil, fmt.Errorf("line %d: want 5 tab-separated fields (num, moves, deck, name, fen), found %d", line, len(f))
			}
			n, err := strconv.Atoi(f[0])
			if err != nil {
				return nil, fmt.Errorf("line %d: bad ballot number %q", line, f[0])
			}
			b = Ballot{Num: n, Moves: f[1], Deck: f[2], Name: f[3], FEN: f[4]}
		case strings.HasPrefix(text, "[FEN "):
			b.FEN = strings.Trim(strings.TrimSuffix(strings.TrimPrefix(text, "[FEN "), "]"), `" `)
		case strings.HasPrefix(text, "["):
			continue // other PDN tags
		case isFENStart(text):
			b.FEN = text
		default:
			continue // PDN move text, comments, results
		}
		if _, err := movegen.ParseFEN(b.FEN, movegen.American); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		out = append(out, b)
	}
	return out, sc.Err()
}

// isFENStart reports whether a line starts like a PDN FEN: B or W, then ':'.
func isFENStart(s string) bool {
	t := strings.ToUpper(strings.TrimSpace(s))
	return len(t) > 1 && (t[0] == 'B' || t[0] == 'W') && strings.TrimSpace(t[1:])[0] == ':'
}
