package soak

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// ProtocolConfig says how to soak the line protocol.
type ProtocolConfig struct {
	// Engine is the engine process to run, program and arguments (crown
	// itself, speaking the protocol on stdin and stdout); every game is
	// played by two of them.
	Engine []string
	// Games is the number of games: the first half (rounded up) American
	// checkers, the rest Pool, each from the ACF deck's ballots, colours
	// reversed in turn.
	Games int
	// MoveTime is the engines' time per move (getmove maxtime=).
	MoveTime time.Duration
	// Concurrency is the number of games played at once, each by its own
	// pair of processes.
	Concurrency int
	// Dir is where a failed game leaves its PDN and its engines' stderr.
	Dir string
	// Progress, if not nil, gets a line every progressEvery games and for
	// every failed game.
	Progress io.Writer
}

// progressEvery spaces the progress lines of the protocol soak.
const progressEvery = 50

// Check reports a setting of cfg out of range; its errors start with the
// setting's name as crown soak's flags spell it.
func (cfg ProtocolConfig) Check() error {
	switch {
	case cfg.Games < 1:
		return errors.New("games must be at least 1")
	case cfg.MoveTime <= 0:
		return errors.New("movetime must be positive")
	case cfg.Concurrency < 1:
		return errors.New("concurrency must be at least 1")
	}
	return nil
}

// Protocol plays the games of cfg process against process through the
// line protocol, through crown match's runner (package match): before
// every getmove the runner sends the game as CheckerBoard does (set
// gamehist, the position after the last irreversible move and the moves
// since), checks each move with movegen and adjudicates by the rules. A
// game lost by an engine's failure (an illegal move, a bad or error
// reply, a crash, a time forfeit: more than 4 x maxtime + 2 s) is a
// failure, and so is any line an engine writes to its stderr during a
// game (Crown notes there a history it ignored and a search that failed,
// even when the game goes on). The report's peak memory is the largest
// engine process's. An error means the soak could not run (an engine
// that does not start) or ctx ended it.
func Protocol(ctx context.Context, cfg ProtocolConfig) (*Report, error) {
	r := &Report{Part: "protocol", Dir: cfg.Dir}
	start := time.Now()
	defer func() { r.Elapsed = time.Since(start) }()
	if len(cfg.Engine) == 0 {
		return r, fmt.Errorf("soak protocol: no engine command")
	}
	if err := cfg.Check(); err != nil {
		return r, fmt.Errorf("soak protocol: %w", err)
	}
	for _, v := range []movegen.Variant{movegen.American, movegen.Pool} {
		games := (cfg.Games + 1) / 2
		if v == movegen.Pool {
			games = cfg.Games / 2
		}
		if games == 0 {
			continue
		}
		if err := protocolRun(ctx, cfg, v, games, r); err != nil {
			return r, err
		}
	}
	return r, nil
}

// protocolRun plays games of rule set v and adds them to r.
func protocolRun(ctx context.Context, cfg ProtocolConfig, v movegen.Variant, games int, r *Report) error {
	ballots, err := book.SelectBallots("deck", v)
	if err != nil {
		return err
	}
	var engines [2]match.Engine
	for e := range engines {
		engines[e] = match.Engine{Name: fmt.Sprintf("crown (%d)", e+1), Argv: cfg.Engine}
	}
	mc := match.Config{
		Engines:     engines,
		Variant:     v,
		Ballots:     ballots,
		Games:       games,
		Limits:      search.Limits{MoveTime: cfg.MoveTime},
		Concurrency: max(1, cfg.Concurrency),
		Event:       "Crown soak (protocol)",
	}
	if cfg.Progress != nil {
		mc.Progress = &progressFilter{w: cfg.Progress, every: progressEvery, prefix: "soak protocol " + v.String() + ": "}
	}
	mr, err := match.Run(ctx, mc)
	if mr == nil {
		return err
	}
	plies := 0
	for _, g := range mr.Games {
		plies += len(g.Moves)
		if ferr := protocolGame(r, mr, v, g); ferr != nil {
			return ferr
		}
	}
	r.Games += len(mr.Games)
	r.Moves += plies
	r.peak(max(mr.PeakMemory[0], mr.PeakMemory[1]))
	ends := make([]string, 0, len(mr.Ends))
	for e, n := range mr.Ends {
		ends = append(ends, fmt.Sprintf("%s %d", e, n))
	}
	sort.Strings(ends)
	r.note("%s: %d games, %d moves at maxtime=%s; endings: %s", v, len(mr.Games), plies,
		strconv.FormatFloat(cfg.MoveTime.Seconds(), 'f', -1, 64), strings.Join(ends, ", "))
	return err
}

// endKinds are the match's endings that are an engine's failure.
var endKinds = map[match.End]Kind{
	match.EndIllegal:     Illegal,
	match.EndBadReply:    BadReply,
	match.EndEngineError: BadReply,
	match.EndCrash:       Crash,
	match.EndTimeForfeit: TimeForfeit,
}

// protocolGame counts game g's failure, if it has one, and keeps its
// files: the PDN and each engine's stderr.
func protocolGame(r *Report, mr *match.Report, v movegen.Variant, g *match.Game) error {
	kind, failed := endKinds[g.End]
	what := g.Reason
	if !failed && (g.Stderr[0] != "" || g.Stderr[1] != "") {
		kind, failed = EngineError, true
		what = "an engine wrote to its stderr: " + firstLine(g.Stderr[0]+g.Stderr[1])
	}
	if !failed {
		return nil
	}
	base := fmt.Sprintf("protocol-%s-%d", v, g.Round)
	var pdn bytes.Buffer
	pg := match.GamePDN(g, mr.Names, v, "Crown soak (protocol)", time.Now())
	if err := pg.WritePDN(&pdn); err != nil {
		fmt.Fprintf(&pdn, "{ %v }\n", err)
	}
	files := map[string]string{base + ".pdn": pdn.String()}
	for e, text := range g.Stderr {
		if text == "" {
			continue
		}
		colour := movegen.Black
		if e == g.White {
			colour = movegen.White
		}
		files[fmt.Sprintf("%s-%s.stderr", base, colour.Name())] = text
	}
	return r.fail(kind, fmt.Sprintf("%s game %d: %s", v, g.Round, what), files)
}

// firstLine returns s up to its first line break.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// progressFilter passes on every every-th line of a match's progress (a
// line a game), and every line that tells of an engine's failure, with a
// prefix.
type progressFilter struct {
	mu     sync.Mutex
	w      io.Writer
	every  int
	prefix string
	n      int
	buf    []byte
}

// failureWords are the match's endings that are a failure, as its
// progress lines write them.
var failureWords = []string{string(match.EndIllegal), string(match.EndBadReply), string(match.EndEngineError),
	string(match.EndCrash), string(match.EndTimeForfeit)}

// Write takes progress text; whole lines are judged and passed on.
func (p *progressFilter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	for {
		i := bytes.IndexByte(p.buf, '\n')
		if i < 0 {
			return len(b), nil
		}
		line := string(p.buf[:i])
		p.buf = p.buf[i+1:]
		p.n++
		keep := p.n%p.every == 0
		for _, w := range failureWords {
			keep = keep || strings.Contains(line, ", "+w)
		}
		if keep {
			if _, err := fmt.Fprintf(p.w, "%s%s\n", p.prefix, line); err != nil {
				return len(b), err
			}
		}
	}
}
