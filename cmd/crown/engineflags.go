package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// addOptionFlags registers a flag for every engine option of the search's
// registry (--hash, --threads, --egdb, ...) and returns a function that
// reads them into search.Options, checking each range there and acquiring
// the endgame database (--egdb, --egdb-cache) from the command's pool into
// Options.EGDB, so that a directory that does not open is an error here;
// the pool's Close, at the command's end, closes it. defaults, if given,
// replaces the registry's default for some flags (by flag name).
func addOptionFlags(fs *pflag.FlagSet, defaults map[string]int) func(pool *play.EGDBPool) (search.Options, error) {
	for _, op := range search.Registry {
		if op.IsText() {
			fs.String(op.Flag, "", op.Usage())
			continue
		}
		def := op.Default
		if d, ok := defaults[op.Flag]; ok {
			def = d
		}
		fs.Int(op.Flag, def, op.Usage())
	}
	return func(pool *play.EGDBPool) (search.Options, error) {
		var opt search.Options
		for _, op := range search.Registry {
			if err := op.SetText(&opt, fs.Lookup(op.Flag).Value.String()); err != nil {
				return opt, fmt.Errorf("--%s: %w", op.Flag, err)
			}
		}
		if opt.EGDBPath == "" {
			return opt, nil
		}
		db, err := pool.Acquire(opt.EGDBPath, opt.EGDBCacheMiB)
		if err != nil {
			return opt, fmt.Errorf("--egdb: %w", err)
		}
		opt.EGDB = db
		return opt, nil
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
