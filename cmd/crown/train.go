package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/train"
)

// trainEGDBCacheMiB is the database cache of crown train --egdb: a pass
// over millions of positions probes every slice, and the 6-piece blocks
// of one rule set fit in a few hundred MiB.
const trainEGDBCacheMiB = 512

func init() {
	register(command{
		name:    "train",
		summary: "fit the evaluation's weights to self-play data, or train them in generations (train loop)",
		run:     runTrain,
	})
}

const trainUsage = `usage: crown train --data FILE[,FILE...] --out FILE [--variant american|pool|all]
                   [--lambda X] [--epochs N] [--patience N] [--batch N] [--rate X]
                   [--decay X] [--l2 X] [--k X] [--seed N] [--egdb DIR [--adjudicate]]
                   [--hidden N [--net-rate X] [--buckets N]] [--init FILE]
       crown train loop --dir DIR ...   (generations of self-play, fit and match: crown train loop --help)
Fits the evaluation's weights to the positions of the data files (written
by crown selfplay) and writes a weight file, the kind eval/weights.bin is.
Each rule set is fitted to its own positions (the sigmoid of the score over
K against a blend of the game's result and the search score), with one game
in ten held out for validation, stopping when the validation loss stops
improving; a rule set left out by --variant keeps the weights built in. With
--egdb, positions the endgame database holds get their exact value as
target instead of the blend, and with --adjudicate every game's positions
before its first database position take that position's value as the
game's result. With --hidden N the rule set gets a network of N hidden
units over the pieces' squares instead of the linear model (docs/training.md),
and --buckets N gives it N outputs, each for a run of piece counts;
--init FILE starts it from the weight file's network instead of random
weights (its width and outputs unless --hidden and --buckets say them too;
a network of one output is copied to every bucket --buckets asks for).
The loss of every pass goes to stderr. The same data, flags and seed give the
same file. See docs/training.md.
The weight file is written whole at the end: a run killed (or stopped by a full disk)
before then leaves the old file or none, and run again writes the same file
(docs/reliability.md).`

func runTrain(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "loop" {
		return runTrainLoop(args[1:], stdout, stderr)
	}
	fs := newFlags("train")
	out := fs.String("out", "", "weight file to write (required)")
	variant := fs.String("variant", "all", "rule set to fit: american, pool or all")
	def := train.DefaultFit
	lambda := fs.Float64("lambda", def.Lambda, "share of the game's result in the target, the rest the search score")
	epochs := fs.Int("epochs", def.Epochs, "most passes over the data")
	patience := fs.Int("patience", def.Patience, "stop after this many passes without a better validation loss")
	batch := fs.Int("batch", def.Batch, "positions per step")
	rateFlag := fs.Float64("rate", def.Rate, "Adam step in centi-men")
	decay := fs.Float64("decay", def.Decay, "step multiplier after each pass")
	l2 := fs.Float64("l2", def.L2, "pull of pattern weights towards zero")
	k := fs.Float64("k", 0, "centi-men scale of the winning chance sigmoid(score/K); 0 fits it to the data")
	seed := fs.Uint64("seed", def.Seed, "seed of the order of positions and the validation split")
	hidden := fs.Int("hidden", 0, "fit a network of this many hidden units (a multiple of 128); 0: the linear model")
	netRate := fs.Float64("net-rate", def.NetRate, "with --hidden: the network's Adam step")
	buckets := fs.Int("buckets", 1, fmt.Sprintf("with --hidden: the network's outputs, each for a run of piece counts (1-%d)", eval.MaxBuckets))
	initFile := fs.String("init", "", "weight file whose networks the fit starts from (fitting on), not random weights")
	dataFlag := fs.StringSlice("data", nil, "self-play data files, comma-separated or the flag repeated (required)")
	egdbDir := fs.String("egdb", "", "endgame database directory: its positions get their exact value as target")
	adjudicate := fs.Bool("adjudicate", false, "with --egdb: a game's result is the database's value of its first position inside it")
	if code, ok := parseFlags(fs, args, stdout, stderr, trainUsage); !ok {
		return code
	}
	data := *dataFlag
	usageErr := func(format string, a ...any) int { return usageError(stderr, "train", format, a...) }
	var variants []movegen.Variant
	if *variant == "all" {
		for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
			variants = append(variants, v)
		}
	} else {
		v, err := movegen.ParseVariant(*variant)
		if err != nil {
			return usageErr("%v", err)
		}
		variants = []movegen.Variant{v}
	}
	cfg := train.FitConfig{Lambda: *lambda, K: *k, Epochs: *epochs, Patience: *patience, Batch: *batch,
		Rate: *rateFlag, Decay: *decay, L2: *l2, ValidEvery: def.ValidEvery, Seed: *seed,
		Hidden: *hidden, NetRate: *netRate, Buckets: *buckets}
	switch {
	case *out == "":
		return usageErr("--out FILE is required")
	case len(data) == 0:
		return usageErr("--data FILE is required")
	case *lambda < 0 || *lambda > 1:
		return usageErr("--lambda must be in 0..1")
	case *epochs < 1 || *patience < 1 || *batch < 1:
		return usageErr("--epochs, --patience and --batch must be at least 1")
	case *rateFlag <= 0 || *decay <= 0 || *decay > 1 || *l2 < 0 || *k < 0:
		return usageErr("--rate must be positive, --decay in (0, 1], --l2 and --k not negative")
	case *hidden < 0 || *hidden%eval.NetHiddenStep != 0 || *hidden > eval.MaxHidden || *netRate <= 0:
		return usageErr("--hidden must be a multiple of %d up to %d, --net-rate positive", eval.NetHiddenStep, eval.MaxHidden)
	case *buckets < 1 || *buckets > eval.MaxBuckets:
		return usageErr("--buckets must be in 1..%d", eval.MaxBuckets)
	case *buckets > 1 && *hidden == 0 && *initFile == "":
		return usageErr("--buckets needs a network: --hidden N or --init FILE")
	case *adjudicate && *egdbDir == "":
		return usageErr("--adjudicate needs --egdb DIR")
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "crown train: %v\n", err)
		return exitFail
	}
	var start *eval.WeightFile
	if *initFile != "" {
		var err error
		if start, err = eval.LoadWeights(*initFile); err != nil {
			return usageErr("--init: %v", err)
		}
		for _, v := range variants {
			switch n := start.Nets[v]; {
			case n == nil:
				return usageErr("--init %s has no network for %v", *initFile, v)
			case *hidden != 0 && *hidden != n.H:
				return usageErr("--init %s has %d hidden units for %v, --hidden says %d", *initFile, n.H, v, *hidden)
			case n.Buckets() != 1 && fs.Changed("buckets") && n.Buckets() != *buckets:
				return usageErr("--init %s has %d output buckets for %v, --buckets says %d", *initFile, n.Buckets(), v, *buckets)
			}
		}
	}
	var db *egdb.DB
	if *egdbDir != "" {
		var err error
		if db, err = egdb.Open(*egdbDir, trainEGDBCacheMiB); err != nil {
			return usageErr("--egdb: %v", err)
		}
		defer db.Close()
		for _, v := range variants {
			if db.Pieces(v) == 0 {
				return fail(fmt.Errorf("--egdb %s holds no complete %v database", *egdbDir, v))
			}
		}
	}
	wf := &eval.WeightFile{}
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		wf.Tables[v], wf.Nets[v] = eval.Default().Tables[v], eval.Default().Nets[v]
	}
	var notes []string
	for _, v := range variants {
		c := cfg
		c.Variant = v
		if start != nil {
			c.Start, c.Hidden = start.Nets[v], start.Nets[v].H
			if !fs.Changed("buckets") {
				c.Buckets = start.Nets[v].Buckets() // fitting on keeps the start's outputs
			}
		}
		fit, err := train.FitFiles(data, c, db, *adjudicate, stderr)
		if err != nil {
			return fail(err)
		}
		last := fit.Epochs[fit.Best-1]
		note := fmt.Sprintf("%v: %d positions (%d held out), K %.1f, pass %d of %d, validation loss %.5f",
			v, fit.Train+fit.Valid, fit.Valid, fit.K, fit.Best, len(fit.Epochs), last.ValidLoss)
		if fit.Net != nil {
			note += fmt.Sprintf(", a network of %d hidden units", fit.Net.H)
			if nb := fit.Net.Buckets(); nb > 1 {
				note += fmt.Sprintf(" and %d output buckets", nb)
			}
		}
		fmt.Fprintln(stdout, note)
		notes = append(notes, note)
		wf.Tables[v], wf.Nets[v] = fit.Table, fit.Net
	}
	names := make([]string, len(data))
	for i, d := range data {
		names[i] = filepath.Base(d)
	}
	wf.Provenance = fmt.Sprintf("crown train %s; data %s; %s", strings.Join(args, " "), strings.Join(names, " "), strings.Join(notes, "; "))
	if err := atomicfile.RemoveStale(*out); err != nil {
		return fail(err)
	}
	if err := atomicfile.Write(*out, wf.Write); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return exitOK
}
