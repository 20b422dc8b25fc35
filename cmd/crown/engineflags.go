package main

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// addOptionFlags registers a flag for every engine option of play's
// registry that has one (--hash, --threads, --egdb, ...) and returns a function that
// reads them into play.Options, checking each range there, and holds the
// files they name (--egdb with --egdb-cache, --eval-file) in the
// command's pool, so that one that does not open is an error here; the
// pool's Close, at the command's end, closes them. defaults, if given,
// replaces the registry's default for some flags (by flag name).
func addOptionFlags(fs *pflag.FlagSet, defaults map[string]int) func(pool *play.Pool) (play.Options, error) {
	for _, op := range play.Registry {
		switch {
		case op.Flag == "":
			continue
		case op.IsText():
			fs.String(op.Flag, "", op.Usage())
			continue
		}
		def := op.Default
		if d, ok := defaults[op.Flag]; ok {
			def = d
		}
		fs.Int(op.Flag, def, op.Usage())
	}
	return func(pool *play.Pool) (play.Options, error) {
		var opt play.Options
		for _, op := range play.Registry {
			if op.Flag == "" {
				continue
			}
			if err := op.SetText(&opt, fs.Lookup(op.Flag).Value.String()); err != nil {
				return opt, fmt.Errorf("--%s: %w", op.Flag, err)
			}
		}
		if err := pool.Hold(opt); err != nil {
			var oe *play.OpenError
			if errors.As(err, &oe) {
				return opt, fmt.Errorf("--%s: %w", oe.Option.Flag, err)
			}
			return opt, err
		}
		return opt, nil
	}
}

// addSessionFlags registers the flags of a command that serves one
// session on stdin/stdout (engine, hub): --book, the book level at start
// (level by default), --book-file, and every engine option's
// (addOptionFlags). It returns a function that reads them into the
// session's configuration, with the files they name held in pool.
func addSessionFlags(fs *pflag.FlagSet, level book.Level) func(pool *play.Pool) (play.Config, error) {
	levelFlag := fs.Int("book", int(level), "opening book level at start, 0..3")
	bookFile := fs.String("book-file", "", "opening book file (default: the shipped book)")
	options := addOptionFlags(fs, nil)
	return func(pool *play.Pool) (play.Config, error) {
		opt, err := options(pool)
		if err != nil {
			return play.Config{}, err
		}
		if err := book.Level(*levelFlag).Check(); err != nil {
			return play.Config{}, fmt.Errorf("--book: %w", err)
		}
		cfg := play.Config{BookLevel: book.Level(*levelFlag), Options: opt, Pool: pool}
		if *bookFile != "" {
			b, err := book.Load(*bookFile)
			if err != nil {
				return play.Config{}, fmt.Errorf("--book-file: %w", err)
			}
			cfg.Book, cfg.BookName = b, *bookFile
		}
		return cfg, nil
	}
}

// limitFlags are the search limits a command takes as flags, each written
// as the search's limit word of the same name (play.ParseLimits).
var limitFlags = []struct{ name, usage string }{
	{"depth", "search to this depth in plies"},
	{"movetime", "seconds per move"},
	{"nodes", "search this many nodes"},
}

// addLimitFlags registers --depth, --movetime and --nodes and returns a
// function that reads the ones given into search.Limits through
// play.ParseLimits. With exact, --movetime is an exact time, not an
// average.
func addLimitFlags(fs *pflag.FlagSet, exact bool) func() (search.Limits, error) {
	return addLimitFlagsPrefixed(fs, "", "", exact)
}

// addLimitFlagsPrefixed is addLimitFlags for a command with limits of two
// kinds: the flags are named prefix plus the limit's word (--match-nodes
// for "match-"), and what is searches, for their help texts.
func addLimitFlagsPrefixed(fs *pflag.FlagSet, prefix, what string, exact bool) func() (search.Limits, error) {
	usage := func(i int) string {
		if what == "" {
			return limitFlags[i].usage
		}
		return what + ": " + limitFlags[i].usage
	}
	fs.Int(prefix+"depth", 0, usage(0))
	movetime := usage(1) + " on average (getmove's maxtime)"
	if exact {
		movetime = usage(1) + ", exactly"
	}
	fs.Float64(prefix+"movetime", 0, movetime)
	fs.Uint64(prefix+"nodes", 0, usage(2))
	return func() (search.Limits, error) {
		var words []string
		for _, lf := range limitFlags {
			if f := fs.Lookup(prefix + lf.name); f.Changed {
				words = append(words, lf.name+"="+f.Value.String())
			}
		}
		if exact && fs.Changed(prefix+"movetime") {
			words = append(words, "exact")
		}
		lim, err := play.ParseLimits(words)
		if err != nil {
			return lim, fmt.Errorf("--%s%w", prefix, err)
		}
		return lim, nil
	}
}
