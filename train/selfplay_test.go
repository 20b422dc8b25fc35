package train

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// run plays cfg into the data file at path and fails the test on an error.
func run(t *testing.T, cfg Config, path string) Stats {
	t.Helper()
	st, err := Run(context.Background(), cfg, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// selfPlay runs cfg into a new file and returns its stats and bytes.
func selfPlay(t *testing.T, cfg Config) (Stats, []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data.bin")
	st := run(t, cfg, path)
	return st, readFile(t, path)
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// positions returns the set of positions of the data file at path.
func positions(t *testing.T, path string) map[posKey]bool {
	t.Helper()
	recs, err := readAll(t, path)
	if err != nil {
		t.Fatal(err)
	}
	set := map[posKey]bool{}
	for _, r := range recs {
		set[keyOf(&r.Pos)] = true
	}
	return set
}

// racedBySelfPlay is why the runs that resume, shard or extend self-play
// skip under the race detector: their workers are TestSelfPlay's, which it
// races.
const racedBySelfPlay = "the same workers as TestSelfPlay, whose two it races"

// shallow is a small, fast run: tiny searches and a small table.
func shallow(games int) Config {
	return Config{Variant: movegen.American, Games: games, Limits: search.Limits{Depth: 2}, Openings: Deck, RandomPlies: 1,
		Seed: 1, Options: play.Options{HashMiB: 1}, Concurrency: 2}
}

func TestSelfPlay(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
	}{
		{"american deck", Config{Variant: movegen.American, Games: 3, Limits: search.Limits{Depth: 2}, Openings: Deck, RandomPlies: 1, Seed: 1}},
		{"american random", Config{Variant: movegen.American, Games: 3, Limits: search.Limits{Depth: 3}, Openings: Random, RandomPlies: 6, Seed: 2}},
		{"pool random", Config{Variant: movegen.Pool, Games: 3, Limits: search.Limits{Depth: 2}, Openings: Random, RandomPlies: 6, Seed: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.Options = play.Options{HashMiB: 1}
			cfg.Concurrency = 1
			st, data := selfPlay(t, cfg)
			if st.Games+st.Unfinished != cfg.Games || st.BlackWins+st.Draws+st.WhiteWins != st.Games || st.Positions == 0 ||
				st.Total != cfg.Games || st.Before != 0 || st.Records != int64(st.Positions) {
				t.Fatalf("stats %+v for %d games", st, cfg.Games)
			}
			path := filepath.Join(t.TempDir(), "copy.bin")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			recs, err := readAll(t, path)
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != st.Positions {
				t.Errorf("%d records, stats say %d", len(recs), st.Positions)
			}
			seen := map[posKey]bool{}
			for i, r := range recs {
				p := r.Pos
				if !quiet(&p) || p.Variant != cfg.Variant || r.Result < movegen.Loss || r.Result > movegen.Win || r.Ply < uint16(cfg.RandomPlies) {
					t.Errorf("record %d: %s ply %d result %v score %d", i, p.FEN(), r.Ply, r.Result, r.Score)
				}
				if seen[keyOf(&p)] {
					t.Errorf("record %d: %s written twice", i, p.FEN())
				}
				seen[keyOf(&p)] = true
			}
			cfg.Concurrency = 2
			if _, again := selfPlay(t, cfg); !bytes.Equal(data, again) {
				t.Errorf("a second run with seed %d, two games at once, wrote a different file", cfg.Seed)
			}
		})
	}
}

// TestNodeJitter checks that a varied node budget changes the games and
// keeps them reproducible: the same seed gives the same file, with any
// concurrency. Four games of 2000 nodes a move; with -short two of 1000,
// a quarter of the nodes.
func TestNodeJitter(t *testing.T) {
	schedtest.SkipUnderRace(t, "three self-plays take five seconds under it (TestSelfPlay plays two workers under it)")
	cfg := Config{Variant: movegen.American, Games: 4, Limits: search.Limits{Nodes: 2000}, Openings: Deck, Seed: 5,
		Options: play.Options{HashMiB: 1}, Concurrency: 1}
	if testing.Short() {
		cfg.Games, cfg.Limits.Nodes = 2, 1000
	}
	_, plain := selfPlay(t, cfg)
	cfg.NodeJitter = 30
	_, varied := selfPlay(t, cfg)
	if bytes.Equal(plain, varied) {
		t.Error("node jitter 30% played the same games as none")
	}
	cfg.Concurrency = 2
	if _, again := selfPlay(t, cfg); !bytes.Equal(varied, again) {
		t.Error("node jitter: a second run with the same seed wrote a different file")
	}
}

// TestSelfPlayResume stops runs in the ways a kill can and continues them:
// each ends with the bytes of an uninterrupted run, without replaying the
// games written before the stop.
func TestSelfPlayResume(t *testing.T) {
	schedtest.SkipUnderRace(t, racedBySelfPlay)
	whole := shallow(6)
	sharded := whole
	sharded.Shard, sharded.Shards = 1, 2
	tests := []struct {
		name string
		cfg  Config
		stop int // games written before the stop
		// kill changes the stopped run's files as a kill at another
		// moment would leave them; full is the uninterrupted run's file.
		kill func(t *testing.T, path string, full []byte)
	}{
		{"cancelled", whole, 2, nil},
		{"cancelled at once", whole, 0, nil},
		{"sharded", sharded, 1, nil},
		{"killed after a game's write", whole, 2, func(t *testing.T, path string, full []byte) {
			appendBytes(t, path, full, 3*RecordSize) // the next game's first records, not yet in the state
		}},
		{"killed mid-record", whole, 3, func(t *testing.T, path string, full []byte) {
			appendBytes(t, path, full, RecordSize+RecordSize/2)
		}},
		{"killed writing the state", whole, 1, func(t *testing.T, path string, _ []byte) {
			tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(StatePath(path))+atomicfile.TempInfix+"123")
			if err := os.WriteFile(tmp, []byte("crown selfplay state 1\nvari"), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
	}
	fulls := map[Config][]byte{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			full, ok := fulls[tt.cfg]
			if !ok {
				_, full = selfPlay(t, tt.cfg)
				fulls[tt.cfg] = full
			}
			path := filepath.Join(t.TempDir(), "data.bin")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			stopAt := func(st Stats) {
				if st.Games+st.Unfinished >= tt.stop {
					cancel()
				}
			}
			if tt.stop == 0 {
				cancel()
			}
			first, err := Run(ctx, tt.cfg, path, stopAt)
			if err != nil {
				t.Fatal(err)
			}
			if first.Games+first.Unfinished != tt.stop {
				t.Fatalf("the stopped run played %+v; want %d games", first, tt.stop)
			}
			if tt.kill != nil {
				tt.kill(t, path, full)
			}
			second := run(t, tt.cfg, path)
			if second.Before != first.Games+first.Unfinished || second.Before+second.Games+second.Unfinished != second.Total {
				t.Errorf("the first run played %+v, the second %+v: want the second to play only what the first did not", first, second)
			}
			if got := readFile(t, path); !bytes.Equal(got, full) {
				t.Errorf("the continued file has %d bytes, the uninterrupted run's %d; they differ", len(got), len(full))
			}
			if again := run(t, tt.cfg, path); again.Games+again.Unfinished != 0 {
				t.Errorf("a finished run started again played %+v", again)
			}
		})
	}
}

// appendBytes appends to the file at path the n bytes of full that follow
// its end.
func appendBytes(t *testing.T, path string, full []byte, n int) {
	t.Helper()
	have := readFile(t, path)
	if len(have)+n > len(full) || !bytes.Equal(have, full[:len(have)]) {
		t.Fatalf("the stopped run's %d bytes are not a prefix of the %d of the whole run, or too long", len(have), len(full))
	}
	if err := os.WriteFile(path, full[:len(have)+n], 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSelfPlayExtend continues a finished run with more games: the file is
// that of the longer run.
func TestSelfPlayExtend(t *testing.T) {
	schedtest.SkipUnderRace(t, racedBySelfPlay)
	_, want := selfPlay(t, shallow(4))
	path := filepath.Join(t.TempDir(), "data.bin")
	run(t, shallow(2), path)
	if st := run(t, shallow(4), path); st.Before != 2 || st.Games+st.Unfinished != 2 {
		t.Errorf("extending 2 games to 4 played %+v", st)
	}
	if !bytes.Equal(readFile(t, path), want) {
		t.Error("a run of 2 games extended to 4 differs from a run of 4")
	}
}

// TestSelfPlayWithoutState continues data files without a state file, as
// older builds wrote them: the run is played from its first game and the
// positions already in the file are skipped.
func TestSelfPlayWithoutState(t *testing.T) {
	schedtest.SkipUnderRace(t, racedBySelfPlay)
	_, want := selfPlay(t, shallow(4))
	path := filepath.Join(t.TempDir(), "data.bin")
	first := run(t, shallow(2), path)
	if err := os.Remove(StatePath(path)); err != nil {
		t.Fatal(err)
	}
	again := run(t, shallow(2), path)
	if again.Before != 0 || again.Positions != 0 || again.Duplicates != first.Positions+first.Duplicates {
		t.Errorf("the same games again, without state: %+v, after %+v; want every position skipped", again, first)
	}
	if err := os.Remove(StatePath(path)); err != nil {
		t.Fatal(err)
	}
	run(t, shallow(4), path)
	if !bytes.Equal(readFile(t, path), want) {
		t.Error("a file of 2 games without state, continued to 4, differs from a run of 4")
	}
	if _, err := os.Stat(StatePath(path)); err != nil {
		t.Errorf("no state file after continuing: %v", err)
	}
}

// TestSelfPlayStateMismatch continues a run's file with other settings or a
// damaged file: each is an error that names what is wrong.
func TestSelfPlayStateMismatch(t *testing.T) {
	dir := t.TempDir()
	opens := filepath.Join(dir, "openings.txt")
	writeOpenings := func(fens ...string) {
		if err := os.WriteFile(opens, []byte(strings.Join(fens, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeOpenings("B:W21-32:B1-12")
	base := shallow(2)
	base.Openings, base.OpeningsFile = FromFile, opens
	tests := []struct {
		name   string
		change func(cfg *Config, path string)
		want   string // in the error
	}{
		{"seed", func(c *Config, _ string) { c.Seed = 2 }, "seed: 1 in the state, 2 now"},
		{"variant", func(c *Config, _ string) { c.Variant = movegen.Pool }, "variant: american in the state, pool now"},
		{"nodes", func(c *Config, _ string) { c.Limits = search.Limits{Nodes: 200} }, "nodes: 0 in the state, 200 now; depth: 2 in the state, 0 now"},
		{"random plies", func(c *Config, _ string) { c.RandomPlies = 3 }, "random-plies: 1 in the state, 3 now"},
		{"shard", func(c *Config, _ string) { c.Shards = 2 }, "shard: 0/1 in the state, 0/2 now"},
		{"hash", func(c *Config, _ string) { c.Options.HashMiB = 2 }, "option.hashsize: 1 in the state, 2 now"},
		// multipv, newer than the first state files, is in a state file only
		// when it is not 1: theirs still match.
		{"multipv", func(c *Config, _ string) { c.Options.MultiPV = 2 }, "option.multipv: none in the state, 2 now"},
		{"openings", func(c *Config, _ string) { c.Openings = Random }, "openings: file 1 positions"},
		{"openings file", func(*Config, string) { writeOpenings("B:W21-32:B1-12", "B:W21-32:B1-11,13") }, "openings: file 1 positions sha256:"},
		{"file cut", func(_ *Config, path string) { truncate(t, path, HeaderSize+RecordSize) }, "fewer than the"},
		{"state", func(_ *Config, path string) { writeFile(t, StatePath(path), "crown selfplay state 1\nnext 2\n") }, "no records line"},
		{"state of another shard", func(c *Config, path string) {
			c.Shards = 2
			editState(t, path, "shard 0/1", "shard 0/2")
			editState(t, path, "next 2", "next 3")
		}, "next game 3 is not one of shard 0/2"},
	}
	played := filepath.Join(dir, "played.bin")
	run(t, base, played)
	before, state := readFile(t, played), readFile(t, StatePath(played))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			writeOpenings("B:W21-32:B1-12")
			path := filepath.Join(t.TempDir(), "data.bin")
			writeFile(t, path, string(before))
			writeFile(t, StatePath(path), string(state))
			cfg := base
			tt.change(&cfg, path)
			_, err := Run(context.Background(), cfg, path, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
			if tt.name != "file cut" && !bytes.Equal(readFile(t, path), before) {
				t.Error("the refused run changed the data file")
			}
		})
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func truncate(t *testing.T, path string, size int) {
	t.Helper()
	if err := os.Truncate(path, int64(size)); err != nil {
		t.Fatal(err)
	}
}

// editState replaces old by new in the state file of the data file at path.
func editState(t *testing.T, path, old, new string) {
	t.Helper()
	text := string(readFile(t, StatePath(path)))
	if !strings.Contains(text, old) {
		t.Fatalf("state %q lacks %q", text, old)
	}
	writeFile(t, StatePath(path), strings.Replace(text, old, new, 1))
}

// TestSelfPlayShards plays a run in shards: together they play each game
// once, and their merged files hold the positions of the unsharded run.
func TestSelfPlayShards(t *testing.T) {
	schedtest.SkipUnderRace(t, racedBySelfPlay)
	whole := shallow(5)
	dir := t.TempDir()
	all := filepath.Join(dir, "all.bin")
	run(t, whole, all)
	want := positions(t, all)
	for _, n := range []int{2, 3} {
		var files []string
		games := 0
		for i := range n {
			cfg := whole
			cfg.Shard, cfg.Shards = i, n
			path := filepath.Join(dir, "shard.bin."+strings.Repeat("x", n)+string(rune('0'+i)))
			st := run(t, cfg, path)
			if st.Total != (whole.Games-i+n-1)/n || st.Games+st.Unfinished != st.Total {
				t.Errorf("shard %d/%d: %+v", i, n, st)
			}
			games += st.Total
			files = append(files, path)
		}
		if games != whole.Games {
			t.Errorf("%d shards played %d games, want %d", n, games, whole.Games)
		}
		merged := filepath.Join(dir, "merged"+strings.Repeat("x", n)+".bin")
		if _, total, err := Merge(merged, files); err != nil || total != int64(len(want)) {
			t.Errorf("merging %d shards: %d records, %v; want %d", n, total, err, len(want))
		}
		got := positions(t, merged)
		if len(got) != len(want) {
			t.Errorf("%d shards merged: %d positions, the whole run %d", n, len(got), len(want))
		}
		for k := range want {
			if !got[k] {
				t.Errorf("%d shards merged lack a position of the whole run", n)
				break
			}
		}
	}
}

// TestSelfPlayOpeningsFile starts games from a file's positions in turn.
func TestSelfPlayOpeningsFile(t *testing.T) {
	fens := []string{"B:W17,19,20,21,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,10,11,12,14", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"}
	path := filepath.Join(t.TempDir(), "openings.txt")
	writeFile(t, path, "# two openings\n\n"+fens[0]+"\n# the second\n"+fens[1]+"\n")
	cfg := Config{Variant: movegen.Pool, Games: 3, Limits: search.Limits{Depth: 2}, Openings: FromFile, OpeningsFile: path,
		Options: play.Options{HashMiB: 1}, Concurrency: 2}
	opens, err := cfg.openings()
	if err != nil || len(opens) != 2 || opens[0].plies != 0 || opens[1].plies != 1 {
		t.Fatalf("openings %+v, %v; want two, at plies 0 and 1", opens, err)
	}
	// The openings are quiet, so each game's first record is its opening;
	// game 2 is game 0 again, every position already written.
	_, data := selfPlay(t, cfg)
	rd, err := NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var starts []Record
	if err := readGames(rd, func(recs []Record) error {
		starts = append(starts, recs[0])
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(starts) != len(fens) {
		t.Fatalf("%d games written, want %d", len(starts), len(fens))
	}
	for i, fen := range fens {
		p, err := movegen.ParseFEN(fen, movegen.Pool)
		if err != nil {
			t.Fatal(err)
		}
		if r := starts[i]; keyOf(&r.Pos) != keyOf(&p) || int(r.Ply) != i {
			t.Errorf("game %d starts with %s at ply %d, want %s at ply %d", i, r.Pos.FEN(), r.Ply, fen, i)
		}
	}

	cfg.OpeningsFile = "../testdata/pool-openings.txt"
	if opens, err := cfg.openings(); err != nil || len(opens) != 100 {
		t.Errorf("%s: %d openings, %v; want 100", cfg.OpeningsFile, len(opens), err)
	}
	for _, bad := range []string{"", "B:W21-32:B1-12,40"} {
		writeFile(t, path, bad)
		cfg.OpeningsFile = path
		if _, err := Run(context.Background(), cfg, filepath.Join(t.TempDir(), "data.bin"), nil); err == nil || !strings.Contains(err.Error(), "openings") {
			t.Errorf("openings file %q: error %v", bad, err)
		}
	}
}

func TestSelfPlayConfigErrors(t *testing.T) {
	good := Config{Variant: movegen.American, Games: 1, Limits: search.Limits{Nodes: 100}, Concurrency: 1}
	tests := []struct {
		name   string
		change func(*Config)
	}{
		{"no games", func(c *Config) { c.Games = 0 }},
		{"no concurrency", func(c *Config) { c.Concurrency = 0 }},
		{"no limit", func(c *Config) { c.Limits = search.Limits{} }},
		{"timed", func(c *Config) { c.Limits.MoveTime = 1 }},
		{"pool deck", func(c *Config) { c.Variant = movegen.Pool }},
		{"variant", func(c *Config) { c.Variant = movegen.NumVariants }},
		{"openings", func(c *Config) { c.Openings = FromFile + 1 }},
		{"no openings file", func(c *Config) { c.Openings = FromFile }},
		{"random plies", func(c *Config) { c.RandomPlies = MaxRandomPlies + 1 }},
		{"max plies", func(c *Config) { c.MaxPlies = -1 }},
		{"shard", func(c *Config) { c.Shard, c.Shards = 2, 2 }},
		{"shards", func(c *Config) { c.Shards = -1 }},
		{"node jitter", func(c *Config) { c.NodeJitter = MaxNodeJitter + 1 }},
		{"node jitter without nodes", func(c *Config) { c.NodeJitter, c.Limits = 10, search.Limits{Depth: 2} }},
	}
	path := filepath.Join(t.TempDir(), "data.bin")
	for _, tt := range tests {
		cfg := good
		tt.change(&cfg)
		if _, err := Run(context.Background(), cfg, path, nil); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("bad configurations made a data file")
	}
}

func TestParseShard(t *testing.T) {
	tests := []struct {
		in   string
		i, n int
		ok   bool
	}{
		{"0/1", 0, 1, true}, {"1/2", 1, 2, true}, {"2/2", 0, 0, false}, {"1", 0, 0, false}, {"a/b", 0, 0, false}, {"-1/2", 0, 0, false},
	}
	for _, tt := range tests {
		i, n, err := ParseShard(tt.in)
		if i != tt.i || n != tt.n || (err == nil) != tt.ok {
			t.Errorf("%q: %d/%d, %v", tt.in, i, n, err)
		}
	}
}

func TestParseOpenings(t *testing.T) {
	file := filepath.Join(t.TempDir(), "openings.txt")
	if err := os.WriteFile(file, []byte("B:W21-32:B1-12\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   string
		v    movegen.Variant
		want Openings
		file string
	}{
		{"", movegen.American, Deck, ""}, {"", movegen.Pool, Random, ""}, {"deck", movegen.Pool, Deck, ""},
		{"random", movegen.American, Random, ""}, {file, movegen.Pool, FromFile, file},
	}
	for _, tt := range tests {
		o, f, err := ParseOpenings(tt.in, tt.v)
		if o != tt.want || f != tt.file || err != nil {
			t.Errorf("%q %v: %v %q, %v", tt.in, tt.v, o, f, err)
		}
	}
	if _, _, err := ParseOpenings(file+".none", movegen.American); err == nil || !strings.Contains(err.Error(), "want deck, random or a file") {
		t.Errorf("missing file: %v", err)
	}
}
