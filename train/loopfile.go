package train

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/match"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// generation is what a loop's generation has done, as its result file
// keeps it.
type generation struct {
	n       int
	sides   [movegen.NumVariants]side
	decided bool // the matches are judged and the next weights written
}

// side is a generation's work on one rule set.
type side struct {
	data      bool // the self-play is done
	games     int
	positions int64
	fit       *fitRecord
	score     *match.Score // the match's, from the fit's view
	accepted  bool
	weights   string // how the rule set's next weights were made
}

// fitRecord is a fit as a generation's result keeps it.
type fitRecord struct {
	from             int // the first generation of its data
	positions, valid int
	k                float64
	best, passes     int
	loss             float64 // the best pass's validation loss
}

// The values of a result file's keys, written by fmt and read by
// fmt.Sscanf: a fit's K and loss in full, so that they read back the same.
const (
	dataFormat  = "%d games, %d positions"
	fitFormat   = "generations %d-%d, %d positions (%d held out), K %g, pass %d of %d, validation loss %g"
	matchFormat = "%d-%d-%d"
)

// The keys of a result file besides the rule sets' (VARIANT.KEY).
const (
	keyGeneration = "generation"
	keyDecided    = "decided"
	yes, no       = "yes", "no"
)

// played reports whether g's self-play is done for every rule set cfg
// trains, fitted whether its fit is.
func (g *generation) played(cfg *LoopConfig) bool {
	return g.all(cfg, func(s *side) bool { return s.data })
}

func (g *generation) fitted(cfg *LoopConfig) bool {
	return g.all(cfg, func(s *side) bool { return s.fit != nil })
}

// all reports whether done holds for the side of every rule set cfg
// trains.
func (g *generation) all(cfg *LoopConfig, done func(*side) bool) bool {
	for _, v := range cfg.variants() {
		if !done(&g.sides[v]) {
			return false
		}
	}
	return true
}

// accepted reports whether g took new weights for any rule set.
func (g *generation) accepted() bool {
	for _, s := range g.sides {
		if s.accepted {
			return true
		}
	}
	return false
}

// params returns g as its result file keeps it.
func (g *generation) params() []param {
	ps := []param{{keyGeneration, strconv.Itoa(g.n)}}
	for v, s := range g.sides {
		key := func(k string) string { return movegen.Variant(v).String() + "." + k }
		if s.data {
			ps = append(ps, param{key("data"), fmt.Sprintf(dataFormat, s.games, s.positions)})
		}
		if f := s.fit; f != nil {
			ps = append(ps, param{key("fit"), fmt.Sprintf(fitFormat, f.from, g.n, f.positions, f.valid, f.k, f.best, f.passes, f.loss)})
		}
		if m := s.score; m != nil {
			ps = append(ps, param{key("match"), fmt.Sprintf(matchFormat, m.Wins, m.Losses, m.Draws)})
		}
		if g.decided {
			accepted := no
			if s.accepted {
				accepted = yes
			}
			ps = append(ps, param{key("accepted"), accepted}, param{key("weights"), s.weights})
		}
	}
	if g.decided {
		ps = append(ps, param{keyDecided, yes})
	}
	return ps
}

// write replaces the result file at path with g (atomicfile.WriteFile),
// a decided one with a line a rule set for people (sideText).
func (g *generation) write(path string, sprt *match.SPRT) error {
	comments := []string{fmt.Sprintf("Generation %d of crown train loop, rewritten after each step.", g.n)}
	if g.decided {
		for v := range g.sides {
			comments = append(comments, g.sideText(movegen.Variant(v), sprt))
		}
	}
	text, err := formatParams(resultFirstLine, comments, g.params())
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, text)
}

// readGeneration reads the result file at path: nil and no error if there
// is none.
func readGeneration(path string) (*generation, error) {
	return readParsed(path, "a generation's result", parseGeneration)
}

// parseGeneration reads a result file's text.
func parseGeneration(text []byte) (*generation, error) {
	g := &generation{n: -1}
	scan := func(value, format string, args ...any) error {
		if _, err := fmt.Sscanf(value, format, args...); err != nil {
			return fmt.Errorf("%s: want %q", play.Echo(value), format)
		}
		return nil
	}
	err := parseParams(text, resultFirstLine, func(key, value string) error {
		switch key {
		case keyGeneration:
			return scan(value, "%d", &g.n)
		case keyDecided:
			g.decided = true
			if value != yes {
				return fmt.Errorf("%s %s: want %s", key, play.Echo(value), yes)
			}
			return nil
		}
		name, field, _ := strings.Cut(key, ".")
		v, err := movegen.ParseVariant(name)
		if err != nil {
			return fmt.Errorf("unknown key %s", play.Echo(key))
		}
		s := &g.sides[v]
		switch field {
		case "data":
			s.data = true
			return scan(value, dataFormat, &s.games, &s.positions)
		case "fit":
			s.fit = &fitRecord{}
			var to int
			f := s.fit
			return scan(value, fitFormat, &f.from, &to, &f.positions, &f.valid, &f.k, &f.best, &f.passes, &f.loss)
		case "match":
			s.score = &match.Score{}
			return scan(value, matchFormat, &s.score.Wins, &s.score.Losses, &s.score.Draws)
		case "accepted":
			s.accepted = value == yes
			if value != yes && value != no {
				return fmt.Errorf("%s %s: want %s or %s", key, play.Echo(value), yes, no)
			}
			return nil
		case "weights":
			s.weights = value
			return nil
		}
		return fmt.Errorf("unknown key %s", play.Echo(key))
	})
	switch {
	case err != nil:
		return nil, err
	case g.n < 1:
		return nil, errors.New("no generation number")
	}
	if g.decided {
		// What a decided generation's description (sideText) reads.
		for v, s := range g.sides {
			if s.data && (s.fit == nil || s.score == nil) {
				return nil, fmt.Errorf("decided, but %v has data and no fit or match", movegen.Variant(v))
			}
		}
	}
	return g, nil
}

// text describes a fit of generation k for people, rounded.
func (f *fitRecord) text(k int) string {
	return fmt.Sprintf("fit to generations %d-%d (%d positions, %d held out), K %.1f, pass %d of %d, validation loss %.5f",
		f.from, k, f.positions, f.valid, f.k, f.best, f.passes, f.loss)
}

// matchText describes a side's match: wins, losses and draws of the fit,
// Elo with its margin, LOS and the SPRT's verdict, if there is one.
func (s *side) matchText(sprt *match.SPRT) string {
	m := s.score
	t := fmt.Sprintf(matchFormat+", Elo %s, LOS %.1f%%", m.Wins, m.Losses, m.Draws, m.EloText(), 100*m.LOS())
	if sprt != nil {
		t += ", SPRT " + sprt.Verdict(*m).String()
	}
	return t
}

// verdict says what a decided side's match decided.
func (s *side) verdict() string {
	if s.accepted {
		return "accepted"
	}
	return "rejected"
}

// sideText describes what g did in rule set v, in a line: its data, fit
// and match, and whether the fit was accepted; with sprt the match's
// verdict is given as the test's.
func (g *generation) sideText(v movegen.Variant, sprt *match.SPRT) string {
	s := &g.sides[v]
	if !s.data {
		return fmt.Sprintf("%v: not trained", v)
	}
	return fmt.Sprintf("%v: "+dataFormat+"; %s; match %s: %s", v, s.games, s.positions, s.fit.text(g.n), s.matchText(sprt), s.verdict())
}

// summary is g's line on the loop's output: the rule sets it trained.
func (g *generation) summary(sprt *match.SPRT) string {
	var parts []string
	for v := range g.sides {
		if g.sides[v].data {
			parts = append(parts, g.sideText(movegen.Variant(v), sprt))
		}
	}
	if len(parts) == 0 {
		return "no rule set trained"
	}
	return strings.Join(parts, " | ")
}

// tableIntro opens the table of the generations.
const tableIntro = `# Generations of crown train loop

A row a generation, rewritten as each ends. Data: the generation's self-play games, the
positions they added and the limit of their searches. Fit: the generations whose data it read,
K, the best pass of the passes run and its validation loss. Match: the fit against the current
weights, wins-losses-draws of the fit, Elo with its 95% margin, LOS, and whether the fit's
table became current.

`

// writeTable writes the loop's table of the generations done, under its
// settings ps.
func (cfg *LoopConfig) writeTable(ps []param, done []*generation) error {
	var b bytes.Buffer
	b.WriteString(tableIntro)
	settings := make([]string, len(ps))
	for i, p := range ps {
		settings[i] = "`" + p.key + " " + p.value + "`"
	}
	fmt.Fprintf(&b, "Settings: %s.\n\n", strings.Join(settings, ", "))
	b.WriteString("| gen | self-play |")
	var trained []movegen.Variant // the columns: the games the loop plays
	for v := range movegen.NumVariants {
		if cfg.Games[v] == 0 {
			continue
		}
		trained = append(trained, v)
		name := v.Rules().Name
		name = strings.ToUpper(name[:1]) + name[1:]
		fmt.Fprintf(&b, " %s data | %s fit | %s match |", name, name, name)
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|---|---|", len(trained)) + "\n")
	for _, g := range done {
		fmt.Fprintf(&b, "| %d | %s |", g.n, cfg.Limits)
		for _, v := range trained {
			s := &g.sides[v]
			if !s.data {
				b.WriteString(" - | - | - |")
				continue
			}
			f := s.fit
			fmt.Fprintf(&b, " "+dataFormat+" | generations %d-%d, K %.1f, pass %d of %d, loss %.5f | %s: %s |",
				s.games, s.positions, f.from, g.n, f.k, f.best, f.passes, f.loss, s.matchText(cfg.SPRT), s.verdict())
		}
		b.WriteString("\n")
	}
	return atomicfile.WriteFile(filepath.Join(cfg.Dir, TableFile), b.Bytes())
}
