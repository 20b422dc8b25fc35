package main

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/play"
)

// TestUsageErrors runs every subcommand with bad flags or input: each exits
// with the usage status, writes nothing to stdout and one line to stderr
// that names the command and says what was wrong.
func TestUsageErrors(t *testing.T) {
	suite := writeSuite(t, "american\tB:W21-32:B1-12\t2\tunique\t49\n")
	missing := filepath.Join(t.TempDir(), "missing")
	tests := []struct {
		args []string
		want string // in the error line
	}{
		{[]string{"engine", "extra"}, "unexpected argument"},
		{[]string{"engine", "--book", "4"}, "--book"},
		{[]string{"engine", "--book-file", missing}, "--book-file"},
		{[]string{"book"}, "subcommand is required"},
		{[]string{"book", "nope"}, "unknown subcommand"},
		{[]string{"soak", "nope"}, "unknown subcommand"},
		{[]string{"soak", "protocol", "--games", "0"}, "--games"},
		{[]string{"soak", "protocol", "--movetime", "0"}, "--movetime"},
		{[]string{"soak", "protocol", "--concurrency", "0"}, "--concurrency"},
		{[]string{"soak", "protocol", "--engine", "'"}, "--engine"},
		{[]string{"soak", "protocol", "x"}, "unexpected argument"},
		{[]string{"soak", "checkerboard"}, "--host and --lib are required"},
		{[]string{"soak", "web", "--duration", "0s"}, "--duration"},
		{[]string{"soak", "web", "--clients", "0"}, "--clients"},
		{[]string{"soak", "web", "--max-games", "0"}, "--max-games"},
		{[]string{"soak", "web", "--idle", "0s"}, "--idle"},
		{[]string{"soak", "checkerboard", "--host", missing, "--lib", missing, "--games", "0"}, "--games"},
		{[]string{"soak", "checkerboard", "--host", missing, "--lib", missing, "--movetime", "0.001"}, "--movetime"},
		{[]string{"book", "build"}, "--out"},
		{[]string{"book", "build", "--out", missing, "--positions", "0"}, "--positions"},
		{[]string{"book", "build", "--out", missing, "--ballots", "deck", "--variant", "pool"}, "American only"},
		{[]string{"book", "build", "--out", missing, "--concurrency", "0"}, "--concurrency"},
		{[]string{"book", "probe", "--level", "4"}, "--level"},
		{[]string{"book", "probe", "B:W99"}, "FEN"},
		{[]string{"book", "probe", "a", "b"}, "unexpected argument"},
		{[]string{"book", "info", "--ballots", "some"}, "--ballots"},
		{[]string{"serve", "--book", "5"}, "--book"},
		{[]string{"engine", "--nope"}, "unknown flag"},

		{[]string{"analyze", "--nodes", "0"}, "at least 1"},
		{[]string{"analyze", "--depth", "65"}, "1..64"},
		{[]string{"analyze", "--depth", "0"}, "1..64"},
		{[]string{"analyze", "--movetime", "-1"}, `--movetime="-1": want seconds, more than 0`}, // the flag typed, not --maxtime
		{[]string{"annotate", "--movetime", "-1", "g.pdn"}, `--movetime="-1"`},
		{[]string{"analyze", "--variant", "chess"}, "unknown variant"},
		{[]string{"analyze", "--fen", "X:W1:B2"}, "FEN"},
		{[]string{"analyze", "--threads", "0"}, "--threads: 0 is out of range 1..64"},
		{[]string{"analyze", "--hash", "100000"}, "--hash: 100000 is out of range 1..4096 (MiB)"},
		{[]string{"analyze", "--bogus"}, "unknown flag"},
		{[]string{"analyze", "extra"}, "unexpected argument"},

		{[]string{"bench", "--depth", "0"}, "--depth"},
		{[]string{"bench", "--nope"}, "unknown flag"},
		{[]string{"bench", "x"}, "unexpected argument"},

		{[]string{"egdb"}, "a subcommand is required"},
		{[]string{"egdb", "make"}, "unknown subcommand"},
		{[]string{"egdb", "build"}, "--dir DIR is required"},
		{[]string{"egdb", "build", "--dir", missing, "--pieces", "1"}, "--pieces: 1 is out of range 2..8"},
		{[]string{"egdb", "build", "--dir", missing, "--pieces", "9"}, "--pieces: 9 is out of range"},
		{[]string{"egdb", "build", "--dir", missing, "--variant", "chess"}, "unknown variant"},
		{[]string{"egdb", "build", "--dir", missing, "--threads", "0"}, "--threads: 0 is out of range 1..64"},
		{[]string{"egdb", "build", "--dir", missing, "extra"}, "unexpected argument"},
		{[]string{"egdb", "build", "--nope"}, "unknown flag"},
		{[]string{"egdb", "info"}, "--dir DIR is required"},
		{[]string{"egdb", "info", "--dir", missing, "x"}, "unexpected argument"},
		{[]string{"egdb", "distances"}, "--dir DIR is required"},
		{[]string{"egdb", "distances", "--dir", missing, "--variant", "chess"}, "unknown variant"},
		{[]string{"egdb", "distances", "--dir", missing, "extra"}, "unexpected argument"},
		{[]string{"egdb", "probe", "--dir", missing}, "a FEN is required"},
		{[]string{"egdb", "probe", "B:W1:B2"}, "--dir DIR is required"},
		{[]string{"egdb", "probe", "--dir", missing, "X:W1:B2"}, "FEN"},
		{[]string{"egdb", "probe", "--dir", missing, "--variant", "chess", "B:W1:B2"}, "unknown variant"},
		{[]string{"egdb", "probe", "--dir", missing, "B:W10:B2", "B:W11:B2"}, "unexpected argument"},
		{[]string{"egdb", "verify"}, "--dir DIR is required"},
		{[]string{"egdb", "verify", "--dir", missing, "--threads", "65"}, "--threads: 65 is out of range"},

		{[]string{"match"}, "--engine1 and --engine2 are required"},
		{[]string{"match", "--engine1", "self", "--engine2", "self", "--bogus"}, "unknown flag"},
		{[]string{"match", "--engine1", "self", "--engine2", "self", "--variant", "chess"}, "unknown variant"},
		{[]string{"match", "--engine1", "self", "--engine2", "self", "--ballots", "no-such-file"}, "ballots"},
		{[]string{"match", "--engine1", "self", "--engine2", "self", "--sprt", "5"}, "--sprt"},
		{[]string{"match", "--engine1", "self", "--engine2", "self", "--sprt", "5,0"}, "must be above"},
		{[]string{"match", "--engine1", "self:hashsize", "--engine2", "self"}, "want key=value"},
		{[]string{"match", "--engine1", "self:depth", "--engine2", "self"}, "depth needs a value"},
		{[]string{"match", "--engine1", "self:depth=0", "--engine2", "self"}, "1..64"},
		{[]string{"match", "--engine1", "self:hashsize=0", "--engine2", "self"}, "out of range 1..4096"},
		{[]string{"match", "--engine1", "self", "--engine2", "self", "--depth", "0"}, "--depth"},
		{[]string{"match", "--engine1", "crown 'engine", "--engine2", "self"}, "unterminated"},
		{[]string{"match", "--engine1", "self", "--engine2", "self", "--concurrency", "0"}, "--concurrency"},
		{[]string{"match", "--engine1", "self", "--engine2", "self", "extra"}, "unexpected argument"},

		{[]string{"perft", "--depth", "0"}, "--depth"},
		{[]string{"perft", "--depth", "x"}, "invalid argument"},
		{[]string{"perft", "--nope"}, "unknown flag"},
		{[]string{"perft", "extra"}, "unexpected argument"},
		{[]string{"perft", "--fen", "B:W1"}, "FEN"},
		{[]string{"perft", "--fen", "X:W21-32:B1-12"}, "FEN"},
		{[]string{"perft", "--variant", "chess"}, "unknown variant"},
		{[]string{"perft", "--threads", "0"}, "--threads"},
		{[]string{"perft", "--cache", "-1"}, "--cache"},
		{[]string{"perft", "--suite", suite, "--depth", "3"}, "--suite"},
		{[]string{"perft", "--suite", missing}, "missing"},
		{[]string{"perft", "--suite", writeSuite(t, "american\tB:W21-32:B1-12\t2\tsome\t49\n")}, "some"},
		{[]string{"perft", "--suite", writeSuite(t, "american\tB:W21-32:B1-12\t2\tunique\n")}, "suite.tsv"},
		{[]string{"perft", "--suite", writeSuite(t, "american\tB:W99:B1-12\t2\tunique\t49\n")}, "suite.tsv"},
		{[]string{"perft", "--suite", writeSuite(t, "# only a comment\n")}, "suite.tsv"},

		{[]string{"serve", "--port", "80"}, "unknown flag"},
		{[]string{"serve", "now"}, "unexpected argument"},
		{[]string{"serve", "--max-games", "0"}, "--max-games"},
		{[]string{"serve", "--max-think", "1ms"}, "--max-think"},
		{[]string{"serve", "--idle", "soon"}, "invalid argument"},
		{[]string{"serve", "--hash", "0"}, "--hash: 0 is out of range"},
		{[]string{"serve", "--searches", "0"}, "--searches"},
		{[]string{"serve", "--variant", "go"}, "unknown variant"},
		{[]string{"serve", "--addr", "127.0.0.1:99999"}, "99999"},

		{[]string{"selfplay"}, "--out FILE is required"},
		{[]string{"selfplay", "--out", missing, "--variant", "chess"}, "unknown variant"},
		{[]string{"selfplay", "--out", missing, "--games", "0"}, "--games"},
		{[]string{"selfplay", "--out", missing, "--concurrency", "0"}, "--concurrency"},
		{[]string{"selfplay", "--out", missing, "--depth", "0"}, "1..64"},
		{[]string{"selfplay", "--out", missing, "--nodes", "0"}, "at least 1"},
		{[]string{"selfplay", "--out", missing, "--movetime", "1"}, "--movetime"},
		{[]string{"selfplay", "--out", missing, "--openings", "book"}, "--openings"},
		{[]string{"selfplay", "--out", missing, "--variant", "pool", "--openings", "deck"}, "American only"},
		{[]string{"selfplay", "--out", missing, "--random-plies", "41"}, "--random-plies"},
		{[]string{"selfplay", "--out", missing, "--random-plies", "-1"}, "--random-plies"},
		{[]string{"selfplay", "--out", missing, "--hash", "0"}, "--hash: 0 is out of range"},
		{[]string{"selfplay", "--out", missing, "--seed", "x"}, "invalid argument"},
		{[]string{"selfplay", "--out", missing, "x"}, "unexpected argument"},

		{[]string{"tune", "--iterations", "0"}, "--iterations"},
		{[]string{"tune", "--pairs", "0"}, "--pairs"},
		{[]string{"tune", "--concurrency", "0"}, "--concurrency"},
		{[]string{"tune", "--r-end", "0"}, "--r-end"},
		{[]string{"tune", "--state", ""}, "--state"},
		{[]string{"tune", "--params", "lmrdivisor,nosuch"}, `unknown parameter "nosuch" (want aspdelta,`},
		{[]string{"tune", "--params", "lmrdivisor,LMRDivisor"}, "lmrdivisor given twice"},
		{[]string{"tune", "--params", "lmrdivisor", "--engine-options", "hashsize=1,lmrdivisor=100"}, "lmrdivisor is tuned"},
		{[]string{"tune", "--engine-options", "hashsize=0"}, "--engine-options: hashsize=0: 0 is out of range"},
		{[]string{"tune", "--depth", "0"}, "1..64"},
		{[]string{"tune", "--variant", "pool", "--ballots", missing}, "no such file"},
		{[]string{"tune", "x"}, "unexpected argument"},

		{[]string{"timing", "--positions", "0"}, "--positions"},
		{[]string{"timing", "--maxtime", "0"}, "--maxtime"},
		{[]string{"timing", "--threads", "0"}, "--threads"},
		{[]string{"timing", "--hash", "0"}, "--hash"},
		{[]string{"timing", "--engine", " "}, "--engine"},
		{[]string{"timing", "x"}, "unexpected argument"},
		{[]string{"hub", "--book", "4"}, "--book"},
		{[]string{"hub", "--hash", "0"}, "--hash"},
		{[]string{"hub", "x"}, "unexpected argument"},
		{[]string{"timing", "--nope"}, "unknown flag"},
		{[]string{"train", "--data", missing}, "--out FILE is required"},
		{[]string{"train", "--out", missing}, "--data FILE is required"},
		{[]string{"train", "--data", missing, "--out", missing, "--variant", "chess"}, "unknown variant"},
		{[]string{"train", "--data", missing, "--out", missing, "--lambda", "1.5"}, "--lambda"},
		{[]string{"train", "--data", missing, "--out", missing, "--epochs", "0"}, "--epochs"},
		{[]string{"train", "--data", missing, "--out", missing, "--decay", "2"}, "--decay"},
		{[]string{"train", "--data", missing, "--out", missing, "x"}, "unexpected argument"},
	}
	for _, tt := range tests {
		code, out, errOut := runCrown(tt.args...)
		prefix := "crown " + tt.args[0] + ": "
		if (tt.args[0] == "egdb" || tt.args[0] == "book" || tt.args[0] == "soak") && len(tt.args) > 1 && !strings.HasPrefix(tt.args[1], "-") && tt.want != "unknown subcommand" {
			prefix = "crown " + tt.args[0] + " " + tt.args[1] + ": " // egdb's and book's subcommands name themselves
		}
		if code != exitUsage || out != "" || strings.Count(errOut, "\n") != 1 ||
			!strings.HasPrefix(errOut, prefix) || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and one line %q... with %q",
				tt.args, code, out, errOut, exitUsage, prefix, tt.want)
		}
	}
}

// TestHelp asks every subcommand for --help: a usage line, a few words and
// the flags, on stdout.
func TestHelp(t *testing.T) {
	mentions := map[string][]string{
		"analyze":  {"--movetime", "--hash", "(default 64)"},
		"annotate": {"--movetime", "--depth", "--multipv", "--egdb", "--out", "--graph", "--games", "resumes", "docs/review.md"},
		"bench":    {"bench nodes=", "--depth"},
		"book":     {"build", "probe", "info", "docs/book.md"},
		"egdb":     {"build", "distances", "info", "probe", "verify", "docs/egdb.md"},
		"engine":   {"docs/protocol.md"},
		"hub":      {"docs/hub.md", "--book", "(default 1)", "english", "pool", "pydraughts"},
		"match":    {"--engine1", "self:hashsize=16", "--movetime"},
		"perft":    {"--variant", "--fen", "--depth", "--divide", "--paths", "--threads", "--cache", "--suite", "(default 8)", "perft depth=<d>"},
		"selfplay": {"--out", "--games", "--nodes", "--depth", "--openings", "--random-plies", "--seed", "--shard", "--concurrency", "--hash", "(default 16)", "docs/training.md"},
		"serve":    {"--addr", "--hash", "(default 16)", "--review-time"},
		"soak":     {"protocol", "checkerboard", "web", "docs/reliability.md"},
		"timing":   {"--maxtime", "--exact", "--engine"},
		"tune":     {"--params", "--iterations", "--pairs", "--state", "--r-end", "--engine-options", "--list", "resumes", "crown match --engine1 self:KEY=VALUE", "docs/experiments.md", "(default 500)"},
		"version":  {"--version", "licence"},
		"train":    {"--data", "--out", "--variant", "--lambda", "--epochs", "--patience", "--seed", "(default 0.5)", "docs/training.md"},
	}
	for name := range commands {
		code, out, errOut := runCrown(name, "--help")
		if code != exitOK || errOut != "" || !strings.HasPrefix(out, "usage: crown") || !strings.Contains(out, "\nflags:\n") {
			t.Errorf("%s --help: exit %d, stderr %q, stdout %q", name, code, errOut, out)
		}
		for _, want := range mentions[name] {
			if !strings.Contains(out, want) {
				t.Errorf("%s --help does not mention %q:\n%s", name, want, out)
			}
		}
	}
	if len(mentions) != len(commands) {
		t.Errorf("%d commands, %d in the help test", len(commands), len(mentions))
	}
	bookMentions := map[string][]string{
		"build":    {"--variant", "--out", "--positions", "--nodes", "--movetime", "--seed", "--concurrency", "--ballots", "--main-plies", "continued"},
		"probe":    {"--book", "--level", "FEN", "count"},
		"info":     {"--book", "--ballots", "coverage"},
		"openings": {"--variant", "--out", "--count", "--plies", "--seed", "--depth", "--margin", "level"},
		"exits":    {"--book", "--level", "--ballots", "--limit", "--out", "selfplay"},
	}
	egdbMentions := map[string][]string{
		"build":     {"--variant", "--pieces", "--slice", "--dir", "--threads", "(default 4)", "resumes"},
		"distances": {"--variant", "--pieces", "--dir", ".dtc", "resumes"},
		"plan":      {"--variant", "--pieces", "--level", "--names", "--threads", "dependency order", "memory"},
		"info":      {"--dir", "bytes"},
		"probe":     {"--variant", "--dir", "FEN"},
		"verify":    {"--dir", "--threads", "--sample", "mismatches"},
	}
	soakMentions := map[string][]string{
		"protocol":     {"--games", "--movetime", "--concurrency", "--dir", "--engine", "(default 1000)", "set gamehist"},
		"checkerboard": {"--host", "--lib", "--games", "--movetime", "--concurrency", "--dir", "playnow"},
		"web":          {"--duration", "--clients", "--max-games", "--idle", "--seed", "--dir", "503", "(default 10m0s)"},
	}
	for _, c := range []struct {
		name     string
		mentions map[string][]string
		subs     []subcommand
	}{{"book", bookMentions, bookSubcommands}, {"egdb", egdbMentions, egdbSubcommands}, {"soak", soakMentions, soakSubcommands}} {
		for sub, wants := range c.mentions {
			code, out, errOut := runCrown(c.name, sub, "--help")
			if code != exitOK || errOut != "" || !strings.HasPrefix(out, "usage: crown "+c.name+" "+sub) || !strings.Contains(out, "\nflags:\n") {
				t.Errorf("%s %s --help: exit %d, stderr %q, stdout %q", c.name, sub, code, errOut, out)
			}
			for _, want := range wants {
				if !strings.Contains(out, want) {
					t.Errorf("%s %s --help does not mention %q:\n%s", c.name, sub, want, out)
				}
			}
		}
		if len(c.mentions) != len(c.subs) {
			t.Errorf("%d %s subcommands, %d in the help test", len(c.subs), c.name, len(c.mentions))
		}
	}
}

// TestHelpFiles: every help file is a command's or a subcommand's, and each
// reads (help panics on a missing one); crown bench, engine and perft
// keep their texts in Go.
func TestHelpFiles(t *testing.T) {
	names := []string{"selfplay merge", "train loop"}
	for name := range commands {
		if name != "bench" && name != "engine" && name != "perft" {
			names = append(names, name)
		}
	}
	for name, subs := range map[string][]subcommand{"book": bookSubcommands, "egdb": egdbSubcommands, "soak": soakSubcommands} {
		for _, s := range subs {
			names = append(names, name+" "+s.name)
		}
	}
	files, err := helpFiles.ReadDir("help")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(names) {
		t.Errorf("%d help files for %d commands", len(files), len(names))
	}
	for _, name := range names {
		if text := help(name); !strings.HasPrefix(text, "usage: crown "+name) || strings.HasSuffix(text, "\n") {
			t.Errorf("help of %s: %q", name, text)
		}
	}
}

// TestVersion checks crown version and --version: the name and version,
// the build, the licence.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, errOut := runCrown(args...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != exitOK || errOut != "" || len(lines) != 3 || lines[0] != play.Name+" "+play.Version ||
			!strings.Contains(lines[1], runtime.Version()) || !strings.HasPrefix(lines[2], play.Licence) {
			t.Errorf("crown %s: exit %d, stderr %q, stdout %q", args[0], code, errOut, out)
		}
	}
}
