package train

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// selfPlay runs cfg into a new file and returns its stats and bytes.
func selfPlay(t *testing.T, cfg Config) (Stats, []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data.bin")
	w, err := OpenWriter(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := Run(context.Background(), cfg, w, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return st, data
}

func TestSelfPlay(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
	}{
		{"american deck", Config{Variant: movegen.American, Games: 3, Limits: search.Limits{Depth: 2}, Openings: Deck, RandomPlies: 1, Seed: 1}},
		{"american random", Config{Variant: movegen.American, Games: 3, Limits: search.Limits{Depth: 3}, Openings: Random, RandomPlies: 6, Seed: 2}},
		{"pool random", Config{Variant: movegen.Pool, Games: 3, Limits: search.Limits{Depth: 2}, Openings: Random, RandomPlies: 6, Seed: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.Options = search.Options{HashMiB: 1}
			cfg.Concurrency = 1
			st, data := selfPlay(t, cfg)
			if st.Games+st.Unfinished != cfg.Games || st.BlackWins+st.Draws+st.WhiteWins != st.Games || st.Positions == 0 {
				t.Fatalf("stats %+v for %d games", st, cfg.Games)
			}
			path := filepath.Join(t.TempDir(), "copy.bin")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			recs, err := readAll(t, path)
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != st.Positions {
				t.Errorf("%d records, stats say %d", len(recs), st.Positions)
			}
			seen := map[posKey]bool{}
			for i, r := range recs {
				p := r.Pos
				if !quiet(&p) || p.Variant != cfg.Variant || r.Result > Win || r.Ply < uint16(cfg.RandomPlies) {
					t.Errorf("record %d: %s ply %d result %v score %d", i, p.FEN(), r.Ply, r.Result, r.Score)
				}
				if seen[keyOf(&p)] {
					t.Errorf("record %d: %s written twice", i, p.FEN())
				}
				seen[keyOf(&p)] = true
			}
			_, again := selfPlay(t, cfg)
			if !bytes.Equal(data, again) {
				t.Errorf("a second run with seed %d wrote a different file", cfg.Seed)
			}
		})
	}
}

// TestSelfPlayResume runs twice into one file: the second run writes no
// position the first one did.
func TestSelfPlayResume(t *testing.T) {
	cfg := Config{Variant: movegen.American, Games: 2, Limits: search.Limits{Depth: 2}, Openings: Deck,
		Options: search.Options{HashMiB: 1}, Concurrency: 2}
	path := filepath.Join(t.TempDir(), "data.bin")
	var total int
	for run := range 2 {
		w, err := OpenWriter(path)
		if err != nil {
			t.Fatal(err)
		}
		st, err := Run(context.Background(), cfg, w, nil)
		w.Close()
		if err != nil {
			t.Fatal(err)
		}
		total += st.Positions
		if run == 1 && (st.Positions != 0 || st.Duplicates == 0) {
			t.Errorf("the same games again wrote %d positions and skipped %d; want none written", st.Positions, st.Duplicates)
		}
	}
	recs, err := readAll(t, path)
	if err != nil || len(recs) != total {
		t.Errorf("read %d records and %v, want %d", len(recs), err, total)
	}
}

func TestSelfPlayConfigErrors(t *testing.T) {
	good := Config{Variant: movegen.American, Games: 1, Limits: search.Limits{Nodes: 100}, Concurrency: 1}
	tests := []struct {
		name   string
		change func(*Config)
	}{
		{"no games", func(c *Config) { c.Games = 0 }},
		{"no concurrency", func(c *Config) { c.Concurrency = 0 }},
		{"no limit", func(c *Config) { c.Limits = search.Limits{} }},
		{"timed", func(c *Config) { c.Limits.MoveTime = 1 }},
		{"pool deck", func(c *Config) { c.Variant = movegen.Pool }},
		{"variant", func(c *Config) { c.Variant = movegen.NumVariants }},
		{"openings", func(c *Config) { c.Openings = Random + 1 }},
		{"random plies", func(c *Config) { c.RandomPlies = MaxRandomPlies + 1 }},
		{"max plies", func(c *Config) { c.MaxPlies = -1 }},
	}
	w, err := OpenWriter(filepath.Join(t.TempDir(), "data.bin"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for _, tt := range tests {
		cfg := good
		tt.change(&cfg)
		if _, err := Run(context.Background(), cfg, w, nil); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
	if w.Count() != 0 {
		t.Errorf("bad configurations wrote %d records", w.Count())
	}
}
