package egdb

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/crown-checkers/crown/internal/atomicfile"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// TestDeps: every move of every position of up to four pieces (three with
// -short), every rule set, stays in its slice's pair or leads into a slice
// Deps names (or ends the game).
func TestDeps(t *testing.T) {
	schedtest.SkipUnderRace(t, "every position's moves on one goroutine")
	n := 4
	if testing.Short() {
		n = 3
	}
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		for _, m := range Slices(n) {
			deps := map[Material]bool{m: true, m.Mirror(): true}
			for _, d := range Deps(m) {
				deps[d] = true
			}
			var ml movegen.MoveList
			for i := int64(0); i < Size(m); i++ {
				p := Unindex(m, i, v)
				p.GenerateMoves(&ml)
				for _, mv := range ml.Slice() {
					q := p
					q.MakeMove(mv)
					f := turnRound(&q)
					if d := MaterialOf(&f); d.Valid() && !deps[d] {
						t.Fatalf("%v %s: %s leads into %v, not in Deps %v", v, p.FEN(), p.FormatMove(mv), d, Deps(m))
					}
				}
			}
		}
	}
}

// TestPlan: every slice is in exactly one job; a job's dependencies are
// earlier jobs of lower levels.
func TestPlan(t *testing.T) {
	const n = 6
	jobs := Plan(n)
	level := map[Material]int{}
	seen := map[Material]bool{}
	var positions int64
	for _, j := range jobs {
		for _, m := range j.Slices {
			if seen[m] {
				t.Errorf("%v in two jobs", m)
			}
			seen[m] = true
		}
		for _, d := range j.Deps {
			if l, ok := level[d]; !ok || l >= j.Level {
				t.Errorf("job %s (level %d) depends on %v (level %d, planned before: %v)", j.Name(), j.Level, d, l, ok)
			}
		}
		level[j.Slices[0]] = j.Level
		positions += j.Positions
	}
	if len(seen) != len(Slices(n)) || positions != 2571945320 {
		t.Errorf("%d slices, %d positions; want %d, 2571945320", len(seen), positions, len(Slices(n)))
	}
}

// TestBuildSlice: jobs built one by one in plan order, each from the
// files of the others, give the same files as one build; a job whose
// successors are missing names them.
func TestBuildSlice(t *testing.T) {
	const n = 3
	_, whole := threePieces(t, movegen.Pool)
	parts := t.TempDir()
	b := NewBuilder(movegen.Pool, 2)
	b.Dir = parts
	err := b.BuildSlice(Material{0, 1, 1, 1})
	var missing *MissingError
	if !errors.As(err, &missing) || len(missing.Missing) != 3 {
		t.Fatalf("BuildSlice with nothing built: %v, want 3 missing", err)
	}
	// A job removes the temporary files its own killed attempts left, not
	// those of another job writing into the directory at the same time.
	first := Plan(n)[0].Slices[0]
	own := filepath.Join(parts, "."+FileName(movegen.Pool, first)+atomicfile.TempInfix+"1")
	other := filepath.Join(parts, "."+FileName(movegen.Pool, Material{0, 1, 1, 1})+atomicfile.TempInfix+"2")
	for _, name := range []string{own, other} {
		if err := os.WriteFile(name, []byte("part"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, j := range Plan(n) {
		b := NewBuilder(movegen.Pool, 2)
		b.Dir = parts
		if err := b.BuildSlice(j.Slices[len(j.Slices)-1]); err != nil {
			t.Fatalf("job %s: %v", j.Name(), err)
		}
		if i == 0 {
			if _, err := os.Stat(own); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("job %s left its own temporary file: %v", j.Name(), err)
			}
			if _, err := os.Stat(other); err != nil {
				t.Errorf("job %s removed another job's temporary file: %v", j.Name(), err)
			}
			if err := os.Remove(other); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, m := range Slices(n) {
		a, err1 := os.ReadFile(filepath.Join(whole, FileName(movegen.Pool, m)))
		b, err2 := os.ReadFile(filepath.Join(parts, FileName(movegen.Pool, m)))
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Errorf("%v: files differ (%v, %v)", m, err1, err2)
		}
	}
}

// TestEstimate: a job reads the slices of its closure, holds them at two
// bits a position and its own at a byte (and half as much again of
// garbage), and a job that reads and builds more takes longer.
func TestEstimate(t *testing.T) {
	jobs := Plan(5)
	for _, j := range jobs {
		var reads int64
		for _, d := range closure(j.Slices) {
			reads += Size(d)
		}
		if mem := (reads/4+j.Positions)*3/2 + baseMemory; j.Reads != reads || j.Memory() != mem {
			t.Errorf("job %s: reads %d, memory %d; want %d, %d", j.Name(), j.Reads, j.Memory(), reads, mem)
		}
	}
	last := jobs[len(jobs)-1]
	if last.Reads == 0 || jobs[0].Reads != 0 {
		t.Errorf("the first job reads %d positions, the last %d", jobs[0].Reads, last.Reads)
	}
	r := MeasuredRate(movegen.American)
	cpu0, wall0 := r.Estimate(jobs[0], 2)
	cpu1, wall1 := r.Estimate(last, 2)
	cpu2, wall2 := r.Estimate(last, 1)
	if cpu0 >= cpu1 || wall0 >= wall1 || cpu2 != cpu1 || wall2 <= wall1 || wall1 >= cpu1 {
		t.Errorf("estimates: first job %v %v, last %v %v, last on one thread %v %v", cpu0, wall0, cpu1, wall1, cpu2, wall2)
	}
	if p := MeasuredRate(movegen.Pool); p.Build >= r.Build {
		t.Errorf("Pool builds at %.0f positions a CPU-second, American at %.0f: Pool's flying kings are slower", p.Build, r.Build)
	}
	if m := WholeMemory(Plan(6)); m < 643e6 || m > 1<<30 {
		t.Errorf("a whole 6-piece build: %d bytes; the slices alone take 643 MB, the build measured 755 MiB", m)
	}
}

// TestWholeCPU: a whole build's predicted CPU time agrees with the
// American builds measured on the figures' machine (docs/egdb.md): up to
// 6 pieces 1,127 CPU-seconds, up to 7 about 21,500.
func TestWholeCPU(t *testing.T) {
	r := MeasuredRate(movegen.American)
	for _, tc := range []struct {
		pieces   int
		measured float64 // CPU-seconds
	}{
		{6, 1127},
		{7, 21500},
	} {
		got := r.WholeCPU(Plan(tc.pieces)).Seconds()
		if got < 0.9*tc.measured || got > 1.1*tc.measured {
			t.Errorf("up to %d pieces: %.0f CPU-seconds predicted, %.0f measured", tc.pieces, got, tc.measured)
		}
	}
}

// TestPlanTotals: a plan's totals add its jobs up; the levels' longest jobs
// take no longer than the jobs one at a time, and the biggest job holds
// the most memory.
func TestPlanTotals(t *testing.T) {
	jobs := Plan(4)
	r := MeasuredRate(movegen.American)
	tot := r.Totals(jobs, 2)
	var positions int64
	var cpu time.Duration
	for _, j := range jobs {
		c, _ := r.Estimate(j, 2)
		positions += j.Positions
		cpu += c
		if j.Memory() > tot.Biggest.Memory() {
			t.Errorf("%s holds more memory than the biggest, %s", j.Name(), tot.Biggest.Name())
		}
	}
	if tot.Positions != positions || tot.CPU != cpu || tot.Path > tot.Serial || tot.Path <= 0 ||
		tot.WholeCPU != r.WholeCPU(jobs) || tot.WholeMemory != WholeMemory(jobs) || tot.WholeWall <= 0 {
		t.Errorf("totals %+v: want %d positions, cpu %v", tot, positions, cpu)
	}
}
