package book

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// TestRandomOpenings checks that the openings are what they claim: as
// many as asked, distinct, level and quiet, the same for the same seed,
// and read back by ReadBallots from the file WriteOpenings writes.
func TestRandomOpenings(t *testing.T) {
	for _, v := range []movegen.Variant{movegen.Russian, movegen.Italian, movegen.Thai} {
		cfg := OpeningsConfig{Variant: v, Count: 6, Plies: 6, Seed: 3, Limits: search.Limits{Depth: 4}, Margin: 40,
			Options: search.Options{HashMiB: 1}}
		a, err := RandomOpenings(context.Background(), cfg)
		if err != nil || len(a) != cfg.Count {
			t.Fatalf("%s: %d openings, %v", v, len(a), err)
		}
		b, _ := RandomOpenings(context.Background(), cfg)
		if !slices.Equal(a, b) {
			t.Errorf("%s: the same seed gave other openings", v)
		}
		seen := map[movegen.Position]bool{}
		for _, p := range a {
			if seen[p] || !quietAndEven(&p) || p.Variant != v {
				t.Errorf("%s: %s repeated, not quiet and even, or of another game", v, p.FEN())
			}
			seen[p] = true
		}
		var buf bytes.Buffer
		if err := WriteOpenings(&buf, []string{"a test"}, a); err != nil {
			t.Fatal(err)
		}
		bs, err := ReadBallots(&buf, v)
		if err != nil || len(bs) != len(a) {
			t.Fatalf("%s: read back %d, %v", v, len(bs), err)
		}
		for i := range bs {
			if bs[i].Pos != a[i] {
				t.Errorf("%s: opening %d read back as %s", v, i, bs[i].Pos.FEN())
			}
		}
	}
	// A margin no opening meets gives up with ErrFewOpenings.
	cfg := OpeningsConfig{Variant: movegen.Russian, Count: 1, Plies: 1, Limits: search.Limits{Depth: 2}, Margin: -1,
		Options: search.Options{HashMiB: 1}}
	if _, err := RandomOpenings(context.Background(), cfg); !errors.Is(err, ErrFewOpenings) {
		t.Errorf("impossible margin: %v, want ErrFewOpenings", err)
	}
	if _, err := RandomOpenings(context.Background(), OpeningsConfig{Variant: movegen.Russian, Count: 1, Plies: 4}); !errors.Is(err, ErrNoLimit) {
		t.Errorf("no limits: %v, want ErrNoLimit", err)
	}
}
