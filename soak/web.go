package soak

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crown-checkers/crown/child"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/web"
)

// WebConfig says how to soak the web server.
type WebConfig struct {
	// Crown is the crown program (and any arguments before its
	// subcommand): the soak runs "serve" with the flags it needs.
	Crown []string
	// Duration is how long the load runs.
	Duration time.Duration
	// Clients is the number of loopback clients playing at once.
	Clients int
	// MaxGames is the server's cap on the games it keeps (--max-games).
	MaxGames int
	// Idle is the server's --idle: how long an abandoned game is kept.
	Idle time.Duration
	// Seed makes the clients' choices reproducible.
	Seed uint64
	// Dir is where a failure leaves its files.
	Dir string
	// Progress, if not nil, gets a line a minute and one per failure.
	Progress io.Writer
}

// Check reports a setting of cfg out of range; its errors start with the
// setting's name as crown soak's flags spell it.
func (cfg WebConfig) Check() error {
	switch {
	case cfg.Duration <= 0:
		return errors.New("duration must be positive")
	case cfg.Clients < 1:
		return errors.New("clients must be at least 1")
	case cfg.MaxGames < 1:
		return errors.New("max-games must be at least 1")
	case cfg.Idle <= 0:
		return errors.New("idle must be positive")
	}
	return nil
}

// Settings of the web soak.
const (
	// webForfeit is how long a client waits for the engine's move, the
	// search included and its turn for a slot, before a time forfeit.
	webForfeit = 30 * time.Second
	// webPoll spaces a client's looks at a game it waits on.
	webPoll = 25 * time.Millisecond
	// webRequestTimeout bounds one request.
	webRequestTimeout = 30 * time.Second
	// webSampleEvery spaces the samples of the server's goroutines and
	// memory.
	webSampleEvery = 2 * time.Second
	// webProbe spaces the checks of the cap on games.
	webProbe = 90 * time.Second
	// webGoroutineSlack is how many more goroutines than at the start the
	// server may run once the load has ended and the games it dropped are
	// gone: a few of the HTTP server's own.
	webGoroutineSlack = 8
	// webHeapSlack is how much more live heap than at the start the
	// server may hold then: less than one game's engine table.
	webHeapSlack = 8 << 20
	// webBackoff is how long a client waits after a 503 to a new game.
	webBackoff = time.Second
	// The server's flags: engine moves of webMinMoveMS to webMaxMoveMS,
	// analysis and reviews kept short, so the load is many small jobs.
	webMinMoveMS  = 10
	webMaxMoveMS  = 60
	webAnalysis   = 2 * time.Second
	webReviewTime = 10 * time.Millisecond
)

// Web runs crown serve under the load of cfg.Clients loopback clients for
// cfg.Duration: each creates games (of any of the eight games, against the engine
// as either colour or as an analysis board), plays the legal moves the
// server offers, waits for the engine's, and now and then undoes, redoes,
// turns analysis on and off, asks for a hint, makes the engine move now,
// reviews the game, goes to a position, follows the event stream and
// fetches the PDN, then abandons the game. Every answer must have its
// expected status and body, every game's record must replay legally, and
// the engine must move within webForfeit. A new game past the cap must be
// answered 503 (a client then waits and tries again); a prober fills the
// server to its cap every webProbe and checks the next game is refused,
// and the samples of /debug/vars (every webSampleEvery) must never show more
// games than the cap. Goroutines and memory are sampled; once the load
// has ended and the abandoned games have been dropped, the goroutines
// and the live heap must be back to about where they were at the start. Any line the server
// writes to its log is an engine error. The report's peak memory is the
// server's.
func Web(ctx context.Context, cfg WebConfig) (*Report, error) {
	r := &Report{Part: "web", Dir: cfg.Dir}
	start := time.Now()
	defer func() { r.Elapsed = time.Since(start) }()
	if err := cfg.Check(); err != nil {
		return r, fmt.Errorf("soak web: %w", err)
	}
	srv, err := startServer(ctx, cfg)
	if err != nil {
		return r, err
	}
	defer srv.stop()
	ws := &webSoak{cfg: cfg, r: r, srv: srv, base: srv.url, start: start,
		hc: &http.Client{Timeout: webRequestTimeout, Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Clients + 4}}}

	before, err := ws.vars(ctx, true)
	if err != nil {
		return r, fmt.Errorf("soak web: /debug/vars: %w", err)
	}
	ws.sample(before)

	load, stop := context.WithTimeout(ctx, cfg.Duration)
	defer stop()
	var wg sync.WaitGroup
	run := func(name string, f func(context.Context) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			defer func() {
				if err != nil && load.Err() == nil {
					ws.soakErr(err)
					stop()
				}
			}()
			defer fault.Recover(&err, "web soak "+name)
			err = f(load)
		}()
	}
	for i := range max(1, cfg.Clients) {
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
		run("client "+strconv.Itoa(i), func(ctx context.Context) error { return ws.client(ctx, rng) })
	}
	run("sampler", ws.sampler)
	run("prober", ws.prober)
	if cfg.Progress != nil {
		run("progress", ws.progress)
	}
	wg.Wait()
	if err := ws.failure(); err != nil {
		return r, err
	}
	if ctx.Err() != nil {
		return r, ctx.Err()
	}
	if err := ws.afterLoad(ctx, before); err != nil {
		return r, err
	}
	if err := srv.stop(); err != nil {
		if ferr := r.fail(Crash, fmt.Sprintf("the server did not stop cleanly: %v", err),
			map[string]string{"web-server.stderr": srv.stderr.String()}); ferr != nil {
			return r, ferr
		}
	}
	r.peak(max(srv.proc.Peak(), ws.maxRSS.Load()))
	if err := ws.serverLog(); err != nil {
		return r, err
	}
	ws.notes(before)
	return r, nil
}

// webServer is crown serve, started by the soak.
type webServer struct {
	proc    *child.Process
	url     string // "http://127.0.0.1:PORT/"
	stderr  *tail
	stopped sync.Once
	stopErr error
	ended   atomic.Bool // it ended before stop was asked
}

// startServer starts crown serve on a free loopback port and reads the
// address it listens on.
func startServer(ctx context.Context, cfg WebConfig) (*webServer, error) {
	if len(cfg.Crown) == 0 {
		return nil, errors.New("soak web: no crown command")
	}
	args := append(append([]string(nil), cfg.Crown[1:]...), "serve", "--addr", "127.0.0.1:0",
		"--max-games", strconv.Itoa(cfg.MaxGames), "--idle", cfg.Idle.String(),
		"--max-think", time.Second.String(), "--analysis-time", webAnalysis.String(), "--review-time", webReviewTime.String())
	s := &webServer{stderr: newTail(stderrKeep)}
	p, err := child.Start(append([]string{cfg.Crown[0]}, args...), s.stderr)
	if err != nil {
		return nil, fmt.Errorf("soak web: starting the server: %w", err)
	}
	s.proc = p
	p.Stdin.Close() // the server reads no input
	addr := make(chan string, 1)
	go func() {
		defer p.Stdout.Close()
		var err error
		defer func() {
			if err != nil {
				fmt.Fprintf(s.stderr, "soak: reading the server's output: %v\n", err)
			}
		}()
		defer fault.Recover(&err, "reading the server's output")
		sc := bufio.NewScanner(p.Stdout)
		for sc.Scan() {
			if url, ok := strings.CutPrefix(sc.Text(), "crown serve: listening on "); ok {
				addr <- url
			}
		}
		err = sc.Err()
	}()
	select {
	case s.url = <-addr:
		return s, nil
	case <-p.Done():
		return nil, fmt.Errorf("soak web: the server ended before it listened (%v): %s", p.Wait(), firstLine(s.stderr.String()))
	case <-time.After(30 * time.Second):
		s.stop()
		return nil, errors.New("soak web: the server did not say where it listens")
	case <-ctx.Done():
		s.stop()
		return nil, ctx.Err()
	}
}

// stop interrupts the server, as Ctrl-C does, and waits for it to end
// (killing it if it does not within 15 s); it returns why it did not end
// cleanly, if it did not.
func (s *webServer) stop() error {
	s.stopped.Do(func() {
		p := s.proc
		select {
		case <-p.Done():
			s.ended.Store(true)
			s.stopErr = fmt.Errorf("it had ended: %v", p.Wait())
			return
		default:
		}
		if err := p.Interrupt(); err != nil {
			s.stopErr = err
		}
		select {
		case <-p.Done():
			if err := p.Wait(); err != nil {
				s.stopErr = err
			}
		case <-time.After(15 * time.Second):
			p.Kill()
			<-p.Done()
			s.stopErr = errors.New("it did not stop within 15 s of an interrupt, and was killed")
		}
	})
	return s.stopErr
}

// webSoak is the state of one web soak.
type webSoak struct {
	cfg   WebConfig
	r     *Report
	srv   *webServer
	base  string
	hc    *http.Client
	start time.Time

	created, refused, moves, engineMoves, events atomic.Int64
	undos, analyses, hints, reviews, probes      atomic.Int64
	longestWait                                  atomic.Int64 // ns, an engine move
	maxRSS, maxGoroutines, maxGames, maxEngines  atomic.Int64
	maxHeap                                      atomic.Int64
	failures                                     atomic.Int64 // numbered for their files

	mu      sync.Mutex
	samples []webSample
	err     error // the soak's own failure (files that cannot be kept)
	crashed bool  // the server ended under load: counted once
}

// webSample is one look at the server.
type webSample struct {
	at         time.Duration // since the soak began
	goroutines int
	rss        int64
	heap       uint64
	games      int
	engines    int
	searches   int
	streams    int64
}

// soakErr keeps the first of the soak's own failures.
func (ws *webSoak) soakErr(err error) {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if ws.err == nil {
		ws.err = err
	}
}

// failure returns the soak's own failure, if any.
func (ws *webSoak) failure() error {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	return ws.err
}

// fail counts a failure and keeps its files under a numbered name; an
// error is the soak's own (the files could not be written).
func (ws *webSoak) fail(k Kind, what string, files map[string]string) error {
	n := ws.failures.Add(1)
	named := map[string]string{}
	for name, text := range files {
		named[fmt.Sprintf("web-%d-%s", n, name)] = text
	}
	if ws.cfg.Progress != nil {
		fmt.Fprintf(ws.cfg.Progress, "soak web: FAILED: %s: %s\n", k, what)
	}
	return ws.r.fail(k, what, named)
}

// serverGone reports whether the server has ended; the first time it
// has, under load, that is a crash.
func (ws *webSoak) serverGone() (bool, error) {
	select {
	case <-ws.srv.proc.Done():
	default:
		return false, nil
	}
	ws.mu.Lock()
	first := !ws.crashed
	ws.crashed = true
	ws.mu.Unlock()
	if !first {
		return true, nil
	}
	return true, ws.fail(Crash, fmt.Sprintf("the server ended under load: %v", ws.srv.proc.Wait()),
		map[string]string{"server.stderr": ws.srv.stderr.String()})
}

// vars reads /debug/vars, after a garbage collection if gc.
func (ws *webSoak) vars(ctx context.Context, gc bool) (web.DebugVars, error) {
	var v web.DebugVars
	url := ws.base + "debug/vars"
	if gc {
		url += "?gc=1"
	}
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return v, err
	}
	resp, err := ws.hc.Do(req)
	if err != nil {
		return v, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return v, fmt.Errorf("status %d", resp.StatusCode)
	}
	return v, json.NewDecoder(resp.Body).Decode(&v)
}

// sample records a look at the server, with its resident memory now
// where the system says, else its peak so far.
func (ws *webSoak) sample(v web.DebugVars) webSample {
	rss, ok := residentMemory(ws.srv.proc.Pid())
	if !ok {
		rss = v.PeakRSS
	}
	s := webSample{at: time.Since(ws.start), goroutines: v.Goroutines, rss: rss, heap: v.MemStats.HeapAlloc,
		games: v.Web.Games, engines: v.Web.Engines, searches: v.Web.Searches, streams: v.Web.Streams}
	ws.mu.Lock()
	ws.samples = append(ws.samples, s)
	ws.mu.Unlock()
	raise(&ws.maxRSS, max(rss, v.PeakRSS))
	raise(&ws.maxGoroutines, int64(v.Goroutines))
	raise(&ws.maxGames, int64(v.Web.Games))
	raise(&ws.maxEngines, int64(v.Web.Engines))
	raise(&ws.maxHeap, int64(v.MemStats.HeapAlloc))
	return s
}

// sampler samples the server every webSampleEvery; more games than the cap
// is a failure.
func (ws *webSoak) sampler(ctx context.Context) error {
	t := time.NewTicker(webSampleEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		v, err := ws.vars(ctx, false)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			if gone, ferr := ws.serverGone(); gone {
				return ferr
			}
			if err := ws.fail(BadReply, fmt.Sprintf("/debug/vars: %v", err), nil); err != nil {
				return err
			}
			continue
		}
		ws.sample(v)
		if v.Web.Games > ws.cfg.MaxGames {
			if err := ws.fail(BadReply, fmt.Sprintf("the server keeps %d games, past its cap of %d", v.Web.Games, ws.cfg.MaxGames), nil); err != nil {
				return err
			}
		}
	}
}

// progress writes a line a minute.
func (ws *webSoak) progress(ctx context.Context) error {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		ws.mu.Lock()
		var last webSample
		if n := len(ws.samples); n > 0 {
			last = ws.samples[n-1]
		}
		ws.mu.Unlock()
		fmt.Fprintf(ws.cfg.Progress, "soak web: %v: %d games created, %d refused (503), %d moves; %d games kept, %d goroutines, %s resident; %d failures\n",
			time.Since(ws.start).Round(time.Second), ws.created.Load(), ws.refused.Load(), ws.moves.Load(),
			last.games, last.goroutines, MiB(last.rss), ws.r.Total())
	}
}

// webState is what a client reads of a game's state.
type webState struct {
	ID       string        `json:"id"`
	Variant  string        `json:"variant"`
	FEN      string        `json:"fen"`
	Turn     string        `json:"turn"`
	Human    string        `json:"human"`
	Ply      int           `json:"ply"`
	Moves    []webMoveView `json:"moves"`
	Legal    []webMoveView `json:"legal"`
	YourTurn bool          `json:"your_turn"`
	CanUndo  bool          `json:"can_undo"`
	CanRedo  bool          `json:"can_redo"`
	Thinking bool          `json:"thinking"`
	Analysis struct {
		On      bool `json:"on"`
		Running bool `json:"running"`
		Hinting bool `json:"hinting"`
	} `json:"analysis"`
	Over   bool   `json:"over"`
	Result string `json:"result"`
	Reason string `json:"reason"`
	PDN    string `json:"pdn"`
	Review *struct {
		Running bool   `json:"running"`
		Error   string `json:"error"`
	} `json:"review"`
	Hint *struct {
		Move webMoveView `json:"move"`
	} `json:"hint"`
}

// webMoveView is a move as the server shows it.
type webMoveView struct {
	Text string `json:"text"`
	Path []int  `json:"path"`
}

// webCall is one request and what came back, kept for a failure.
type webCall struct {
	method, path, body string
	status             int
	reply              []byte
}

// String writes the call, its reply cut to 4 KiB.
func (c webCall) String() string {
	reply := bytes.TrimSpace(c.reply)
	if len(reply) > 4<<10 {
		reply = append(reply[:4<<10:4<<10], "..."...)
	}
	return fmt.Sprintf("%s %s %s\n-> %d %s\n", c.method, c.path, c.body, c.status, reply)
}

// errServerGone ends a client's game when the server has ended.
var errServerGone = errors.New("the server has ended")

// do sends a request with a JSON body (nil for none) and returns the
// call; a transport error is a bad reply (or the server's crash).
func (ws *webSoak) do(ctx context.Context, method, path string, body any) (webCall, error) {
	c := webCall{method: method, path: path}
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return c, err
		}
		c.body = string(b)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, ws.base+strings.TrimPrefix(path, "/"), rd)
	if err != nil {
		return c, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := ws.hc.Do(req)
	if err != nil {
		return c, err
	}
	defer resp.Body.Close()
	c.status = resp.StatusCode
	c.reply, err = io.ReadAll(resp.Body)
	return c, err
}

// webGame is a client's game.
type webGame struct {
	id    string
	calls []webCall // the game's exchange, for a failure (the last ones)
	state webState
}

// keep adds a call to the game's exchange, keeping the last 200.
func (g *webGame) keep(c webCall) {
	g.calls = append(g.calls, c)
	if len(g.calls) > 200 {
		g.calls = g.calls[len(g.calls)-200:]
	}
}

// exchange writes the game's calls.
func (g *webGame) exchange() string {
	var b strings.Builder
	for _, c := range g.calls {
		b.WriteString(c.String())
	}
	return b.String()
}

// errGameFailed ends a game after its failure was counted.
var errGameFailed = errors.New("the game failed")

// call makes a call on game g: its status must be one of want, and a 2xx
// (or a refused move's) body must be the game's state, which it stores
// in g.state. A failure is counted, its files kept, and errGameFailed
// returned; the soak's own failure is any other error.
func (ws *webSoak) call(ctx context.Context, g *webGame, method, path string, body any, want ...int) (int, error) {
	c, err := ws.do(ctx, method, path, body)
	g.keep(c)
	if ctx.Err() != nil {
		return 0, ctx.Err()
	}
	if err != nil {
		if gone, ferr := ws.serverGone(); gone {
			return 0, errors.Join(errServerGone, ferr)
		}
		return 0, ws.gameFail(ctx, g, BadReply, fmt.Sprintf("%s %s: %v", method, path, err))
	}
	ok := false
	for _, w := range want {
		ok = ok || c.status == w
	}
	if !ok {
		return c.status, ws.gameFail(ctx, g, BadReply, fmt.Sprintf("%s %s answered %d, want %v: %.200s", method, path, c.status, want, bytes.TrimSpace(c.reply)))
	}
	switch {
	case c.status/100 == 2 && strings.HasSuffix(path, "/pdn"):
	case c.status/100 == 2:
		var st webState
		if err := json.Unmarshal(c.reply, &st); err != nil || st.ID == "" {
			return c.status, ws.gameFail(ctx, g, BadReply, fmt.Sprintf("%s %s: a state that does not read (%v)", method, path, err))
		}
		g.state = st
	default:
		var e struct {
			Error string `json:"error"`
			Code  string `json:"code"`
		}
		if err := json.Unmarshal(c.reply, &e); err != nil || e.Error == "" || e.Code == "" {
			return c.status, ws.gameFail(ctx, g, BadReply, fmt.Sprintf("%s %s: %d without an error and its code (%v)", method, path, c.status, err))
		}
	}
	return c.status, nil
}

// gameFail counts a failure of game g, keeping its exchange and, if the
// server still has it, its PDN; it returns errGameFailed, or the soak's
// own failure.
func (ws *webSoak) gameFail(ctx context.Context, g *webGame, k Kind, what string) error {
	files := map[string]string{"exchange.txt": g.exchange(), "server.stderr": ws.srv.stderr.String()}
	if g.id != "" {
		if c, err := ws.do(ctx, "GET", "/api/games/"+g.id+"/pdn", nil); err == nil && c.status == http.StatusOK {
			files["game.pdn"] = string(c.reply)
		} else if g.state.PDN != "" {
			files["game.pdn"] = g.state.PDN
		}
	}
	if err := ws.fail(k, fmt.Sprintf("game %s: %s", g.id, what), files); err != nil {
		return err
	}
	return errGameFailed
}

// client plays games until ctx ends.
func (ws *webSoak) client(ctx context.Context, rng *rand.Rand) error {
	for ctx.Err() == nil {
		err := ws.game(ctx, rng)
		switch {
		case ctx.Err() != nil:
			return nil
		case errors.Is(err, errServerGone):
			return nil
		case errors.Is(err, errGameFailed):
			continue
		case err != nil:
			return err
		}
	}
	return nil
}

// randomVariant names one of the games the server plays, each as often.
func randomVariant(rng *rand.Rand) string {
	return movegen.Variant(rng.IntN(int(movegen.NumVariants))).String()
}

// game plays one game: created, played and poked at, then abandoned (or
// played out). A 503 to its creation waits and returns.
func (ws *webSoak) game(ctx context.Context, rng *rand.Rand) (err error) {
	g := &webGame{}
	humans := []string{"black", "white", "both"}
	req := map[string]any{"variant": randomVariant(rng), "human": humans[rng.IntN(3)],
		"movetime_ms": webMinMoveMS + rng.IntN(webMaxMoveMS-webMinMoveMS+1)}
	status, err := ws.call(ctx, g, "POST", "/api/games", req, http.StatusCreated, http.StatusServiceUnavailable)
	if err != nil {
		return err
	}
	if status == http.StatusServiceUnavailable {
		ws.refused.Add(1)
		select {
		case <-ctx.Done():
		case <-time.After(webBackoff):
		}
		return nil
	}
	ws.created.Add(1)
	g.id = g.state.ID
	path := "/api/games/" + g.id
	if rng.IntN(3) == 0 {
		stream, stop := context.WithCancel(ctx)
		defer stop()
		done := make(chan error, 1)
		go func() {
			var err error
			defer func() { done <- err }()
			defer fault.Recover(&err, "web soak event stream")
			err = ws.follow(stream, g.id)
		}()
		defer func() {
			stop()
			if serr := <-done; serr != nil && err == nil && ctx.Err() == nil {
				if gone, _ := ws.serverGone(); !gone {
					err = ws.gameFail(ctx, g, BadReply, fmt.Sprintf("event stream: %v", serr))
				}
			}
		}()
	}
	steps := 10 + rng.IntN(120)
	for step := 0; step < steps && ctx.Err() == nil; step++ {
		if err := ws.waitEngine(ctx, g); err != nil {
			return err
		}
		st := &g.state
		if st.Over {
			if err := ws.checkRecord(ctx, g); err != nil {
				return err
			}
			if rng.IntN(2) == 0 {
				return nil // played out: abandoned
			}
			req["variant"] = randomVariant(rng)
			if _, err := ws.call(ctx, g, "POST", path+"/new", req, http.StatusOK); err != nil {
				return err
			}
			continue
		}
		switch p := rng.IntN(100); {
		case p < 62:
			if st.YourTurn && len(st.Legal) > 0 {
				m := st.Legal[rng.IntN(len(st.Legal))]
				if _, err = ws.call(ctx, g, "POST", path+"/move", map[string]any{"path": m.Path}, http.StatusOK); err == nil {
					ws.moves.Add(1)
				}
			}
		case p < 70:
			ws.undos.Add(1)
			_, err = ws.call(ctx, g, "POST", path+"/undo", nil, http.StatusOK, http.StatusConflict)
		case p < 74:
			_, err = ws.call(ctx, g, "POST", path+"/redo", nil, http.StatusOK, http.StatusConflict)
		case p < 80:
			ws.analyses.Add(1)
			err = ws.analyse(ctx, g, rng)
		case p < 85:
			ws.hints.Add(1)
			err = ws.hint(ctx, g)
		case p < 89:
			_, err = ws.call(ctx, g, "POST", path+"/go", nil, http.StatusOK, http.StatusConflict)
		case p < 92:
			ws.reviews.Add(1)
			err = ws.review(ctx, g)
		case p < 95:
			_, err = ws.call(ctx, g, "POST", path+"/goto", map[string]any{"ply": rng.IntN(len(st.Moves) + 1)}, http.StatusOK)
		case p < 98:
			err = ws.checkRecord(ctx, g)
		default:
			_, err = ws.call(ctx, g, "GET", path, nil, http.StatusOK)
		}
		if err != nil {
			return err
		}
	}
	if ctx.Err() != nil {
		return nil
	}
	return ws.checkRecord(ctx, g) // abandoned: its record must be legal
}

// waitEngine waits while the engine thinks about its move (or a hint or
// review runs); the engine's move must come within webForfeit.
func (ws *webSoak) waitEngine(ctx context.Context, g *webGame) error {
	begin, ply := time.Now(), g.state.Ply
	for g.state.Thinking || g.state.Analysis.Hinting || g.state.Review != nil && g.state.Review.Running {
		if waited := time.Since(begin); waited > webForfeit {
			what := "the engine's move"
			if !g.state.Thinking {
				what = "a hint or review"
			}
			return ws.gameFail(ctx, g, TimeForfeit, fmt.Sprintf("%s did not come in %v", what, webForfeit))
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(webPoll):
		}
		thinking := g.state.Thinking
		if _, err := ws.call(ctx, g, "GET", "/api/games/"+g.id, nil, http.StatusOK); err != nil {
			return err
		}
		if thinking && !g.state.Thinking && g.state.Ply > ply {
			ws.engineMoves.Add(int64(g.state.Ply - ply))
			ws.moves.Add(int64(g.state.Ply - ply))
			raise(&ws.longestWait, int64(time.Since(begin)))
			begin, ply = time.Now(), g.state.Ply
		}
	}
	return nil
}

// raise sets a to v if v is more.
func raise(a *atomic.Int64, v int64) {
	for old := a.Load(); v > old && !a.CompareAndSwap(old, v); old = a.Load() {
	}
}

// analyse turns analysis on with 1 to 3 lines for a moment, then off.
func (ws *webSoak) analyse(ctx context.Context, g *webGame, rng *rand.Rand) error {
	path := "/api/games/" + g.id + "/analysis"
	if _, err := ws.call(ctx, g, "POST", path, map[string]any{"on": true, "lines": 1 + rng.IntN(3)}, http.StatusOK); err != nil {
		return err
	}
	select {
	case <-ctx.Done():
		return nil
	case <-time.After(time.Duration(50+rng.IntN(400)) * time.Millisecond):
	}
	_, err := ws.call(ctx, g, "POST", path, map[string]any{"on": false}, http.StatusOK)
	return err
}

// hint asks for a hint when it is the person's move (the wait for it is
// waitEngine's).
func (ws *webSoak) hint(ctx context.Context, g *webGame) error {
	_, err := ws.call(ctx, g, "POST", "/api/games/"+g.id+"/hint", nil, http.StatusOK, http.StatusConflict)
	return err
}

// review reviews the game (the wait for it is waitEngine's); a review
// that reports an error is an engine error.
func (ws *webSoak) review(ctx context.Context, g *webGame) error {
	if _, err := ws.call(ctx, g, "POST", "/api/games/"+g.id+"/review", nil, http.StatusOK, http.StatusConflict); err != nil {
		return err
	}
	if err := ws.waitEngine(ctx, g); err != nil {
		return err
	}
	if rv := g.state.Review; rv != nil && rv.Error != "" {
		return ws.gameFail(ctx, g, EngineError, "the review failed: "+rv.Error)
	}
	return nil
}

// checkRecord fetches the game's PDN and replays it: every move must be
// legal, and the record must hold the game's moves.
func (ws *webSoak) checkRecord(ctx context.Context, g *webGame) error {
	c, err := ws.do(ctx, "GET", "/api/games/"+g.id+"/pdn", nil)
	g.keep(c)
	if ctx.Err() != nil {
		return nil
	}
	if err != nil || c.status != http.StatusOK {
		if gone, ferr := ws.serverGone(); gone {
			return errors.Join(errServerGone, ferr)
		}
		return ws.gameFail(ctx, g, BadReply, fmt.Sprintf("GET pdn: %d, %v", c.status, err))
	}
	v, err := movegen.ParseVariant(g.state.Variant)
	if err != nil {
		return ws.gameFail(ctx, g, BadReply, fmt.Sprintf("game's variant: %v", err))
	}
	games, err := movegen.ReadPDN(bytes.NewReader(c.reply), v)
	switch {
	case err == nil && len(games) != 1:
		err = fmt.Errorf("%d games", len(games))
	case err == nil && games[0].Err != nil:
		err = games[0].Err
	}
	if err != nil {
		return ws.gameFail(ctx, g, Illegal, fmt.Sprintf("the game's record does not replay: %v", err))
	}
	return nil
}

// follow reads the game's event stream until ctx ends: every event must
// be the game's state.
func (ws *webSoak) follow(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, "GET", ws.base+"api/games/"+id+"/events", nil)
	if err != nil {
		return err
	}
	hc := &http.Client{Transport: ws.hc.Transport} // no timeout: the stream stays open
	resp, err := hc.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var st webState
		if err := json.Unmarshal([]byte(data), &st); err != nil || st.ID != id {
			return fmt.Errorf("an event that is not the game's state: %.120s (%v)", data, err)
		}
		ws.events.Add(1)
	}
	if ctx.Err() != nil {
		return nil
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return errors.New("the stream ended")
}

// prober checks the cap, first a quarter into the load (at most
// webProbe/3), then every webProbe: it creates analysis boards until
// one is refused, which must be a 503 with the code busy after at most
// the cap's number of games, then abandons them.
func (ws *webSoak) prober(ctx context.Context) error {
	t := time.NewTimer(min(webProbe/3, ws.cfg.Duration/4))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		t.Reset(webProbe)
		ws.probes.Add(1)
		g := &webGame{}
		refused := false
		for i := 0; i <= ws.cfg.MaxGames && !refused; i++ {
			status, err := ws.call(ctx, g, "POST", "/api/games", map[string]any{"human": "both"}, http.StatusCreated, http.StatusServiceUnavailable)
			switch {
			case ctx.Err() != nil || errors.Is(err, errServerGone):
				return nil
			case errors.Is(err, errGameFailed):
				refused = true // counted; the next probe tries again
			case err != nil:
				return err
			}
			refused = refused || status == http.StatusServiceUnavailable
			var e struct {
				Code string `json:"code"`
			}
			last := g.calls[len(g.calls)-1]
			if status == http.StatusServiceUnavailable && (json.Unmarshal(last.reply, &e) != nil || e.Code != "busy") {
				if err := ws.gameFail(ctx, g, BadReply, "a game past the cap was refused without the code busy"); !errors.Is(err, errGameFailed) {
					return err
				}
			}
		}
		if !refused {
			if err := ws.gameFail(ctx, g, BadReply, fmt.Sprintf("%d games created at once, none refused: the cap of %d games does not hold", ws.cfg.MaxGames+1, ws.cfg.MaxGames)); !errors.Is(err, errGameFailed) {
				return err
			}
		}
	}
}

// afterLoad waits for the load's searches and streams to end and for the
// abandoned games to pass their idle time, creates a game (which drops
// them), and checks the server is back where it began: one game kept,
// none with an engine, its goroutines about as many as at the start, and
// its live heap (after a garbage collection) about as large.
func (ws *webSoak) afterLoad(ctx context.Context, before web.DebugVars) error {
	ws.hc.CloseIdleConnections()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(ws.cfg.Idle + webSampleEvery):
	}
	g := &webGame{}
	if _, err := ws.call(ctx, g, "POST", "/api/games", map[string]any{"human": "both"}, http.StatusCreated); err != nil {
		if errors.Is(err, errGameFailed) || errors.Is(err, errServerGone) {
			return nil
		}
		return err
	}
	ws.hc.CloseIdleConnections()
	var v web.DebugVars
	var err error
	for range 50 { // the dropped games' engines close in the background
		if v, err = ws.vars(ctx, true); err != nil || v.Web.Engines == 0 && v.Goroutines <= before.Goroutines+webGoroutineSlack &&
			v.MemStats.HeapAlloc <= before.MemStats.HeapAlloc+webHeapSlack {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		return ws.fail(BadReply, fmt.Sprintf("/debug/vars after the load: %v", err), nil)
	}
	s := ws.sample(v)
	ws.r.note("after the load and %v idle: %d game kept (%d with an engine), %d goroutines (%d at the start), heap %s (%s at the start), %s resident (%s at the start)",
		ws.cfg.Idle, v.Web.Games, v.Web.Engines, v.Goroutines, before.Goroutines, MiB(int64(s.heap)), MiB(int64(before.MemStats.HeapAlloc)),
		MiB(s.rss), MiB(ws.firstRSS()))
	if v.Web.Games != 1 || v.Web.Engines != 0 || v.Goroutines > before.Goroutines+webGoroutineSlack ||
		v.MemStats.HeapAlloc > before.MemStats.HeapAlloc+webHeapSlack {
		return ws.fail(EngineError, fmt.Sprintf("after the load the server keeps %d games (%d with an engine), runs %d goroutines (%d at the start) and holds a live heap of %s (%s at the start): a leak",
			v.Web.Games, v.Web.Engines, v.Goroutines, before.Goroutines, MiB(int64(v.MemStats.HeapAlloc)), MiB(int64(before.MemStats.HeapAlloc))), nil)
	}
	return nil
}

// firstRSS returns the resident memory of the first sample.
func (ws *webSoak) firstRSS() int64 {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if len(ws.samples) == 0 {
		return 0
	}
	return ws.samples[0].rss
}

// serverLog counts every line of the server's log (its stderr) as an
// engine error, or the stderr as one if it holds none of those (the race
// detector's report, say), and keeps it.
func (ws *webSoak) serverLog() error {
	text := ws.srv.stderr.String()
	if strings.TrimSpace(text) == "" {
		return nil
	}
	counted := false
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if strings.HasPrefix(l, "crown serve: ") || strings.HasPrefix(l, "panic") {
			counted = true
			if err := ws.fail(EngineError, "the server's log: "+l, map[string]string{"server.stderr": text}); err != nil {
				return err
			}
		}
	}
	if !counted { // not the server's own lines: the runtime's, say
		return ws.fail(EngineError, "the server wrote to its stderr: "+firstLine(text), map[string]string{"server.stderr": text})
	}
	return nil
}

// notes writes the web soak's figures into the report.
func (ws *webSoak) notes(before web.DebugVars) {
	r := ws.r
	r.Games, r.Moves = int(ws.created.Load()), int(ws.moves.Load())
	r.note("%d clients for %v; server --max-games %d --idle %v, engine moves of %d-%d ms", ws.cfg.Clients, ws.cfg.Duration,
		ws.cfg.MaxGames, ws.cfg.Idle, webMinMoveMS, webMaxMoveMS)
	r.note("%d games created, %d refused with 503 past the cap (%d probes filled it, each refused), %d moves (%d by the engine, the longest wait for one %v)",
		ws.created.Load(), ws.refused.Load(), ws.probes.Load(), ws.moves.Load(), ws.engineMoves.Load(), time.Duration(ws.longestWait.Load()).Round(time.Millisecond))
	r.note("%d undos, %d analyses, %d hints, %d reviews, %d events streamed", ws.undos.Load(), ws.analyses.Load(), ws.hints.Load(), ws.reviews.Load(), ws.events.Load())
	ws.mu.Lock()
	samples := append([]webSample(nil), ws.samples...)
	ws.mu.Unlock()
	// The load's first and last minutes, for a trend.
	window := func(from, to time.Duration) (goroutines int, rss int64) {
		for _, s := range samples {
			if s.at >= from && s.at < to {
				goroutines, rss = max(goroutines, s.goroutines), max(rss, s.rss)
			}
		}
		return
	}
	g1, m1 := window(0, time.Minute)
	g2, m2 := window(ws.cfg.Duration-time.Minute, ws.cfg.Duration)
	r.note("%d samples: goroutines %d at the start, at most %d; in the first minute at most %d, in the last %d", len(samples),
		before.Goroutines, ws.maxGoroutines.Load(), g1, g2)
	r.note("resident memory at most %s (heap at most %s); in the first minute at most %s, in the last %s; games kept at most %d (cap %d), with an engine at most %d",
		MiB(ws.maxRSS.Load()), MiB(ws.maxHeap.Load()), MiB(m1), MiB(m2), ws.maxGames.Load(), ws.cfg.MaxGames, ws.maxEngines.Load())
}
