package train

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/internal/readfile"
	"github.com/crown-checkers/crown/play"
)

// The state file of a self-play run.
const (
	// StateSuffix names a data file's state file: FILE.state beside FILE.
	StateSuffix = ".state"
	// stateFirstLine opens every state file; the number is the format's
	// version, so an older build refuses a newer file instead of misreading it.
	stateFirstLine = "crown selfplay state 1"
	// maxStateSize bounds what is read as a state file: a real one is well
	// under a kilobyte, so anything far larger is some other file.
	maxStateSize = 64 << 10
	// digestHexLen is how much of an openings file's SHA-256 the state keeps:
	// 64 bits tell edited files apart, and the line stays short.
	digestHexLen = 16
)

// The keys of a state file that are progress, not parameters.
const (
	keyNext    = "next"
	keyRecords = "records"
)

// param is one parameter of a run as a state file keeps it.
type param struct{ key, value string }

// runState is a self-play run's progress: what decides its games, the
// next game to play and how many whole records of the data file it wrote
// (with any the file held before it started).
type runState struct {
	params  []param
	next    int
	records int64
}

// StatePath returns the path of the state file of the data file at path.
func StatePath(path string) string { return path + StateSuffix }

// params returns what decides cfg's games, in the order a state file
// lists them; opens are cfg's openings (a file's are named by a digest of
// their positions, so an edited file is told from the one the run began
// with wherever it lies). Games is not among them: game j is the same
// whatever the total, so a finished run can be extended.
func (cfg *Config) params(opens []opening) []param {
	openings := "deck"
	switch cfg.Openings {
	case Random:
		openings = "random"
	case FromFile:
		openings = openingsDigest(opens)
	}
	ps := []param{
		{"variant", cfg.Variant.String()},
		{"nodes", strconv.FormatUint(cfg.Limits.Nodes, 10)},
		{"depth", strconv.Itoa(cfg.Limits.Depth)},
		{"openings", openings},
		{"random-plies", strconv.Itoa(cfg.RandomPlies)},
		{"node-jitter", strconv.Itoa(cfg.NodeJitter)},
		{"seed", strconv.FormatUint(cfg.Seed, 10)},
		{"shard", fmt.Sprintf("%d/%d", cfg.Shard, cfg.Shards)},
		{"max-plies", strconv.Itoa(cfg.MaxPlies)},
	}
	// Every engine option and search parameter: the table size alone
	// changes node-limited searches. An option newer than the first state
	// files is left out at its default, so that they still match.
	for _, ops := range [][]play.Option{play.Registry, play.Tunables} {
		for i := range ops {
			op := &ops[i]
			if op.OmitDefault && !op.IsText() && op.Get(cfg.Options) == op.Default {
				continue
			}
			ps = append(ps, param{"option." + op.Key, op.Format(cfg.Options)})
		}
	}
	return ps
}

// openingsDigest names a file's openings by their number and a digest of
// their positions, so that an edited file is told from the one a run
// began with wherever it lies.
func openingsDigest(opens []opening) string {
	h := sha256.New()
	for _, o := range opens {
		fmt.Fprintf(h, "%s %d\n", o.pos.FEN(), o.plies)
	}
	return fmt.Sprintf("file %d positions %s", len(opens), digest(h.Sum(nil)))
}

// fileDigest returns the digest of the file at path's contents, with its
// size.
func fileDigest(path string) (string, error) {
	f, err := readfile.Open(path, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return fmt.Sprintf("%d bytes %s", n, digest(h.Sum(nil))), nil
}

// digest writes a SHA-256 sum as a state file keeps it.
func digest(sum []byte) string { return "sha256:" + hex.EncodeToString(sum)[:digestHexLen] }

// diffParams returns how have (a state file's, or another settings
// file's: where names it) differs from want (this run's), one phrase a
// difference, in want's order; nil if they agree.
func diffParams(have, want []param, where string) []string {
	old := make(map[string]string, len(have))
	for _, p := range have {
		old[p.key] = p.value
	}
	var diffs []string
	for _, p := range want {
		v, ok := old[p.key]
		switch {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("%s: none in %s, %s now", p.key, where, p.value))
		case v != p.value:
			diffs = append(diffs, fmt.Sprintf("%s: %s in %s, %s now", p.key, v, where, p.value))
		}
		delete(old, p.key)
	}
	for _, p := range have {
		if v, ok := old[p.key]; ok {
			diffs = append(diffs, fmt.Sprintf("%s: %s in %s, none now", p.key, v, where))
		}
	}
	return diffs
}

// format returns the state file's text.
func (s *runState) format() ([]byte, error) {
	ps := append(s.params[:len(s.params):len(s.params)],
		param{keyNext, strconv.Itoa(s.next)}, param{keyRecords, strconv.FormatInt(s.records, 10)})
	return formatParams(stateFirstLine, []string{
		"crown selfplay's progress on the data file beside it, rewritten after every game.",
		"Without it the file is continued by replaying its run from game 0.",
	}, ps)
}

// formatParams returns the text of a settings file: its first line, the
// comment lines, then a "key value" line a parameter.
func formatParams(first string, comments []string, ps []param) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(first + "\n")
	for _, c := range comments {
		b.WriteString("# " + c + "\n")
	}
	for _, p := range ps {
		if strings.ContainsAny(p.value, "\r\n") {
			return nil, fmt.Errorf("%s: a line break in %q cannot be kept in a settings file", p.key, p.value)
		}
		fmt.Fprintf(&b, "%s %s\n", p.key, p.value)
	}
	return b.Bytes(), nil
}

// parseState reads a state file's text: its first line, then "key value"
// lines (blank lines and lines starting with # skipped), each key once,
// next and records whole numbers from 0. It checks the form only; Run
// compares the parameters with its own.
func parseState(text []byte) (*runState, error) {
	s := &runState{next: -1, records: -1}
	err := parseParams(text, stateFirstLine, func(key, value string) error {
		var err error
		switch key {
		case keyNext:
			s.next, err = strconv.Atoi(value)
			if err == nil && s.next < 0 {
				err = errors.New("negative")
			}
		case keyRecords:
			s.records, err = strconv.ParseInt(value, 10, 64)
			if err == nil && s.records < 0 {
				err = errors.New("negative")
			}
		default:
			s.params = append(s.params, param{key, value})
		}
		if err != nil {
			return fmt.Errorf("%s %s: want a whole number from 0", key, play.Echo(value))
		}
		return nil
	})
	switch {
	case err != nil:
		return nil, err
	case s.next < 0:
		return nil, fmt.Errorf("no %s line", keyNext)
	case s.records < 0:
		return nil, fmt.Errorf("no %s line", keyRecords)
	}
	return s, nil
}

// parseParams reads a settings file's text: first, then "key value" lines
// (blank lines and lines starting with # skipped), each key once, handing
// each to take; an error of take's is given with its line's number.
func parseParams(text []byte, first string, take func(key, value string) error) error {
	if len(text) > maxStateSize {
		return fmt.Errorf("%d bytes, more than a settings file's %d", len(text), maxStateSize)
	}
	head, rest, _ := bytes.Cut(text, []byte("\n"))
	if line := strings.TrimRight(string(head), "\r"); line != first {
		return fmt.Errorf("line 1 is %s, want %q", play.Echo(line), first)
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(rest))
	sc.Buffer(nil, maxStateSize+1)
	for n := 2; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		key, value, ok := strings.Cut(line, " ")
		switch {
		case !ok || key == "":
			return fmt.Errorf("line %d: %s is not a key and a value", n, play.Echo(line))
		case seen[key]:
			return fmt.Errorf("line %d: %s given twice", n, play.Echo(key))
		}
		seen[key] = true
		if err := take(key, value); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
	}
	return sc.Err()
}

// readState reads the state file at path: nil and no error if there is
// none.
func readState(path string) (*runState, error) {
	return readParsed(path, "a self-play state file", parseState)
}

// readParsed reads the settings file at path with parse: nil and no error
// if there is none. what names the kind of file in an error.
func readParsed[T any](path, what string, parse func([]byte) (*T, error)) (*T, error) {
	text, err := readSettings(path)
	if text == nil || err != nil {
		return nil, err
	}
	v, err := parse(text)
	if err != nil {
		return nil, fmt.Errorf("%s: not %s: %w", path, what, err)
	}
	return v, nil
}

// readSettings returns the text of the settings file at path, at most a
// byte over maxStateSize (parseParams refuses more): nil and no error if
// there is none.
func readSettings(path string) ([]byte, error) {
	f, err := readfile.Open(path, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxStateSize+1)) // never nil: a file is there
}

// writeState replaces the state file at path with s, whole
// (atomicfile.WriteFile): a kill or a crash at any point leaves the old
// state or the new one.
func writeState(path string, s *runState) error {
	text, err := s.format()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return atomicfile.WriteFile(path, text)
}
