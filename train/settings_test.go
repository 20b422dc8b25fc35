package train

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// shippedWeights is the weight file eval embeds, as a file: American's
// network has 512 hidden units and 4 output buckets, Pool's 256 and 1.
var shippedWeights = filepath.Join("..", "eval", "weights.bin")

// wantError checks that err is what a case wants, none for want "" and
// otherwise one saying want, and reports whether the case goes on to check
// what it got: only with no error wanted and none had.
func wantError(t *testing.T, err error, want string) bool {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Fatal(err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Errorf("error %v, want one saying %q", err, want)
	}
	return want == ""
}

// TestFitSettings checks crown train's settings: each mistake named by its
// flag, and the fit of good ones, from the built-in weights or a start.
func TestFitSettings(t *testing.T) {
	none := filepath.Join(t.TempDir(), "none")
	tests := []struct {
		name   string
		change func(s *FitSettings)
		want   string // in the error, "" for none
	}{
		{"american", func(*FitSettings) {}, ""},
		{"all", func(s *FitSettings) { s.Variant = "all" }, ""},
		{"bad variant", func(s *FitSettings) { s.Variant = "international" }, "international"},
		{"no out", func(s *FitSettings) { s.Out = "" }, "--out FILE is required"},
		{"no data", func(s *FitSettings) { s.Data = nil }, "--data FILE is required"},
		{"lambda", func(s *FitSettings) { s.Fit.Lambda = 1.5 }, "--lambda must be in 0..1"},
		{"epochs", func(s *FitSettings) { s.Fit.Epochs = 0 }, "--epochs, --patience and --batch must be at least 1"},
		{"decay", func(s *FitSettings) { s.Fit.Decay = 1.5 }, "--decay in (0, 1]"},
		{"k", func(s *FitSettings) { s.Fit.K = -1 }, "--l2 and --k not negative"},
		{"hidden", func(s *FitSettings) { s.Fit.Hidden = 100 }, "--hidden must be a multiple of 128"},
		{"buckets", func(s *FitSettings) { s.Fit.Hidden, s.Fit.Buckets = 128, eval.MaxBuckets+1 }, "--buckets must be in 1.."},
		{"buckets without a network", func(s *FitSettings) { s.Fit.Buckets = 2 }, "--buckets needs a network"},
		{"adjudicate", func(s *FitSettings) { s.Adjudicate = true }, "--adjudicate needs --egdb DIR"},
		{"hidden2", func(s *FitSettings) { s.Fit.Hidden, s.Fit.Hidden2 = 256, 32 }, ""},
		{"hidden2 width", func(s *FitSettings) { s.Fit.Hidden, s.Fit.Hidden2 = 256, 12 }, "--hidden2 must be a multiple of 8 up to 64"},
		{"hidden2 alone", func(s *FitSettings) { s.Fit.Hidden2 = 32 }, "--hidden2 needs --hidden N"},
		{"hidden2 init", func(s *FitSettings) { s.Init, s.Fit.Hidden2 = shippedWeights, 32 }, "--hidden2 needs --hidden N and a fit from scratch"},
		{"init", func(s *FitSettings) { s.Init = shippedWeights }, ""},
		{"init missing", func(s *FitSettings) { s.Init = none }, "--init: "},
		{"init width", func(s *FitSettings) { s.Init, s.Fit.Hidden = shippedWeights, 128 }, "has 512 hidden units for american, --hidden says 128"},
		{"init width of one", func(s *FitSettings) { s.Init, s.Fit.Hidden, s.Variant = shippedWeights, 512, "all" }, "has 256 hidden units for pool"},
		{"init buckets", func(s *FitSettings) { s.Init, s.Fit.Buckets, s.BucketsGiven = shippedWeights, 3, true }, "has 4 output buckets for american, --buckets says 3"},
		{"egdb missing", func(s *FitSettings) { s.EGDBDir = none }, "--egdb: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := FitSettings{Variant: "american", Fit: DefaultFit, Data: []string{"data/a.bin", "b.bin"}, Out: "w.bin", Command: "crown train x"}
			s.Fit.Buckets = 1
			tt.change(&s)
			w, err := s.WeightsFit()
			if !wantError(t, err, tt.want) {
				return
			}
			if w.Provenance != "crown train x; data a.bin b.bin" || w.EGDB != nil {
				t.Errorf("provenance %q, database %v", w.Provenance, w.EGDB)
			}
			variants, _ := parseVariants(s.Variant)
			if len(w.Jobs) != len(variants) {
				t.Fatalf("%d jobs for %v", len(w.Jobs), variants)
			}
			for i, job := range w.Jobs {
				c := job.Config
				if c.Variant != variants[i] || c.Lambda != DefaultFit.Lambda || len(job.Paths) != 2 {
					t.Errorf("job %d: %+v", i, job)
				}
				// From a start, the fit takes its width and its outputs.
				if start := eval.Default().Nets[c.Variant]; s.Init != "" && (c.Start == nil || c.Hidden != start.H || c.Buckets != start.Buckets()) {
					t.Errorf("job %d from %s: hidden %d, buckets %d", i, s.Init, c.Hidden, c.Buckets)
				}
			}
		})
	}
}

// TestFitSettingsEGDB checks that the database opens, and that one
// without a rule set fitted is a MissingEGDBError.
func TestFitSettingsEGDB(t *testing.T) {
	dir := egdbtest.Dir(t, 2)
	s := FitSettings{Variant: "american", Fit: DefaultFit, Data: []string{"a.bin"}, Out: "w.bin", EGDBDir: dir, Adjudicate: true}
	s.Fit.Buckets = 1
	w, err := s.WeightsFit()
	if err != nil || w.EGDB == nil || w.EGDB.Pieces(movegen.American) != 2 || !w.Adjudicate {
		t.Fatalf("%+v, %v", w, err)
	}
	w.EGDB.Close()
	s.Variant = "all"
	var missing *MissingEGDBError
	if _, err := s.WeightsFit(); !errors.As(err, &missing) || missing.Variant != movegen.Pool ||
		err.Error() != "--egdb "+dir+" holds no complete pool database" {
		t.Errorf("error %v, want the Pool database missing", err)
	}
}

// TestLoopSettings checks crown train loop's settings: each mistake named
// by its flag, and the configuration of good ones.
func TestLoopSettings(t *testing.T) {
	dir := t.TempDir()
	none := filepath.Join(dir, "none")
	poolOpenings := filepath.Join("..", "testdata", "pool-openings.txt")
	data := filepath.Join(dir, "data.bin")
	w, err := OpenWriter(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		change func(s *LoopSettings)
		want   string // in the error, "" for none
	}{
		{"defaults", func(*LoopSettings) {}, ""},
		{"no dir", func(s *LoopSettings) { s.Dir = "" }, "--dir DIR is required"},
		{"window", func(s *LoopSettings) { s.Window = 0 }, "--generations, --patience, --window and --concurrency must be at least 1"},
		{"no games", func(s *LoopSettings) { s.Games = [movegen.NumVariants]int{} }, "nor all 0"},
		{"negative games", func(s *LoopSettings) { s.Games[movegen.Pool] = -1 }, "must not be negative"},
		{"lambda", func(s *LoopSettings) { s.Lambda = 2 }, "--lambda must be in 0..1"},
		{"match games", func(s *LoopSettings) { s.MatchGames = -2 }, "--match-games must not be negative"},
		{"adjudicate", func(s *LoopSettings) { s.Adjudicate = true }, "--adjudicate needs --egdb DIR"},
		{"timed", func(s *LoopSettings) { s.Timed = true }, "--movetime: self-play is limited by --nodes or --depth"},
		{"random plies", func(s *LoopSettings) { s.RandomPlies = MaxRandomPlies + 1 }, "--random-plies must be in 0.."},
		{"node jitter", func(s *LoopSettings) { s.NodeJitter = MaxNodeJitter + 1 }, "--node-jitter must be in 0.."},
		{"node jitter by depth", func(s *LoopSettings) { s.NodeJitter, s.Limits.Depth = 10, 4 }, "--node-jitter needs --nodes"},
		{"sprt", func(s *LoopSettings) { s.SPRTBounds = "10,0" }, "--sprt: elo1 (0) must be above elo0 (10)"},
		{"pool openings", func(s *LoopSettings) { s.Openings[movegen.Pool] = none }, "--pool-openings: "},
		{"russian openings", func(s *LoopSettings) { s.Games[movegen.Russian], s.Openings[movegen.Russian] = 2, none }, "--russian-openings: "},
		{"pool self-play", func(s *LoopSettings) { s.PoolSelfplay = none }, "--pool-selfplay: "},
		{"pool self-play file", func(s *LoopSettings) { s.PoolSelfplay = poolOpenings }, ""},
		{"start plies", func(s *LoopSettings) { s.StartPlies = -1 }, "--start-plies must be in 0.."},
		{"data", func(s *LoopSettings) { s.Data = []string{data, none} }, "--data: "},
		{"start", func(s *LoopSettings) { s.Start = none }, "--start: "},
		{"egdb", func(s *LoopSettings) { s.EGDBDir = none }, "--egdb: "},
		{"american only", func(s *LoopSettings) {
			s.Games[movegen.Pool], s.Openings[movegen.Pool], s.Start = 0, none, shippedWeights
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := LoopSettings{LoopConfig: DefaultLoop, PoolSelfplay: "random"}
			s.Dir, s.Openings[movegen.Pool], s.Limits = dir, poolOpenings, search.Limits{}
			tt.change(&s)
			cfg, err := s.Config()
			if !wantError(t, err, tt.want) {
				return
			}
			if s.Limits.Depth == 0 && cfg.Limits.Nodes != DefaultLoop.Limits.Nodes || cfg.MatchLimits.MoveTime != match.DefaultMoveTime {
				t.Errorf("self-play limits %v, want DefaultLoop's nodes; the matches' %v, want match.DefaultMoveTime", cfg.Limits, cfg.MatchLimits)
			}
			if s.PoolSelfplay != "random" && cfg.PoolSelfplayFile != s.PoolSelfplay {
				t.Errorf("Pool self-play's file %q", cfg.PoolSelfplayFile)
			}
		})
	}
	s := LoopSettings{LoopConfig: DefaultLoop, PoolSelfplay: "random", SPRTBounds: "0,5", EGDBDir: egdbtest.Dir(t, 2)}
	s.Dir, s.Games[movegen.Pool] = dir, 0
	cfg, err := s.Config()
	if err != nil || cfg.SPRT == nil || cfg.EGDB == nil {
		t.Fatalf("%+v, %v; want an SPRT and a database", cfg, err)
	}
	cfg.EGDB.Close()
}

func TestLoopResultReport(t *testing.T) {
	dir := filepath.Join("runs", "a")
	current := filepath.Join(dir, CurrentFile)
	tests := []struct {
		res  LoopResult
		want string
	}{
		{LoopResult{Generations: 3}, "3 generations, none accepted new weights: no " + current + "\n"},
		{LoopResult{Generations: 4, Accepted: 1, Stopped: "no gain in 2 generations in a row"},
			"stopped: no gain in 2 generations in a row\n4 generations, 1 accepted new weights: " + current + " holds the current weights\n"},
	}
	for _, tt := range tests {
		if got := tt.res.Report(dir); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.res, got, tt.want)
		}
	}
}

// TestSelfplaySettings checks crown selfplay's settings: each mistake
// named by its flag, and the defaults of a run's openings and limits.
func TestSelfplaySettings(t *testing.T) {
	none := filepath.Join(t.TempDir(), "none.txt")
	tests := []struct {
		name   string
		change func(s *SelfplaySettings)
		want   string // in the error, "" for none
	}{
		{"defaults", func(*SelfplaySettings) {}, ""},
		{"random", func(s *SelfplaySettings) { s.OpeningsArg = "random" }, ""},
		{"random plies given", func(s *SelfplaySettings) { s.OpeningsArg, s.RandomPlies, s.RandomPliesGiven = "random", 0, true }, ""},
		{"depth", func(s *SelfplaySettings) { s.Limits.Depth = 3 }, ""},
		{"openings", func(s *SelfplaySettings) { s.OpeningsArg = none }, `--openings "` + none + `": want deck, random or a file`},
		{"deck", func(s *SelfplaySettings) { s.OpeningsArg, s.Variant = "deck", movegen.Pool }, "--openings deck: the ACF ballots are American only"},
		{"shard", func(s *SelfplaySettings) { s.ShardArg = "2/2" }, `--shard "2/2": want I/N`},
		{"no out", func(s *SelfplaySettings) { s.Out = "" }, "--out FILE is required"},
		{"games", func(s *SelfplaySettings) { s.Games = 0 }, "--games must be at least 1"},
		{"concurrency", func(s *SelfplaySettings) { s.Concurrency = 0 }, "--concurrency must be at least 1"},
		{"timed", func(s *SelfplaySettings) { s.Timed = true }, "--movetime: self-play is limited by --nodes or --depth"},
		{"random plies", func(s *SelfplaySettings) { s.RandomPlies = -1 }, "--random-plies must be in 0.."},
		{"node jitter", func(s *SelfplaySettings) { s.NodeJitter = MaxNodeJitter + 1 }, "--node-jitter must be in 0.."},
		{"node jitter by depth", func(s *SelfplaySettings) { s.NodeJitter, s.Limits.Depth = 5, 3 }, "--node-jitter needs --nodes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := SelfplaySettings{Config: DefaultRun, Out: "data.bin", ShardArg: "0/1"}
			s.Limits = search.Limits{}
			tt.change(&s)
			cfg, err := s.RunConfig()
			if !wantError(t, err, tt.want) {
				return
			}
			if err := cfg.check(); err != nil {
				t.Errorf("the configuration %+v does not serve: %v", cfg, err)
			}
			wantPlies := s.RandomPlies
			if cfg.Openings == Random && !s.RandomPliesGiven {
				wantPlies = DefaultRandomPlies
			}
			if cfg.RandomPlies != wantPlies || s.Limits.Depth == 0 && cfg.Limits.Nodes != DefaultRun.Limits.Nodes {
				t.Errorf("random plies %d (want %d), limits %v", cfg.RandomPlies, wantPlies, cfg.Limits)
			}
		})
	}
}

func TestStatsSummary(t *testing.T) {
	st := Stats{Games: 3, Unfinished: 1, Before: 2, Positions: 100, Duplicates: 4, Records: 150,
		BlackWins: 1, Draws: 1, WhiteWins: 1, Elapsed: 2 * time.Second}
	want := "games 3 (1 dropped at the ply cap, 2 played before), positions written 100, duplicates skipped 4, d.bin now holds 150\n" +
		"results: 1 black wins, 1 draws, 1 white wins; 50 positions/s\n"
	if got := st.Summary("d.bin"); got != want {
		t.Errorf("%q, want %q", got, want)
	}
	st.Elapsed = 0
	if got := st.Summary("d.bin"); !strings.HasSuffix(got, "; 0 positions/s\n") {
		t.Errorf("no time: %q", got)
	}
}
