package egdb

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/crown-checkers/crown/internal/progress"
	"github.com/crown-checkers/crown/movegen"
)

// MaxThreads bounds the goroutines of a build and of a verification: more
// than this only contend.
const MaxThreads = 64

// The checks of a build's and a verification's settings. Their errors
// start with the setting's name as crown egdb's flags spell it ("pieces:
// 9 is out of range 2..8"), so that a command can point at its flag.

// CheckPieces reports whether a database can be built to n pieces.
func CheckPieces(n int) error {
	if n < 2 || n > MaxPieces {
		return fmt.Errorf("pieces: %d is out of range 2..%d", n, MaxPieces)
	}
	return nil
}

// CheckThreads reports whether n goroutines can build or verify.
func CheckThreads(n int) error {
	if n < 1 || n > MaxThreads {
		return fmt.Errorf("threads: %d is out of range 1..%d", n, MaxThreads)
	}
	return nil
}

// PlanTable is crown egdb plan's table: the jobs of the plan to Pieces
// pieces (Plan) with their estimates at Rate, each job built alone with
// Threads threads, the jobs of one Level (0: all).
type PlanTable struct {
	Variant                movegen.Variant
	Pieces, Level, Threads int
	Jobs                   []Job
	Rate                   Rate
}

// NewPlanTable returns the table of the plan to pieces pieces for rule set
// v at the measured rate (MeasuredRate), for jobs of threads threads, of
// level level; its errors name the setting at fault ("level: 9 is out of
// range 0..7").
func NewPlanTable(v movegen.Variant, pieces, level, threads int) (*PlanTable, error) {
	if err := CheckPieces(pieces); err != nil {
		return nil, err
	}
	if err := CheckThreads(threads); err != nil {
		return nil, err
	}
	jobs := Plan(pieces)
	if levels := jobs[len(jobs)-1].Level; level < 0 || level > levels {
		return nil, fmt.Errorf("level: %d is out of range 0..%d", level, levels)
	}
	return &PlanTable{Variant: v, Pieces: pieces, Level: level, Threads: threads, Jobs: jobs, Rate: MeasuredRate(v)}, nil
}

// jobs returns the jobs of the table's level.
func (t *PlanTable) jobs() []Job {
	var js []Job
	for _, j := range t.Jobs {
		if t.Level == 0 || j.Level == t.Level {
			js = append(js, j)
		}
	}
	return js
}

// Names returns the names of the table's jobs, one a job (crown egdb plan
// --names): the arguments of build --slice.
func (t *PlanTable) Names() []string {
	var names []string
	for _, j := range t.jobs() {
		names = append(names, j.Name())
	}
	return names
}

// Lines returns the table as crown egdb plan prints it: two lines of
// comment (the jobs and levels, the rate), a line a job (level, name,
// mirror, positions, positions read, memory, CPU and wall-clock time, the
// jobs it needs: "-" for none), and for the whole plan two lines of
// totals.
func (t *PlanTable) Lines() []string {
	r, levels := t.Rate, t.Jobs[len(t.Jobs)-1].Level
	lines := []string{
		fmt.Sprintf("# %d jobs in %d levels; level job mirror positions reads memory cpu wall deps", len(t.Jobs), levels),
		fmt.Sprintf("# estimates for %v, each job alone with %d threads: built %.2f M positions a CPU-second (%.2f M from %d pieces), read %.0f M, %.0f%% of the threads busy",
			t.Variant, t.Threads, r.Build/1e6, r.BuildAt(DeepPieces)/1e6, DeepPieces, r.Load/1e6, 100*r.Parallel),
	}
	for _, j := range t.jobs() {
		mirror := "-"
		if len(j.Slices) > 1 {
			mirror = j.Slices[1].String()
		}
		deps := Names(j.Deps, ",")
		if deps == "" {
			deps = "-"
		}
		cpu, wall := r.Estimate(j, t.Threads)
		lines = append(lines, fmt.Sprintf("%d %s %s %d %d %s %s %s %s", j.Level, j.Name(), mirror, j.Positions, j.Reads,
			mib(j.Memory()), shortDuration(cpu), shortDuration(wall), deps))
	}
	if t.Level != 0 {
		return lines
	}
	tot := r.Totals(t.Jobs, t.Threads)
	return append(lines,
		fmt.Sprintf("# all: %d positions; one process (--pieces %d): memory %s, cpu %s, wall %s with %d threads",
			tot.Positions, t.Pieces, mib(tot.WholeMemory), shortDuration(tot.WholeCPU), shortDuration(tot.WholeWall), t.Threads),
		fmt.Sprintf("# jobs: cpu %s, one at a time %s; the levels' longest jobs %s; most memory %s (%s)",
			shortDuration(tot.CPU), shortDuration(tot.Serial), shortDuration(tot.Path), mib(tot.Biggest.Memory()), tot.Biggest.Name()))
}

// mib formats bytes in MiB, rounded up.
func mib(n int64) string {
	return fmt.Sprintf("%dMiB", (n+1<<20-1)>>20)
}

// shortDuration formats a duration to the second (to the minute past a
// day), at least 1s.
func shortDuration(d time.Duration) string {
	if d >= 24*time.Hour {
		return d.Round(time.Minute).String()
	}
	return max(d.Round(time.Second), time.Second).String()
}

// InfoLines returns what crown egdb info prints of db: a line a slice
// (rule set, material, positions, file bytes and bytes a position), then a
// line a rule set of its totals and the pieces it is complete to, or that
// the directory holds no slices.
func (db *DB) InfoLines() []string {
	var lines []string
	for _, s := range db.Slices() {
		lines = append(lines, fmt.Sprintf("%-8v %-10v positions %12d  bytes %10d  %.4f bytes/position",
			s.Variant, s.Material, s.Positions, s.FileBytes, float64(s.FileBytes)/float64(s.Positions)))
	}
	totals := db.Totals()
	for _, t := range totals {
		line := fmt.Sprintf("%v: %d slices, complete to %d pieces, %d positions, %d bytes on disk, %.4f bytes/position",
			t.Variant, t.Slices, db.Pieces(t.Variant), t.Positions, t.Bytes, float64(t.Bytes)/float64(t.Positions))
		if n, bytes := db.distanceFiles(t.Variant); n > 0 {
			line += fmt.Sprintf("; distances of %d slices, %d bytes", n, bytes)
		}
		lines = append(lines, line)
	}
	if len(totals) == 0 {
		lines = append(lines, "no slices in "+db.Dir())
	}
	return lines
}

// distanceFiles counts the distances files of rule set v in the DB's
// directory, and their bytes.
func (db *DB) distanceFiles(v movegen.Variant) (n int, bytes int64) {
	for _, m := range Slices(MaxPieces) {
		if !db.dtcFiles[v][m.code()].Load() {
			continue
		}
		if fi, err := os.Stat(filepath.Join(db.dir, distFiles.name(v, m))); err == nil {
			n, bytes = n+1, bytes+fi.Size()
		}
	}
	return n, bytes
}

// BestMoveText writes the move of a, the answer for p, as crown egdb probe
// prints it: "bestmove MOVE (VALUE)", after "conversion in N plies" and a
// newline when the move is by the distance tables, or "bestmove none".
func (a ProbeAnswer) BestMoveText(p *movegen.Position) string {
	switch {
	case a.DTC:
		return fmt.Sprintf("conversion in %d plies\nbestmove %s (%v)", a.Plies, p.FormatMove(a.Move), a.MoveValue)
	case a.HasMove:
		return fmt.Sprintf("bestmove %s (%v)", p.FormatMove(a.Move), a.MoveValue)
	}
	return "bestmove none"
}

// sampleCacheMiB is the block cache of a sampled verification: random
// probes miss often, and the successors of a position share blocks.
const sampleCacheMiB = 256

// sampleSeed fixes a sampled verification's positions, so a run can be
// repeated.
const sampleSeed = 12

// Verification is crown egdb verify's check of every rule set a database
// holds: of each stored position (DB.Verify), or of a sample of each
// slice's (DB.VerifySample).
type Verification struct {
	threads, sample int
}

// NewVerification returns the verification by threads goroutines, of
// sample random positions a slice (0: of all of them, the only check
// that uses the threads); its errors name the setting at fault.
func NewVerification(threads, sample int) (*Verification, error) {
	if err := CheckThreads(threads); err != nil {
		return nil, err
	}
	if sample < 0 {
		return nil, fmt.Errorf("sample: %d is negative", sample)
	}
	return &Verification{threads: threads, sample: sample}, nil
}

// CacheMiB is the block cache to open the database with for the check.
func (vf *Verification) CacheMiB() int {
	if vf.sample > 0 {
		return sampleCacheMiB
	}
	return 0
}

// Run checks db's rule sets in turn and writes to w a line for each (the
// positions checked, the time, the mismatches) and one for each mismatch
// kept; line, if not nil, shows a full check's progress, ended before the
// rule set's line. It returns the mismatches found.
func (vf *Verification) Run(db *DB, w io.Writer, line *progress.Line) (int64, error) {
	var mismatches int64
	for _, t := range db.Totals() {
		v, start := t.Variant, time.Now()
		var n, count int64
		var bad []Mismatch
		what := "positions"
		if vf.sample > 0 {
			n, bad = db.VerifySample(v, vf.sample, sampleSeed)
			count, what = int64(len(bad)), "sampled positions"
		} else {
			var err error
			n, count, bad, err = db.Verify(v, vf.threads, progressLine(line, v))
			line.End()
			if err != nil {
				return mismatches, err
			}
		}
		fmt.Fprintf(w, "%v: %d %s checked in %.2f s, %d mismatches\n", v, n, what, time.Since(start).Seconds(), count)
		for _, m := range bad {
			fmt.Fprintf(w, "MISMATCH %v %s: stored %v, successors say %v\n", v, m.Position.FEN(), m.Stored, m.Computed)
		}
		mismatches += count
	}
	return mismatches, nil
}

// progressLine returns the progress function of Verify of rule set v that
// shows its count on line, or nil if line is.
func progressLine(line *progress.Line, v movegen.Variant) func(done, total int64) {
	if line == nil {
		return nil
	}
	return func(done, total int64) { line.Show(fmt.Sprintf("egdb verify %v %d/%d positions", v, done, total)) }
}
