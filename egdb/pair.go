package egdb

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// The phases of a slice pair's build, as Progress names them.
const (
	phaseScan      = "scan"      // generate every position's moves, resolve what smaller slices decide
	phaseLink      = "link"      // record, for each position, the unresolved ones that move into it
	phasePropagate = "propagate" // resolve backwards from the known positions
)

// pairBuild is the state of one pair's build. Positions of the pair are
// numbered 0..total-1 across its slices (pair indices). Values found from
// smaller slices seed the pair; every unresolved position keeps a count of
// its successors within the pair not yet known, and a list of the pair's
// unresolved positions that move into it (its predecessors), so that the
// values spread backwards in time proportional to the moves: the classic
// retrograde count.
type pairBuild struct {
	b     *Builder
	tabs  []*table
	codes []int // material code of each slice
	sizes []int64
	total int64

	vals     []Value  // pair index -> value so far
	left     []uint16 // successors within the pair not yet known
	drawSeen []bool   // a successor is known to be a draw
	predOff  []uint32 // predecessors of x are pred[predOff[x]:predOff[x+1]]
	pred     []uint32
}

// locate splits a pair index into slice and index.
func (pb *pairBuild) locate(g int64) (int, int64) {
	k := 0
	for g >= pb.sizes[k] {
		g -= pb.sizes[k]
		k++
	}
	return k, g
}

// successors lists p's moves' results within the pair (as pair indices)
// into in, and returns what the moves into other slices decide: Win if one
// reaches a loss, else whether one reaches a draw. p has Black to move.
func (pb *pairBuild) successors(p *movegen.Position, ml *movegen.MoveList, in []uint32) (n int, win, draw bool) {
	p.GenerateMoves(ml)
	for _, mv := range ml.Slice() {
		q := *p
		q.MakeMove(mv)
		f := turnRound(&q)
		if f.Pieces[movegen.Black] == 0 {
			return n, true, draw
		}
		code := materialCode(&f)
		inside := false
		base := int64(0)
		for k, c := range pb.codes {
			if c == code {
				in[n] = uint32(base + pb.tabs[k].l.index(&f))
				n++
				inside = true
				break
			}
			base += pb.sizes[k]
		}
		if inside {
			continue
		}
		switch pb.b.t.after(&q) {
		case Loss:
			return n, true, draw
		case Draw:
			draw = true
		}
	}
	return n, false, draw
}

// parallel runs f over the pair indices in chunks of chunkPositions,
// spread across the builder's threads, reporting progress under the
// phase's name. f gets the chunk's number and range and scratch space:
// a move list, room for a position's successors, and a buffer of its own.
func (pb *pairBuild) parallel(phase string, pair []Material, f func(c int, lo, hi int64, ml *movegen.MoveList, in []uint32, buf *[]uint32)) {
	var next, scanned atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < max(pb.b.Threads, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ml movegen.MoveList
			in := make([]uint32, movegen.MaxMoves)
			var buf []uint32
			for {
				lo := next.Add(chunkPositions) - chunkPositions
				if lo >= pb.total {
					return
				}
				hi := min(lo+chunkPositions, pb.total)
				f(int(lo/chunkPositions), lo, hi, &ml, in, &buf)
				scanned.Add(hi - lo)
			}
		}()
	}
	pb.b.wait(&wg, pair, phase, &scanned, pb.total)
}

// buildPair builds a slice and its mirror (or a slice that is its own
// mirror): every quiet move of one leads into the other, while captures and
// promotions lead into slices already built.
//
//   - scan: each position's moves are generated; a move into another slice
//     that reaches a loss makes it a win; if all its moves leave the pair
//     it is decided (loss, or draw if one reaches a draw). Otherwise it
//     counts its successors within the pair, and each of those counts it
//     as a predecessor; the successors are kept, chunk by chunk.
//   - link: the kept successors fill in the predecessor lists (4 bytes a
//     move twice over for a while, which saves generating the moves
//     again: that took some 40% of a build).
//   - propagate: from every decided position, backwards: a predecessor of
//     a loss is a win; a predecessor whose last unknown successor is
//     decided, and none of them a loss, is a loss (or a draw if one was).
//
// What is still unresolved then can neither be forced to a win nor lost
// by force: a draw.
func (b *Builder) buildPair(pair []Material) {
	pb := &pairBuild{b: b}
	for _, m := range pair {
		l := newLayout(m)
		t := &table{l: l}
		b.t.slices[m.code()] = t
		pb.tabs = append(pb.tabs, t)
		pb.codes = append(pb.codes, m.code())
		pb.sizes = append(pb.sizes, l.size())
		pb.total += l.size()
	}
	if pb.total > math.MaxUint32 {
		panic(fmt.Sprintf("egdb: %v has %d positions, more than 32-bit pair indices hold", pair, pb.total))
	}
	pb.vals = make([]Value, pb.total)
	pb.left = make([]uint16, pb.total)
	pb.drawSeen = make([]bool, pb.total)
	counts := make([]uint32, pb.total+1)

	fwd := make([][]uint32, (pb.total+chunkPositions-1)/chunkPositions) // per chunk, the unresolved positions' successors in order
	pb.parallel(phaseScan, pair, func(c int, lo, hi int64, ml *movegen.MoveList, in []uint32, buf *[]uint32) {
		edges := (*buf)[:0]
		for g := lo; g < hi; g++ {
			k, i := pb.locate(g)
			p := pb.tabs[k].l.position(i, b.Variant)
			n, win, draw := pb.successors(&p, ml, in)
			switch {
			case win:
				pb.vals[g] = Win
			case n == 0 && draw:
				pb.vals[g] = Draw
			case n == 0:
				pb.vals[g] = Loss
			default:
				pb.left[g] = uint16(n)
				pb.drawSeen[g] = draw
				for _, x := range in[:n] {
					atomic.AddUint32(&counts[x], 1)
				}
				edges = append(edges, in[:n]...)
			}
		}
		if len(edges) > 0 {
			fwd[c] = append([]uint32(nil), edges...) // exactly sized
		}
		*buf = edges
	})

	// Prefix sums: predOff[x] is where x's predecessors start; counts
	// becomes the fill cursor.
	pb.predOff = make([]uint32, pb.total+1)
	var sum uint64
	for x := int64(0); x < pb.total; x++ {
		pb.predOff[x] = uint32(sum)
		sum += uint64(counts[x])
		counts[x] = pb.predOff[x]
	}
	if sum > math.MaxUint32 {
		panic(fmt.Sprintf("egdb: %v has %d moves within the pair, more than 32-bit predecessor offsets hold", pair, sum))
	}
	pb.predOff[pb.total] = uint32(sum)
	pb.pred = make([]uint32, sum)

	pb.parallel(phaseLink, pair, func(c int, lo, hi int64, _ *movegen.MoveList, _ []uint32, _ *[]uint32) {
		edges := fwd[c]
		for g := lo; g < hi; g++ {
			if pb.vals[g] != Unknown {
				continue
			}
			n := int(pb.left[g])
			for _, x := range edges[:n] {
				pb.pred[atomic.AddUint32(&counts[x], 1)-1] = uint32(g)
			}
			edges = edges[n:]
		}
		fwd[c] = nil
	})
	counts = nil

	pb.propagate(pair)

	for k, t := range pb.tabs {
		base := int64(0)
		for j := 0; j < k; j++ {
			base += pb.sizes[j]
		}
		vals := pb.vals[base : base+pb.sizes[k]]
		for i, v := range vals {
			if v == Unknown {
				vals[i] = Draw
			}
		}
		t.packed = pack(vals)
	}
	pb.vals, pb.left, pb.drawSeen, pb.predOff, pb.pred = nil, nil, nil, nil, nil
	runtime.GC() // the build's arrays are garbage now; give the memory back before the next pair
}

// propagateClockEvery is how many positions propagate handles between
// looks at the clock for progress: reading it costs more than a position.
const propagateClockEvery = 1 << 16

// propagate spreads the decided values backwards through the predecessor
// lists (one thread: it touches each move once).
func (pb *pairBuild) propagate(pair []Material) {
	stack := make([]uint32, 0, 1024)
	for g, v := range pb.vals {
		if v != Unknown {
			stack = append(stack, uint32(g))
		}
	}
	var done int64
	last := time.Now()
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		v := pb.vals[x]
		for _, u := range pb.pred[pb.predOff[x]:pb.predOff[x+1]] {
			if pb.vals[u] != Unknown {
				continue
			}
			switch v {
			case Loss:
				pb.vals[u] = Win
				stack = append(stack, u)
				continue
			case Draw:
				pb.drawSeen[u] = true
			}
			pb.left[u]--
			if pb.left[u] == 0 {
				pb.vals[u] = Loss
				if pb.drawSeen[u] {
					pb.vals[u] = Draw
				}
				stack = append(stack, u)
			}
		}
		if done++; done%propagateClockEvery == 0 && pb.b.Progress != nil && time.Since(last) >= pb.b.ProgressEvery {
			last = time.Now()
			pb.b.report(pair, phasePropagate, done, pb.total)
		}
	}
}

// wait waits for a phase's threads, reporting progress meanwhile.
func (b *Builder) wait(wg *sync.WaitGroup, pair []Material, phase string, scanned *atomic.Int64, of int64) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	if b.Progress == nil {
		<-done
		return
	}
	tick := time.NewTicker(max(b.ProgressEvery, time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
			b.report(pair, phase, scanned.Load(), of)
		}
	}
}

func (b *Builder) report(pair []Material, phase string, scanned, of int64) {
	b.Progress(Progress{Slices: pair, Phase: phase, Scanned: scanned, Of: of,
		Done: b.done, Total: b.total, Elapsed: time.Since(b.start)})
}
