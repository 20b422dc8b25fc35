package train

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
)

func TestAccept(t *testing.T) {
	sprt := &match.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name  string
		score match.Score
		sprt  *match.SPRT
		want  bool
	}{
		{"no games", match.Score{}, nil, false},
		{"all draws", match.Score{Draws: 312}, nil, false},
		{"clear gain", match.Score{Wins: 60, Losses: 30, Draws: 222}, nil, true},
		{"gain short of 95%", match.Score{Wins: 40, Losses: 30, Draws: 242}, nil, false},
		{"loss", match.Score{Wins: 30, Losses: 60, Draws: 222}, nil, false},
		{"four wins", match.Score{Wins: 4}, nil, true},
		{"three wins", match.Score{Wins: 3}, nil, true},
		{"two wins", match.Score{Wins: 2}, nil, false},
		{"SPRT accepts H1", match.Score{Wins: 30, Losses: 5, Draws: 20}, sprt, true},
		{"SPRT accepts H0", match.Score{Wins: 5, Losses: 30, Draws: 20}, sprt, false},
		{"SPRT undecided, LOS above 95%", match.Score{Wins: 9, Losses: 2, Draws: 10}, sprt, false},
	}
	for _, tt := range tests {
		if got := Accept(tt.score, tt.sprt); got != tt.want {
			t.Errorf("%s: Accept(%+v) = %v, want %v (LOS %.3f)", tt.name, tt.score, got, tt.want, tt.score.LOS())
		}
	}
	if v := sprt.Verdict(match.Score{Wins: 9, Losses: 2, Draws: 10}); v != match.SPRTContinue {
		t.Errorf("the undecided case is %v", v)
	}
}

func TestGenerationFile(t *testing.T) {
	g := &generation{n: 3, decided: true}
	g.sides[movegen.American] = side{data: true, games: 12, positions: 1234,
		fit:   &fitRecord{from: 2, positions: 2400, valid: 240, k: 60.123456789, best: 9, passes: 12, loss: 0.343061234567},
		score: &match.Score{Wins: 3, Losses: 1, Draws: 0}, accepted: true, weights: "generation 3: ..."}
	g.sides[movegen.Pool] = side{weights: "the built-in weights"}
	path := filepath.Join(t.TempDir(), ResultFile)
	if err := g.write(path, nil); err != nil {
		t.Fatal(err)
	}
	back, err := readGeneration(path)
	if err != nil || !reflect.DeepEqual(back, g) {
		t.Fatalf("read back %+v, %v; want %+v", back, err, g)
	}
	text := string(readFile(t, path))
	for _, want := range []string{"# american: 12 games, 1234 positions; fit to generations 2-3 (2400 positions, 240 held out), K 60.1", "K 60.1", "match 3-1-0, Elo +190.8", "accepted\n", "# pool: not trained"} {
		if !strings.Contains(text, want) {
			t.Errorf("result file lacks %q:\n%s", want, text)
		}
	}
	bad := []struct{ name, text, want string }{
		{"no number", resultFirstLine + "\n", "no generation number"},
		{"unknown key", resultFirstLine + "\ngeneration 1\ncolor blue\n", "unknown key"},
		{"unknown field", resultFirstLine + "\ngeneration 1\npool.colour blue\n", "unknown key"},
		{"bad data", resultFirstLine + "\ngeneration 1\npool.data many games\n", "want"},
		{"bad decision", resultFirstLine + "\ngeneration 1\npool.accepted maybe\n", "want yes or no"},
		{"decided without a match", resultFirstLine + "\ngeneration 1\npool.data 0 games, 0 positions\ndecided yes\n", "pool has data and no fit or match"},
	}
	for _, tt := range bad {
		if _, err := parseGeneration([]byte(tt.text)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
}

// testEngine is a match engine searching in process with the weight file
// at path, as crown train loop's self engines.
func testEngine(name, path string) match.Engine {
	return match.Engine{Name: name, Run: func(ctx context.Context, in io.Reader, out io.Writer) error {
		return protocol.Run(ctx, in, out, protocol.Config{Name: "crown", Version: "test", Session: play.Config{Options: play.Options{HashMiB: 1, EvalFile: path}}})
	}}
}

// tinyLoop is a loop of two quick generations in dir: depth-limited
// self-play and matches, so every file but the games' dates is the same
// in every run.
func tinyLoop(dir string, log, out io.Writer) LoopConfig {
	return LoopConfig{Dir: dir, Generations: 2, Patience: 2, Games: [movegen.NumVariants]int{6, 6}, Limits: search.Limits{Depth: 2},
		RandomPlies: 2, StartPlies: 8, Openings: [movegen.NumVariants]string{movegen.Pool: "../testdata/pool-openings.txt"}, Window: 2, Lambda: 0.5,
		MatchLimits: search.Limits{Depth: 2}, MatchGames: 4, Concurrency: 2, Engine: testEngine, Log: log, Out: out}
}

// cancelWriter collects a loop's progress and cancels its context once
// the progress holds trigger.
type cancelWriter struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	trigger string
	cancel  context.CancelFunc
}

func (c *cancelWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.buf.Write(p)
	if c.trigger != "" && strings.Contains(c.buf.String(), c.trigger) {
		c.cancel()
		c.trigger = ""
	}
	return len(p), nil
}

// TestLoop runs two generations end to end, then the same loop stopped at
// several points and started again each time, which must end with the
// same files and output; and a start with other settings is refused.
func TestLoop(t *testing.T) {
	schedtest.SkipUnderRace(t, "two loops of self-play, fits and matches take half a minute under it (TestLoopSelfPlayFailure runs a loop under it)")
	dirA := t.TempDir()
	var log, out bytes.Buffer
	res, err := RunLoop(context.Background(), tinyLoop(dirA, &log, &out))
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if res.Generations != 2 {
		t.Errorf("result %+v", res)
	}
	checkLoopFiles(t, dirA, res)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "gen 1: american: 6 games, ") || !strings.Contains(lines[1], " | pool: 6 games, ") {
		t.Errorf("output %q", out.String())
	}
	for _, want := range []string{"gen 1 selfplay american games ", " | pool games ", "gen 2: american pass 1: ", "gen 2 pool: [4/4] game ", "gen 1 american: Elo difference gen-1 - current: "} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("progress lacks %q", want)
		}
	}

	dirB := t.TempDir()
	var outB bytes.Buffer
	for _, trigger := range []string{
		"gen 1 selfplay ",         // self-play in the middle: its first game written (a log gets a line every 10 s)
		"gen 1 american: [2/4]",   // a match half played
		"gen 2: american pass 1:", // one fit of two
		"gen 2 pool: [1/4]",       // the second match
		"",                        // to the end
	} {
		ctx, cancel := context.WithCancel(context.Background())
		w := &cancelWriter{trigger: trigger, cancel: cancel}
		outB.Reset()
		_, err := RunLoop(ctx, tinyLoop(dirB, w, &outB))
		cancel()
		if trigger != "" && !errors.Is(err, context.Canceled) || trigger == "" && err != nil {
			t.Fatalf("stopped at %q: %v\n%s", trigger, err, w.buf.String())
		}
	}
	if outB.String() != out.String() {
		t.Errorf("a resumed loop's output:\n%s\nan uninterrupted one's:\n%s", outB.String(), out.String())
	}
	compareTrees(t, dirA, dirB)

	// Started again, a finished loop does nothing; the built-in weights
	// in a file are the same start.
	var outC bytes.Buffer
	cfg := tinyLoop(dirA, io.Discard, &outC)
	cfg.Start = filepath.Join(t.TempDir(), "start.bin")
	if err := WriteWeights(cfg.Start, eval.Default()); err != nil {
		t.Fatal(err)
	}
	if _, err := RunLoop(context.Background(), cfg); err != nil || outC.String() != out.String() {
		t.Errorf("a finished loop started again: %v, output %q", err, outC.String())
	}
	cfg.Window, cfg.SPRT = 1, &match.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	_, err = RunLoop(context.Background(), cfg)
	for _, want := range []string{"loop.txt is of a loop with other settings", "window: 2 in loop.txt, 1 now", "sprt: none in loop.txt, 0,10 now"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("other settings: error %v, want one saying %q", err, want)
		}
	}
}

// checkLoopFiles checks the files of a finished loop in dir.
func checkLoopFiles(t *testing.T, dir string, res LoopResult) {
	t.Helper()
	table := string(readFile(t, filepath.Join(dir, TableFile)))
	if !strings.Contains(table, "| gen | self-play | American data | American fit | American match | Pool data |") ||
		!strings.Contains(table, "\n| 1 | depth 2 | 6 games, ") || !strings.Contains(table, "\n| 2 | depth 2 | 6 games, ") ||
		!strings.Contains(table, "generations 1-2, K ") || !strings.Contains(table, "`window 2`") {
		t.Errorf("table:\n%s", table)
	}
	prev := eval.Default()
	accepted := 0
	for k := 1; k <= res.Generations; k++ {
		gd := genDir(dir, k)
		for _, name := range []string{"american.bin", "pool.bin", "american.bin.state", "match-american.pdn", "match-pool.txt", SettingsFile} {
			path := filepath.Join(gd, name)
			if name == SettingsFile {
				path = filepath.Join(dir, name)
			}
			if _, err := os.Stat(path); err != nil {
				t.Error(err)
			}
		}
		g, err := readGeneration(filepath.Join(gd, ResultFile))
		if err != nil || g == nil || !g.decided {
			t.Fatalf("generation %d: %+v, %v", k, g, err)
		}
		fit, err := eval.LoadWeights(filepath.Join(gd, FitFile))
		if err != nil {
			t.Fatal(err)
		}
		next, err := eval.LoadWeights(filepath.Join(gd, NextFile))
		if err != nil {
			t.Fatal(err)
		}
		for v, s := range g.sides {
			if !s.data {
				continue // a game the loop does not train
			}
			want := prev
			if s.accepted {
				want = fit
			}
			if !sameWeights(next, want, v) || s.score.Games() != 4 || s.fit.from != max(1, k-1) {
				t.Errorf("generation %d, %v: accepted %v, score %+v, fit %+v: next weights not as decided", k, movegen.Variant(v), s.accepted, s.score, s.fit)
			}
		}
		if !strings.HasPrefix(next.Provenance, "crown train loop after generation ") {
			t.Errorf("provenance %q", next.Provenance)
		}
		if g.accepted() {
			accepted++
		}
		prev = next
	}
	_, err := os.Stat(filepath.Join(dir, CurrentFile))
	if res.Accepted != accepted || (err == nil) != (accepted > 0) {
		t.Errorf("%d generations accepted, result %+v, %s: %v", accepted, res, CurrentFile, err)
	}
}

// compareTrees fails unless the loop directories a and b hold the same
// files with the same bytes, but for the paths of the weights in the
// self-play state files and the PDN files' dates and order of games.
func compareTrees(t *testing.T, a, b string) {
	t.Helper()
	files := func(dir string) map[string]string {
		m := map[string]string{}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(path)
			rel, _ := filepath.Rel(dir, path)
			text := strings.ReplaceAll(string(data), dir, "DIR")
			if strings.HasSuffix(path, ".pdn") {
				text = pdnGames(t, text)
			}
			m[rel] = text
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	fa, fb := files(a), files(b)
	for name, text := range fa {
		if other, ok := fb[name]; !ok {
			t.Errorf("%s: missing from the resumed loop", name)
		} else if other != text {
			t.Errorf("%s differs after resuming", name)
		}
	}
	for name := range fb {
		if _, ok := fa[name]; !ok {
			t.Errorf("%s: only in the resumed loop", name)
		}
	}
}

// TestLoopSelfPlayFailure checks that a rule set whose self-play fails
// stops the other's and the loop with its error.
func TestLoopSelfPlayFailure(t *testing.T) {
	dir := t.TempDir()
	cfg := tinyLoop(dir, io.Discard, io.Discard)
	cfg.Games[movegen.American] = 1000 // ends only when stopped
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // keeps the settings and makes gen-1, plays nothing
	if _, err := RunLoop(ctx, cfg); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled loop: %v", err)
	}
	if err := os.WriteFile(dataPath(dir, 1, movegen.Pool), []byte("not a data file"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := RunLoop(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "pool self-play") {
		t.Fatalf("error %v, want the Pool self-play's", err)
	}
	if st, err := readState(StatePath(dataPath(dir, 1, movegen.American))); err != nil || st.next >= cfg.Games[movegen.American] {
		t.Errorf("American self-play went on: state %+v, %v", st, err)
	}
}

// TestLoopData: a loop's --data files are read by every fit besides the
// window's, and named in its settings. Its loops are of one generation of
// American checkers, with the shortest match.
func TestLoopData(t *testing.T) {
	schedtest.SkipUnderRace(t, "two loops take five seconds under it (TestLoopSelfPlayFailure runs a loop under it)")
	fitted := func(log string) string {
		for _, line := range strings.Split(log, "\n") {
			if _, rest, ok := strings.Cut(line, "gen 1: american: "); ok && strings.HasSuffix(rest, " positions") {
				return strings.TrimSuffix(rest, " positions")
			}
		}
		return ""
	}
	one := func(dir string, data []string) string {
		var log bytes.Buffer
		cfg := tinyLoop(dir, &log, io.Discard)
		cfg.Generations, cfg.Games[movegen.Pool], cfg.MatchGames, cfg.Data = 1, 0, 2, data
		if _, err := RunLoop(context.Background(), cfg); err != nil {
			t.Fatalf("%v\n%s", err, log.String())
		}
		return fitted(log.String())
	}
	dirA, dirB := t.TempDir(), t.TempDir()
	a := one(dirA, nil)
	b := one(dirB, []string{dataPath(dirA, 1, movegen.American)})
	var na, nb int
	if _, err := fmt.Sscan(a, &na); err != nil || na == 0 {
		t.Fatalf("fit without data: %q positions", a)
	}
	if _, err := fmt.Sscan(b, &nb); err != nil || nb != 2*na {
		t.Errorf("fit with the same games as data: %q positions, want %d", b, 2*na)
	}
	if s := string(readFile(t, filepath.Join(dirB, SettingsFile))); !strings.Contains(s, "\ndata ") {
		t.Errorf("settings without the data file:\n%s", s)
	}
	if s := string(readFile(t, filepath.Join(dirA, SettingsFile))); strings.Contains(s, "\ndata ") {
		t.Errorf("settings of a loop without data name some:\n%s", s)
	}
}

// sameWeights reports whether a and b hold the same model and weights for
// rule set v.
func sameWeights(a, b *eval.WeightFile, v int) bool {
	ta, tb, na, nb := a.Tables[v], b.Tables[v], a.Nets[v], b.Nets[v]
	if (ta == nil) != (tb == nil) || ta != nil && *ta != *tb || (na == nil) != (nb == nil) {
		return false
	}
	return na == nil || na.H == nb.H && slices.Equal(na.B2, nb.B2) && slices.Equal(na.W1, nb.W1) && slices.Equal(na.B1, nb.B1) && slices.Equal(na.W2, nb.W2)
}

// pdnGames returns the games of a PDN file written again, each without its
// Date tag and its move comments (the time a move took), in sorted order
// (a match's games end in any order): what a resumed run must repeat.
func pdnGames(t *testing.T, text string) string {
	t.Helper()
	games, err := movegen.ReadPDN(strings.NewReader(text), movegen.American)
	if err != nil {
		t.Fatal(err)
	}
	texts := make([]string, len(games))
	for i := range games {
		games[i].DeleteTag("Date")
		var b strings.Builder
		if err := games[i].WritePDN(&b); err != nil {
			t.Fatal(err)
		}
		texts[i] = b.String()
	}
	slices.Sort(texts)
	return strings.Join(texts, "")
}
