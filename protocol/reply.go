package protocol

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// This file holds both sides of the two structured replies: formatInfo
// and search.FormatScore write them for the session, ParseReply reads them for a
// program that drives an engine (the match runner).

// Reply is one reply line as ParseReply reads it.
type Reply struct {
	// Kind is the reply's keyword, its first word as written: "info",
	// "move", "error", "pong", "name", "gametype", ...
	Kind string
	// Text is the rest of the line after the keyword, blanks trimmed at
	// both ends: an error's message, a pong's token, a setting's value.
	Text string
	// Info holds the fields of an info line (Kind "info").
	Info Info
	// Move holds the fields of a move line (Kind "move").
	Move MoveReply
}

// Info is an info line: one finished iteration of a search.
type Info struct {
	Depth    int           // nominal depth in plies
	SelDepth int           // deepest ply reached
	Score    Score         // from the side to move's view
	Nodes    uint64        // nodes searched so far
	NPS      uint64        // nodes per second
	Time     time.Duration // since the search began, to the millisecond as written
	// EGDBHits counts the endgame database's hits so far; the line has it
	// (egdbhits=, after time=) only when the engine has a database.
	EGDBHits uint64
	HasEGDB  bool // the line had egdbhits=
	// MultiPV is the line's rank in a multi-PV search (multipv=, 1 for
	// the best line), 0 when the line has no multipv= (a search of one
	// line).
	MultiPV int
	PV      []string // the principal variation as PDN moves; nil when empty
	// Book: the move comes from the opening book (book=1 before pv=), not
	// a search; the score is the book's.
	Book bool
}

// Score is an info line's score, from the side to move's view, in one of
// the forms search.FormatScore writes.
type Score struct {
	Kind search.ScoreKind
	// Value is the evaluation in centi-men (a man is 100) for
	// search.ScoreCentiMen, the number of plies within which the side to
	// move wins (search.ScoreWin) or loses (search.ScoreLoss), and 0 for
	// a result of the endgame database (search.ScoreDBWin, ScoreDBLoss).
	Value int
}

// MoveReply is a move line: the engine's answer to getmove.
type MoveReply struct {
	// Move is the move played, a PDN path ("11-15", "9x2x11"), or "none"
	// when the side to move has no legal move. ParseReply checks only its
	// form: whether it names a legal move is for movegen's
	// Position.ParseMove to say.
	Move string
	// Claim is the result= value: what the search proved.
	Claim movegen.Result
	// Book: book=1, the move comes from the opening book.
	Book bool
	// Ponder is the reply the engine expects (ponder=, after set ponder
	// 1), a PDN path, "" when the line has none: the move a client lets
	// it ponder on (getmove ... ponder).
	Ponder string
}

// bookFlag marks a book move in info and move lines.
const bookFlag = "book=1"

// infoKeys are the keys of an info line before pv=, in their order.
var infoKeys = [...]string{"depth", "seldepth", "score", "nodes", "nps", "time"}

// ParseReply reads one line an engine wrote (without its line end; a
// trailing "\r" is ignored). Any first word is a reply kind; the fields of
// info and move lines are parsed as docs/protocol.md specifies them, and
// a line of those kinds that breaks the specification is an error. A
// blank line is an error too. On error the Reply holds only Kind and Text
// (when the line has a keyword), so a caller can tell a malformed move
// line from a stray line.
func ParseReply(line string) (Reply, error) {
	t := strings.TrimSpace(line)
	if t == "" {
		return Reply{}, errors.New("blank line: no reply keyword")
	}
	r := Reply{Kind: t}
	if i := strings.IndexFunc(t, unicode.IsSpace); i >= 0 {
		r.Kind, r.Text = t[:i], strings.TrimSpace(t[i:])
	}
	var err error
	switch r.Kind {
	case "info":
		r.Info, err = parseInfo(strings.Fields(r.Text))
	case "move":
		r.Move, err = parseMoveReply(strings.Fields(r.Text))
	}
	if err != nil {
		return Reply{Kind: r.Kind, Text: r.Text}, fmt.Errorf("%s line: %w", r.Kind, err)
	}
	return r, nil
}

// parseInfo reads the words after "info".
func parseInfo(f []string) (Info, error) {
	var in Info
	for i, key := range infoKeys {
		if i >= len(f) {
			return in, fmt.Errorf("ends before %s=", key)
		}
		k, val, ok := strings.Cut(f[i], "=")
		if !ok || k != key {
			return in, fmt.Errorf("want %s= as word %d, found %s", key, i+1, play.Echo(f[i]))
		}
		var n uint64
		var err error
		switch key {
		case "depth", "seldepth":
			n, err = parseCount(val, 31)
			if key == "depth" {
				in.Depth = int(n)
			} else {
				in.SelDepth = int(n)
			}
		case "score":
			in.Score, err = parseScore(val)
		case "nodes":
			in.Nodes, err = parseCount(val, 64)
		case "nps":
			in.NPS, err = parseCount(val, 64)
		case "time":
			in.Time, err = parseTime(val)
		}
		if err != nil {
			return in, fmt.Errorf("%s=%s: %w", key, play.Echo(val), err)
		}
	}
	n := len(infoKeys)
	if n < len(f) {
		if val, ok := strings.CutPrefix(f[n], "egdbhits="); ok {
			var err error
			if in.EGDBHits, err = parseCount(val, 64); err != nil {
				return in, fmt.Errorf("egdbhits=%s: %w", play.Echo(val), err)
			}
			in.HasEGDB = true
			n++
		}
	}
	if n < len(f) {
		if val, ok := strings.CutPrefix(f[n], "multipv="); ok {
			k, err := parseCount(val, 31)
			if err == nil && k == 0 {
				err = errors.New("want a rank from 1")
			}
			if err != nil {
				return in, fmt.Errorf("multipv=%s: %w", play.Echo(val), err)
			}
			in.MultiPV = int(k)
			n++
		}
	}
	if n < len(f) && f[n] == bookFlag {
		in.Book = true
		f = append(f[:n:n], f[n+1:]...)
	}
	if n >= len(f) {
		return in, errors.New("ends before pv=")
	}
	first, ok := strings.CutPrefix(f[n], "pv=")
	if !ok {
		return in, fmt.Errorf("want pv= as word %d, found %s", n+1, play.Echo(f[n]))
	}
	pv := f[n+1:]
	if first != "" {
		pv = f[n:]
		pv[0] = first
	}
	for _, m := range pv {
		if !isMoveText(m) {
			return in, fmt.Errorf("pv: %s is not a move", play.Echo(m))
		}
	}
	if len(pv) > 0 {
		in.PV = pv
	}
	return in, nil
}

// parseCount reads a whole number, at least 0, that fits in bits bits.
func parseCount(s string, bits int) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, bits)
	if err != nil {
		return 0, fmt.Errorf("want a whole number from 0 to %d", uint64(1)<<bits-1)
	}
	return n, nil
}

// parseScore reads a score as search.FormatScore writes it: "+35", "-120",
// "win7", "loss4", "dbwin" or "dbloss".
func parseScore(s string) (Score, error) {
	switch s {
	case "dbwin":
		return Score{Kind: search.ScoreDBWin}, nil
	case "dbloss":
		return Score{Kind: search.ScoreDBLoss}, nil
	}
	kind, digits, sign := search.ScoreCentiMen, "", 1
	switch {
	case strings.HasPrefix(s, "win"):
		kind, digits = search.ScoreWin, s[len("win"):]
	case strings.HasPrefix(s, "loss"):
		kind, digits = search.ScoreLoss, s[len("loss"):]
	case strings.HasPrefix(s, "+"):
		digits = s[1:]
	case strings.HasPrefix(s, "-"):
		digits, sign = s[1:], -1
	}
	n, err := strconv.ParseUint(digits, 10, 31)
	if err != nil {
		return Score{}, errors.New("want centi-men with a sign (+35, -120), winN or lossN plies, dbwin or dbloss")
	}
	return Score{Kind: kind, Value: sign * int(n)}, nil
}

// parseTime reads a time in seconds, at least 0 and at most play.MaxLimitSeconds.
func parseTime(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || !(f >= 0 && f <= play.MaxLimitSeconds) {
		return 0, fmt.Errorf("want seconds, at least 0 and at most %g", float64(play.MaxLimitSeconds))
	}
	return time.Duration(math.Round(f * float64(time.Second))), nil
}

// parseMoveReply reads the words after "move": the move, then key=value
// words. result= gives the claim (unknown when absent), ponder= the reply
// the engine expects, book=1 a book move; keys it does not
// know, which later versions may add (a book key, say), are skipped, as a
// GUI skips them.
func parseMoveReply(f []string) (MoveReply, error) {
	var r MoveReply
	switch {
	case len(f) == 0:
		return r, errors.New("no move")
	case f[0] != "none" && !isMoveText(f[0]):
		return r, fmt.Errorf("%s is not a move (want squares joined by '-', 'x' or ':', or none)", play.Echo(f[0]))
	}
	r.Move = f[0]
	seen := false
	for _, w := range f[1:] {
		key, val, ok := strings.Cut(w, "=")
		switch {
		case !ok || key == "":
			return MoveReply{}, fmt.Errorf("want key=value after the move, found %s", play.Echo(w))
		case w == bookFlag:
			r.Book = true
			continue
		case key == "ponder":
			if r.Ponder != "" {
				return MoveReply{}, errors.New("ponder= given twice")
			}
			if !isMoveText(val) {
				return MoveReply{}, fmt.Errorf("ponder=%s is not a move", play.Echo(val))
			}
			r.Ponder = val
			continue
		case key != "result":
			continue
		case seen:
			return MoveReply{}, errors.New("result= given twice")
		}
		seen = true
		if r.Claim, ok = parseClaim(val); !ok {
			return MoveReply{}, fmt.Errorf("result=%s: want win, loss, draw or unknown", play.Echo(val))
		}
	}
	return r, nil
}

// parseClaim reads a claim as movegen.Result's String writes it.
func parseClaim(s string) (movegen.Result, bool) {
	for _, c := range []movegen.Result{movegen.Unknown, movegen.Loss, movegen.Draw, movegen.Win} {
		if c.String() == s {
			return c, true
		}
	}
	return movegen.Unknown, false
}

// isMoveText reports whether s has the form of a PDN move in some game's
// notation: two or more squares, numbers ("11") or coordinates ("c3"),
// joined by '-', 'x' (or 'X', as movegen accepts) or ':'.
func isMoveText(s string) bool {
	squares, start := 0, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '-' && s[i] != 'x' && s[i] != 'X' && s[i] != ':' {
			continue
		}
		if !isSquareText(s[start:i]) {
			return false
		}
		squares, start = squares+1, i+1
	}
	return squares >= 2
}

// isSquareText reports whether t has the form of a square: a number, or
// a file a-h and a rank 1-8.
func isSquareText(t string) bool {
	if len(t) == 2 && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8' {
		return true
	}
	for _, c := range []byte(t) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return t != ""
}

// formatBookInfo writes the info line of a book move (Choose's answer from
// the book): depth, nodes and time 0, the book's score, book=1, and the
// move as the pv.
func formatBookInfo(a play.Answer, r *movegen.Rules) string {
	return formatInfo(search.Info{Score: a.Score, PV: a.PV}, r, false, 0, true, search.FormatScore)
}

// InfoLines writes one finished iteration as info lines, the protocol's
// rendering of search progress (getmove's replies): one line of its best
// line (Score and PV), or with multi one line of each of its lines, best
// first, each with its rank as multipv=; with withDB they carry the
// endgame database's hits. The moves are in the game's own notation, r's
// (movegen.Rules.PathText), the scores in the protocol's form
// (search.FormatScore).
func InfoLines(in search.Info, r *movegen.Rules, withDB, multi bool) []string {
	return ScoredInfoLines(in, r, withDB, multi, search.FormatScore)
}

// ScoredInfoLines is InfoLines with each score written by score: crown
// analyze's lines, whose scores are for people (docs/scores.md).
func ScoredInfoLines(in search.Info, r *movegen.Rules, withDB, multi bool, score func(int) string) []string {
	if !multi {
		return []string{formatInfo(in, r, withDB, 0, false, score)}
	}
	out := make([]string, len(in.Lines))
	for k, l := range in.Lines {
		in.Score, in.PV = l.Score, l.PV
		out[k] = formatInfo(in, r, withDB, k+1, false, score)
	}
	return out
}

// formatInfo writes one finished iteration as an info line, with the
// endgame database's hits when withDB is set, its rank among multi-PV
// lines when multipv is positive, and the book flag when fromBook is; the
// moves in r's notation, the score as score writes it.
func formatInfo(in search.Info, r *movegen.Rules, withDB bool, multipv int, fromBook bool, score func(int) string) string {
	var b strings.Builder
	secs := in.Time.Seconds()
	nps := uint64(0)
	if in.Time > 0 {
		nps = uint64(float64(in.Nodes) / secs)
	}
	fmt.Fprintf(&b, "info depth=%d seldepth=%d score=%s nodes=%d nps=%d time=%.3f ",
		in.Depth, in.SelDepth, score(in.Score), in.Nodes, nps, secs)
	if withDB {
		fmt.Fprintf(&b, "egdbhits=%d ", in.EGDBHits)
	}
	if multipv > 0 {
		fmt.Fprintf(&b, "multipv=%d ", multipv)
	}
	if fromBook {
		b.WriteString(bookFlag + " ")
	}
	b.WriteString("pv=")
	for i, m := range in.PV {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(r.PathText(m))
	}
	return b.String()
}
