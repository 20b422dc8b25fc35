package hub

import (
	"context"
	"io"

	"github.com/crown-checkers/crown/lineio"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// MaxLineBytes bounds an input line: the longest useful one is a pos with
// a whole game's moves (play.MaxHistoryMoves captures of a few squares
// each, some 20 KB); a longer line is read to its end, dropped and
// answered with one error.
const MaxLineBytes = 64 << 10

// Author is the id line's author.
const Author = "The Crown authors"

// Config is what a Hub session starts with: the name and version its id
// line gives (play.Name and play.Version for Crown), where diagnostics go
// (Stderr; nil discards them) and the play session's settings (options,
// the host's cap on the hash table, the book and its level), which
// set-param changes.
type Config struct {
	Name, Version string
	Stderr        io.Writer
	Session       play.Config
}

// Run serves one Hub session on in and out until quit, the end of in or
// the cancellation of ctx, as lineio.Loop.Serve does. At the end of in
// the search running is stopped and writes its done line (a client that
// died leaves no search holding a core); quit stops a search without
// limits, and waits for one with, and writes its done line first. Run returns nil after quit or the end of
// in, ctx.Err() after cancellation, and otherwise the first error reading
// or writing, or the one that kept the session from starting (a weight
// file or endgame database in cfg that does not open).
func Run(ctx context.Context, in io.Reader, out io.Writer, cfg Config) error {
	s, err := newSession(out, cfg)
	if err != nil {
		return err
	}
	defer s.play.Close()
	return s.loop.Serve(ctx, in, MaxLineBytes, s.handle)
}

// session is the state of one Run: the play session (engine, rule set,
// game, book), the position and level the next go searches, and the loop
// that runs its commands, with the search running in the background.
// Only the goroutine of Run touches it; the search talks back through
// its done line and the writer.
type session struct {
	cfg   Config
	loop  *lineio.Loop
	out   *lineio.Writer // loop's
	notes *lineio.Notes  // loop's
	play  *play.Session
	// pos is the position the next go searches (the game's last, which
	// the play session holds), and noPos why there is none: the last pos
	// was refused.
	pos   movegen.Position
	noPos error
	// level is the limits of the next go, as the last level set them.
	level search.Limits
}

func newSession(out io.Writer, cfg Config) (*session, error) {
	s := &session{cfg: cfg, loop: lineio.NewLoop(out, cfg.Stderr)}
	s.out, s.notes = s.loop.Out, s.loop.Notes
	pc := cfg.Session
	pc.Notes = func(note string) { s.notes.Printf("%s", note) }
	var err error
	if s.play, err = play.New(pc); err != nil {
		return nil, err
	}
	s.pos = movegen.StartPosition(s.play.Variant())
	return s, nil
}

// start runs a search in the background (lineio.Loop.Start); a panic in
// it is answered as an error and a done line with no move.
func (s *session) start(unlimited bool, hit chan struct{}, work func(ctx context.Context) string) {
	s.loop.Start("go", unlimited, hit, work, func(err error) string {
		s.out.Line(errorLine("go: %v", err))
		return doneWord
	})
}
