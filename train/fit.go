package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/internal/readfile"
	"github.com/crown-checkers/crown/movegen"
)

// Sample is one training position in the compact form the trainer keeps in
// memory: the position, and the game's result and search score from
// Black's view.
type Sample struct {
	Black, White, Kings movegen.Bitboard
	Turn                movegen.Colour
	Result              movegen.Result // the game's result from Black's view: Loss, Draw or Win
	Score               int16          // search score from Black's view
	Game                int32          // the game it comes from, counted from 0 across the files read
	// Exact marks a position whose Result is its exact value (from an
	// endgame database, ApplyEGDB): its target is that value alone.
	Exact bool
}

// position returns the sample's position in rule set v.
func (s *Sample) position(v movegen.Variant) movegen.Position {
	return movegen.Position{Pieces: [2]movegen.Bitboard{s.Black, s.White}, Kings: s.Kings, Turn: s.Turn, Variant: v}
}

// LoadSamples reads the records of rule set v from data files, game by
// game (readGames).
func LoadSamples(paths []string, v movegen.Variant) ([]Sample, error) {
	var out []Sample
	game := int32(-1)
	for _, path := range paths {
		f, err := readfile.Open(path, 0) // data files are read in records, of any size
		if err != nil {
			return nil, err
		}
		rd, err := NewReader(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		err = readGames(rd, func(recs []Record) error {
			game++
			for _, r := range recs {
				if r.Pos.Variant != v {
					continue
				}
				s := Sample{Black: r.Pos.Pieces[movegen.Black], White: r.Pos.Pieces[movegen.White], Kings: r.Pos.Kings,
					Turn: r.Pos.Turn, Result: r.Result, Score: r.Score, Game: game}
				if r.Pos.Turn == movegen.White {
					s.Result, s.Score = s.Result.Negate(), -s.Score
				}
				out = append(out, s)
			}
			return nil
		})
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return out, nil
}

// FitConfig sets a training run.
type FitConfig struct {
	Variant movegen.Variant
	// Lambda is the share of the game's result in the target; the rest is
	// the search score turned into a winning chance.
	Lambda float64
	// K turns centi-men into a winning chance, sigmoid(score/K); 0 fits it
	// to the data's search scores and results first.
	K float64
	// Epochs is the most passes over the training positions; Patience
	// ends the run after that many passes without a better validation loss.
	Epochs, Patience int
	// Batch is the number of positions per step.
	Batch int
	// Rate is the Adam step in centi-men, multiplied by Decay after every
	// pass.
	Rate, Decay float64
	// L2 pulls pattern and king-square weights towards zero, per step.
	L2 float64
	// ValidEvery holds out one game in ValidEvery for validation.
	ValidEvery int
	// Seed orders the positions; the same data, configuration and seed
	// give the same weights.
	Seed uint64
	// Hidden, if not 0, fits a network of that many hidden units
	// (eval.Network, a multiple of eval.NetHiddenStep) instead of the
	// linear model; NetRate is its Adam step (the network's weights are
	// of order 1, not centi-men) and L2 does not apply.
	Hidden  int
	NetRate float64
	// Hidden2, if not 0, adds a second hidden layer of that many units
	// between the first and the outputs.
	Hidden2 int
	// Buckets is the network's number of outputs, each scoring a run of
	// piece counts (eval.NetBucket; 0 or 1: one output).
	Buckets int
	// Start, if set, is the network the fit starts from instead of random
	// weights (fitting on from shipped weights to new data); Hidden must
	// be its width, and its outputs one or Buckets (one is copied to
	// every bucket).
	Start *eval.Network
	// Progress, if set, is called after every pass.
	Progress func(Epoch)
}

// defaultL2 is the pull towards zero that fitted best on generation 1 and
// 2's 2.8 million American positions (validation loss 0.3442 against
// 0.3470 at 1e-7, docs/experiments.md): the more data, the less pull.
const defaultL2 = 1e-8

// DefaultFit is the configuration `crown train` starts from.
var DefaultFit = FitConfig{
	Lambda: 0.5, Epochs: 40, Patience: 3, Batch: 2048, Rate: 0.5, Decay: 0.9,
	L2: defaultL2, ValidEvery: 10, Seed: 1, NetRate: defaultNetRate,
}

// defaultNetRate is the network's first Adam step: 0.002 fitted 256 hidden
// units to generation 3's data in 20 passes (docs/experiments.md).
const defaultNetRate = 0.002

// Epoch reports one pass over the training positions.
type Epoch struct {
	N                    int
	TrainLoss, ValidLoss float64 // mean cross-entropy against the targets
	Elapsed              time.Duration
}

// Fit is the result of a training run.
type Fit struct {
	Table        *eval.Table   // the weights of the best pass, quantised (linear model)
	Net          *eval.Network // the same for a network (FitConfig.Hidden)
	K            float64
	Epochs       []Epoch
	Best         int // the pass whose weights Table holds
	Train, Valid int // positions used for each
}

// weights are the model's float weights: middle game and ending per input.
type weights [eval.NumWeights][2]float64

// points is a result's share of a game's points, the target a result
// gives: 0 for a loss, 1/2 for a draw, 1 for a win.
func points(r movegen.Result) float64 { return float64(r-movegen.Loss) / 2 }

// sigmoid is the logistic function.
func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Train fits the evaluation's weights for cfg.Variant to samples: the
// sigmoid of the evaluation over K is fitted, by cross-entropy, to a blend
// of the result and the search score's winning chance.
func Train(samples []Sample, cfg FitConfig) (*Fit, error) {
	if cfg.Batch <= 0 || cfg.Epochs <= 0 || cfg.ValidEvery < 2 || cfg.Lambda < 0 || cfg.Lambda > 1 ||
		cfg.Hidden < 0 || cfg.Hidden%eval.NetHiddenStep != 0 || cfg.Hidden > 0 && cfg.NetRate <= 0 || cfg.Buckets < 0 || cfg.Buckets > eval.MaxBuckets ||
		cfg.Hidden2 < 0 || cfg.Hidden2%eval.NetHidden2Step != 0 || cfg.Hidden2 > eval.MaxHidden2 || cfg.Hidden2 > 0 && (cfg.Hidden == 0 || cfg.Start != nil) {
		return nil, fmt.Errorf("train: bad configuration %+v", cfg)
	}
	if cfg.Start != nil && cfg.Start.H != cfg.Hidden {
		return nil, fmt.Errorf("train: the starting network has %d hidden units, the fit %d", cfg.Start.H, cfg.Hidden)
	}
	var trainSet, validSet []Sample
	for _, s := range samples {
		if splitmix(uint64(s.Game)^cfg.Seed)%uint64(cfg.ValidEvery) == 0 {
			validSet = append(validSet, s)
		} else {
			trainSet = append(trainSet, s)
		}
	}
	if len(samples) == 0 {
		return nil, fmt.Errorf("train: %w of %v", ErrNoPositions, cfg.Variant)
	}
	if len(trainSet) == 0 || len(validSet) == 0 {
		return nil, fmt.Errorf("train: %d positions in %v: too few to train and validate", len(samples), cfg.Variant)
	}
	k := cfg.K
	if k == 0 {
		k = FitK(trainSet)
	}
	fit := &Fit{K: k, Train: len(trainSet), Valid: len(validSet)}
	if cfg.Hidden > 0 {
		return trainNetwork(trainSet, validSet, cfg, fit)
	}
	t := &trainer{cfg: cfg, k: k}
	t.init()
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5eed))
	var bestW weights
	rate := cfg.Rate
	err := passes(cfg, fit, rng, len(trainSet),
		func(i, j int) { trainSet[i], trainSet[j] = trainSet[j], trainSet[i] },
		func() float64 {
			loss := 0.0
			for i := 0; i < len(trainSet); i += cfg.Batch {
				loss += t.step(trainSet[i:min(i+cfg.Batch, len(trainSet))], rate)
			}
			rate *= cfg.Decay
			return loss
		},
		func() float64 { return t.loss(validSet) },
		func() error { bestW = t.w; return nil })
	if err != nil {
		return nil, err
	}
	fit.Table = quantise(&bestW)
	return fit, nil
}

// passes runs a fit's passes over its n training positions: each
// shuffles them (swap), takes a pass (pass returns the summed training
// loss and decays its step), measures the validation loss (valid), reports
// the pass and, when it is the best so far, keeps its weights (keep). It
// stops after cfg.Epochs passes or cfg.Patience without a better one.
func passes(cfg FitConfig, fit *Fit, rng *rand.Rand, n int, swap func(i, j int),
	pass func() float64, valid func() float64, keep func() error) error {
	best := math.Inf(1)
	start := time.Now()
	for e := 1; e <= cfg.Epochs; e++ {
		rng.Shuffle(n, swap)
		loss := pass()
		ep := Epoch{N: e, TrainLoss: loss / float64(n), ValidLoss: valid(), Elapsed: time.Since(start)}
		fit.Epochs = append(fit.Epochs, ep)
		if cfg.Progress != nil {
			cfg.Progress(ep)
		}
		if ep.ValidLoss < best {
			if err := keep(); err != nil {
				return err
			}
			best, fit.Best = ep.ValidLoss, e
		} else if e-fit.Best >= cfg.Patience {
			break
		}
	}
	return nil
}

// FitFiles fits rule set cfg.Variant's weights to its positions in the
// data files at paths (LoadSamples, then Train). With db, the positions
// the database holds take their exact value (ApplyEGDB, adjudicating the
// games before them with adjudicate). It writes to log, a line each, the
// positions read, what the database changed and every pass's losses.
func FitFiles(paths []string, cfg FitConfig, db *egdb.DB, adjudicate bool, log io.Writer) (*Fit, error) {
	v := cfg.Variant
	samples, err := LoadSamples(paths, v)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "%v: %d positions\n", v, len(samples))
	if db != nil {
		if db.Pieces(v) == 0 {
			return nil, fmt.Errorf("the endgame database holds no complete %v database", v)
		}
		st := ApplyEGDB(samples, v, db, adjudicate)
		fmt.Fprintf(log, "%v: %d positions inside the %d-piece database take its value; %d games reach it, %d of them with another result than the database's; %d positions adjudicated\n",
			v, st.Exact, db.Pieces(v), st.Games, st.Changed, st.Adjudicated)
	}
	cfg.Progress = func(e Epoch) {
		fmt.Fprintf(log, "%v pass %d: train loss %.5f, validation loss %.5f, %s\n", v, e.N, e.TrainLoss, e.ValidLoss, e.Elapsed.Round(time.Second))
	}
	return Train(samples, cfg)
}

// splitmix scrambles x (SplitMix64's finaliser): the validation split.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// quantise rounds float weights to a table, clamped to int16.
func quantise(w *weights) *eval.Table {
	t := new(eval.Table)
	for i := range w {
		for j := 0; j < 2; j++ {
			t[i][j] = int16(max(min(math.Round(w[i][j]*eval.WeightScale), math.MaxInt16), math.MinInt16))
		}
	}
	return t
}

// FitK returns the K for which sigmoid(score/K) best predicts the results
// of the samples with a score short of a proven win, by cross-entropy: the
// scale that makes centi-men winning chances.
func FitK(samples []Sample) float64 {
	const most = 1 << 20 // enough for three digits
	loss := func(k float64) float64 {
		sum := 0.0
		for i, s := range samples {
			if i == most {
				break
			}
			if s.Score >= ScoreBound || s.Score <= -ScoreBound {
				continue
			}
			sum += crossEntropy(sigmoid(float64(s.Score)/k), points(s.Result))
		}
		return sum
	}
	lo, hi := 10.0, 2000.0
	for hi-lo > 0.5 { // golden-section search on a convex loss
		a, b := hi-(hi-lo)*0.618, lo+(hi-lo)*0.618
		if loss(a) < loss(b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// crossEntropy is the loss of predicting p for target t.
func crossEntropy(p, t float64) float64 {
	const eps = 1e-12
	return -(t*math.Log(max(p, eps)) + (1-t)*math.Log(max(1-p, eps)))
}

// trainer holds the state of one run: weights, Adam's moments, the
// gradient of the current batch and which inputs it touched.
type trainer struct {
	cfg     FitConfig
	k       float64
	w       weights
	m, v    weights
	grad    weights
	touched []int32
	mark    []bool
	steps   int
	f       eval.Features
}

// Starting weights: material at the usual values, the rest zero.
const (
	startMan  = 100
	startKing = 150
)

func (t *trainer) init() {
	t.w[eval.ScalarIndex(eval.ScalarMen)] = [2]float64{startMan, startMan}
	t.w[eval.ScalarIndex(eval.ScalarKings)] = [2]float64{startKing, startKing}
	t.mark = make([]bool, eval.NumWeights)
}

// target returns a sample's target from Black's view.
func (t *trainer) target(s *Sample) float64 {
	if s.Exact {
		return points(s.Result)
	}
	return t.cfg.Lambda*points(s.Result) + (1-t.cfg.Lambda)*sigmoid(float64(s.Score)/t.k)
}

// predict lists s's inputs into t.f and returns the model's winning
// chance for Black.
func (t *trainer) predict(s *Sample) float64 {
	p := s.position(t.cfg.Variant)
	eval.Extract(&p, &t.f)
	ph := float64(t.f.Phase) / eval.PhaseScale
	e := 0.0
	for _, x := range t.f.List[:t.f.N] {
		w := &t.w[x.Index]
		e += float64(x.Value) * (ph*w[0] + (1-ph)*w[1])
	}
	return sigmoid(e / t.k)
}

// loss returns the mean cross-entropy over samples.
func (t *trainer) loss(samples []Sample) float64 {
	sum := 0.0
	for i := range samples {
		sum += crossEntropy(t.predict(&samples[i]), t.target(&samples[i]))
	}
	return sum / float64(len(samples))
}

// Adam's constants (Kingma and Ba's defaults).
const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// step takes one Adam step on a batch and returns the batch's summed loss.
// Only the inputs the batch touched move (lazy Adam), so a rare pattern
// keeps its weight between the batches that see it.
func (t *trainer) step(batch []Sample, rate float64) float64 {
	loss := 0.0
	for i := range batch {
		s := &batch[i]
		p, y := t.predict(s), t.target(s)
		loss += crossEntropy(p, y)
		d := (p - y) / t.k / float64(len(batch))
		ph := float64(t.f.Phase) / eval.PhaseScale
		for _, x := range t.f.List[:t.f.N] {
			g := &t.grad[x.Index]
			g[0] += d * float64(x.Value) * ph
			g[1] += d * float64(x.Value) * (1 - ph)
			if !t.mark[x.Index] {
				t.mark[x.Index] = true
				t.touched = append(t.touched, x.Index)
			}
		}
	}
	t.steps++
	c1 := 1 - math.Pow(beta1, float64(t.steps))
	c2 := 1 - math.Pow(beta2, float64(t.steps))
	for _, i := range t.touched {
		l2 := t.cfg.L2
		if eval.IsScalar(int(i)) {
			l2 = 0
		}
		for j := 0; j < 2; j++ {
			g := t.grad[i][j] + l2*t.w[i][j]
			t.m[i][j] = beta1*t.m[i][j] + (1-beta1)*g
			t.v[i][j] = beta2*t.v[i][j] + (1-beta2)*g*g
			t.w[i][j] -= rate * (t.m[i][j] / c1) / (math.Sqrt(t.v[i][j]/c2) + epsilon)
			t.grad[i][j] = 0
		}
		t.mark[i] = false
	}
	t.touched = t.touched[:0]
	return loss
}

// String sums the fit up as crown train reports it: positions, K, the
// pass kept, its validation loss and the network's shape.
func (f *Fit) String() string {
	s := fmt.Sprintf("%d positions (%d held out), K %.1f, pass %d of %d, validation loss %.5f",
		f.Train+f.Valid, f.Valid, f.K, f.Best, len(f.Epochs), f.Epochs[f.Best-1].ValidLoss)
	if f.Net != nil {
		s += fmt.Sprintf(", a network of %d hidden units", f.Net.H)
		if f.Net.H2 > 0 {
			s += fmt.Sprintf(" then %d", f.Net.H2)
		}
		if nb := f.Net.Buckets(); nb > 1 {
			s += fmt.Sprintf(" and %d output buckets", nb)
		}
	}
	return s
}

// FitJob is one rule set's part of a weight file's fit: the data files it
// reads and its configuration (Config.Variant is the rule set).
type FitJob struct {
	Paths  []string
	Config FitConfig
	// Optional says that data without a position of the rule set is no
	// error: the rule set keeps Base's model (crown train --variant all).
	Optional bool
}

// ErrNoPositions is wrapped by a fit's error when its data holds no
// position of its rule set.
var ErrNoPositions = errors.New("no positions")

// WeightsFit fits the models of some rule sets, each to its own data
// (FitFiles), into one weight file: crown train's, and each generation's
// of the loop.
type WeightsFit struct {
	Base       *eval.WeightFile // the models of the rule sets not fitted
	Jobs       []FitJob
	EGDB       *egdb.DB // with it, the positions it holds get its values
	Adjudicate bool     // with EGDB: FitFiles' adjudicate
	Log        io.Writer
	// Note, after each fit, says what the weight file's provenance is to
	// record of it.
	Note func(v movegen.Variant, fit *Fit) string
	// Provenance starts the weight file's provenance; the notes follow.
	Provenance string
}

// Fit runs the jobs in turn and returns the weight file: Base's models
// but for the rule sets fitted, which get their fits' table and network,
// and the provenance Provenance and each fit's note, joined by "; ". It
// stops between fits when ctx ends; an error says which rule set's fit
// failed.
func (w *WeightsFit) Fit(ctx context.Context) (*eval.WeightFile, error) {
	wf := &eval.WeightFile{Tables: w.Base.Tables, Nets: w.Base.Nets}
	notes := []string{w.Provenance}
	for _, job := range w.Jobs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		v := job.Config.Variant
		fit, err := FitFiles(job.Paths, job.Config, w.EGDB, w.Adjudicate, w.Log)
		if job.Optional && errors.Is(err, ErrNoPositions) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%v fit: %w", v, err)
		}
		wf.Tables[v], wf.Nets[v] = fit.Table, fit.Net
		notes = append(notes, w.Note(v, fit))
	}
	wf.Provenance = strings.Join(notes, "; ")
	return wf, nil
}

// WriteWeights replaces the weight file at path with wf, whole
// (atomicfile.Write), after removing the temporary files a killed write
// left (atomicfile.RemoveStale).
func WriteWeights(path string, wf *eval.WeightFile) error {
	if err := atomicfile.RemoveStale(path); err != nil {
		return err
	}
	return atomicfile.Write(path, wf.Write)
}
