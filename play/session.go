package play

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// Limits on what a front end hands a session.
const (
	// MaxFENBytes bounds a FEN: 24 pieces with K marks, commas and colour
	// blocks fit in about 100 characters; the slack allows ranges and a
	// final dot, and the bound keeps error replies short.
	MaxFENBytes = 512
	// MaxHistoryMoves bounds a game history: CheckerBoard sends only the
	// reversible moves since the last irreversible one, which the draw
	// rules keep under 80 plies; a whole 300-move game fits too.
	MaxHistoryMoves = 1000
)

// DefaultBook names the book that ships inside Crown (book.Default) where
// a book file's path would stand, and GivenBook a book Config gives
// without a name.
const (
	DefaultBook = "default"
	GivenBook   = "(given)"
)

// Config describes a session at its start.
type Config struct {
	// Options are the engine's settings at start; zero fields take the
	// defaults. The session opens the files they name from Pool and holds
	// them until it is closed or set to others.
	Options Options
	// Pool, if not nil, is where the session opens the files its options
	// name, shared with the other sessions of its owner (a match's
	// engines, the web board's games), who closes it after them; nil
	// gives the session a pool of its own.
	Pool *Pool
	// MaxHashMiB, when positive, caps the hash table an option may set
	// below the search's own limit, for hosts that run several engines in
	// one process (a match runner) or tests on a small machine.
	MaxHashMiB int
	// Book, if not nil, is the opening book used instead of the one that
	// ships (book.Default), until SetBookFile loads another; BookName is
	// what BookFile calls it (GivenBook when empty).
	Book     *book.Book
	BookName string
	// BookLevel is the book level at start (0, off, when zero).
	BookLevel book.Level
	// Seed seeds the random choices: among book moves, and a level's
	// among near-best moves (Level); 0 seeds them from the clock, so
	// sessions vary.
	Seed uint64
	// Notes, if not nil, receives diagnostics: a game history that does
	// not end in the position searched, the stack of a search that failed.
	Notes func(string)
}

// Session is one engine at one board: see the package documentation.
// Whoever makes one closes it.
type Session struct {
	cfg     Config
	engine  *search.Engine
	pool    *Pool      // where the session's files come from
	ownPool bool       // pool is the session's own, closed with it
	setMu   sync.Mutex // serializes changes of the engine's options

	mu sync.Mutex // guards the fields below; never held during a search
	// opt are the options in force, and open what the pool opened for
	// them: the engine's options, which the engine itself reports only
	// between searches.
	opt     Options
	open    search.Options
	variant movegen.Variant
	game    *movegen.Game // the game so far, nil when none is set
	// mismatchNoted: a getmove's position did not end game, and a note
	// said so; later ones that do not either are ignored silently, for a
	// client that keeps an old history would get the note every move.
	mismatchNoted bool
	// bookLevel is the book setting; bookFile the book in use (nil: the
	// shipped one) and bookPath its name; rng chooses among book moves.
	bookLevel book.Level
	bookFile  *book.Book
	bookPath  string
	rng       *rand.Rand
	// seed is the session's seed (Config.Seed, or the clock's), from
	// which with a position's hash a level draws its move (levelRand).
	seed uint64
}

// New returns a session playing American checkers with the options and
// book of cfg. A weight file or endgame database in cfg.Options that does
// not open is an error.
func New(cfg Config) (*Session, error) {
	s := &Session{cfg: cfg, pool: cfg.Pool, variant: movegen.American, bookLevel: cfg.BookLevel, bookFile: cfg.Book, bookPath: cfg.BookName}
	if s.bookFile != nil && s.bookPath == "" {
		s.bookPath = GivenBook
	}
	if s.pool == nil {
		s.pool, s.ownPool = NewPool(), true
	}
	s.opt = cfg.Options.withDefaults()
	var err error
	if s.open, err = s.pool.Open(s.opt); err != nil {
		s.closePool()
		return nil, err
	}
	s.engine = search.New(s.open)
	s.seed = cfg.Seed
	if s.seed == 0 {
		s.seed = uint64(time.Now().UnixNano())
	}
	s.rng = rand.New(rand.NewPCG(s.seed, 0))
	return s, nil
}

// Close releases what the session holds: the engine's tables and the
// files its options opened (a database is closed if no one else holds
// it). It waits for a running search (cancel it first). The session must
// not be used after.
func (s *Session) Close() {
	s.setMu.Lock()
	defer s.setMu.Unlock()
	s.engine.Close()
	s.mu.Lock()
	open := s.open
	s.open = search.Options{}
	s.mu.Unlock()
	s.pool.Release(open)
	s.closePool()
}

// closePool closes the session's own pool.
func (s *Session) closePool() {
	if s.ownPool {
		s.pool.Close()
	}
}

// note sends a diagnostic to Config.Notes.
func (s *Session) note(format string, args ...any) {
	if s.cfg.Notes != nil {
		s.cfg.Notes(fmt.Sprintf(format, args...))
	}
}

// Echo quotes a client's text for an error message, cut to 40 bytes, with
// Go escapes for what is not printable ASCII: movegen.Echo, under the
// name the front ends reach it by.
func Echo(t string) string { return movegen.Echo(t) }

// OptionByKey returns the engine option of Registry (or the search's
// parameter, Tunables) whose key is key, in lower case, or nil. Flag names
// are not keys.
func OptionByKey(key string) *Option {
	if op, ok := LookupOption(key); ok && key == op.Key {
		return op
	}
	return nil
}

// Options returns the engine's options in force.
func (s *Session) Options() Options {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.opt
}

// SetOption sets op from text as a front end's user wrote it (a number in
// op's range, or a text option's value: a directory, a file, None). It
// fails, and changes nothing, on a bad value, a hash table over the host's
// cap, a database or weight file that does not open, or while a search
// runs (search.ErrBusy).
func (s *Session) SetOption(op *Option, text string) error {
	s.setMu.Lock()
	defer s.setMu.Unlock()
	opt := s.Options()
	if err := op.SetText(&opt, text); err != nil {
		return err
	}
	if op.Key == "hashsize" && s.cfg.MaxHashMiB > 0 && opt.HashMiB > s.cfg.MaxHashMiB {
		return fmt.Errorf("%d MiB is over this host's limit of %d MiB", opt.HashMiB, s.cfg.MaxHashMiB)
	}
	open, err := s.pool.Open(opt)
	if err != nil {
		return err
	}
	if err := s.engine.SetOptions(open); err != nil {
		s.pool.Release(open)
		return err
	}
	s.mu.Lock()
	old := s.open
	s.opt, s.open = opt, open
	s.mu.Unlock()
	s.pool.Release(old) // the database in force, if open kept it, is still held by open
	return nil
}

// Clamp returns n brought into the range op takes in this session: op's
// own, and for hashsize the host's cap (Config.MaxHashMiB). It is for a
// front end whose host offers values Crown does not take and cannot show
// a refusal: CheckerBoard's options dialog offers hash tables up to half
// the machine's memory and a database cache from 0, and drops the reply.
func (s *Session) Clamp(op *Option, n int) int {
	most := op.Max
	if op.Key == "hashsize" && s.cfg.MaxHashMiB > 0 {
		most = min(most, s.cfg.MaxHashMiB)
	}
	return max(op.Min, min(n, most))
}

// Variant returns the rule set in force.
func (s *Session) Variant() movegen.Variant {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.variant
}

// SetGameType switches to the rule set of PDN GameType n (21 American, 23
// Pool). A change of rule set forgets the game history and clears the
// hash table; while a search runs it is refused (search.ErrBusy).
func (s *Session) SetGameType(n int) error {
	v, err := movegen.VariantForGameType(n)
	if err != nil {
		return err
	}
	if v == s.Variant() {
		return nil
	}
	// Refused at once while a search runs, as the options are: the caller
	// may be a host's GUI thread, which waiting would freeze until the
	// search ends, forever at an infinite level.
	if err := s.engine.TryClear(); err != nil {
		return err
	}
	s.mu.Lock()
	s.variant, s.game = v, nil
	s.mu.Unlock()
	return nil
}

// ParseFEN reads a FEN in the rule set in force, at most MaxFENBytes long.
func (s *Session) ParseFEN(fen string) (movegen.Position, error) {
	if len(fen) > MaxFENBytes {
		return movegen.Position{}, fmt.Errorf("bad FEN: longer than %d bytes", MaxFENBytes)
	}
	return movegen.ParseFEN(fen, s.Variant())
}

// SetHistory replaces the game history with the position fen and the moves
// played from it (PDN, at most MaxHistoryMoves), or keeps the one in force
// when any part is wrong: the error names the first bad move by its number.
func (s *Session) SetHistory(fen string, moves []string) error {
	if len(moves) > MaxHistoryMoves {
		return fmt.Errorf("%d moves, more than %d", len(moves), MaxHistoryMoves)
	}
	p, err := s.ParseFEN(fen)
	if err != nil {
		return err
	}
	g := movegen.NewGame(p)
	for i, ms := range moves {
		if _, err := g.PlayText(ms); err != nil {
			return fmt.Errorf("move %d %s: %s", i+1, Echo(ms), moveErrorText(err))
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.game, s.mismatchNoted = g, false
	return nil
}

// moveErrorText is the reason in a move error, without the move and FEN
// the message already names.
func moveErrorText(err error) string {
	if me, ok := err.(*movegen.MoveError); ok {
		return me.Msg
	}
	return err.Error()
}

// HistoryText describes the game history, "moves=<k> fen=<FEN reached>",
// or returns "" when none is set.
func (s *Session) HistoryText() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.game == nil {
		return ""
	}
	last := s.game.Position()
	return fmt.Sprintf("moves=%d fen=%s", len(s.game.Moves), last.FEN())
}

// history returns the positions before p in the game history, or nil when
// that game does not end in p: a note says so the first time, and again
// only after a search the history did end in, or a new history.
func (s *Session) history(p movegen.Position) []movegen.Position {
	s.mu.Lock()
	g := s.game
	if g == nil {
		s.mu.Unlock()
		return nil
	}
	last := g.Position()
	matches := last.Pieces == p.Pieces && last.Kings == p.Kings && last.Turn == p.Turn
	noted := s.mismatchNoted
	s.mismatchNoted = !matches
	s.mu.Unlock()
	if !matches {
		if !noted {
			s.note("gamehist ignored: it ends in %s, getmove asks for %s (said once, until a getmove matches it or set gamehist gives another)", last.FEN(), p.FEN())
		}
		return nil
	}
	return g.History()
}

// NewGame forgets the game history and clears the hash table, as for a
// new game.
func (s *Session) NewGame() {
	s.mu.Lock()
	s.game = nil
	s.mu.Unlock()
	s.engine.Clear()
}

// ClearTable clears the hash table and the move-ordering tables (a table
// no search has written is left as it is), waiting for a running search.
func (s *Session) ClearTable() { s.engine.Clear() }

// BookLevel returns the book level in force.
func (s *Session) BookLevel() book.Level {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bookLevel
}

// SetBookLevel sets the book level, 0..3 (book.Level).
func (s *Session) SetBookLevel(n int) error {
	if err := book.Level(n).Check(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bookLevel = book.Level(n)
	return nil
}

// BookFile names the book in use: DefaultBook, or the path it was read
// from.
func (s *Session) BookFile() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bookName()
}

// bookName is BookFile; mu is held.
func (s *Session) bookName() string {
	if s.bookFile == nil {
		return DefaultBook
	}
	return s.bookPath
}

// SetBookFile reads the book file at path (which may hold blanks), or goes
// back to the shipped book for DefaultBook; on error the book in use
// stays.
func (s *Session) SetBookFile(path string) error {
	var b *book.Book
	if path != DefaultBook {
		var err error
		if b, err = book.Load(path); err != nil {
			return err
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bookFile, s.bookPath = b, path
	return nil
}

// Book returns the book in use for the rule set in force, or why there is
// none (book.Select).
func (s *Session) Book() (*book.Book, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return book.Select(s.bookFile, s.variant)
}

// EGDB returns the endgame database in force, nil if none.
func (s *Session) EGDB() *egdb.DB { return s.engine.EGDB() }

// Provenance says how the evaluation's weights in force were made, each
// absolute path in it cut to its last element (withoutFolders).
func (s *Session) Provenance() string { return withoutFolders(s.engine.Eval().Provenance) }

// Evaluate returns the static evaluation of p and its terms (eval's
// Explain), all in centi-men from the side to move's view, so that the
// terms add up to the score.
func (s *Session) Evaluate(p *movegen.Position) (score int, terms []eval.Term) {
	score, terms = s.engine.Eval().Explain(p)
	if p.Turn == movegen.White { // Explain's terms are from Black's view
		for i := range terms {
			terms[i].Value = -terms[i].Value
		}
	}
	return score, terms
}
