package protocol

import (
	"context"
	"io"

	"github.com/crown-checkers/crown/lineio"
	"github.com/crown-checkers/crown/play"
)

// Version is the protocol version reported by "get protocolversion". It is
// 2, the number CheckerBoard engines answer, since the commands it shares
// with CheckerBoard's enginecommand keep their meaning.
const Version = 2

// MaxLineBytes bounds an input line. The longest useful line is a set
// gamehist with maxHistoryMoves full-path captures (about 40 KB); a longer
// line is read to its end, dropped and answered with one error.
const MaxLineBytes = 64 << 10

// Config describes the engine a session speaks for.
type Config struct {
	Name    string    // engine name, as in "name Crown 0.1"
	Version string    // engine version
	Stderr  io.Writer // diagnostics; nil discards them
	// Session holds the session's settings at start: the engine's
	// options, the host's cap on the hash table ("set hashsize" accepts
	// no more), the book and its level (0, off, when zero: scripts and
	// matches measure the search unless they ask for the book).
	Session play.Config
}

// Run serves one protocol session: it reads commands from in and writes
// replies to out until quit, end of input or the cancellation of ctx. At
// end of input the running job, if any, is stopped, as stop stops it, and
// its reply is written (a host that died leaves no search running; a
// script that wants a whole search uses crown analyze, or keeps its input
// open until the move line); after quit or cancellation it is stopped and
// its reply dropped. Run returns nil after
// quit or end of input, ctx.Err() after cancellation, and otherwise the
// first error reading in or writing out, or the error that kept the
// session from starting (a weight file or endgame database in cfg that
// does not open).
//
// Run reads in on a goroutine of its own; when Run returns because of ctx
// or a write error while that goroutine is blocked in a Read, the goroutine
// ends only when the Read returns (close in to end it at once). Run returns
// only once the running job has ended, so a client must keep reading out
// until then (or close it): a job blocked writing a line blocks Run too.
func Run(ctx context.Context, in io.Reader, out io.Writer, cfg Config) error {
	s, err := newSession(out, cfg)
	if err != nil {
		return err
	}
	defer s.play.Close()
	return s.loop.Serve(ctx, in, MaxLineBytes, s.handle)
}

// session is the state of one Run: the play session (engine, rule set,
// game history, book) and the loop that runs its commands, with the job
// (search or perft) running in the background. Only the goroutine of Run
// touches it; jobs talk back through their final reply and the writer.
type session struct {
	cfg    Config
	loop   *lineio.Loop
	out    *lineio.Writer // loop's
	stderr *lineio.Notes  // loop's
	play   *play.Session
	// ponder is set ponder: move lines name the reply the engine expects.
	ponder bool
}

func newSession(out io.Writer, cfg Config) (*session, error) {
	s := &session{cfg: cfg, loop: lineio.NewLoop(out, cfg.Stderr)}
	s.out, s.stderr = s.loop.Out, s.loop.Notes
	pc := cfg.Session
	pc.Notes = func(note string) { s.stderr.Printf("%s", note) }
	var err error
	if s.play, err = play.New(pc); err != nil {
		return nil, err
	}
	return s, nil
}

// start runs work in the background as the session's job (Loop.Start);
// a panic in it is answered as an error line.
func (s *session) start(name string, unlimited bool, hit chan struct{}, work func(ctx context.Context) string) {
	s.loop.Start(name, unlimited, hit, work, func(err error) string { return "error " + err.Error() })
}
