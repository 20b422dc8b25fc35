package train

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
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
		w.Jobs = append(w.Jobs, FitJob{Paths: s.Data, Config: c})
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
