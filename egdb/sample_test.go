package egdb

import (
	"slices"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// TestVerifySample: a built directory's sample finds no mismatch and is
// the same for the same seed; a slice with every value negated is caught.
func TestVerifySample(t *testing.T) {
	b, shared := threePieces(t, movegen.Pool)
	dir := copyDir(t, "", shared)
	db, err := Open(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const n = 200
	checked, bad := db.VerifySample(movegen.Pool, n, 12)
	if checked == 0 || checked > 16*n || len(bad) != 0 {
		t.Fatalf("VerifySample: %d checked, mismatches %v", checked, bad)
	}
	if again, _ := db.VerifySample(movegen.Pool, n, 12); again != checked {
		t.Errorf("the same seed checked %d positions, then %d", checked, again)
	}
	if none, _ := db.VerifySample(movegen.American, n, 12); none != 0 {
		t.Errorf("checked %d positions of a rule set the directory does not hold", none)
	}
	m := Material{0, 2, 0, 1}
	s := b.t.slices[m.code()]
	if err := WriteSlice(dir, movegen.Pool, m, func(i int64) movegen.Result { return s.get(i).Negate() }); err != nil {
		t.Fatal(err)
	}
	changed, err := Open(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer changed.Close()
	_, bad = changed.VerifySample(movegen.Pool, n, 12)
	if !slices.ContainsFunc(bad, func(mm Mismatch) bool { return MaterialOf(&mm.Position) == m }) {
		t.Errorf("no mismatch in the negated slice %v among %d", m, len(bad))
	}
}
