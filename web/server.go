package web

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// Defaults of the server's limits.
const (
	// DefaultMaxGames bounds the games kept at once: each may hold an
	// engine with its own transposition table.
	DefaultMaxGames = 32
	// DefaultMaxThink caps the engine's time per move a game may ask for.
	DefaultMaxThink = 30 * time.Second
	// DefaultMoveTime is the engine's time per move when a game names none.
	DefaultMoveTime = time.Second
	// MinMoveTime is the shortest time per move a game may ask for: less
	// leaves the engine no time to finish one iteration.
	MinMoveTime = 10 * time.Millisecond
	// DefaultAnalysisTime caps one analysis of one position, so a board
	// left open with analysis on does not search for ever.
	DefaultAnalysisTime = time.Minute
	// DefaultIdleTimeout is how long a game nobody looks at is kept.
	DefaultIdleTimeout = time.Hour
	// DefaultHashMiB is each game's transposition table: small, as many
	// games may run at once.
	DefaultHashMiB = 16
	// DefaultSearches is how many searches run at once; more wait their
	// turn. The engine is single-threaded per search.
	DefaultSearches = 2
)

// Request limits.
const (
	// maxBody bounds a request body: a long PDN game is a few kilobytes.
	maxBody = 256 << 10
	// streamsPerGame bounds the event streams open at once, per game kept.
	streamsPerGame = 4
	// streamInterval spaces the events of one stream, so a burst of
	// shallow iterations is sent as one update.
	streamInterval = 100 * time.Millisecond
	// streamPing keeps an idle event stream (and its game) alive.
	streamPing = 20 * time.Second
)

// Options are the server's limits. Zero fields take the defaults.
type Options struct {
	MaxGames     int           // games kept at once; a new one beyond is refused (503)
	MaxThink     time.Duration // longest engine time per move a game may ask for
	AnalysisTime time.Duration // longest analysis of one position
	ReviewTime   time.Duration // a review's time per position (Review)
	IdleTimeout  time.Duration // a game nobody has looked at for this long may be dropped
	// Engine holds each game's engine options (play.Registry: hash size,
	// threads); the table is allocated at the game's first search. A zero
	// HashMiB takes DefaultHashMiB, other zero fields the defaults.
	Engine play.Options
	// Pool is where the games' engines open the files Engine names (an
	// endgame database, a weight file), one copy for all of them; its
	// owner closes it after Close. nil gives each game its own.
	Pool     *play.Pool
	Searches int // searches run at once; the others wait their turn
	// Book is the level at which the engine plays its moves from the
	// shipped opening book (book.Default) while a game is in it; 0, the
	// zero value, plays none. crown serve uses book.AllGood, so games
	// against a person vary.
	Book book.Level
	// Log, if not nil, receives the server's failures, a line each: a
	// search that failed (the game goes on with a legal move), an engine
	// that could not be made.
	Log io.Writer
	// AllowedHosts are host names the server answers to besides
	// localhost and IP addresses (guard.go): the machine's name, for a
	// board served to the local network.
	AllowedHosts []string
	// Variant is the game the board offers first and plays when a new
	// game's request names none; American, the zero value, by default.
	Variant movegen.Variant
}

func (o Options) withDefaults() Options {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defDur := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.MaxGames, DefaultMaxGames)
	def(&o.Engine.HashMiB, DefaultHashMiB)
	def(&o.Searches, DefaultSearches)
	defDur(&o.MaxThink, DefaultMaxThink)
	defDur(&o.AnalysisTime, DefaultAnalysisTime)
	defDur(&o.ReviewTime, DefaultReviewTime)
	defDur(&o.IdleTimeout, DefaultIdleTimeout)
	o.MaxThink = max(o.MaxThink, MinMoveTime)
	return o
}

// Server is the web board: an http.Handler serving the page and the JSON
// API over the games it keeps.
type Server struct {
	opt      Options
	mux      *http.ServeMux
	origins  *http.CrossOriginProtection // refuses other sites' pages (guard.go)
	ctx      context.Context             // cancelled by Close: ends every search and stream
	close    context.CancelFunc
	sem      chan struct{} // one token per search allowed to run
	searches sync.WaitGroup
	streams  atomic.Int64
	logMu    sync.Mutex // one line of the log at a time

	mu    sync.Mutex
	games map[string]*game
}

// New returns a server with the given limits.
func New(opt Options) *Server {
	s := &Server{opt: opt.withDefaults(), mux: http.NewServeMux(), origins: http.NewCrossOriginProtection(), games: map[string]*game{}}
	s.ctx, s.close = context.WithCancel(context.Background())
	s.sem = make(chan struct{}, s.opt.Searches)
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	files := http.FileServerFS(static)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		files.ServeHTTP(w, r)
	})
	s.mux.HandleFunc("GET /api/variants", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, allVariants(s.opt.Variant))
	})
	s.mux.HandleFunc("POST /api/games", func(w http.ResponseWriter, r *http.Request) { s.handleNew(w, r, nil) })
	s.mux.HandleFunc("GET /api/games/{id}", s.withGame(s.handleState))
	s.mux.HandleFunc("POST /api/games/{id}/new", s.withGame(s.handleNew))
	s.mux.HandleFunc("POST /api/games/{id}/move", s.withGame(s.handleMove))
	s.mux.HandleFunc("POST /api/games/{id}/undo", s.withGame(s.handleUndo))
	s.mux.HandleFunc("POST /api/games/{id}/redo", s.withGame(s.handleRedo))
	s.mux.HandleFunc("POST /api/games/{id}/go", s.withGame(s.handleGo))
	s.mux.HandleFunc("POST /api/games/{id}/analysis", s.withGame(s.handleAnalysis))
	s.mux.HandleFunc("POST /api/games/{id}/review", s.withGame(s.handleReview))
	s.mux.HandleFunc("POST /api/games/{id}/goto", s.withGame(s.handleGoto))
	s.mux.HandleFunc("POST /api/games/{id}/hint", s.withGame(s.handleHint))
	s.mux.HandleFunc("POST /api/games/{id}/resign", s.withGame(s.handleResign))
	s.mux.HandleFunc("POST /api/games/{id}/draw", s.withGame(s.handleDraw))
	s.mux.HandleFunc("GET /api/games/{id}/pdn", s.withGame(s.handlePDN))
	s.mux.HandleFunc("GET /api/games/{id}/events", s.withGame(s.handleEvents))
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, codeBadRequest, "no such API call: %s %s", r.Method, r.URL.Path)
	})
	return s
}

// ServeHTTP serves the page and the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if s.guard(w, r) {
		return
	}
	s.mux.ServeHTTP(w, r)
}

// Close stops every search and event stream, waits for the searches to
// return and lets go of every game's engine.
func (s *Server) Close() {
	s.close()
	s.searches.Wait()
	s.mu.Lock()
	for _, g := range s.games {
		g.mu.Lock()
		g.stopClock()
		g.release()
		g.mu.Unlock()
	}
	s.mu.Unlock()
	s.searches.Wait()
}

// Stats are the server's counts at a moment, for a page that watches it
// (crown serve's /debug/vars) and the soak that loads it.
type Stats struct {
	Games    int   `json:"games"`     // games kept
	MaxGames int   `json:"max_games"` // the most it keeps (Options.MaxGames)
	Engines  int   `json:"engines"`   // games that hold an engine, with its table
	Searches int   `json:"searches"`  // searches (and reviews) holding a slot now
	Streams  int64 `json:"streams"`   // event streams open
}

// Stats returns the server's counts now.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := Stats{Games: len(s.games), MaxGames: s.opt.MaxGames, Searches: len(s.sem), Streams: s.streams.Load()}
	for _, g := range s.games {
		g.mu.Lock()
		if g.play != nil {
			st.Engines++
		}
		g.mu.Unlock()
	}
	return st
}

// background runs work on a goroutine that Close waits for (a search, a
// review, an engine's close); ended receives work's error, or the panic in
// it (a bug) as an error that what names, so that no failure ends the
// server.
func (s *Server) background(what string, ended func(error), work func() error) {
	s.searches.Add(1)
	go func() {
		defer s.searches.Done()
		var err error
		defer func() { ended(err) }()
		defer fault.Recover(&err, what)
		err = work()
	}()
}

// acquire waits for a search slot; it fails when ctx ends first.
func (s *Server) acquire(ctx context.Context) bool {
	select {
	case s.sem <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *Server) release() { <-s.sem }

// logf writes a line to Options.Log. Write errors are ignored: the log is
// best effort.
func (s *Server) logf(format string, a ...any) {
	if s.opt.Log != nil {
		s.logMu.Lock()
		defer s.logMu.Unlock()
		fmt.Fprintf(s.opt.Log, "crown serve: "+format+"\n", a...)
	}
}

// add keeps a new game, first dropping the games idle for too long. It
// fails when the server already keeps as many games as it may.
func (s *Server) add() (*game, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	for id, g := range s.games {
		g.mu.Lock()
		if now.Sub(g.lastUsed) > s.opt.IdleTimeout {
			g.stop()
			g.dropReview()
			g.stopClock()
			g.release()
			delete(s.games, id)
		}
		g.mu.Unlock()
	}
	if len(s.games) >= s.opt.MaxGames {
		return nil, &requestError{codeBusy, fmt.Errorf("the server already keeps %d games; try again later", s.opt.MaxGames)}
	}
	g := &game{id: rand.Text(), srv: s, lines: 1, changed: make(chan struct{}), lastUsed: time.Now()}
	s.games[g.id] = g
	return g, nil
}

func (s *Server) lookup(id string) *game {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.games[id]
}

// withGame finds the game named in the path, or answers 404.
func (s *Server) withGame(h func(http.ResponseWriter, *http.Request, *game)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g := s.lookup(r.PathValue("id"))
		if g == nil {
			writeError(w, http.StatusNotFound, codeNotFound, "no game %s: it may have ended after a long idle time; start a new one", play.Echo(r.PathValue("id")))
			return
		}
		g.mu.Lock()
		g.lastUsed = time.Now()
		g.mu.Unlock()
		h(w, r, g)
	}
}

// newGameRequest starts a game: the rule set, the colour the person
// plays, the engine's time per move and playing level (play.Levels: 1 a
// beginner's to full strength; 0 or none is full strength), and
// optionally a clock (each side's time and the increment per move, in
// milliseconds; the engine's time then follows its clock), a FEN to set
// up or a PDN game to load.
type newGameRequest struct {
	Variant     string `json:"variant"`
	Human       string `json:"human"`
	MoveTimeMS  int    `json:"movetime_ms"`
	Level       int    `json:"level"`
	ClockMS     int    `json:"clock_ms"`
	IncrementMS int    `json:"increment_ms"`
	FEN         string `json:"fen"`
	PDN         string `json:"pdn"`
}

// parse checks the request and builds the game it asks for; a request
// that names no game plays def.
func (req *newGameRequest) parse(maxThink time.Duration, def movegen.Variant) (setup, error) {
	var g setup
	var err error
	if req.Variant == "" {
		req.Variant = def.String()
	}
	if g.variant, err = movegen.ParseVariant(strings.ToLower(req.Variant)); err != nil {
		return g, err
	}
	if req.Human == "" {
		req.Human = humanNames[humanWhite]
	}
	if g.hum, err = parseHuman(req.Human); err != nil {
		return g, err
	}
	g.moveTime = DefaultMoveTime
	if req.MoveTimeMS != 0 {
		g.moveTime = time.Duration(req.MoveTimeMS) * time.Millisecond
		if g.moveTime < MinMoveTime || g.moveTime > maxThink {
			return g, fmt.Errorf("time per move %d ms is out of range %d..%d ms", req.MoveTimeMS, MinMoveTime.Milliseconds(), maxThink.Milliseconds())
		}
	}
	g.level = play.FullStrength
	if req.Level != 0 {
		if err := play.OptionByKey("level").Check(req.Level); err != nil {
			return g, fmt.Errorf("level: %v", err)
		}
		g.level = req.Level
	}
	if g.clock, err = parseClock(req.ClockMS, req.IncrementMS); err != nil {
		return g, err
	}
	g.start = movegen.StartPosition(g.variant)
	switch {
	case req.FEN != "" && req.PDN != "":
		return g, errors.New("give a FEN or a PDN game, not both")
	case strings.TrimSpace(req.FEN) != "":
		if g.start, err = movegen.ParseFEN(req.FEN, g.variant); err != nil {
			return g, &requestError{codeBadFEN, err}
		}
		if err = g.start.Validate(); err != nil {
			return g, &requestError{codeBadFEN, fmt.Errorf("bad FEN %s: %v", play.Echo(req.FEN), err)}
		}
	case strings.TrimSpace(req.PDN) != "":
		games, err := movegen.ReadPDN(strings.NewReader(req.PDN), g.variant)
		if err != nil {
			return g, &requestError{codeBadPDN, fmt.Errorf("reading PDN: %v", err)}
		}
		if len(games) == 0 {
			return g, &requestError{codeBadPDN, errors.New("the PDN text holds no game")}
		}
		pg := games[0]
		if pg.Err != nil {
			return g, &requestError{codeBadPDN, fmt.Errorf("PDN game: %v", pg.Err)}
		}
		if err = pg.Start.Validate(); err != nil {
			return g, &requestError{codeBadPDN, fmt.Errorf("PDN game: bad FEN: %v", err)}
		}
		g.variant, g.start, g.moves = pg.Variant, pg.Start, pg.Moves
		g.loaded = loadedGame{tags: pg.Tags, result: pg.Result}
	}
	return g, nil
}

// readNewGame reads a new game request; on a bad one it answers the
// error itself and reports false.
func (s *Server) readNewGame(w http.ResponseWriter, r *http.Request) (setup, bool) {
	var req newGameRequest
	if !readJSON(w, r, &req) {
		return setup{}, false
	}
	g, err := req.parse(s.opt.MaxThink, s.opt.Variant)
	if err != nil {
		writeError(w, http.StatusBadRequest, errorCode(err), "%v", err)
		return setup{}, false
	}
	return g, true
}

// handleNew starts the game a request asks for in g, or in a game kept
// anew (201 Created) when g is nil.
func (s *Server) handleNew(w http.ResponseWriter, r *http.Request, g *game) {
	st, ok := s.readNewGame(w, r)
	if !ok {
		return
	}
	status := http.StatusOK
	if g == nil {
		var err error
		if g, err = s.add(); err != nil {
			writeError(w, http.StatusServiceUnavailable, errorCode(err), "%v", err)
			return
		}
		status = http.StatusCreated
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.reset(st)
	writeJSON(w, status, g.view())
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	defer g.mu.Unlock()
	writeJSON(w, http.StatusOK, g.view())
}

// moveRequest names a move by text in the game's notation ("11-15",
// "15x24x31", "c3:e5") or by Crown's square numbers ([15, 24, 31], the
// English numbers whatever the game, as the state's board and paths give
// them): the start square, then some or all landing squares, ending where
// the piece stops.
type moveRequest struct {
	Move string `json:"move"`
	Path []int  `json:"path"`
}

// moveError is the answer to a refused move: the message to show, a code
// for the browser, the pieces that must capture, the moves it could mean
// (the page marks their landing squares), and the game as it stands.
type moveError struct {
	Error       string     `json:"error"`
	Code        string     `json:"code"`
	MustCapture []int      `json:"must_capture,omitempty"`
	Options     []moveView `json:"options,omitempty"`
	State       stateView  `json:"state"`
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request, g *game) {
	var req moveRequest
	if !readJSON(w, r, &req) {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	path, err := parsePath(g.variant.Rules(), req.Move, req.Path)
	if err != nil {
		writeError(w, http.StatusBadRequest, codeBadRequest, "%v", err)
		return
	}
	refuse := func(status int, code, msg string) {
		writeJSON(w, status, moveError{Error: msg, Code: code, State: g.view()})
	}
	switch o := g.outcome(); {
	case o.Over:
		refuse(http.StatusConflict, codeGameOver, "The game is over: "+o.Reason)
		return
	case g.engineToMove(g.ply) && g.rev == nil:
		refuse(http.StatusConflict, codeNotYourTurn, "Wait: the engine is to move")
		return
	}
	m, problem := resolve(g.pos(), path)
	if problem != nil {
		writeJSON(w, http.StatusUnprocessableEntity, moveError{Error: problem.Message, Code: problem.Code,
			MustCapture: problem.MustCapture, Options: moveViews(g.pos(), problem.Options), State: g.view()})
		return
	}
	if err := g.push(m); err != nil {
		writeError(w, http.StatusInternalServerError, codeInternal, "%v", err) // resolve found m legal: cannot happen
		return
	}
	g.schedule()
	writeJSON(w, http.StatusOK, g.view())
}

// handleUndo takes back the last move, and the engine's reply before it
// when the person is to move again, so the person is back on move.
func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ply == 0 {
		writeError(w, http.StatusConflict, codeNothingToUndo, "nothing to undo")
		return
	}
	thinking := g.task == taskMove
	g.ply--
	for !thinking && g.ply > 0 && g.engineToMove(g.ply) {
		g.ply--
	}
	g.schedule()
	writeJSON(w, http.StatusOK, g.view())
}

// handleRedo brings back an undone move, and the engine's reply after it.
func (s *Server) handleRedo(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ply == len(g.line.Moves) {
		writeError(w, http.StatusConflict, codeNothingToRedo, "nothing to redo")
		return
	}
	g.ply++
	for g.ply < len(g.line.Moves) && g.engineToMove(g.ply) {
		g.ply++
	}
	g.schedule()
	writeJSON(w, http.StatusOK, g.view())
}

// handleGo makes the engine move now: if it is thinking, it plays the
// best move found so far; otherwise it plays the side to move.
func (s *Server) handleGo(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case refuseOver(w, g):
		return
	case g.task == taskMove:
		g.hurry()
	default:
		g.stop()
		g.start(taskMove)
		g.touch()
	}
	writeJSON(w, http.StatusOK, g.view())
}

// analysisRequest turns analysis on or off, and sets the number of lines
// (best moves) it shows, 1 to maxLines.
type analysisRequest struct {
	On    *bool `json:"on"`
	Lines *int  `json:"lines"`
}

func (s *Server) handleAnalysis(w http.ResponseWriter, r *http.Request, g *game) {
	var req analysisRequest
	if !readJSON(w, r, &req) {
		return
	}
	if req.On == nil || req.Lines != nil && (*req.Lines < 1 || *req.Lines > maxLines) {
		writeError(w, http.StatusBadRequest, codeBadRequest, `want {"on": true} or {"on": false}, and "lines": 1..%d`, maxLines)
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.analysis = *req.On
	if req.Lines != nil {
		g.lines = *req.Lines
	}
	if g.task != taskMove {
		g.schedule()
	} else {
		g.touch()
	}
	writeJSON(w, http.StatusOK, g.view())
}

func (s *Server) handlePDN(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	text := g.pdn()
	g.mu.Unlock()
	w.Header().Set("Content-Type", "application/x-pdn; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="crown-game.pdn"`)
	io.WriteString(w, text)
}

// handleEvents streams the game's state as server-sent events: one at
// once, then one after each change (at most one per streamInterval), and
// a comment line now and then to keep the connection open.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request, g *game) {
	if n := s.streams.Add(1); n > int64(streamsPerGame*s.opt.MaxGames) {
		s.streams.Add(-1)
		writeError(w, http.StatusServiceUnavailable, codeBusy, "too many event streams open")
		return
	}
	defer s.streams.Add(-1)
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	ping := time.NewTicker(streamPing)
	defer ping.Stop()
	var sent uint64
	first := true
	for {
		g.mu.Lock()
		changed := g.changed
		var data []byte
		if g.version != sent || first {
			sent, first = g.version, false
			data, _ = json.Marshal(g.view())
		}
		g.lastUsed = time.Now()
		g.mu.Unlock()
		if data != nil {
			fmt.Fprintf(w, "data: %s\n\n", data)
		}
		if rc.Flush() != nil {
			return
		}
		select {
		case <-changed:
		case <-ping.C:
			fmt.Fprint(w, ": ping\n\n")
		case <-r.Context().Done():
			return
		case <-s.ctx.Done():
			return
		}
		select {
		case <-time.After(streamInterval):
		case <-r.Context().Done():
			return
		}
	}
}

// readJSON decodes the request body into v, answering 400 (or 413) with a
// message when it is not one JSON object of the expected fields.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if !isJSON(r) {
		writeError(w, http.StatusUnsupportedMediaType, codeBadRequest, "the body must be JSON, sent with Content-Type: application/json")
		return false
	}
	body := http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		writeError(w, http.StatusRequestEntityTooLarge, codeBadRequest, "request body over %d bytes", maxBody)
		return false
	case errors.Is(err, io.EOF):
		writeError(w, http.StatusBadRequest, codeBadRequest, "bad JSON: empty body")
		return false
	case err != nil:
		writeError(w, http.StatusBadRequest, codeBadRequest, "bad JSON: %v", err)
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

// The codes of error answers other than a refused move's, for the page to
// say in the player's language; codeBadRequest is a request the page does
// not send.
const (
	codeBadRequest      = "bad_request"
	codeNotFound        = "not_found"
	codeBusy            = "busy"
	codeBadFEN          = "bad_fen"
	codeBadPDN          = "bad_pdn"
	codeNothingToUndo   = "nothing_to_undo"
	codeNothingToRedo   = "nothing_to_redo"
	codeGameOver        = "game_over"
	codeNotYourTurn     = "not_your_turn"
	codeNothingToReview = "nothing_to_review"
	codeInternal        = "internal"
)

// requestError is an error with the code the answer carries.
type requestError struct {
	code string
	err  error
}

func (e *requestError) Error() string { return e.err.Error() }
func (e *requestError) Unwrap() error { return e.err }

// errorCode returns err's code, codeBadRequest if it has none.
func errorCode(err error) string {
	var re *requestError
	if errors.As(err, &re) {
		return re.code
	}
	return codeBadRequest
}

// errorView is the body of every 4xx and 5xx answer: the error in English
// and its code.
type errorView struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// refuseOver answers that the game is over, if it is, and reports whether
// it did; mu is held.
func refuseOver(w http.ResponseWriter, g *game) bool {
	if !g.outcome().Over {
		return false
	}
	writeError(w, http.StatusConflict, codeGameOver, "the game is over")
	return true
}

func writeError(w http.ResponseWriter, status int, code, format string, a ...any) {
	writeJSON(w, status, errorView{Error: fmt.Sprintf(format, a...), Code: code})
}
