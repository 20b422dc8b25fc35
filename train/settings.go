package train

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// egdbCacheMiB is the cache of a fit's endgame database (crown train's
// and the loop's): a pass over millions of positions probes every slice,
// and the 6-piece blocks of one rule set fit in a few hundred MiB.
const egdbCacheMiB = 512

// FitSettings are crown train's settings as its flags give them: a fit of
// some rule sets' models to self-play data into a weight file. Their
// errors name each setting by its flag (--lambda), for the command line to
// show.
type FitSettings struct {
	Variant string // the rule set fitted, by name, or "all"
	// Fit is each rule set's configuration but for its Variant and Start.
	Fit FitConfig
	// BucketsGiven says that Fit.Buckets was given, not left at its
	// default: a start network of several outputs must then have that
	// many, and without it keeps its own.
	BucketsGiven bool
	Init         string   // weight file whose networks the fits start from, "" for none
	Data         []string // the self-play data files
	EGDBDir      string   // endgame database, "" for none
	Adjudicate   bool     // with EGDBDir: FitFiles' adjudicate
	Out          string   // the weight file to write
	// Command is the command line, which starts the weight file's
	// provenance.
	Command string
}

// MissingEGDBError says that the endgame database lacks a rule set to be
// fitted: the settings are right and the files are not, which crown train
// reports as a failure, not a usage error.
type MissingEGDBError struct {
	Dir     string
	Variant movegen.Variant
}

// Error says which database lacks which rule set.
func (e *MissingEGDBError) Error() string {
	return fmt.Sprintf("--egdb %s holds no complete %v database", e.Dir, e.Variant)
}

// WeightsFit checks s and returns the fit it describes: the built-in
// weights but for the rule sets fitted, each fitted from Init's network if
// given, with the endgame database open (the caller closes it). A database
// that lacks a rule set fitted is a *MissingEGDBError.
func (s *FitSettings) WeightsFit() (*WeightsFit, error) {
	variants, err := parseVariants(s.Variant)
	if err != nil {
		return nil, err
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	start, err := loadStart(s.Init, variants, s.Fit.Hidden, s.Fit.Buckets, s.BucketsGiven)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(s.Data))
	for i, d := range s.Data {
		names[i] = filepath.Base(d)
	}
	w := &WeightsFit{Base: eval.Default(), Adjudicate: s.Adjudicate,
		Provenance: fmt.Sprintf("%s; data %s", s.Command, strings.Join(names, " "))}
	for _, v := range variants {
		c := s.Fit
		c.Variant = v
		if start != nil {
			c.Start, c.Hidden = start.Nets[v], start.Nets[v].H
			if !s.BucketsGiven {
				c.Buckets = start.Nets[v].Buckets() // fitting on keeps the start's outputs
			}
		}
		w.Jobs = append(w.Jobs, FitJob{Paths: s.Data, Config: c, Optional: s.Variant == "all"})
	}
	if s.EGDBDir != "" {
		if w.EGDB, err = egdb.Open(s.EGDBDir, egdbCacheMiB); err != nil {
			return nil, fmt.Errorf("--egdb: %w", err)
		}
		for _, v := range variants {
			if w.EGDB.Pieces(v) == 0 {
				w.EGDB.Close()
				return nil, &MissingEGDBError{Dir: s.EGDBDir, Variant: v}
			}
		}
	}
	return w, nil
}

// parseVariants reads the rule sets to fit: one by name, or "all".
func parseVariants(s string) ([]movegen.Variant, error) {
	if s != "all" {
		v, err := movegen.ParseVariant(s)
		return []movegen.Variant{v}, err
	}
	var vs []movegen.Variant
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		vs = append(vs, v)
	}
	return vs, nil
}

// check reports what is wrong with s's values, if anything.
func (s *FitSettings) check() error {
	c := &s.Fit
	switch {
	case s.Out == "":
		return errors.New("--out FILE is required")
	case len(s.Data) == 0:
		return errors.New("--data FILE is required")
	case c.Lambda < 0 || c.Lambda > 1:
		return errLambda
	case c.Epochs < 1 || c.Patience < 1 || c.Batch < 1:
		return errors.New("--epochs, --patience and --batch must be at least 1")
	case c.Rate <= 0 || c.Decay <= 0 || c.Decay > 1 || c.L2 < 0 || c.K < 0:
		return errors.New("--rate must be positive, --decay in (0, 1], --l2 and --k not negative")
	case c.Hidden < 0 || c.Hidden%eval.NetHiddenStep != 0 || c.Hidden > eval.MaxHidden || c.NetRate <= 0:
		return fmt.Errorf("--hidden must be a multiple of %d up to %d, --net-rate positive", eval.NetHiddenStep, eval.MaxHidden)
	case c.Buckets < 1 || c.Buckets > eval.MaxBuckets:
		return fmt.Errorf("--buckets must be in 1..%d", eval.MaxBuckets)
	case c.Buckets > 1 && c.Hidden == 0 && s.Init == "":
		return errors.New("--buckets needs a network: --hidden N or --init FILE")
	case c.Hidden2 < 0 || c.Hidden2%eval.NetHidden2Step != 0 || c.Hidden2 > eval.MaxHidden2:
		return fmt.Errorf("--hidden2 must be a multiple of %d up to %d", eval.NetHidden2Step, eval.MaxHidden2)
	case c.Hidden2 > 0 && (c.Hidden == 0 || s.Init != ""):
		return errors.New("--hidden2 needs --hidden N and a fit from scratch (no --init)")
	case s.Adjudicate && s.EGDBDir == "":
		return errAdjudicate
	}
	return nil
}

// The mistakes crown train and crown train loop share.
var (
	errLambda     = errors.New("--lambda must be in 0..1")
	errAdjudicate = errors.New("--adjudicate needs --egdb DIR")
)

// loadStart loads the weight file at path, if any, whose networks the fits
// start from, and checks that it has a network for every rule set fitted,
// of the width hidden says (0: any) and of one output or, when
// bucketsGiven, as many as buckets.
func loadStart(path string, variants []movegen.Variant, hidden, buckets int, bucketsGiven bool) (*eval.WeightFile, error) {
	if path == "" {
		return nil, nil
	}
	start, err := eval.LoadWeights(path)
	if err != nil {
		return nil, fmt.Errorf("--init: %w", err)
	}
	for _, v := range variants {
		switch n := start.Nets[v]; {
		case n == nil:
			return nil, fmt.Errorf("--init %s has no network for %v", path, v)
		case hidden != 0 && hidden != n.H:
			return nil, fmt.Errorf("--init %s has %d hidden units for %v, --hidden says %d", path, n.H, v, hidden)
		case n.Buckets() != 1 && bucketsGiven && n.Buckets() != buckets:
			return nil, fmt.Errorf("--init %s has %d output buckets for %v, --buckets says %d", path, n.Buckets(), v, buckets)
		}
	}
	return start, nil
}

// DefaultRandomPlies opens random self-play games far enough from the
// start that their games differ; games from the deck or a file get none
// (the opening varies them) unless asked.
const DefaultRandomPlies = 8

// DefaultLoop is the loop crown train loop starts from: make train's, which
// docs/training.md explains.
var DefaultLoop = LoopConfig{
	Generations: 10,
	// Patience 2 gives a rule set a second chance: a generation with the
	// same weights adds data, which the next fit reads too.
	Patience: 2,
	// American's and Pool's games take about the same time on a core each
	// at the node budget, some 30 minutes, and with the window the fits
	// read as many games as the committed weights'.
	Games: [movegen.NumVariants]int{movegen.American: 4000, movegen.Pool: 6000},
	// Limits' node budget is that of the committed weights' data; self-play
	// given neither nodes nor a depth plays with it.
	Limits:      search.Limits{Nodes: 8000},
	RandomPlies: 4,
	StartPlies:  DefaultRandomPlies,
	// Openings: Pool's match openings since they came in
	// (docs/experiments.md), and each other game's (crown book openings),
	// relative to the repository.
	Openings:    defaultOpenings(),
	Window:      3,
	Lambda:      DefaultFit.Lambda,
	Concurrency: 2,
}

// LoopSettings are crown train loop's settings as its flags give them: the
// loop's configuration, which the flags set directly, and the words of
// those it reads or opens. Their errors name each setting by its flag.
type LoopSettings struct {
	LoopConfig
	// PoolSelfplay is where Pool self-play's games begin: "random"
	// (StartPlies from the start) or a file of openings
	// (PoolSelfplayFile).
	PoolSelfplay string
	SPRTBounds   string // elo0,elo1 (match.ParseSPRT): the SPRT, "" for none
	EGDBDir      string // the endgame database, "" for none
	// Timed says that self-play was given a move time, which it refuses:
	// its games are to be replayed.
	Timed bool
}

// Config checks s, reads the files it names to see that they serve, and
// returns the loop's configuration, with the endgame database open (the
// caller closes it). Self-play given neither nodes nor a depth gets
// DefaultLoop's node budget, matches given no limits match.DefaultMoveTime.
func (s *LoopSettings) Config() (*LoopConfig, error) {
	cfg := &s.LoopConfig
	if cfg.Limits.Depth == 0 && cfg.Limits.Nodes == 0 {
		cfg.Limits.Nodes = DefaultLoop.Limits.Nodes
	}
	if cfg.MatchLimits == (search.Limits{}) {
		cfg.MatchLimits.MoveTime = match.DefaultMoveTime
	}
	var err error
	if s.SPRTBounds != "" {
		if cfg.SPRT, err = match.ParseSPRT(s.SPRTBounds); err != nil {
			return nil, fmt.Errorf("--sprt: %w", err)
		}
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	if err := s.checkFiles(); err != nil {
		return nil, err
	}
	if s.EGDBDir != "" {
		if cfg.EGDB, err = egdb.Open(s.EGDBDir, egdbCacheMiB); err != nil {
			return nil, fmt.Errorf("--egdb: %w", err)
		}
	}
	return cfg, nil
}

// check reports what is wrong with s's values, if anything.
func (s *LoopSettings) check() error {
	trained, negative := false, false
	for _, n := range s.Games {
		trained, negative = trained || n > 0, negative || n < 0
	}
	switch {
	case s.Dir == "":
		return errors.New("--dir DIR is required")
	case s.Generations < 1 || s.Patience < 1 || s.Window < 1 || s.Concurrency < 1:
		return errors.New("--generations, --patience, --window and --concurrency must be at least 1")
	case negative || !trained:
		return errors.New("the games of a generation (--american-games, --pool-games, --russian-games, ...) must not be negative, nor all 0")
	case s.Lambda < 0 || s.Lambda > 1:
		return errLambda
	case s.MatchGames < 0:
		return errors.New("--match-games must not be negative")
	case s.Adjudicate && s.EGDBDir == "":
		return errAdjudicate
	}
	return checkSelfplay(s.Timed, s.RandomPlies, s.NodeJitter, s.Limits)
}

// checkFiles checks that the files s names serve: Pool's openings, the
// data files and the start weights; it sets PoolSelfplayFile.
func (s *LoopSettings) checkFiles() error {
	for v := movegen.Pool; v < movegen.NumVariants; v++ {
		if s.Games[v] == 0 {
			continue
		}
		if _, err := book.ReadBallotsFile(s.Openings[v], v); err != nil {
			return fmt.Errorf("--%v-openings: %w", v, err)
		}
	}
	if s.Games[movegen.Pool] > 0 {
		if s.PoolSelfplay != "random" {
			if _, err := book.ReadBallotsFile(s.PoolSelfplay, movegen.Pool); err != nil {
				return fmt.Errorf("--pool-selfplay: %w", err)
			}
			s.PoolSelfplayFile = s.PoolSelfplay
		}
	}
	if s.StartPlies < 0 || s.StartPlies > MaxRandomPlies {
		return fmt.Errorf("--start-plies must be in 0..%d", MaxRandomPlies)
	}
	for _, path := range s.Data {
		if err := CheckDataFile(path); err != nil {
			return fmt.Errorf("--data: %w", err)
		}
	}
	if s.Start != "" {
		if _, err := eval.LoadWeights(s.Start); err != nil {
			return fmt.Errorf("--start: %w", err)
		}
	}
	return nil
}

// checkSelfplay checks the self-play settings of crown selfplay and crown
// train loop: no move time (timed), random plies and node jitter in their
// ranges, and a node budget to jitter.
func checkSelfplay(timed bool, randomPlies, nodeJitter int, lim search.Limits) error {
	switch {
	case timed:
		return errors.New("--movetime: self-play is limited by --nodes or --depth, so its games can be replayed")
	case randomPlies < 0 || randomPlies > MaxRandomPlies:
		return fmt.Errorf("--random-plies must be in 0..%d", MaxRandomPlies)
	case nodeJitter < 0 || nodeJitter > MaxNodeJitter:
		return fmt.Errorf("--node-jitter must be in 0..%d", MaxNodeJitter)
	case nodeJitter > 0 && lim.Nodes == 0:
		return errors.New("--node-jitter needs --nodes")
	}
	return nil
}

// DefaultRun is the run crown selfplay starts from.
var DefaultRun = Config{
	Games: 100,
	// Limits' node budget is about 2 ms a move on one core, so a game
	// takes a fraction of a second and the score still sees several
	// plies; a run given neither nodes nor a depth plays with it.
	Limits: search.Limits{Nodes: 20000},
	// Options' table is small: one per worker suffices for searches of
	// tens of thousands of nodes, and several workers fit in memory.
	Options:     play.Options{HashMiB: 16},
	Seed:        1,
	Concurrency: 2,
}

// SelfplaySettings are crown selfplay's settings as its flags give them:
// the run's configuration, which the flags set directly, the words of
// those it reads, and the data file. Their errors name each setting by its
// flag.
type SelfplaySettings struct {
	Config
	Out         string // the data file
	OpeningsArg string // ParseOpenings' words: deck, random, a file, or "" for the rule set's own
	ShardArg    string // I/N (ParseShard)
	// RandomPliesGiven says that RandomPlies was given: random openings
	// get DefaultRandomPlies otherwise.
	RandomPliesGiven bool
	// Timed says that a move time was given, which self-play refuses: its
	// games are to be replayed.
	Timed bool
}

// RunConfig checks s and returns the run's configuration. A run given
// neither nodes nor a depth gets DefaultRun's node budget.
func (s *SelfplaySettings) RunConfig() (Config, error) {
	cfg := s.Config
	if cfg.Limits.Depth == 0 && cfg.Limits.Nodes == 0 {
		cfg.Limits.Nodes = DefaultRun.Limits.Nodes
	}
	var err error
	if cfg.Openings, cfg.OpeningsFile, err = ParseOpenings(s.OpeningsArg, cfg.Variant); err != nil {
		return cfg, fmt.Errorf("--openings %q: %w", s.OpeningsArg, err)
	}
	if cfg.Shard, cfg.Shards, err = ParseShard(s.ShardArg); err != nil {
		return cfg, fmt.Errorf("--shard %q: %w", s.ShardArg, err)
	}
	if cfg.Openings == Random && !s.RandomPliesGiven {
		cfg.RandomPlies = DefaultRandomPlies
	}
	switch {
	case s.Out == "":
		return cfg, errors.New("--out FILE is required")
	case cfg.Games < 1:
		return cfg, errors.New("--games must be at least 1")
	case cfg.Concurrency < 1:
		return cfg, errors.New("--concurrency must be at least 1")
	case cfg.Openings == Deck && cfg.Variant != movegen.American:
		return cfg, errors.New("--openings deck: the ACF ballots are American only")
	}
	return cfg, checkSelfplay(s.Timed, s.RandomPlies, s.NodeJitter, cfg.Limits)
}

// defaultOpenings returns where each game's match openings are by
// default: testdata/<game>-openings.txt for every game but American.
func defaultOpenings() (o [movegen.NumVariants]string) {
	for v := movegen.Pool; v < movegen.NumVariants; v++ {
		o[v] = "testdata/" + v.String() + "-openings.txt"
	}
	return o
}
