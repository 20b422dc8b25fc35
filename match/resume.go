package match

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/internal/readfile"
	"github.com/crown-checkers/crown/movegen"
)

// allEnds are the endings a PDN Termination tag may name, each followed
// by ": " and its detail or by nothing.
var allEnds = []End{
	EndNoMove, EndRepetition, EndMoveCount, EndThreeKings, EndMoveCap, EndDrawClaim,
	EndIllegal, EndBadReply, EndEngineError, EndCrash, EndTimeForfeit,
}

// endOfReason returns the ending a Termination tag (Game.Reason) names.
func endOfReason(reason string) (End, bool) {
	for _, e := range allEnds {
		s := string(e)
		if reason == s || strings.HasPrefix(reason, s+": ") {
			return e, true
		}
	}
	return "", false
}

// Resumed reads back the games an earlier run of the match cfg describes
// wrote to its PDN (GamePDN's tags), for Config.Resumed: each must be one
// of the match's planned games (its Round), between the same engines in
// the same colours (Black, White) from the same ballot (the start
// position), with a result and an ending (Termination) the runner writes,
// and at most once. Games that ended by the rules are replayed to check
// that they did, so a game cut short in the file is not taken as finished.
// Ponder counts are not in the PDN: resumed games have none.
func Resumed(pdn []movegen.Game, cfg Config) ([]*Game, error) {
	specs, err := plan(cfg)
	if err != nil {
		return nil, err
	}
	names := [2]string{cfg.Engines[0].Name, cfg.Engines[1].Name}
	seen := make(map[int]bool, len(pdn))
	done := make([]*Game, 0, len(pdn))
	for i := range pdn {
		pg := &pdn[i]
		where := fmt.Sprintf("game %d of the PDN", i+1)
		if pg.Err != nil {
			return nil, fmt.Errorf("%s: %w", where, pg.Err)
		}
		round, err := strconv.Atoi(pg.Tag("Round"))
		if err != nil || round < 1 || round > len(specs) {
			return nil, fmt.Errorf("%s: Round %q is not a game of this match (1 to %d)", where, pg.Tag("Round"), len(specs))
		}
		if seen[round] {
			return nil, fmt.Errorf("%s: round %d is there twice", where, round)
		}
		seen[round] = true
		spec := specs[round-1]
		g := &Game{Round: round, Ballot: spec.ballot, Black: spec.black, White: 1 - spec.black,
			Start: pg.Start, Moves: pg.Moves, Result: pg.Result, Reason: pg.Tag("Termination"), Fault: -1}
		switch {
		case pg.Variant != cfg.Variant:
			return nil, fmt.Errorf("%s: round %d is a game of %v, the match plays %v", where, round, pg.Variant, cfg.Variant)
		case pg.Tag("Black") != names[g.Black] || pg.Tag("White") != names[g.White]:
			return nil, fmt.Errorf("%s: round %d is %s (Black) against %s (White), the match plays %s against %s",
				where, round, pg.Tag("Black"), pg.Tag("White"), names[g.Black], names[g.White])
		case pg.Start != spec.ballot.Pos:
			return nil, fmt.Errorf("%s: round %d starts from %s, not from %s", where, round, pg.Start.FEN(), spec.ballot.Label())
		case g.Result != "1-0" && g.Result != "0-1" && g.Result != "1/2-1/2":
			return nil, fmt.Errorf("%s: round %d has no result (%q)", where, round, g.Result)
		}
		var ok bool
		if g.End, ok = endOfReason(g.Reason); !ok {
			return nil, fmt.Errorf("%s: round %d: Termination %q is not an ending the match writes", where, round, g.Reason)
		}
		if err := checkRuleEnd(g); err != nil {
			return nil, fmt.Errorf("%s: round %d: %w", where, round, err)
		}
		done = append(done, g)
	}
	return done, nil
}

// ErrOtherMatch is ResumeFile's error for a PDN file whose games are not
// of the match to continue.
var ErrOtherMatch = errors.New("not this match's PDN to continue")

// ResumeFile reads back the games the match cfg wrote to its PDN file name
// when it ran before (Resumed), for Config.Resumed: none if the file does
// not exist yet. A file of another match's games is ErrOtherMatch.
func ResumeFile(name string, cfg Config) ([]*Game, error) {
	f, err := readfile.Open(name, movegen.MaxPDNBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := movegen.ReadPDN(f, cfg.Variant)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	done, err := Resumed(games, cfg)
	if err != nil {
		return nil, fmt.Errorf("%s is %w (%w)", name, ErrOtherMatch, err)
	}
	return done, nil
}

// OpenPDN opens the PDN file name for a match to write its games to
// (Config.PDN): appended to when the match resumes (ResumeFile read its
// games), else written afresh.
func OpenPDN(name string, resume bool) (*os.File, error) {
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if resume {
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	return os.OpenFile(name, flag, 0o644)
}

// checkRuleEnd replays a game that ended by the rules and checks that it
// ended there, with that result.
func checkRuleEnd(g *Game) error {
	want := movegen.NotOver
	for ending, end := range ruleEnds {
		if end == g.End {
			want = ending
		}
	}
	if want == movegen.NotOver {
		return nil // the move cap, a claim or a failure: nothing to replay
	}
	line := movegen.NewGame(g.Start)
	for _, m := range g.Moves {
		if err := line.Play(m); err != nil {
			return err
		}
	}
	if o := line.Outcome(); o.Ending != want || o.Result != g.Result {
		return fmt.Errorf("ends %q (%s) in the PDN, but its moves end %q (%s): cut short?", g.End, g.Result, endOf(o.Ending), o.Result)
	}
	return nil
}
