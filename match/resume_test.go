package match

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// resumeConfig is the small match the resume tests stop and continue.
func resumeConfig(t *testing.T) Config {
	return Config{
		Engines:     [2]Engine{inProcess("r1", "random:1"), inProcess("r2", "random:2")},
		Variant:     movegen.American,
		Ballots:     testBallots(t, 6),
		Limits:      search.Limits{Depth: 1},
		Concurrency: 2,
	}
}

// pdnOf writes games as the match's PDN.
func pdnOf(t *testing.T, cfg Config, games []*Game) string {
	t.Helper()
	var b bytes.Buffer
	names := [2]string{cfg.Engines[0].Name, cfg.Engines[1].Name}
	for _, g := range games {
		if err := writePDN(&b, g, names, cfg.Variant, "Crown match", time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// readResumed reads a PDN text back as the games of cfg's match.
func readResumed(t *testing.T, text string, cfg Config) ([]*Game, error) {
	t.Helper()
	games, err := movegen.ReadPDN(strings.NewReader(text), cfg.Variant)
	if err != nil {
		t.Fatal(err)
	}
	return Resumed(games, cfg)
}

// TestResume stops a match after five of its twelve games (their PDN is
// all that is left of it) and continues it: the five count as they were
// and only the other seven are played and written.
func TestResume(t *testing.T) {
	cfg := resumeConfig(t)
	first := runTestMatch(t, cfg)
	kept := first.Games[:5]
	done, err := readResumed(t, pdnOf(t, cfg, kept), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var want Score
	rounds := map[int]bool{}
	for i, g := range done {
		if g.Round != kept[i].Round || g.Result != kept[i].Result || g.End != kept[i].End || g.Reason != kept[i].Reason ||
			g.Black != kept[i].Black || len(g.Moves) != len(kept[i].Moves) {
			t.Fatalf("resumed game %d: round %d %s %s, want round %d %s %s", i, g.Round, g.Result, g.Reason, kept[i].Round, kept[i].Result, kept[i].Reason)
		}
		want.Add(g.Points(0))
		rounds[g.Round] = true
	}

	var pdn, progress bytes.Buffer
	cfg.Resumed, cfg.PDN, cfg.Progress = done, &pdn, &progress
	r := runTestMatch(t, cfg)
	if r.Score.Games() != 12 || len(r.Games) != 12 {
		t.Fatalf("resumed match counts %d games, want 12", r.Score.Games())
	}
	for _, g := range r.Games[5:] {
		if rounds[g.Round] {
			t.Errorf("round %d played again", g.Round)
		}
		rounds[g.Round] = true
		want.Add(g.Points(0))
	}
	if len(rounds) != 12 || r.Score != want {
		t.Errorf("rounds %v, score %+v, want all 12 and %+v", rounds, r.Score, want)
	}
	written, err := movegen.ReadPDN(&pdn, cfg.Variant)
	if err != nil || len(written) != 7 {
		t.Errorf("the continued match wrote %d games (%v), want the 7 it played", len(written), err)
	}
	if line, _, _ := strings.Cut(progress.String(), "\n"); !strings.HasPrefix(line, "[5/12] resumed 5 finished games | r1 ") {
		t.Errorf("first progress line %q", line)
	}

	// Continuing a match already played out plays nothing.
	cfg.Resumed, cfg.PDN, cfg.Progress = r.Games, nil, nil
	again, err := Run(context.Background(), cfg)
	if err != nil || again.Score != r.Score || again.Stopped != "" {
		t.Errorf("continuing a finished match: %v, score %+v, stopped %q", err, again.Score, again.Stopped)
	}
}

// TestResumedRefuses checks that Resumed takes only the match's own games,
// whole: a PDN of another match, or one with a game cut short, is refused
// with the reason.
func TestResumedRefuses(t *testing.T) {
	cfg := resumeConfig(t)
	r := runTestMatch(t, cfg)
	var won *Game // a game that ended by the rules with a move to cut
	for _, g := range r.Games {
		if g.End == EndNoMove {
			won = g
			break
		}
	}
	if won == nil {
		t.Fatalf("no game ended with no legal move: endings %v", r.Ends)
	}
	good := pdnOf(t, cfg, r.Games[:2])
	cut := *won
	cut.Moves, cut.Comments = cut.Moves[:len(cut.Moves)-1], cut.Comments[:len(cut.Comments)-1]
	noResult := *r.Games[0]
	noResult.Result = "*"
	// The round two on from the first game's has the same colours and
	// the next ballot (or the one before, at the end of the match).
	first := r.Games[0].Round
	nextBallot := first + 2
	if nextBallot > 12 {
		nextBallot = first - 2
	}
	other := cfg
	other.Engines[1].Name = "r3"
	tests := []struct {
		name string
		text string
		cfg  Config
		want string
	}{
		{"other engine", good, other, "the match plays"},
		{"round twice", good + pdnOf(t, cfg, r.Games[:1]), cfg, "is there twice"},
		{"round past the match", strings.Replace(good, `[Round "`, `[Round "9`, 1), cfg, "is not a game of this match"},
		{"round missing", strings.Replace(good, `[Round "`, `[Rnd "`, 1), cfg, "is not a game of this match"},
		{"other ballot", strings.Replace(good, `[Round "`+strconv.Itoa(first)+`"]`, `[Round "`+strconv.Itoa(nextBallot)+`"]`, 1), cfg, "starts from"},
		{"no result", pdnOf(t, cfg, []*Game{&noResult}), cfg, "has no result"},
		{"unknown ending", strings.Replace(good, `[Termination "`, `[Termination "boredom`, 1), cfg, "not an ending the match writes"},
		{"cut short", pdnOf(t, cfg, []*Game{&cut}), cfg, "cut short"},
		{"unreadable move", strings.Replace(good, "1... ", "1... 99-98 ", 1), cfg, "game 1 of the PDN"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readResumed(t, tc.text, tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
	if _, err := readResumed(t, good, cfg); err != nil {
		t.Errorf("the match's own games: %v", err)
	}
	games, err := movegen.ReadPDN(strings.NewReader(good), cfg.Variant)
	if err != nil {
		t.Fatal(err)
	}
	games[0].Variant = movegen.Pool
	if _, err := Resumed(games, cfg); err == nil || !strings.Contains(err.Error(), "is a game of pool, the match plays american") {
		t.Errorf("a game of the other rule set: error %v", err)
	}
}

// FuzzResumed reads any text as a match's PDN to continue: it never
// panics, and the games it takes are distinct rounds of the match.
func FuzzResumed(f *testing.F) {
	cfg := Config{
		Engines: [2]Engine{inProcess("r1", "random:1"), inProcess("r2", "random:2")},
		Variant: movegen.American,
		Ballots: testBallots(f, 6),
	}
	f.Add("[Black \"r1\"]\n[White \"r2\"]\n[Round \"1\"]\n[FEN \"W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13\"]\n" +
		"[Termination \"move cap: 0 plies\"]\n1/2-1/2\n")
	f.Add("[Round \"0\"]\n*\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		games, err := movegen.ReadPDN(strings.NewReader(s), cfg.Variant)
		if err != nil {
			t.Fatal(err)
		}
		done, err := Resumed(games, cfg)
		if err != nil {
			return
		}
		seen := map[int]bool{}
		for _, g := range done {
			if g.Round < 1 || g.Round > 12 || seen[g.Round] {
				t.Fatalf("Resumed(%q) took round %d", s, g.Round)
			}
			seen[g.Round] = true
		}
	})
}

// TestResumeFile: a file not there yet resumes nothing, the match's own
// PDN gives its games back, another match's is ErrOtherMatch and a file
// that cannot be read names itself; OpenPDN appends when resuming and writes
// afresh otherwise.
func TestResumeFile(t *testing.T) {
	cfg := resumeConfig(t)
	r := runTestMatch(t, cfg)
	dir := t.TempDir()
	name := filepath.Join(dir, "games.pdn")
	if done, err := ResumeFile(name, cfg); done != nil || err != nil {
		t.Errorf("no file: %d games, %v", len(done), err)
	}
	f, err := OpenPDN(name, false)
	if err == nil {
		_, err = f.WriteString(pdnOf(t, cfg, r.Games[:2]))
		f.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	if done, err := ResumeFile(name, cfg); err != nil || len(done) != 2 {
		t.Errorf("the match's PDN: %d games, %v", len(done), err)
	}
	other := cfg
	other.Engines[1].Name = "r3"
	if _, err := ResumeFile(name, other); !errors.Is(err, ErrOtherMatch) || !strings.HasPrefix(err.Error(), name+" is not this match's PDN to continue (") {
		t.Errorf("another match's PDN: %v", err)
	}
	for _, resume := range []bool{true, false} {
		f, err := OpenPDN(name, resume)
		if err == nil {
			_, err = f.WriteString(pdnOf(t, cfg, r.Games[2:3]))
			f.Close()
		}
		if err != nil {
			t.Fatal(err)
		}
		want := map[bool]int{true: 3, false: 1}[resume]
		if done, err := ResumeFile(name, cfg); err != nil || len(done) != want {
			t.Errorf("OpenPDN resume=%v: the file holds %d games (%v), want %d", resume, len(done), err, want)
		}
	}
	if _, err := ResumeFile(dir, cfg); err == nil || errors.Is(err, ErrOtherMatch) || !strings.HasPrefix(err.Error(), dir+" is a directory") {
		t.Errorf("a directory: %v", err)
	}
}
