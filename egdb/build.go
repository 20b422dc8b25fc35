package egdb

import (
	"errors"
	"fmt"
	"io/fs"
	"sync/atomic"
	"time"

	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
)

// chunkPositions is how many indices a build thread takes at a time: big
// enough that taking one costs nothing next to solving them, small enough
// that the threads finish a phase together.
const chunkPositions = 1 << 12

// inChunks starts threads goroutines (at least one) that share the indices
// 0..n-1 in chunks of chunkPositions, each chunk starting on a multiple of
// it: each goroutine gets its work function from newWork (so that it holds
// its own scratch space) and calls it on chunks until none is left. The
// returned run is done when they all are; a goroutine's panic (a bug)
// stops the others after their chunk and is the run's error, named by
// what.
func inChunks(what string, n int64, threads int, newWork func() func(lo, hi int64)) *chunkRun {
	threads = max(threads, 1)
	r := &chunkRun{done: make(chan struct{}), errs: make([]error, threads)}
	var next, left atomic.Int64
	left.Store(int64(threads))
	for k := range threads {
		go func() {
			defer func() {
				next.Store(n) // no chunk is left for the others once this one has ended, by panic or not
				if left.Add(-1) == 0 {
					close(r.done)
				}
			}()
			defer fault.Recover(&r.errs[k], what)
			work := newWork()
			for {
				lo := next.Add(chunkPositions) - chunkPositions
				if lo >= n {
					return
				}
				work(lo, min(lo+chunkPositions, n))
			}
		}()
	}
	return r
}

// chunkRun is a run of inChunks's goroutines.
type chunkRun struct {
	done chan struct{} // closed when every goroutine has ended
	errs []error       // each goroutine's panic, if it had one
}

// Wait waits for the run's goroutines and returns their panics as an
// error, nil if none had one.
func (r *chunkRun) Wait() error {
	<-r.done
	return errors.Join(r.errs...)
}

// defaultProgressEvery is how often Build reports progress by default.
const defaultProgressEvery = time.Second

// Builder builds the slices of one rule set, in dependency order, keeping
// every finished slice in memory (two bits a position) for the lookups of
// the slices built after it.
type Builder struct {
	Variant movegen.Variant
	// Threads is the number of goroutines in the scan and link phases
	// (below 1 counts as 1).
	Threads int
	// Dir, when set, is where each finished slice is written (see
	// WriteSlice), and where Build looks for slices already built: those
	// valid there are read back instead of built again, so an interrupted
	// build resumes. Build first deletes the temporary files an interrupted
	// build left there, so only one build may use a directory at a time.
	Dir string
	// Progress, when set, is called every ProgressEvery during a build
	// and once when each slice pair is done.
	Progress      func(Progress)
	ProgressEvery time.Duration

	t     tables
	done  int64 // positions in finished slices
	total int64 // positions in all slices of the build
	start time.Time
}

// Progress describes a build under way.
type Progress struct {
	Slices      []Material // the slices being built (a slice and its mirror)
	Phase       string     // what the build of those slices is doing (see buildPair)
	Scanned     int64      // positions the phase has looked at
	Of          int64      // positions the phase looks at in all
	Done, Total int64      // positions in finished slices, in all slices of the build
	Elapsed     time.Duration
	Finished    bool // the slices are done (built, or read back from Dir)
	Loaded      bool // with Finished: they were read back, not built
}

// NewBuilder returns a builder for variant v using threads goroutines.
func NewBuilder(v movegen.Variant, threads int) *Builder {
	b := &Builder{Variant: v, Threads: max(threads, 1), ProgressEvery: defaultProgressEvery}
	b.t.variant = v
	return b
}

// pairs splits Slices(n) into build units: a slice with its mirror (the
// slice its quiet moves lead into), or a slice alone when it is its own
// mirror.
func pairs(n int) [][]Material {
	var out [][]Material
	ms := Slices(n)
	for i := 0; i < len(ms); i++ {
		if m := ms[i]; m.Mirror() != m {
			out = append(out, []Material{m, m.Mirror()})
			i++
			continue
		}
		out = append(out, ms[i:i+1])
	}
	return out
}

// Build builds (or, with Dir, reads back) every slice of up to n pieces.
func (b *Builder) Build(n int) error {
	if n < 2 || n > MaxPieces {
		return fmt.Errorf("egdb: pieces %d out of range 2..%d", n, MaxPieces)
	}
	if b.Dir != "" {
		if err := RemoveTemporary(b.Dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	b.start = time.Now()
	b.total, b.done = 0, 0
	ps := pairs(n)
	for _, pair := range ps {
		for _, m := range pair {
			b.total += Size(m)
		}
	}
	for _, pair := range ps {
		if b.t.slices[pair[0].code()] != nil {
			b.finish(pair, true)
			continue
		}
		if b.Dir != "" && b.load(pair) {
			b.finish(pair, true)
			continue
		}
		if err := b.buildPair(pair); err != nil {
			return err
		}
		b.finish(pair, false)
	}
	return nil
}

// finish counts a done pair and reports it.
func (b *Builder) finish(pair []Material, loaded bool) {
	for _, m := range pair {
		b.done += Size(m)
	}
	if b.Progress != nil {
		b.Progress(Progress{Slices: pair, Done: b.done, Total: b.total,
			Elapsed: time.Since(b.start), Finished: true, Loaded: loaded})
	}
}

// load reads the pair's slices from Dir when all are there and valid.
func (b *Builder) load(pair []Material) bool {
	loaded := make([]*table, len(pair))
	for i, m := range pair {
		s, err := ReadSlice(b.Dir, b.Variant, m)
		if err != nil {
			return false
		}
		loaded[i] = s.table()
	}
	for i, m := range pair {
		b.t.slices[m.code()] = loaded[i]
	}
	return true
}

// Value returns the value of p from the slices built (or loaded) so far,
// or movegen.Unknown when its slice is not among them.
func (b *Builder) Value(p *movegen.Position) movegen.Result {
	q := *p
	if q.Turn == movegen.White {
		q = turnRound(&q)
	}
	if q.Pieces[movegen.Black] == 0 {
		return movegen.Loss
	}
	m := MaterialOf(&q)
	if !m.Valid() || b.t.slices[m.code()] == nil {
		return movegen.Unknown
	}
	return b.t.value(&q)
}
