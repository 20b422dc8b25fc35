package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
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

func runTrain(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "loop" {
		return runTrainLoop(args[1:], stdout, stderr)
	}
	w, out, code := parseTrainFlags(args, stdout, stderr)
	if w == nil {
		return code
	}
	if w.EGDB != nil {
		defer w.EGDB.Close()
	}
	w.Log = stderr
	w.Note = func(v movegen.Variant, fit *train.Fit) string {
		note := fmt.Sprintf("%v: %v", v, fit)
		fmt.Fprintln(stdout, note)
		return note
	}
	wf, err := w.Fit(context.Background())
	if err == nil {
		err = train.WriteWeights(out, wf)
	}
	if err != nil {
		return failed(stderr, "train", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", out)
	return exitOK
}

// parseTrainFlags reads the flags into the fit, its weight file's
// provenance and its jobs, with --init loaded and --egdb open, and the
// file to write; it returns nil and the exit status when the command is
// to stop (after --help, a usage error or a database without the rule
// sets).
func parseTrainFlags(args []string, stdout, stderr io.Writer) (*train.WeightsFit, string, int) {
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
	if code, ok := parseFlags(fs, args, stdout, stderr, help("train")); !ok {
		return nil, "", code
	}
	usageErr := func(format string, a ...any) (*train.WeightsFit, string, int) {
		return nil, "", usageError(stderr, "train", format, a...)
	}
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
	switch {
	case *out == "":
		return usageErr("--out FILE is required")
	case len(*dataFlag) == 0:
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
	start, err := loadInit(*initFile, variants, *hidden, *buckets, fs.Changed("buckets"))
	if err != nil {
		return usageErr("%v", err)
	}
	names := make([]string, len(*dataFlag))
	for i, d := range *dataFlag {
		names[i] = filepath.Base(d)
	}
	w := &train.WeightsFit{Base: eval.Default(), Adjudicate: *adjudicate,
		Provenance: fmt.Sprintf("crown train %s; data %s", strings.Join(args, " "), strings.Join(names, " "))}
	for _, v := range variants {
		c := train.FitConfig{Variant: v, Lambda: *lambda, K: *k, Epochs: *epochs, Patience: *patience, Batch: *batch,
			Rate: *rateFlag, Decay: *decay, L2: *l2, ValidEvery: def.ValidEvery, Seed: *seed,
			Hidden: *hidden, NetRate: *netRate, Buckets: *buckets}
		if start != nil {
			c.Start, c.Hidden = start.Nets[v], start.Nets[v].H
			if !fs.Changed("buckets") {
				c.Buckets = start.Nets[v].Buckets() // fitting on keeps the start's outputs
			}
		}
		w.Jobs = append(w.Jobs, train.FitJob{Paths: *dataFlag, Config: c})
	}
	if *egdbDir != "" {
		if w.EGDB, err = egdb.Open(*egdbDir, trainEGDBCacheMiB); err != nil {
			return usageErr("--egdb: %v", err)
		}
		for _, v := range variants {
			if w.EGDB.Pieces(v) == 0 {
				w.EGDB.Close()
				fmt.Fprintf(stderr, "crown train: --egdb %s holds no complete %v database\n", *egdbDir, v)
				return nil, "", exitFail
			}
		}
	}
	return w, *out, exitOK
}

// loadInit loads the weight file of --init, if any, and checks that it
// has a network for every rule set fitted, of the width --hidden says and
// of one output or as many as --buckets says, when given.
func loadInit(path string, variants []movegen.Variant, hidden, buckets int, bucketsGiven bool) (*eval.WeightFile, error) {
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
