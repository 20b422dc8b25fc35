package hub

import (
	"fmt"
	"strings"

	"github.com/crown-checkers/crown/lineio"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// atOnce names the commands that act at once during a search, whatever
// waits: ping and stop. protocol.txt lets ponder-hit through too, which
// acts at once on a ponder search unless lines wait (it then waits its
// turn, for the go ponder it follows). Any other command that comes
// during a search runs after it, in order, as if the client had waited
// for its done line: a search with limits runs to its end first (so a
// script pasted whole searches as it says), and one that would run until
// stopped (no limit, or pondering) is stopped, as Scan does; quit too.
var atOnce = map[string]bool{"ping": true, "stop": true}

// handle runs one input line.
func (s *session) handle(l lineio.Line) lineio.Outcome {
	if l.TooLong {
		s.out.Line(errorLine("line too long: over %d bytes, ignored", MaxLineBytes))
		return lineio.Continue
	}
	c, err := parseCommand(l.Text)
	if err != nil {
		s.out.Line(errorLine("%v", err))
		return lineio.Continue
	}
	if c.name == "" {
		return lineio.Continue
	}
	if _, running := s.loop.Running(); running && !atOnce[c.name] {
		switch {
		case s.loop.Ahead():
			return lineio.Defer
		case c.name == "ponder-hit":
		case !s.loop.Endless():
			return lineio.Defer
		default:
			if err := s.loop.Finish(); err != nil {
				return lineio.Continue // Serve's context is done: it returns its error next
			}
		}
	}
	if c.name == "quit" {
		return lineio.Quit
	}
	run, ok := commands[c.name]
	if !ok {
		s.out.Line(errorLine("unknown command %s (the commands: hub init set-param new-game pos level go ponder-hit stop ping quit; docs/hub.md)", play.Echo(c.name)))
		return lineio.Continue
	}
	return run(s, c)
}

// commands are the commands but quit, each with what runs it.
var commands = map[string]func(s *session, c command) lineio.Outcome{
	"stop": func(*session, command) lineio.Outcome { return lineio.StopJob },
	"ponder-hit": func(s *session, _ command) lineio.Outcome {
		s.loop.PonderHit()
		return lineio.Continue
	},
	"ping": func(s *session, _ command) lineio.Outcome {
		s.out.Line("pong")
		return lineio.Continue
	},
	"hub": idle((*session).hub),
	"init": idle(func(s *session, _ command) {
		s.out.Line("ready")
	}),
	"set-param": idle((*session).setParam),
	"new-game": idle(func(s *session, _ command) {
		s.play.NewGame()
		s.setPosition(movegen.StartPosition(s.play.Variant()))
	}),
	"pos":   idle((*session).position),
	"level": idle((*session).setLevel),
	"go":    idle((*session).goSearch),
}

// idle makes a command that runs with no search running, and then reads
// the next line, of f.
func idle(f func(s *session, c command)) func(s *session, c command) lineio.Outcome {
	return func(s *session, c command) lineio.Outcome {
		f(s, c)
		return lineio.Continue
	}
}

// hub answers the hub command: the engine's id, its parameters and wait.
func (s *session) hub(command) {
	id := []string{"id", pair("name", s.cfg.Name), pair("version", s.cfg.Version), pair("author", Author)}
	s.out.Line(strings.Join(id, " "))
	for _, p := range params {
		s.out.Line(p.line(s))
	}
	s.out.Line("wait")
}

// setPosition makes p, with no game before it, the position the next go
// searches.
func (s *session) setPosition(p movegen.Position) {
	s.pos, s.noPos = p, nil
}

// position reads pos: a position (pos=, the start position without it)
// and the moves played from it (moves=), which become the game the
// search counts repetitions in; the position after them is searched
// next. On error the session has no position until the next pos.
func (s *session) position(c command) {
	if err := s.readPosition(c); err != nil {
		s.noPos = err
		s.out.Line(errorLine("pos: %v", err))
	}
}

func (s *session) readPosition(c command) error {
	v := s.play.Variant()
	p := movegen.StartPosition(v)
	if a, ok := c.lookup("pos"); ok {
		var err error
		if p, err = parsePosition(a.value, v); err != nil {
			return err
		}
	}
	var moves []string
	if a, ok := c.lookup("moves"); ok {
		moves = strings.Fields(a.value)
	}
	if len(moves) > play.MaxHistoryMoves {
		return fmt.Errorf("%d moves, more than %d", len(moves), play.MaxHistoryMoves)
	}
	g := movegen.NewGame(p)
	paths := make([]string, len(moves))
	for i, text := range moves {
		last := g.Position()
		m, err := parseMove(&last, text)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return fmt.Errorf("move %d of moves=: %v", i+1, err)
		}
		paths[i] = last.Rules().PathText(m)
	}
	if err := s.play.SetHistory(p.FEN(), paths); err != nil {
		return err
	}
	s.pos, s.noPos = g.Position(), nil
	return nil
}
