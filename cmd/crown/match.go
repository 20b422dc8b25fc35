package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
)

// defaultMatchMoveTime bounds each move when neither the flags nor an
// engine's own settings give a limit: quick games, enough for hundreds of
// ballot games in minutes.
const defaultMatchMoveTime = 100 * time.Millisecond

// sprtErrorRate is alpha and beta of --sprt: 5% each, the usual choice.
const sprtErrorRate = 0.05

// selfEngine is the engine spec that runs Crown in process.
const selfEngine = "self"

func init() {
	register(command{
		name:    "match",
		summary: "play two engines against each other over the ACF ballots and report Elo",
		run:     runMatch,
	})
}

const matchUsage = `usage: crown match --engine1 CMD --engine2 CMD [--variant american|pool]
       [--ballots deck|crossboard|all|FILE] [--games N] [--movetime S | --nodes N | --depth N]
       [--concurrency N] [--pdn FILE] [--sprt elo0,elo1] [--maxmoves N] [--timeout S]
       [--egdb DIR [--egdb-cache MiB]]
Plays every chosen ballot twice, colours reversed, adjudicating as CheckerBoard does:
threefold repetition and the move-count rule (79 plies without a man move or capture in
American, the rule set's own count in Pool) draw, as does the move cap or a draw claimed
by an engine; no legal move loses, and so does an illegal or unparsable move, an error
reply, a crash or a time forfeit. Progress goes to stderr, the summary to stdout.
An engine CMD is a program speaking Crown's protocol (split like a shell command line),
or "self" for Crown in process, with settings: self:hashsize=16,searchthreads=2,depth=6
(getmove's limits, such as depth, nodes, maxtime or movetime and exact, limit that engine's moves;
engine options, hashsize, searchthreads, egdbpath, egdbcache, ..., are checked and set; other keys
are sent as "set KEY VALUE"). --egdb DIR gives every self engine the endgame database in DIR
(docs/egdb.md) unless it sets its own: self:egdbpath=none plays without.
Ballots: deck = the 156 ACF tournament openings, crossboard = the 144 cross-board ones,
all = all 174 (barred too), or a FILE of FEN lines, PDN [FEN] tags or ballot-table rows.`

func runMatch(args []string, stdout, stderr io.Writer) int {
	egdbs := play.NewEGDBPool()
	defer egdbs.Close()
	cfg, code := parseMatchFlags(args, stdout, stderr, egdbs)
	if cfg == nil {
		return code
	}
	if c, ok := cfg.PDN.(io.Closer); ok {
		defer c.Close()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg.Progress = stderr
	r, err := match.Run(ctx, *cfg)
	if r != nil && r.Score.Games() > 0 {
		r.WriteSummary(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "crown match: %v\n", err)
		return exitFail
	}
	return exitOK
}

// parseMatchFlags reads the flags into a match configuration whose self
// engines open their endgame databases from egdbs; it returns nil and the
// exit status when the command is to stop (after --help or a usage error).
func parseMatchFlags(args []string, stdout, stderr io.Writer, egdbs *play.EGDBPool) (*match.Config, int) {
	fs := newFlags("match")
	engine1 := fs.String("engine1", "", "first engine: a command line, or self[:key=value,...]")
	engine2 := fs.String("engine2", "", "second engine, as --engine1")
	variant := fs.String("variant", "american", "rule set: american or pool (or PDN GameType 21 or 23)")
	ballots := fs.String("ballots", "deck", "openings: deck, crossboard, all or a FILE")
	games := fs.Int("games", 0, "games to play (default: every ballot twice)")
	limits := addLimitFlags(fs, false)
	concurrency := fs.Int("concurrency", 1, "games played at once, each with its own engines")
	pdn := fs.String("pdn", "", "save every game to this PDN file (overwritten)")
	sprt := fs.String("sprt", "", "elo0,elo1: stop as soon as a sequential test (alpha = beta = 0.05) decides")
	maxPlies := fs.Int("maxmoves", match.DefaultMaxPlies, "move cap in plies: a game this long is drawn")
	timeout := fs.Float64("timeout", 0, "seconds to wait for a move before a time forfeit (default 4*movetime+2, or 120 with depth or node limits)")
	egdbDir := fs.String("egdb", "", "endgame database directory for every self engine that does not set egdbpath itself")
	egdbCache := fs.Int("egdb-cache", search.DefaultEGDBCacheMiB, "its block cache in MiB (each self engine's egdbcache)")
	if code, ok := parseFlags(fs, args, stdout, stderr, matchUsage); !ok {
		return nil, code
	}
	usageErr := func(format string, a ...any) (*match.Config, int) {
		return nil, usageError(stderr, "match", format, a...)
	}
	switch {
	case *engine1 == "" || *engine2 == "":
		return usageErr("--engine1 and --engine2 are required")
	case *games < 0:
		return usageErr("--games must be at least 0")
	case *timeout < 0:
		return usageErr("--timeout must not be negative")
	case *concurrency < 1:
		return usageErr("--concurrency must be at least 1")
	case *maxPlies < 1:
		return usageErr("--maxmoves must be at least 1")
	}
	cfg := &match.Config{
		Games:       *games,
		Concurrency: *concurrency,
		MaxPlies:    *maxPlies,
		Timeout:     seconds(*timeout),
	}
	var err error
	if cfg.Limits, err = limits(); err != nil {
		return usageErr("%v", err)
	}
	if cfg.Variant, err = movegen.ParseVariant(*variant); err != nil {
		return usageErr("%v", err)
	}
	base := search.Options{EGDBPath: *egdbDir}
	cacheOp, _ := search.LookupOption("egdbcache")
	if err := cacheOp.Set(&base, *egdbCache); err != nil {
		return usageErr("--egdb-cache: %v", err)
	}
	if err := holdEGDB(egdbs, base); err != nil {
		return usageErr("--egdb: %v", err)
	}
	for i, spec := range []string{*engine1, *engine2} {
		if cfg.Engines[i], err = parseMatchEngine(spec, base, egdbs); err != nil {
			return usageErr("--engine%d: %v", i+1, err)
		}
	}
	if cfg.Engines[0].Name == cfg.Engines[1].Name {
		cfg.Engines[0].Name += " (1)"
		cfg.Engines[1].Name += " (2)"
	}
	none := search.Limits{}
	if cfg.Limits == none && (cfg.Engines[0].Limits == none || cfg.Engines[1].Limits == none) {
		cfg.Limits.MoveTime = defaultMatchMoveTime
	}
	if *sprt != "" {
		if cfg.SPRT, err = parseSPRT(*sprt); err != nil {
			return usageErr("--sprt: %v", err)
		}
	}
	if cfg.Ballots, err = selectBallots(*ballots, cfg.Variant); err != nil {
		return usageErr("%v", err)
	}
	if *pdn != "" {
		f, err := os.Create(*pdn)
		if err != nil {
			return usageErr("%v", err)
		}
		cfg.PDN = f
	}
	return cfg, exitOK
}

// seconds converts a flag's seconds to a duration.
func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// selectBallots reads a --ballots value and checks every opening in the
// rule set the games are played in.
func selectBallots(sel string, v movegen.Variant) ([]match.Ballot, error) {
	bs, err := match.SelectBallots(sel)
	if err != nil {
		return nil, err
	}
	for _, b := range bs {
		if _, err := movegen.ParseFEN(b.FEN, v); err != nil {
			return nil, fmt.Errorf("%s: %v", b.Label(), err)
		}
	}
	return bs, nil
}

// parseSPRT reads "elo0,elo1".
func parseSPRT(s string) (*match.SPRT, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return nil, fmt.Errorf("want elo0,elo1, e.g. 0,10")
	}
	elo0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	elo1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err := errors.Join(err0, err1); err != nil {
		return nil, fmt.Errorf("want two numbers: %w", err)
	}
	if elo1 <= elo0 {
		return nil, fmt.Errorf("elo1 (%g) must be above elo0 (%g)", elo1, elo0)
	}
	return &match.SPRT{Elo0: elo0, Elo1: elo1, Alpha: sprtErrorRate, Beta: sprtErrorRate}, nil
}

// parseMatchEngine reads an --engine value: "self[:key=value,...]" for
// Crown in process, or a command line. A self engine starts from the
// options base (the endgame database of --egdb), which its settings
// override, and opens its database from egdbs, where the one it names is
// held from here on (so that a directory that does not open is an error
// here, and the engines the match starts share it).
func parseMatchEngine(spec string, base search.Options, egdbs *play.EGDBPool) (match.Engine, error) {
	spec = strings.TrimSpace(spec)
	e := match.Engine{Name: spec}
	if spec != selfEngine && !strings.HasPrefix(spec, selfEngine+":") {
		argv, err := splitCommandLine(spec)
		if err != nil {
			return e, err
		}
		e.Argv = argv
		return e, nil
	}
	// Engine options (search.Registry) are given to the engine as it is
	// made, so it never builds the default table only to replace it, and
	// sent as set commands too, which it answers; limits go through the
	// search's one parser; other keys become set commands.
	opt := base
	e.Run = selfRun(egdbs, &opt)
	settings := strings.TrimPrefix(strings.TrimPrefix(spec, selfEngine), ":")
	if settings == "" {
		return e, nil
	}
	var limitWords []string
	for _, kv := range strings.Split(settings, ",") {
		key, val, ok := strings.Cut(kv, "=")
		key, val = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(val)
		if strings.ContainsAny(key+val, " \t") || key == "" || ok && val == "" || !ok && !search.IsLimitKey(key) {
			return e, fmt.Errorf("bad setting %q in %q: want key=value", kv, spec)
		}
		if search.IsLimitKey(key) {
			limitWords = append(limitWords, strings.TrimSpace(kv))
			continue
		}
		if op, found := search.LookupOption(key); found && key == op.Key {
			if err := op.SetText(&opt, val); err != nil {
				return e, fmt.Errorf("%s=%s: %v", key, val, err)
			}
			if err := holdEGDB(egdbs, opt); err != nil {
				return e, fmt.Errorf("%s=%s: %v", key, val, err)
			}
		}
		e.Setup = append(e.Setup, "set "+key+" "+val)
	}
	var err error
	if e.Limits, err = search.ParseLimits(limitWords); err != nil {
		return e, fmt.Errorf("in %q: %v", spec, err)
	}
	return e, nil
}

// selfRun returns the run function of Crown in process, searching with
// the options *opt holds when the engine starts and opening endgame
// databases from egdbs (nil: each engine its own).
func selfRun(egdbs *play.EGDBPool, opt *search.Options) match.RunFunc {
	return func(ctx context.Context, in io.Reader, out io.Writer) error {
		return protocol.Run(ctx, in, out, protocol.Config{Name: engineName, Version: engineVersion,
			Session: play.Config{Search: *opt, EGDBs: egdbs}})
	}
}

// holdEGDB acquires the database opt names, if any, from egdbs, which
// holds it until it is closed: its directory is checked, and the engines
// that name it later share the copy open.
func holdEGDB(egdbs *play.EGDBPool, opt search.Options) error {
	if opt.EGDBPath == "" {
		return nil
	}
	_, err := egdbs.Acquire(opt.EGDBPath, opt.EGDBCacheMiB)
	return err
}

// splitCommandLine splits a command line into words as a POSIX shell does
// for the simple cases: blanks separate words, single quotes keep
// everything, double quotes keep everything but a backslash before " or \,
// and a backslash outside quotes keeps the next character.
func splitCommandLine(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated ' in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf("unterminated \" in %q", s)
			}
			inWord = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("empty engine command")
	}
	return words, nil
}
