package book

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// Build defaults (Config's zero fields take them).
const (
	// DefaultDepthCost is the expansion priority one ply adds: with
	// DefaultDropWeight, a move 7 centi-men below the best costs about one
	// ply more, so the book grows along the main lines first and widens
	// where alternatives are nearly as good.
	DefaultDepthCost = 20
	// DefaultDropWeight is the priority one centi-man below the best adds.
	DefaultDropWeight = 3
	// DefaultCutoff: a move more than this many centi-men below the best is
	// never expanded (its search score stays its book score). It is above
	// VarietyMargin, so every move a level may play has its own subtree.
	DefaultCutoff = 40
	// DefaultBatch is how many leaves one round expands; their children
	// are searched in parallel. A fixed batch (not one per worker) keeps
	// the book the same whatever the concurrency.
	DefaultBatch = 8
	// DefaultMainPlies: every root's main line (best moves) is expanded
	// to at least this many plies before the rest of the tree grows.
	DefaultMainPlies = 10
	// DefaultHashMiB is each build engine's table: a search of some 100k
	// nodes fills little of it, and clearing it before every search (for
	// reproducible scores) stays far below the search's own time.
	DefaultHashMiB = 8
	// DefaultPrescreenMargin: a position whose prescreen score is more
	// than a man below the best move's is searched no further. It is
	// DefaultCutoff with 60 centi-men to spare for the prescreen's
	// shallower view: in the shipped book 36% of the moves out of the book
	// are more than a man below their position's best.
	DefaultPrescreenMargin = 100
)

// Config is a build's settings.
type Config struct {
	Variant movegen.Variant
	// Ballots are forced into the book: every position along each one's
	// moves from the start position is expanded, and the position they
	// reach is a root like the start position (the ACF deck). They are of
	// the build's rule set, and each has moves.
	Ballots []Ballot
	// Positions is the book size at which expansion stops (the forced
	// ballots and main lines may take it past).
	Positions int
	// MainPlies: every root's main line is in the book to this many plies.
	MainPlies int
	// Limits bound each leaf's search; node or depth limits make the
	// build reproducible.
	Limits search.Limits
	// Prescreen, if it has a limit, scores every new position first: only
	// those whose prescreen score is within PrescreenMargin of the best of
	// their leaf's moves are searched to Limits, the rest keep the
	// prescreen's score (moves that far below the best are neither played
	// nor followed). Node or depth limits keep the build reproducible.
	Prescreen search.Limits
	// PrescreenMargin is in centi-men (zero: DefaultPrescreenMargin).
	PrescreenMargin int
	// Options configure each engine; Threads is forced to 1.
	Options search.Options
	// Concurrency is the number of searches at once, one engine each.
	Concurrency int
	// Seed breaks ties between leaves of equal priority.
	Seed uint64
	// Expansion priority (zero: the defaults above).
	DepthCost, DropWeight, Cutoff, Batch int
	// Progress, if not nil, is called after every round.
	Progress func(Progress)
	// Checkpoint, if not nil, is called with the book so far after a round
	// once CheckpointEvery has passed since the last call.
	Checkpoint      func([]Entry) error
	CheckpointEvery time.Duration
}

// Progress is the state of a build after a round.
type Progress struct {
	Positions int           // book positions (expanded)
	Resumed   int           // book positions when this run began
	Target    int           // Config.Positions
	Searches  int           // leaf searches to the build's limits this run
	Screened  int           // leaves scored by the prescreen alone this run
	Forced    int           // positions still forced (ballots, short main lines) at the last round
	MinMain   int           // shortest main line over the roots, in plies
	Elapsed   time.Duration // this run
}

// progressBarWidth is the width of Progress.String's bar in characters.
const progressBarWidth = 30

// String writes the progress as crown book build's progress line shows
// it: a bar of the positions to the target, the searches (and positions
// the prescreen settled), the shortest main line, the positions forced,
// the time and the time left at this run's rate.
func (p Progress) String() string {
	frac := min(float64(p.Positions)/float64(p.Target), 1)
	n := int(frac * progressBarWidth)
	left := "?"
	if added := p.Positions - p.Resumed; added > 0 {
		left = "~" + time.Duration(float64(p.Elapsed)*float64(max(p.Target-p.Positions, 0))/float64(added)).Round(time.Second).String()
	}
	screened := ""
	if p.Screened > 0 {
		screened = fmt.Sprintf("  %d screened", p.Screened)
	}
	return fmt.Sprintf("book [%s%s] %d/%d positions  %d searches%s  main line >= %d  forced %d  elapsed %s  left %s",
		strings.Repeat("#", n), strings.Repeat(".", progressBarWidth-n), p.Positions, p.Target, p.Searches, screened,
		p.MinMain, p.Forced, p.Elapsed.Round(time.Second), left)
}

type edge struct {
	m     movegen.Move
	child *node
}

type node struct {
	pos      movegen.Position
	expanded bool
	terminal bool // no legal move
	leaf     int  // search score, side to move's view, while not expanded
	edges    []edge

	value    int
	valueGen int
	onStack  bool
	pri      int
	priGen   int
	size     uint32
	sizeGen  int
}

type builder struct {
	cfg      Config
	nodes    map[movegen.Position]*node
	start    *node
	gen      int
	expanded int
	searches int
	screened int
	engines  []*search.Engine
}

// Build grows a book by dropout expansion and returns its entries. resume,
// if not nil, is a book an earlier build of the same settings wrote: the
// build continues from it. Each round expands the forced positions (the
// ballots' moves, then main lines shorter than MainPlies), or else the
// Batch leaves of lowest priority, where a leaf's priority is the least,
// over its paths from a root, of DepthCost a ply plus DropWeight a
// centi-man by which each move of the path falls below the best move of
// its position (moves beyond Cutoff are not followed). Expanding a leaf
// searches each of its new successors; book values are the negamax of
// those scores. On cancellation Build returns the book as of the last
// whole round with ctx's error.
func Build(ctx context.Context, cfg Config, resume *Book) ([]Entry, error) {
	cfg = withDefaults(cfg)
	if cfg.Limits.Unlimited() {
		return nil, ErrNoLimit
	}
	for _, bl := range cfg.Ballots {
		switch {
		case bl.Pos.Variant != cfg.Variant:
			return nil, fmt.Errorf("book: %s is a position of %v, the build is of %v", bl.Label(), bl.Pos.Variant, cfg.Variant)
		case bl.Moves == nil:
			return nil, fmt.Errorf("book: %s has no moves from the start position", bl.Label())
		}
	}
	b := &builder{cfg: cfg, nodes: map[movegen.Position]*node{}}
	if resume != nil {
		if resume.Variant() != cfg.Variant {
			return nil, fmt.Errorf("book: resume: the book is %s, the build %s", resume.Variant().Rules().Name, cfg.Variant.Rules().Name)
		}
		b.load(resume)
	}
	b.start = b.node(movegen.StartPosition(cfg.Variant))
	opt := cfg.Options
	opt.Threads = 1
	defer func() {
		for _, e := range b.engines {
			e.Close()
		}
	}()
	for range cfg.Concurrency {
		b.engines = append(b.engines, search.New(opt))
	}
	began, saved, resumed := time.Now(), time.Now(), b.expanded
	for {
		if err := ctx.Err(); err != nil {
			return b.entries(), err
		}
		b.evaluate()
		roots := b.roots()
		todo := b.forced(roots)
		forced := len(todo)
		if forced == 0 {
			if b.expanded >= cfg.Positions {
				break
			}
			todo = b.pick(roots)
			if len(todo) == 0 {
				break
			}
		}
		if err := b.expand(ctx, todo); err != nil {
			return b.entries(), err
		}
		if cfg.Progress != nil {
			b.evaluate()
			cfg.Progress(Progress{Positions: b.expanded, Resumed: resumed, Target: cfg.Positions,
				Searches: b.searches, Screened: b.screened, Forced: forced,
				MinMain: b.minMain(b.roots()), Elapsed: time.Since(began)})
		}
		if cfg.Checkpoint != nil && time.Since(saved) >= cfg.CheckpointEvery {
			if err := cfg.Checkpoint(b.entries()); err != nil {
				return nil, err
			}
			saved = time.Now()
		}
	}
	return b.entries(), nil
}

func withDefaults(cfg Config) Config {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&cfg.DepthCost, DefaultDepthCost)
	def(&cfg.DropWeight, DefaultDropWeight)
	def(&cfg.Cutoff, DefaultCutoff)
	def(&cfg.Batch, DefaultBatch)
	def(&cfg.MainPlies, DefaultMainPlies)
	def(&cfg.Concurrency, 1)
	def(&cfg.Options.HashMiB, DefaultHashMiB)
	def(&cfg.PrescreenMargin, DefaultPrescreenMargin)
	return cfg
}

// node returns the node of p, creating it unexpanded (and unscored) if new.
func (b *builder) node(p movegen.Position) *node {
	if n, ok := b.nodes[p]; ok {
		return n
	}
	n := &node{pos: p}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 {
		n.terminal, n.leaf = true, -search.WinScore
	}
	b.nodes[p] = n
	return n
}

// load rebuilds the tree of a book: its positions expanded, the positions
// their moves lead to out of the book leaves scored by the stored score.
func (b *builder) load(bk *Book) {
	bk.Each(func(e Entry) bool {
		n := b.node(e.Pos)
		n.expanded = true
		b.expanded++
		for _, m := range e.Moves {
			c := e.Pos
			c.MakeMove(m.Move)
			child := b.node(c)
			if !child.expanded && !child.terminal {
				child.leaf = -m.Score
			}
			n.edges = append(n.edges, edge{m.Move, child})
		}
		return true
	})
}

// evaluate computes every node's negamax value from the start and the
// roots. A position met again on its own path (a repetition) counts as a
// draw there.
func (b *builder) evaluate() {
	b.gen++
	b.value(b.start)
	for _, r := range b.roots() {
		b.value(r)
	}
}

// val returns n's value as the last evaluate found it: its search score
// while it is a leaf.
func (n *node) val() int {
	if n.expanded {
		return n.value
	}
	return n.leaf
}

func (b *builder) value(n *node) int {
	if !n.expanded {
		return n.leaf
	}
	if n.valueGen == b.gen {
		if n.onStack {
			return search.DrawScore
		}
		return n.value
	}
	n.valueGen, n.onStack = b.gen, true
	best := math.MinInt
	for _, e := range n.edges {
		best = max(best, -b.value(e.child))
	}
	n.onStack, n.value = false, best
	return best
}

// roots returns the start node and the ballots' positions that are in the
// tree, without repeats, in the ballots' order.
func (b *builder) roots() []*node {
	out := []*node{b.start}
	seen := map[*node]bool{b.start: true}
	for _, bl := range b.cfg.Ballots {
		if n, ok := b.nodes[bl.Pos]; ok && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// best returns n's best edge (the first of the best value).
func best(n *node) edge {
	bi := 0
	for i, e := range n.edges {
		if e.child.val() < n.edges[bi].child.val() {
			bi = i
		}
	}
	return n.edges[bi]
}

// mainLine follows the best moves from n while they are in the tree and
// returns the plies played and the leaf reached (nil at a terminal
// position or after limit plies).
func mainLine(n *node, limit int) (int, *node) {
	d := 0
	for n.expanded && d < limit {
		n = best(n).child
		d++
	}
	if n.expanded || n.terminal {
		return d, nil
	}
	return d, n
}

// forced returns the positions to expand before any other: the first
// unexpanded position along every ballot's moves, then the leaf each main line shorter
// than MainPlies ends at.
func (b *builder) forced(roots []*node) []*node {
	var out []*node
	seen := map[*node]bool{}
	add := func(n *node) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, bl := range b.cfg.Ballots {
		n := b.start
		for _, m := range bl.Moves {
			if !n.expanded {
				add(n)
				break
			}
			p := n.pos
			p.MakeMove(m)
			n = b.nodes[p]
		}
	}
	if !b.start.expanded {
		add(b.start)
	}
	for _, r := range roots {
		if d, leaf := mainLine(r, b.cfg.MainPlies); leaf != nil && d < b.cfg.MainPlies {
			add(leaf)
		}
	}
	return out
}

// minMain returns the shortest main line over the roots, up to MainPlies.
func (b *builder) minMain(roots []*node) int {
	m := b.cfg.MainPlies
	for _, r := range roots {
		d, _ := mainLine(r, b.cfg.MainPlies)
		m = min(m, d)
	}
	return m
}

// priItem is a node in the priority queue of pick.
type priItem struct {
	pri  int
	tie  uint64
	node *node
}

type priQueue []priItem

func (q priQueue) Len() int { return len(q) }
func (q priQueue) Less(i, j int) bool {
	if q[i].pri != q[j].pri {
		return q[i].pri < q[j].pri
	}
	return q[i].tie < q[j].tie
}
func (q priQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *priQueue) Push(x any)   { *q = append(*q, x.(priItem)) }
func (q *priQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}

// pick returns up to Batch leaves of lowest priority (Dijkstra from the
// roots over the moves within Cutoff of their position's best).
func (b *builder) pick(roots []*node) []*node {
	b.gen++
	salt := b.cfg.Seed * 0x9E3779B97F4A7C15
	var q priQueue
	for _, r := range roots {
		r.pri, r.priGen = 0, b.gen
		heap.Push(&q, priItem{0, r.pos.Hash ^ salt, r})
	}
	var out []*node
	done := map[*node]bool{}
	for q.Len() > 0 && len(out) < b.cfg.Batch {
		it := heap.Pop(&q).(priItem)
		n := it.node
		if done[n] || it.pri != n.pri {
			continue
		}
		done[n] = true
		if !n.expanded {
			if !n.terminal {
				out = append(out, n)
			}
			continue
		}
		for _, e := range n.edges {
			drop := n.value + e.child.val()
			if drop > b.cfg.Cutoff {
				continue
			}
			p := n.pri + b.cfg.DepthCost + b.cfg.DropWeight*drop
			if c := e.child; c.priGen != b.gen || p < c.pri {
				c.pri, c.priGen = p, b.gen
				heap.Push(&q, priItem{p, c.pos.Hash ^ salt, c})
			}
		}
	}
	return out
}

// expand searches the new successors of the leaves and links them in. With
// a prescreen, every new successor is searched to the prescreen's limits
// first, and only those within PrescreenMargin of their leaf's best move
// are searched again to the build's limits. On cancellation it changes
// nothing.
func (b *builder) expand(ctx context.Context, leaves []*node) error {
	var jobs []movegen.Position
	index := map[movegen.Position]int{}
	moves := make([][]movegen.Move, len(leaves))
	next := make([][]movegen.Position, len(leaves)) // leaf k's successors
	for k, n := range leaves {
		moves[k], next[k] = successors(n.pos)
		for _, c := range next[k] {
			if _, ok := b.nodes[c]; ok {
				continue
			}
			if _, ok := index[c]; !ok {
				index[c] = len(jobs)
				jobs = append(jobs, c)
			}
		}
	}
	scores, err := b.score(ctx, next, jobs, index)
	if err != nil {
		return err
	}
	for i, c := range jobs {
		b.node(c).leaf = scores[i]
	}
	for k, n := range leaves {
		for i, m := range moves[k] {
			n.edges = append(n.edges, edge{m, b.nodes[next[k][i]]})
		}
		n.expanded = true
		b.expanded++
	}
	return nil
}

// score scores the new successors jobs (index: a position's place in
// jobs) of a round's leaves, next being each leaf's successors, to the
// build's limits; with a prescreen, all of them to the prescreen's limits
// first, and then only those whose prescreen score is within
// PrescreenMargin of their leaf's best successor (by the prescreen, or by
// the tree for a successor already in it) to the build's.
// A successor of two leaves is searched again if either keeps it.
func (b *builder) score(ctx context.Context, next [][]movegen.Position, jobs []movegen.Position, index map[movegen.Position]int) ([]int, error) {
	if b.cfg.Prescreen.Unlimited() {
		scores, err := b.searchAll(ctx, jobs, b.cfg.Limits)
		if err == nil {
			b.searches += len(jobs)
		}
		return scores, err
	}
	scores, err := b.searchAll(ctx, jobs, b.cfg.Prescreen)
	if err != nil {
		return nil, err
	}
	again := make([]bool, len(jobs))
	value := func(c movegen.Position) int { // a successor's, from its mover's view
		if i, ok := index[c]; ok {
			return scores[i]
		}
		return b.nodes[c].val()
	}
	for _, succ := range next {
		best := math.MaxInt // the leaf's best move leaves its successor the least
		for _, c := range succ {
			best = min(best, value(c))
		}
		for _, c := range succ {
			if i, ok := index[c]; ok && scores[i] <= best+b.cfg.PrescreenMargin {
				again[i] = true
			}
		}
	}
	var deep []movegen.Position
	for i, c := range jobs {
		if again[i] {
			deep = append(deep, c)
		}
	}
	deepScores, err := b.searchAll(ctx, deep, b.cfg.Limits)
	if err != nil {
		return nil, err
	}
	for i, k := 0, 0; i < len(jobs); i++ {
		if again[i] {
			scores[i] = deepScores[k]
			k++
		}
	}
	b.searches += len(deep)
	b.screened += len(jobs) - len(deep)
	return scores, nil
}

// searchAll searches every position to lim, each on one of the builder's
// engines with its table cleared, and returns their scores in order. A
// failed search stops the others and is the error; so is ctx's end.
func (b *builder) searchAll(ctx context.Context, positions []movegen.Position, lim search.Limits) ([]int, error) {
	scores := make([]int, len(positions))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	work := make(chan int)
	errs := make([]error, len(b.engines))
	var wg sync.WaitGroup
	for k, e := range b.engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if errs[k] != nil {
					cancel()
				}
			}()
			defer fault.Recover(&errs[k], "book search")
			for i := range work {
				e.Clear()
				res, err := e.Search(ctx, search.Request{Pos: positions[i], Limits: lim})
				if err != nil {
					errs[k] = fmt.Errorf("book: searching %s: %w", positions[i].FEN(), err)
					return
				}
				scores[i] = res.Score
			}
		}()
	}
feed:
	for i := range positions {
		select {
		case work <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return scores, nil
}

// successors returns the legal moves of p and the positions they lead to.
func successors(p movegen.Position) ([]movegen.Move, []movegen.Position) {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	moves := append([]movegen.Move(nil), ml.Slice()...)
	next := make([]movegen.Position, len(moves))
	for i, m := range moves {
		next[i] = p
		next[i].MakeMove(m)
	}
	return moves, next
}

// entries returns the book so far: every expanded position with all its
// moves, scored by the negamax of the tree and counted.
func (b *builder) entries() []Entry {
	b.evaluate()
	b.gen++ // for count
	out := make([]Entry, 0, b.expanded)
	for _, n := range b.nodes {
		if !n.expanded {
			continue
		}
		e := Entry{Pos: n.pos}
		for _, ed := range n.edges {
			e.Moves = append(e.Moves, Move{Move: ed.m, Score: -ed.child.val(), Count: b.count(ed.child)})
		}
		out = append(out, e)
	}
	return out
}

// count returns the book positions at and below n along every path,
// capped at the largest uint32.
func (b *builder) count(n *node) uint32 {
	if !n.expanded {
		return 0
	}
	if n.sizeGen == b.gen {
		return n.size
	}
	n.sizeGen, n.size = b.gen, 0 // a repetition adds nothing
	s := uint64(1)
	for _, e := range n.edges {
		s += uint64(b.count(e.child))
	}
	n.size = uint32(min(s, math.MaxUint32))
	return n.size
}

// ErrNoLimit: a build needs a limit for its searches.
var ErrNoLimit = errors.New("book: build: the searches need a limit (nodes, depth or movetime)")
