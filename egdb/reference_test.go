package egdb

import (
	"testing"

	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// The reference builder: deliberately plain and independent of the real
// one's index, colour normalisation and build order. Every position of up
// to n pieces, with either side to move, has a cell in a dense array per
// (material, side to move), addressed by the squares of its pieces as
// base-32 digits (men of the side to move, its kings, the other side's men,
// its kings, each group in increasing order). All cells are iterated, in
// place, until a pass changes nothing; what is left is drawn. Moves come
// from movegen.

type refGroup struct {
	g    [5]int           // BM, BK, WM, WK, turn
	keys []uint32         // the cells that hold positions
	vals []movegen.Result // indexed by key
}

// refMaxPieces is the most pieces the reference builds: up to that many of
// each kind.
const refMaxPieces = 4

type refDB struct {
	v      movegen.Variant
	groups [(refMaxPieces + 1) * (refMaxPieces + 1) * (refMaxPieces + 1) * (refMaxPieces + 1) * 2]*refGroup // by refIndex
}

// refIndex numbers a group (BM, BK, WM, WK, turn) in refDB.groups.
func refIndex(g [5]int) int {
	const b = refMaxPieces + 1
	return (((g[0]*b+g[1])*b+g[2])*b+g[3])*2 + g[4]
}

func refKey(p *movegen.Position) (uint32, [5]int) {
	var key uint32
	var g [5]int
	sets := [4]movegen.Bitboard{
		p.Pieces[movegen.Black] &^ p.Kings, p.Pieces[movegen.Black] & p.Kings,
		p.Pieces[movegen.White] &^ p.Kings, p.Pieces[movegen.White] & p.Kings,
	}
	for k, set := range sets {
		for ; set != 0; set &= set - 1 { // squares in increasing order
			key = key*32 + uint32(set.First())
			g[k]++
		}
	}
	g[4] = int(p.Turn)
	return key, g
}

// refEnumerate calls f with every position of n pieces or fewer in which
// each side has a piece and no man stands on its crowning row.
func refEnumerate(n int, v movegen.Variant, f func(p *movegen.Position)) {
	var board [32]int // 0 empty, 1 black man, 2 black king, 3 white man, 4 white king
	var rec func(s, left int)
	rec = func(s, left int) {
		if s == 32 {
			var p movegen.Position
			p.Variant = v
			for sq, c := range board {
				b := movegen.Square(sq).Bit()
				switch c {
				case 1, 2:
					p.Pieces[movegen.Black] |= b
				case 3, 4:
					p.Pieces[movegen.White] |= b
				}
				if c == 2 || c == 4 {
					p.Kings |= b
				}
			}
			if p.Pieces[0] == 0 || p.Pieces[1] == 0 {
				return
			}
			for turn := movegen.Black; turn <= movegen.White; turn++ {
				p.Turn = turn
				f(&p)
			}
			return
		}
		board[s] = 0
		rec(s+1, left)
		if left == 0 {
			return
		}
		for c := 1; c <= 4; c++ {
			if (c == 1 && s >= 28) || (c == 3 && s < 4) {
				continue
			}
			board[s] = c
			rec(s+1, left-1)
		}
		board[s] = 0
	}
	rec(0, n)
}

func newRefDB(n int, v movegen.Variant) *refDB {
	if n > refMaxPieces {
		panic("the reference builds up to four pieces")
	}
	db := &refDB{v: v}
	refEnumerate(n, v, func(p *movegen.Position) {
		key, g := refKey(p)
		grp := db.groups[refIndex(g)]
		if grp == nil {
			size := 1
			for k := 0; k < g[0]+g[1]+g[2]+g[3]; k++ {
				size *= 32
			}
			grp = &refGroup{g: g, vals: make([]movegen.Result, size)}
			db.groups[refIndex(g)] = grp
		}
		grp.keys = append(grp.keys, key)
	})
	for {
		changed := false
		for _, grp := range db.groups {
			if grp == nil {
				continue
			}
			for _, key := range grp.keys {
				if grp.vals[key] != movegen.Unknown {
					continue
				}
				p := refPosition(grp.g, key, v)
				if val := db.solve(&p); val != movegen.Unknown {
					grp.vals[key] = val
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	for _, grp := range db.groups {
		if grp == nil {
			continue
		}
		for _, key := range grp.keys {
			if grp.vals[key] == movegen.Unknown {
				grp.vals[key] = movegen.Draw
			}
		}
	}
	return db
}

// refPosition decodes a key.
func refPosition(g [5]int, key uint32, v movegen.Variant) movegen.Position {
	p := movegen.Position{Turn: movegen.Colour(g[4]), Variant: v}
	var sets [4]movegen.Bitboard
	for k := 3; k >= 0; k-- {
		for j := 0; j < g[k]; j++ {
			sets[k] |= movegen.Square(key % 32).Bit()
			key /= 32
		}
	}
	p.Pieces[movegen.Black] = sets[0] | sets[1]
	p.Pieces[movegen.White] = sets[2] | sets[3]
	p.Kings = sets[1] | sets[3]
	return p
}

func (db *refDB) value(p *movegen.Position) movegen.Result {
	if p.Pieces[p.Turn] == 0 {
		return movegen.Loss
	}
	key, g := refKey(p)
	return db.groups[refIndex(g)].vals[key]
}

func (db *refDB) solve(p *movegen.Position) movegen.Result {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	best := movegen.Loss
	for _, m := range ml.Slice() {
		q := *p
		q.MakeMove(m)
		switch db.value(&q) {
		case movegen.Loss:
			return movegen.Win
		case movegen.Unknown:
			best = movegen.Unknown
		case movegen.Draw:
			if best == movegen.Loss {
				best = movegen.Draw
			}
		}
	}
	return best
}

// TestAgainstReference builds every rule set with the real builder (one
// and two threads; with -short one of them, alternating over the games)
// and the reference, and compares every position: American and Pool up to
// three pieces with -short and four without, the others two and three. With -short under the race
// detector it skips: the reference is one goroutine the detector slows
// some six times and has nothing to check in, and the two-thread build
// runs under it in the other tests; make test runs this test again without
// -race.
func TestAgainstReference(t *testing.T) {
	schedtest.SkipUnderRace(t, "the one-goroutine reference build")
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		// Four pieces of every game would take CI's test-long some 20
		// minutes: American and Pool get four, the rest three (their
		// 5-piece databases pass crown egdb verify, docs/variants.md).
		n := 3
		switch {
		case !testing.Short() && v <= movegen.Pool:
			n = 4
		case testing.Short() && v > movegen.Pool:
			n = 2 // make test: the shared generator's games at 2 pieces, 3 in test-long
		}
		ref := newRefDB(n, v)
		threads := []int{1, 2}
		if testing.Short() {
			threads = threads[v%2 : v%2+1] // each game one way, both ways over the games
		}
		for _, threads := range threads {
			b := NewBuilder(v, threads)
			if err := b.Build(n); err != nil {
				t.Fatal(err)
			}
			bad := 0
			count := 0
			refEnumerate(n, v, func(p *movegen.Position) {
				count++
				want := ref.value(p)
				if got := b.Value(p); got != want && bad < 10 {
					bad++
					t.Errorf("%v threads %d: %s is %v, reference %v", v, threads, p.FEN(), got, want)
				}
			})
			var size int64
			for _, m := range Slices(n) {
				size += Size(m)
			}
			if int64(count) != 2*size { // each stored position stands for itself and its colour-reversed twin
				t.Errorf("%v: the reference has %d positions, the slices %d (twice that expected)", v, count, size)
			}
			t.Logf("%v, %d threads: %d positions agree", v, threads, count)
		}
	}
}
