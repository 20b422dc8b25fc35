package egdb

import (
	"math/rand/v2"

	"github.com/crown-checkers/crown/movegen"
)

// VerifySample is Verify's spot check, by probes instead of decoding
// whole slices: it checks n random positions of each slice of variant v,
// drawn by a generator seeded with seed (the same seed checks the same
// positions), skipping those with a capture pending, against their
// successors' values. Seconds where Verify takes minutes on a large
// database; a block cache (Open's cacheMiB) pays, since a position's
// successors share blocks. It returns the positions checked and the
// mismatches.
func (db *DB) VerifySample(v movegen.Variant, n int, seed uint64) (int64, []Mismatch) {
	r := rand.New(rand.NewPCG(seed, uint64(v)))
	var checked int64
	var bad []Mismatch
	var ml movegen.MoveList
	for _, s := range db.Slices() {
		if s.Variant != v {
			continue
		}
		for range n {
			p := Unindex(s.Material, r.Int64N(s.Positions), v)
			if p.HasCapture() {
				continue
			}
			stored := db.Probe(&p)
			p.GenerateMoves(&ml)
			got := movegen.Loss
			for _, mv := range ml.Slice() {
				q := p
				q.MakeMove(mv)
				got = max(got, db.Probe(&q).Negate())
			}
			checked++
			if got != stored {
				bad = append(bad, Mismatch{Position: p, Stored: stored, Computed: got})
			}
		}
	}
	return checked, bad
}
