package train

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/internal/progress"
	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// The files of a training loop: in its directory, the settings, the table
// of the generations and the weights accepted last; in gen-K, generation
// K's data, fit, matches and result.
const (
	// CurrentFile holds the current weights once a generation has
	// accepted some: written only then, so that its presence says so.
	CurrentFile = "current.bin"
	// TableFile is the Markdown table of the generations, a row each.
	TableFile = "generations.md"
	// SettingsFile keeps the loop's settings, for a start of the loop
	// with other ones to be refused.
	SettingsFile = "loop.txt"
	// FitFile is a generation's fit: every rule set trained fitted to
	// its window of data, the others as the current weights.
	FitFile = "weights.bin"
	// NextFile is the current weights after a generation: the fit's table
	// for a rule set whose match accepted it, the current one otherwise.
	NextFile = "next.bin"
	// ResultFile is a generation's result: what each step found, written
	// after each, ending with the decision.
	ResultFile = "result.txt"

	settingsFirstLine = "crown train loop 1"
	resultFirstLine   = "crown train loop generation 1"
)

// AcceptLOS is the likelihood of superiority that a match without an SPRT
// must show, with more wins than losses, for the candidate to be
// accepted: a one-sided test at 5%, as the SPRT's alpha.
const AcceptLOS = 0.95

// LoopConfig describes a training loop (RunLoop).
type LoopConfig struct {
	Dir string // the loop's files
	// Generations is the most generations to run; Patience stops the
	// loop sooner, after that many generations in a row that accepted
	// nothing.
	Generations, Patience int
	// Games is a generation's self-play games per rule set; a rule set
	// with none is not trained and keeps its current weights.
	Games [movegen.NumVariants]int
	// Limits bound self-play's searches: a node budget, varied by up to
	// NodeJitter percent (Config.NodeJitter), or a depth. American games
	// start from the ACF deck's ballots and RandomPlies random plies; the
	// other games from StartPlies random plies from the start, or, with a
	// file in PoolSelfplayFile (Pool only), from that file's openings and
	// RandomPlies random plies. Random openings keep the match's openings
	// out of the data the weights are fitted to.
	Limits           search.Limits
	NodeJitter       int
	RandomPlies      int
	StartPlies       int
	PoolSelfplayFile string
	// Openings are the files of openings of each game's match
	// (book.ReadBallotsFile), for every game but American, which plays
	// the ACF deck.
	Openings [movegen.NumVariants]string
	// EGDB, if not nil, gives the positions it holds their exact value in
	// the fit, and with Adjudicate the games' earlier positions its
	// result (FitFiles).
	EGDB       *egdb.DB
	Adjudicate bool
	// Window is how many generations' data, the last ones, a fit reads
	// (the rejected generations' too); Lambda is the fit's share of the
	// game's result in the target (FitConfig.Lambda).
	Window int
	Lambda float64
	// Hidden, when positive, gives the games whose current weights have no
	// network one of that many hidden units (FitConfig.Hidden); the others
	// keep their model.
	Hidden int
	// Data are data files every fit reads besides the window's, older
	// self-play (of an earlier loop or crown selfplay) that is still
	// good data: each file's positions of the rule set fitted.
	Data []string
	// MatchLimits bound every move of the matches that decide
	// acceptance; MatchGames is their length (0: every opening twice).
	// SPRT, if not nil, stops a match as soon as it decides and is the
	// acceptance test (Accept).
	MatchLimits search.Limits
	MatchGames  int
	SPRT        *match.SPRT
	// Concurrency is the games played at once, in self-play (split
	// between the rule sets when it is 2 or more) and in each match.
	Concurrency int
	// Start is the weight file the first generation plays with, "" for
	// the built-in weights.
	Start string
	// Engine makes a match engine named name searching in process with
	// the weight file at path ("" for the built-in weights): engines that
	// speak the protocol are built above this package.
	Engine func(name, path string) match.Engine
	// Log gets the progress of every step; Out a summary line a
	// generation.
	Log, Out io.Writer
}

// LoopResult is what a loop has done over all its starts.
type LoopResult struct {
	Generations int // generations decided
	Accepted    int // of them, those that accepted new weights for a rule set
	// Stopped says why the loop stopped before its last generation, ""
	// if it did not.
	Stopped string
}

// Report says what the loop in dir has done, as crown train loop ends with
// it: why it stopped early, if it did, and how many generations accepted
// new weights, which its CurrentFile then holds.
func (r LoopResult) Report(dir string) string {
	var b strings.Builder
	if r.Stopped != "" {
		fmt.Fprintf(&b, "stopped: %s\n", r.Stopped)
	}
	current := filepath.Join(dir, CurrentFile)
	if r.Accepted == 0 {
		fmt.Fprintf(&b, "%d generations, none accepted new weights: no %s\n", r.Generations, current)
	} else {
		fmt.Fprintf(&b, "%d generations, %d accepted new weights: %s holds the current weights\n", r.Generations, r.Accepted, current)
	}
	return b.String()
}

// Accept reports whether a match's score, from the candidate's view,
// shows a gain: with an SPRT, that the test accepts H1 (a match that ends
// undecided is no gain); without one, more wins than losses with a
// likelihood of superiority above AcceptLOS.
func Accept(s match.Score, sprt *match.SPRT) bool {
	if sprt != nil {
		return sprt.Verdict(s) == match.SPRTAcceptH1
	}
	return s.Wins > s.Losses && s.LOS() > AcceptLOS
}

// check reports what is wrong with cfg, if anything.
func (cfg *LoopConfig) check() error {
	trained := false
	for v, n := range cfg.Games {
		if n < 0 {
			return fmt.Errorf("%v games must not be negative", movegen.Variant(v))
		}
		trained = trained || n > 0
	}
	lim := cfg.MatchLimits
	switch {
	case cfg.Dir == "":
		return errors.New("no directory")
	case !trained:
		return errors.New("no self-play games for either rule set")
	case cfg.Generations < 1 || cfg.Patience < 1 || cfg.Window < 1 || cfg.Concurrency < 1:
		return errors.New("generations, patience, window and concurrency must be at least 1")
	case cfg.Limits.Nodes == 0 && cfg.Limits.Depth == 0 || cfg.Limits.MoveTime > 0 || cfg.Limits.Remaining > 0:
		return errors.New("self-play needs a node budget or a depth, and no time: its games are to be replayed")
	case cfg.NodeJitter > 0 && cfg.Limits.Nodes == 0:
		return errors.New("node jitter needs a node budget")
	case cfg.NodeJitter < 0 || cfg.NodeJitter > MaxNodeJitter:
		return fmt.Errorf("node jitter must be in 0..%d percent", MaxNodeJitter)
	case cfg.RandomPlies < 0 || cfg.RandomPlies > MaxRandomPlies:
		return fmt.Errorf("random plies must be in 0..%d", MaxRandomPlies)
	case cfg.Hidden < 0 || cfg.Hidden%eval.NetHiddenStep != 0 || cfg.Hidden > eval.MaxHidden:
		return fmt.Errorf("hidden units must be a multiple of %d in 0..%d", eval.NetHiddenStep, eval.MaxHidden)
	case cfg.StartPlies < 0 || cfg.StartPlies > MaxRandomPlies:
		return fmt.Errorf("random plies from the start must be in 0..%d", MaxRandomPlies)
	case cfg.missingOpenings() != movegen.NumVariants:
		return fmt.Errorf("%s needs a file of openings for its match", cfg.missingOpenings().Rules().Title)
	case cfg.Adjudicate && cfg.EGDB == nil:
		return errors.New("adjudicating needs an endgame database")
	case cfg.Lambda < 0 || cfg.Lambda > 1:
		return errors.New("lambda must be in 0..1")
	case lim.MoveTime <= 0 && lim.Nodes == 0 && lim.Depth == 0:
		return errors.New("the matches need a move time, a node count or a depth")
	case cfg.MatchGames < 0:
		return errors.New("match games must not be negative")
	case cfg.Engine == nil || cfg.Log == nil || cfg.Out == nil:
		return errors.New("no engine maker, log or output")
	}
	if cfg.EGDB != nil {
		for v, n := range cfg.Games {
			if n > 0 && cfg.EGDB.Pieces(movegen.Variant(v)) == 0 {
				return fmt.Errorf("the endgame database holds no complete %v database", movegen.Variant(v))
			}
		}
	}
	return nil
}

// variants returns the rule sets the loop trains.
func (cfg *LoopConfig) variants() []movegen.Variant {
	var vs []movegen.Variant
	for v, n := range cfg.Games {
		if n > 0 {
			vs = append(vs, movegen.Variant(v))
		}
	}
	return vs
}

// params returns the loop's settings as its settings file keeps them:
// everything that decides its files but how many generations it runs, how
// soon it gives up and how many games it plays at once. Files are named
// by digests of what they hold, so they may move between starts: start
// is the weights of the first generation.
func (cfg *LoopConfig) params(start *eval.WeightFile) ([]param, error) {
	var ps []param
	for v, n := range cfg.Games {
		ps = append(ps, param{movegen.Variant(v).String() + "-games", strconv.Itoa(n)})
	}
	// Each game but American: its match openings and where its self-play
	// starts. Pool's are always written, as before the other games came.
	var openingParams []param
	if cfg.Hidden > 0 { // recorded only when given, so older loops resume
		openingParams = append(openingParams, param{"hidden", strconv.Itoa(cfg.Hidden)})
	}
	for v := movegen.Pool; v < movegen.NumVariants; v++ {
		if cfg.Games[v] == 0 && v != movegen.Pool {
			continue
		}
		opens, selfplay, err := cfg.openingsParams(v)
		if err != nil {
			return nil, err
		}
		openingParams = append(openingParams, param{v.String() + "-openings", opens}, param{v.String() + "-selfplay", selfplay})
	}
	db := "none"
	if cfg.EGDB != nil {
		var parts []string
		for v := range movegen.NumVariants {
			parts = append(parts, fmt.Sprintf("%v %d pieces", v, cfg.EGDB.Pieces(v)))
		}
		db = strings.Join(parts, ", ")
	}
	// The tables and networks, not the file: the built-in weights and a
	// copy of them in a file are the same start, whatever a compressor
	// makes of them.
	h := sha256.New()
	for v, t := range start.Tables {
		var parts []any
		if t != nil {
			parts = append(parts, t)
		}
		if n := start.Nets[v]; n != nil {
			parts = append(parts, int32(n.H), n.W1, n.B1, n.W2, n.B2)
		}
		for _, x := range parts {
			if err := binary.Write(h, binary.LittleEndian, x); err != nil {
				return nil, err
			}
		}
	}
	if len(cfg.Data) > 0 {
		// Named by content; left out without files, so that a loop
		// started before there were any goes on.
		var parts []string
		for _, path := range cfg.Data {
			d, err := fileDigest(path)
			if err != nil {
				return nil, err
			}
			parts = append(parts, d)
		}
		ps = append(ps, param{"data", strings.Join(parts, ",")})
	}
	sprt := "none"
	if cfg.SPRT != nil {
		sprt = fmt.Sprintf("%g,%g", cfg.SPRT.Elo0, cfg.SPRT.Elo1)
	}
	ps = append(append(ps,
		param{"selfplay-limits", cfg.Limits.String()},
		param{"node-jitter", strconv.Itoa(cfg.NodeJitter)},
		param{"random-plies", strconv.Itoa(cfg.RandomPlies)}),
		openingParams...)
	return append(ps,
		param{"egdb", db},
		param{"adjudicate", strconv.FormatBool(cfg.Adjudicate)},
		param{"window", strconv.Itoa(cfg.Window)},
		param{"lambda", strconv.FormatFloat(cfg.Lambda, 'g', -1, 64)},
		param{"match-limits", cfg.MatchLimits.String()},
		param{"match-games", strconv.Itoa(cfg.MatchGames)},
		param{"sprt", sprt},
		param{"start", "weights " + digest(h.Sum(nil))},
	), nil
}

// settle checks the loop's settings want against those its directory
// keeps, or keeps them there if it keeps none.
func (cfg *LoopConfig) settle(want []param) error {
	path := filepath.Join(cfg.Dir, SettingsFile)
	text, err := readSettings(path)
	if err != nil {
		return err
	}
	if text == nil {
		if _, err := os.Stat(genDir(cfg.Dir, 1)); err == nil {
			return fmt.Errorf("%s has generations but no %s: not a loop's directory, or its settings were removed", cfg.Dir, SettingsFile)
		}
		text, err := formatParams(settingsFirstLine, []string{
			"The settings of crown train loop in this directory: a start with others is refused.",
		}, want)
		if err != nil {
			return err
		}
		return atomicfile.WriteFile(path, text)
	}
	var have []param
	if err := parseParams(text, settingsFirstLine, func(key, value string) error {
		have = append(have, param{key, value})
		return nil
	}); err != nil {
		return fmt.Errorf("%s: not a loop's settings: %w", path, err)
	}
	if diffs := diffParams(have, want, SettingsFile); diffs != nil {
		return fmt.Errorf("%s is of a loop with other settings (%s): continue it with the flags it was started with, or start a loop in another directory",
			path, strings.Join(diffs, "; "))
	}
	return nil
}

// genDir is generation k's directory.
func genDir(dir string, k int) string { return filepath.Join(dir, fmt.Sprintf("gen-%d", k)) }

// dataPath is generation k's self-play data of rule set v.
func dataPath(dir string, k int, v movegen.Variant) string {
	return filepath.Join(genDir(dir, k), v.String()+".bin")
}

// seed is the self-play seed of generation k's rule set v: every
// generation and rule set its own games. American's and Pool's are 2k and
// 2k+1, as before the other games came (a loop resumed keeps its games);
// the others' lie above every 32-bit generation number's.
func seed(k int, v movegen.Variant) uint64 {
	if v <= movegen.Pool {
		return 2*uint64(k) + uint64(v)
	}
	return uint64(v)<<40 | uint64(k)
}

// loopWeights are the weights a generation plays with: the file (a path the
// loop never rewrites with other weights, as engines keep the weights of
// a path once loaded), what it holds and how each table was made.
type loopWeights struct {
	path  string // "" for the built-in weights
	file  *eval.WeightFile
	notes [movegen.NumVariants]string
}

// startWeights returns the weights the first generation plays with.
func (cfg *LoopConfig) startWeights() (*loopWeights, error) {
	w := &loopWeights{path: cfg.Start, file: eval.Default()}
	note := "the built-in weights"
	if cfg.Start != "" {
		var err error
		if w.file, err = eval.LoadWeights(cfg.Start); err != nil {
			return nil, err
		}
		note = "the start weights " + filepath.Base(cfg.Start)
	}
	for v := range w.notes {
		w.notes[v] = note
	}
	return w, nil
}

// RunLoop runs the training loop cfg describes: generation after
// generation, self-play with the current weights, a fit to the last
// generations' data, and for every rule set trained a match of the fit
// against the current weights, whose gain (Accept) makes the fit's table
// current. Each step's result is kept in the generation's directory as it
// ends, so a loop stopped at any point (ctx cancelled, killed) and started
// again with the same cfg goes on where it stopped: self-play resumes from
// its state files, a fit or a match that ended is not done again, a match
// cut short is played again from its first game. It stops after
// cfg.Generations, or cfg.Patience generations in a row without a gain.
func RunLoop(ctx context.Context, cfg LoopConfig) (LoopResult, error) {
	var res LoopResult
	if err := cfg.check(); err != nil {
		return res, err
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return res, err
	}
	cur, err := cfg.startWeights()
	if err != nil {
		return res, err
	}
	settings, err := cfg.params(cur.file)
	if err != nil {
		return res, err
	}
	if err := cfg.settle(settings); err != nil {
		return res, err
	}
	var done []*generation
	idle := 0 // generations in a row that accepted nothing
	for k := 1; k <= cfg.Generations; k++ {
		if idle >= cfg.Patience {
			res.Stopped = fmt.Sprintf("no gain in %d generations in a row", idle)
			break
		}
		g, err := cfg.generation(ctx, k, cur)
		if err != nil {
			return res, fmt.Errorf("generation %d: %w", k, err)
		}
		done = append(done, g)
		res.Generations++
		idle++
		if g.accepted() {
			res.Accepted++
			idle = 0
		}
		fmt.Fprintf(cfg.Out, "gen %d: %s\n", k, g.summary(cfg.SPRT))
		if err := cfg.writeTable(settings, done); err != nil {
			return res, err
		}
		next := filepath.Join(genDir(cfg.Dir, k), NextFile)
		cur = &loopWeights{path: next}
		if cur.file, err = eval.LoadWeights(next); err != nil {
			return res, err
		}
		for v := range cur.notes {
			cur.notes[v] = g.sides[v].weights
		}
	}
	return res, nil
}

// generation runs, or finishes, generation k with the current weights
// cur, and returns its result.
func (cfg *LoopConfig) generation(ctx context.Context, k int, cur *loopWeights) (*generation, error) {
	dir := genDir(cfg.Dir, k)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	resultPath := filepath.Join(dir, ResultFile)
	g, err := readGeneration(resultPath)
	switch {
	case err != nil:
		return nil, err
	case g == nil:
		g = &generation{n: k}
	case g.n != k:
		return nil, fmt.Errorf("%s is generation %d's", resultPath, g.n)
	case g.decided:
		return g, nil
	}
	save := func() error { return g.write(resultPath, cfg.SPRT) }
	if !g.played(cfg) {
		if err := cfg.selfPlay(ctx, k, cur, g); err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := save(); err != nil {
			return nil, err
		}
	}
	fitPath := filepath.Join(dir, FitFile)
	if _, err := os.Stat(fitPath); err != nil || !g.fitted(cfg) {
		if err := cfg.fit(ctx, k, cur, g, save, fitPath); err != nil {
			return nil, err
		}
	}
	cand, err := eval.LoadWeights(fitPath)
	if err != nil {
		return nil, err
	}
	for _, v := range cfg.variants() {
		if g.sides[v].score != nil {
			continue
		}
		if err := cfg.match(ctx, k, v, cur, g); err != nil {
			return nil, fmt.Errorf("%v match: %w", v, err)
		}
		if err := save(); err != nil {
			return nil, err
		}
	}
	if err := cfg.decide(k, cur, cand, g); err != nil {
		return nil, err
	}
	return g, save()
}

// selfPlay plays generation k's games with the current weights into its
// data files: both rule sets at once, their workers split, when there are
// two workers or more for two rule sets (each file is the same whatever
// its workers), one after the other otherwise.
func (cfg *LoopConfig) selfPlay(ctx context.Context, k int, cur *loopWeights, g *generation) error {
	vs := cfg.variants()
	parallel := len(vs) > 1 && cfg.Concurrency >= len(vs)
	var mu sync.Mutex // lines, and g
	lines := make([]string, len(vs))
	line := progress.New(cfg.Log)
	play := func(ctx context.Context, i, workers int) error {
		v := vs[i]
		c := Config{Variant: v, Games: cfg.Games[v], Limits: cfg.Limits,
			Options: play.Options{HashMiB: DefaultRun.Options.HashMiB, EvalFile: cur.path}, Openings: Deck,
			RandomPlies: cfg.RandomPlies, NodeJitter: cfg.NodeJitter, Seed: seed(k, v), Concurrency: workers}
		if v != movegen.American {
			c.Openings, c.RandomPlies = Random, cfg.StartPlies
			if v == movegen.Pool && cfg.PoolSelfplayFile != "" {
				c.Openings, c.OpeningsFile, c.RandomPlies = FromFile, cfg.PoolSelfplayFile, cfg.RandomPlies
			}
		}
		st, err := Run(ctx, c, dataPath(cfg.Dir, k, v), func(st Stats) {
			mu.Lock()
			defer mu.Unlock()
			lines[i] = fmt.Sprintf("%v %s", v, st.Progress())
			var started []string // the rule sets that have written a game
			for _, l := range lines {
				if l != "" {
					started = append(started, l)
				}
			}
			line.Show(fmt.Sprintf("gen %d selfplay %s", k, strings.Join(started, " | ")))
		})
		if err != nil {
			return fmt.Errorf("%v self-play: %w", v, err)
		}
		mu.Lock()
		defer mu.Unlock()
		g.sides[v] = side{data: true, games: st.Total, positions: st.Records}
		return nil
	}
	var err error
	if parallel {
		ctx, cancel := context.WithCancel(ctx) // a failure stops the other rule set's games
		defer cancel()
		errs := make([]error, len(vs))
		var wg sync.WaitGroup
		for i := range vs {
			workers := cfg.Concurrency / len(vs)
			if i < cfg.Concurrency%len(vs) {
				workers++
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() {
					if r := recover(); r != nil {
						errs[i] = fmt.Errorf("%v self-play: panic: %v\n%s", vs[i], r, debug.Stack())
					}
					if errs[i] != nil {
						cancel()
					}
				}()
				errs[i] = play(ctx, i, workers)
			}()
		}
		wg.Wait()
		err = errors.Join(errs...)
	} else {
		for i := range vs {
			if err = play(ctx, i, cfg.Concurrency); err != nil || ctx.Err() != nil {
				break
			}
		}
	}
	line.End()
	return err
}

// fit fits every rule set trained to generation k's window of data,
// records the fits in g (saved with save) and then writes the weights to
// path, the current weights' tables for the rule sets not trained.
func (cfg *LoopConfig) fit(ctx context.Context, k int, cur *loopWeights, g *generation, save func() error, path string) error {
	from := max(1, k-cfg.Window+1)
	w := WeightsFit{Base: cur.file, EGDB: cfg.EGDB, Adjudicate: cfg.Adjudicate,
		Log:        &prefixWriter{w: cfg.Log, prefix: fmt.Sprintf("gen %d: ", k)},
		Provenance: fmt.Sprintf("crown train loop, generation %d's fit", k)}
	for _, v := range cfg.variants() {
		paths := append([]string(nil), cfg.Data...)
		for j := from; j <= k; j++ {
			paths = append(paths, dataPath(cfg.Dir, j, v))
		}
		fc := DefaultFit
		fc.Variant, fc.Lambda = v, cfg.Lambda
		if n := cur.file.Nets[v]; n != nil {
			fc.Hidden = n.H // each rule set keeps its model
		} else {
			fc.Hidden = cfg.Hidden // a game without a network may get one
		}
		w.Jobs = append(w.Jobs, FitJob{Paths: paths, Config: fc})
	}
	w.Note = func(v movegen.Variant, fit *Fit) string {
		f := &fitRecord{from: from, positions: fit.Train + fit.Valid, valid: fit.Valid, k: fit.K,
			best: fit.Best, passes: len(fit.Epochs), loss: fit.Epochs[fit.Best-1].ValidLoss}
		g.sides[v].fit = f
		return fmt.Sprintf("%v: %s", v, f.text(k))
	}
	wf, err := w.Fit(ctx)
	if err != nil {
		return err
	}
	if err := save(); err != nil {
		return err
	}
	return WriteWeights(path, wf)
}

// match plays generation k's fit against the current weights in rule set
// v, writing the games and the summary beside the generation's result,
// and records the score in g.
func (cfg *LoopConfig) match(ctx context.Context, k int, v movegen.Variant, cur *loopWeights, g *generation) error {
	var ballots []book.Ballot
	var err error
	if v != movegen.American {
		ballots, err = book.ReadBallotsFile(cfg.Openings[v], v)
	} else {
		ballots, err = book.SelectBallots("deck", v)
	}
	if err != nil {
		return err
	}
	dir := genDir(cfg.Dir, k)
	name := fmt.Sprintf("gen-%d", k)
	pdn, err := os.Create(filepath.Join(dir, "match-"+v.String()+".pdn"))
	if err != nil {
		return err
	}
	defer pdn.Close()
	mc := match.Config{
		Engines:     [2]match.Engine{cfg.Engine(name, filepath.Join(dir, FitFile)), cfg.Engine("current", cur.path)},
		Variant:     v,
		Ballots:     ballots,
		Games:       cfg.MatchGames,
		Limits:      cfg.MatchLimits,
		Concurrency: cfg.Concurrency,
		SPRT:        cfg.SPRT,
		PDN:         pdn,
		Progress:    &prefixWriter{w: cfg.Log, prefix: fmt.Sprintf("gen %d %v: ", k, v)},
		Event:       fmt.Sprintf("crown train loop, generation %d, %v", k, v),
	}
	r, err := match.Run(ctx, mc)
	if err != nil {
		return err
	}
	if err := pdn.Close(); err != nil {
		return err
	}
	var sum bytes.Buffer
	r.WriteSummary(&sum)
	r.WriteSummary(&prefixWriter{w: cfg.Log, prefix: fmt.Sprintf("gen %d %v: ", k, v)})
	if err := atomicfile.WriteFile(filepath.Join(dir, "match-"+v.String()+".txt"), sum.Bytes()); err != nil {
		return err
	}
	g.sides[v].score = &r.Score
	return nil
}

// decide takes for every rule set the fit's table cand if its match
// shows a gain, the current one otherwise, and writes the weights so made
// to the generation's NextFile, and to the loop's CurrentFile when it
// took any of the fit's.
func (cfg *LoopConfig) decide(k int, cur *loopWeights, cand *eval.WeightFile, g *generation) error {
	next := &eval.WeightFile{}
	var notes []string
	for v := range movegen.NumVariants {
		s := &g.sides[v]
		s.accepted = s.score != nil && Accept(*s.score, cfg.SPRT)
		next.Tables[v], next.Nets[v], s.weights = cur.file.Tables[v], cur.file.Nets[v], cur.notes[v]
		if s.accepted {
			next.Tables[v], next.Nets[v] = cand.Tables[v], cand.Nets[v]
			s.weights = fmt.Sprintf("generation %d, self-play at %s, %s; match at %s %s", k, cfg.Limits, s.fit.text(k), cfg.MatchLimits, s.matchText(cfg.SPRT))
		}
		notes = append(notes, fmt.Sprintf("%v: %s", v, s.weights))
	}
	g.decided = true
	next.Provenance = fmt.Sprintf("crown train loop after generation %d; %s", k, strings.Join(notes, "; "))
	if err := WriteWeights(filepath.Join(genDir(cfg.Dir, k), NextFile), next); err != nil {
		return err
	}
	if g.accepted() {
		return WriteWeights(filepath.Join(cfg.Dir, CurrentFile), next)
	}
	return nil
}

// prefixWriter writes to w with prefix before every line.
type prefixWriter struct {
	w      io.Writer
	prefix string
	inLine bool // the last byte written did not end a line
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	var out []byte
	for _, c := range b {
		if !p.inLine {
			out = append(out, p.prefix...)
		}
		out = append(out, c)
		p.inLine = c != '\n'
	}
	if _, err := p.w.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

// missingOpenings returns the first game trained without a file of match
// openings, or NumVariants when none is.
func (cfg *LoopConfig) missingOpenings() movegen.Variant {
	for v := movegen.Pool; v < movegen.NumVariants; v++ {
		if cfg.Games[v] > 0 && cfg.Openings[v] == "" {
			return v
		}
	}
	return movegen.NumVariants
}

// openingsParams returns what the loop's settings record of game v's
// openings: its match openings' digest and where its self-play starts
// ("none" for both when v is not trained).
func (cfg *LoopConfig) openingsParams(v movegen.Variant) (opens, selfplay string, err error) {
	if cfg.Games[v] == 0 {
		return "none", "none", nil
	}
	digest := func(file string) (string, error) {
		c := Config{Variant: v, Openings: FromFile, OpeningsFile: file}
		list, err := c.openings()
		if err != nil {
			return "", err
		}
		return openingsDigest(list), nil
	}
	if opens, err = digest(cfg.Openings[v]); err != nil {
		return "", "", err
	}
	selfplay = fmt.Sprintf("random %d plies", cfg.StartPlies)
	if v == movegen.Pool && cfg.PoolSelfplayFile != "" {
		if selfplay, err = digest(cfg.PoolSelfplayFile); err != nil {
			return "", "", err
		}
	}
	return opens, selfplay, nil
}
