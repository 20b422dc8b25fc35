package movegen

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crown-checkers/crown/internal/schedtest"
)

// invariantPositions is how many random-playout positions of each rule set
// the invariant test checks; the -short run checks shortInvariantPositions.
const (
	invariantPositions      = 100_000
	shortInvariantPositions = 10_000
)

// flipMove returns m seen from the other side: every square s becomes 31-s.
func flipMove(m Move) Move {
	f := Move{From: 31 - m.From, To: 31 - m.To, Captured: reverse(m.Captured)}
	for i := m.Landings() - 1; i >= 0; i-- {
		f.path = f.path<<5 | uint64(31-m.Landing(i))
	}
	return f
}

// TestInvariants checks, over positions from random games of both rule
// sets: FEN and move notation round trips, incremental against computed
// hash, no duplicate moves, captures and quiet moves never mixed, consistent
// piece counts after every move, CountMoves against GenerateMoves, paths
// against unique moves, and colour-flip symmetry.
func TestInvariants(t *testing.T) {
	schedtest.SkipUnderRace(t, "random positions on one goroutine")
	n := invariantPositions
	if testing.Short() {
		n = shortInvariantPositions
	}
	for _, v := range []Variant{American, Pool} {
		rng := rand.New(rand.NewPCG(3, uint64(v)))
		positions := playoutPositions(rng, v, n)
		t.Logf("%s: %d positions", v, len(positions))
		for _, p := range positions {
			checkInvariants(t, &p)
			if t.Failed() {
				return
			}
		}
	}
}

func checkInvariants(t *testing.T, p *Position) {
	t.Helper()
	fen := p.FEN()
	if err := p.Validate(); err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	if q, err := ParseFEN(fen, p.Variant); err != nil || q != *p {
		t.Fatalf("%s: FEN round trip gives %v, %v", fen, q, err)
	}
	if p.Hash != p.ComputeHash() {
		t.Fatalf("%s: incremental hash %x, computed %x", fen, p.Hash, p.ComputeHash())
	}

	var ml, paths, scratch, flipped MoveList
	p.GenerateMoves(&ml)
	moves := ml.Slice()
	if got := p.CountMoves(&scratch); got != ml.N {
		t.Fatalf("%s: CountMoves %d, GenerateMoves %d", fen, got, ml.N)
	}
	hasCapture := p.HasCapture()
	for i, m := range moves {
		if m.IsCapture() != hasCapture {
			t.Fatalf("%s: move %v with HasCapture %v: captures and quiet moves mixed", fen, m, hasCapture)
		}
		for _, o := range moves[i+1:] {
			if m.Same(o) {
				t.Fatalf("%s: move %v listed twice", fen, m)
			}
		}
	}

	// Paths: each names a listed move, and each listed move has a path.
	p.GeneratePaths(&paths)
	seen := make([]bool, ml.N)
	for _, m := range paths.Slice() {
		found := false
		for i, o := range moves {
			if m.Same(o) {
				seen[i], found = true, true
			}
		}
		if !found {
			t.Fatalf("%s: path %v is not among the moves", fen, m)
		}
	}
	for i, ok := range seen {
		if !ok {
			t.Fatalf("%s: move %v has no path", fen, moves[i])
		}
	}
	// Every route's full path names its move, as GenerateMoves lists it,
	// and no route is listed twice.
	for i, m := range paths.Slice() {
		sq := []Square{m.From}
		for k := 0; k < m.Landings(); k++ {
			sq = append(sq, m.Landing(k))
		}
		r := p.ResolvePath(sq)
		if r.Status != PathMove || !slices.Contains(moves, r.Move) || !r.Move.Same(m) {
			t.Fatalf("%s: route %v resolves to %+v", fen, m, r)
		}
		for _, o := range paths.Moves[i+1 : paths.N] {
			if o == m {
				t.Fatalf("%s: route %v listed twice", fen, m)
			}
		}
	}

	us, them := p.Turn, p.Turn.Other()
	for _, m := range moves {
		for _, s := range []string{p.FormatMove(m), m.PathString()} {
			got, err := p.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: move %v written %q does not parse: %v", fen, m, s, err)
			}
			if !got.Same(m) {
				t.Fatalf("%s: move %v written %q parses as %v", fen, m, s, got)
			}
		}
		if m.Captured&^p.Pieces[them] != 0 {
			t.Fatalf("%s: move %v captures squares without enemy pieces", fen, m)
		}
		c := *p
		c.MakeMove(m)
		if c.Hash != c.ComputeHash() {
			t.Fatalf("%s: after %v incremental hash %x, computed %x", fen, m, c.Hash, c.ComputeHash())
		}
		if c.Pieces[us].Count() != p.Pieces[us].Count() ||
			c.Pieces[them].Count() != p.Pieces[them].Count()-m.Captured.Count() {
			t.Fatalf("%s: after %v piece counts %d/%d, want %d/%d", fen, m,
				c.Pieces[us].Count(), c.Pieces[them].Count(),
				p.Pieces[us].Count(), p.Pieces[them].Count()-m.Captured.Count())
		}
		if c.Kings.Count() < p.Kings.Count()-(m.Captured&p.Kings).Count() {
			t.Fatalf("%s: after %v a king was lost", fen, m)
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("%s: after %v: %v", fen, m, err)
		}
		if p.IsReversible(m) != (p.Kings.Has(m.From) && !m.IsCapture()) {
			t.Fatalf("%s: IsReversible(%v) = %v", fen, m, p.IsReversible(m))
		}
	}

	// Flip symmetry: the flipped position has the flipped moves.
	f := p.Flip()
	if back := f.Flip(); back != *p {
		t.Fatalf("%s: Flip twice gives %s", fen, back.FEN())
	}
	if f.Hash != f.ComputeHash() {
		t.Fatalf("%s: Flip hash is not ComputeHash", fen)
	}
	f.GenerateMoves(&flipped)
	if flipped.N != ml.N || f.CountMoves(&scratch) != ml.N {
		t.Fatalf("%s: %d moves, flipped %s has %d", fen, ml.N, f.FEN(), flipped.N)
	}
	for _, m := range moves {
		fm := flipMove(m)
		found := false
		for _, o := range flipped.Slice() {
			found = found || o.Same(fm)
		}
		if !found {
			t.Fatalf("%s: move %v has no mirror %v in flipped %s", fen, m, fm, f.FEN())
		}
	}
}
