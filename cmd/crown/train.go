package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/train"
)

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
	s, code := parseTrainFlags(args, stdout, stderr)
	if s == nil {
		return code
	}
	w, err := s.WeightsFit()
	var missing *train.MissingEGDBError
	switch {
	case errors.As(err, &missing):
		return failed(stderr, "train", err)
	case err != nil:
		return usageError(stderr, "train", "%v", err)
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
		err = train.WriteWeights(s.Out, wf)
	}
	if err != nil {
		return failed(stderr, "train", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", s.Out)
	return exitOK
}

// parseTrainFlags reads the flags into the fit's settings; it returns nil
// and the exit status when the command is to stop (after --help or a bad
// flag).
func parseTrainFlags(args []string, stdout, stderr io.Writer) (*train.FitSettings, int) {
	fs := newFlags("train")
	s := &train.FitSettings{Fit: train.DefaultFit, Command: "crown train " + strings.Join(args, " ")}
	c := &s.Fit
	fs.StringVar(&s.Out, "out", "", "weight file to write (required)")
	fs.StringVar(&s.Variant, "variant", "all", "rule set to fit: a game's name, or all (every game the data holds)")
	fs.Float64Var(&c.Lambda, "lambda", c.Lambda, "share of the game's result in the target, the rest the search score")
	fs.IntVar(&c.Epochs, "epochs", c.Epochs, "most passes over the data")
	fs.IntVar(&c.Patience, "patience", c.Patience, "stop after this many passes without a better validation loss")
	fs.IntVar(&c.Batch, "batch", c.Batch, "positions per step")
	fs.Float64Var(&c.Rate, "rate", c.Rate, "Adam step in centi-men")
	fs.Float64Var(&c.Decay, "decay", c.Decay, "step multiplier after each pass")
	fs.Float64Var(&c.L2, "l2", c.L2, "pull of pattern weights towards zero")
	fs.Float64Var(&c.K, "k", 0, "centi-men scale of the winning chance sigmoid(score/K); 0 fits it to the data")
	fs.Uint64Var(&c.Seed, "seed", c.Seed, "seed of the order of positions and the validation split")
	fs.IntVar(&c.Hidden, "hidden", 0, "fit a network of this many hidden units (a multiple of 128); 0: the linear model")
	fs.IntVar(&c.Hidden2, "hidden2", 0, "with --hidden: a second hidden layer of this many units (a multiple of 8 up to 64) between the first and the outputs")
	fs.Float64Var(&c.NetRate, "net-rate", c.NetRate, "with --hidden: the network's Adam step")
	fs.IntVar(&c.Buckets, "buckets", 1, fmt.Sprintf("with --hidden: the network's outputs, each for a run of piece counts (1-%d)", eval.MaxBuckets))
	fs.StringVar(&s.Init, "init", "", "weight file whose networks the fit starts from (fitting on), not random weights")
	fs.StringSliceVar(&s.Data, "data", nil, "self-play data files, comma-separated or the flag repeated (required)")
	fs.StringVar(&s.EGDBDir, "egdb", "", "endgame database directory: its positions get their exact value as target")
	fs.BoolVar(&s.Adjudicate, "adjudicate", false, "with --egdb: a game's result is the database's value of its first position inside it")
	if code, ok := parseFlags(fs, args, stdout, stderr, help("train")); !ok {
		return nil, code
	}
	s.BucketsGiven = fs.Changed("buckets")
	return s, exitOK
}
