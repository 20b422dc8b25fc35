// Package soak runs Crown's soaks, the long runs make soak starts (crown
// soak): thousands of games process against process through the line
// protocol (Protocol), thousands through the CheckerBoard library driven
// by its C host (CheckerBoard), and the web server under a bounded load
// of loopback clients (Web). Each part judges every reply with movegen,
// counts what it played and every failure by kind (Report: illegal
// moves, bad replies, crashes, time forfeits, errors the engine reported
// itself), measures the peak memory of the processes it ran and its run
// time, and leaves what explains a failure (the game's PDN, the engine's
// stderr, the exchange) in the directory it names.
package soak

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
)

// Program returns the program a soak runs: cmdline split into words as a
// shell would (match.SplitCommandLine), or this program when cmdline is
// empty (crown soaks itself).
func Program(cmdline string) ([]string, error) {
	if cmdline != "" {
		return match.SplitCommandLine(cmdline)
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return []string{exe}, nil
}

// Kind is a kind of failure, as a report counts it.
type Kind int

// The kinds of failure.
const (
	// Illegal is a move that is not legal, or a claim of no move where
	// there is one.
	Illegal Kind = iota
	// BadReply is a reply that is malformed, an error where an answer was
	// due, an answer that contradicts itself (a CBmove that is not the
	// board's move) or an HTTP status that has no business there.
	BadReply
	// Crash is a process that ended when it should not have.
	Crash
	// TimeForfeit is a move that came far too late, or never.
	TimeForfeit
	// EngineError is a failure the engine reported itself while it went
	// on: Crown's notes on stderr (a search that failed, a history
	// ignored), the library's status text, the web server's log.
	EngineError
	numKinds
)

var kindNames = [numKinds]string{
	Illegal:     "illegal moves",
	BadReply:    "bad replies",
	Crash:       "crashes",
	TimeForfeit: "time forfeits",
	EngineError: "engine errors",
}

// String names the kind as the report does.
func (k Kind) String() string { return kindNames[k] }

// Report is what one part of the soak did.
type Report struct {
	Part    string // "protocol", "checkerboard" or "web"
	Games   int    // games played to their end (web: games created)
	Moves   int    // moves played, by both sides
	Failed  [numKinds]int
	Peak    int64         // peak memory in bytes of the largest process the part ran, 0 if unknown
	Elapsed time.Duration // run time
	// Dir is where failures leave their files.
	Dir string
	// Failures has a line per failure: what happened and the files left.
	Failures []string
	// Notes are the part's own figures, a line each.
	Notes []string

	mu sync.Mutex
}

// Total returns the number of failures of every kind.
func (r *Report) Total() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, c := range r.Failed {
		n += c
	}
	return n
}

// Write writes the report: a line of figures, then the part's notes and a
// line per failure.
func (r *Report) Write(w io.Writer) {
	fmt.Fprintf(w, "soak %s: %d games, %d moves, %d failures (", r.Part, r.Games, r.Moves, r.Total())
	for k := Kind(0); k < numKinds; k++ {
		if k > 0 {
			fmt.Fprint(w, ", ")
		}
		fmt.Fprintf(w, "%s %d", k, r.Failed[k])
	}
	fmt.Fprintf(w, "), peak memory %s, run time %s\n", MiB(r.Peak), r.Elapsed.Round(time.Second))
	for _, n := range r.Notes {
		fmt.Fprintf(w, "  %s\n", n)
	}
	for _, f := range r.Failures {
		fmt.Fprintf(w, "  FAILED: %s\n", f)
	}
	if len(r.Failures) > 0 {
		fmt.Fprintf(w, "  the failures' files are in %s\n", r.Dir)
	}
}

// MiB writes bytes as MiB, "unknown" for 0.
func MiB(b int64) string {
	if b <= 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
}

// note adds a line of figures.
func (r *Report) note(format string, a ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Notes = append(r.Notes, fmt.Sprintf(format, a...))
}

// peak raises the report's peak memory to b.
func (r *Report) peak(b int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Peak = max(r.Peak, b)
}

// fail counts a failure of kind k, described by what, and writes files
// (names in Dir to their contents) that explain it. A file that cannot be
// written is an error: the soak must not lose what it found.
func (r *Report) fail(k Kind, what string, files map[string]string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Failed[k]++
	var names []string
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	line := fmt.Sprintf("%s: %s", k, what)
	if len(names) > 0 {
		line += " (" + strings.Join(names, ", ") + ")"
	}
	r.Failures = append(r.Failures, line)
	if len(names) == 0 {
		return nil
	}
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		return fmt.Errorf("soak: keeping the files of a failure: %w", err)
	}
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(r.Dir, name), []byte(files[name]), 0o644); err != nil {
			return fmt.Errorf("soak: keeping the files of a failure: %w", err)
		}
	}
	return nil
}

// gamePDN writes a game, finished or not, as PDN with the soak's tags.
func gamePDN(g *movegen.Game, event, round, termination string) string {
	result := movegen.ResultUnknown
	if o := g.Outcome(); o.Over() {
		result = o.Result
	}
	pg := movegen.Game{
		Tags: []movegen.Tag{
			{Name: "Event", Value: event},
			{Name: "Date", Value: time.Now().Format("2006.01.02")},
			{Name: "Round", Value: round},
			{Name: "Result", Value: result},
			{Name: "Termination", Value: termination},
		},
		Variant: g.Variant, Start: g.Start, Moves: g.Moves, Result: result,
	}
	var b strings.Builder
	if err := pg.WritePDN(&b); err != nil {
		return fmt.Sprintf("{ %v }\n", err)
	}
	return b.String()
}

// tail keeps the last bytes written to it, up to its limit: a process's
// stderr. Its Write may be called from another goroutine than its String.
type tail struct {
	mu    sync.Mutex
	limit int
	total int64
	buf   []byte
}

// newTail returns a tail that keeps the last limit bytes.
func newTail(limit int) *tail { return &tail{limit: limit} }

// Write keeps p's bytes, dropping the oldest beyond the limit.
func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.total += int64(len(p))
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.limit; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// String returns the bytes kept, after a line saying how many were
// dropped if some were.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if dropped := t.total - int64(len(t.buf)); dropped > 0 {
		return fmt.Sprintf("(%d bytes before these dropped)\n%s", dropped, t.buf)
	}
	return string(t.buf)
}

// Len returns the number of bytes written in all.
func (t *tail) Len() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.total
}

// stderrKeep bounds the stderr kept of a process.
const stderrKeep = 256 << 10
