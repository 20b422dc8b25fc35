package egdb

import (
	"time"

	"github.com/crown-checkers/crown/movegen"
)

// Rate is a machine's measured speed at building jobs of the plan, from
// which Estimate predicts a job's time.
type Rate struct {
	// Build is the positions of a job's own slices built a CPU-second
	// (scan and propagation, spread over the threads), for jobs of up to
	// six pieces.
	Build float64
	// Deep is the share of Build that jobs of seven pieces and more keep
	// (0: all of it): their lookups go into gigabytes of finished slices
	// and miss the cache, and their slices of many kings are the slowest.
	Deep float64
	// Load is the positions of the slices a job reads (Job.Reads) read
	// back a CPU-second: each file read, checked and unpacked to two bits
	// a position, on one thread.
	Load float64
	// Parallel is the share of its threads a build keeps busy: the
	// CPU-seconds a wall-clock second of a build with T threads uses,
	// divided by T.
	Parallel float64
}

// MeasuredRate returns the rate of the machine Crown's figures come from
// (2 cores, shared with other work; docs/egdb.md, "Figures"): Build from the
// single-process builds up to 6 pieces (American 2,571,945,320 positions in
// 1,127 CPU-seconds; Pool up to 5 pieces 145,859,644 in 81), Load from
// `crown egdb build --slice 1m2k-2m1k`, the largest 6-piece job (217,836,864
// positions, reading 347,865,440), against the 6-piece database's files:
// 107.4 CPU-seconds, of which the build's rate accounts for 95.5; Parallel
// from the 6-piece American build (1,127 CPU-seconds in 676 s with 2
// threads); Deep from the 7-piece American build (about 21,500
// CPU-seconds for 36,815,058,944 positions: 1.71 million a CPU-second), for
// Pool too, whose 7 pieces were not built.
func MeasuredRate(v movegen.Variant) Rate {
	if v == movegen.Pool {
		return Rate{Build: 1.80e6, Deep: measuredDeep, Load: measuredLoad, Parallel: 0.83}
	}
	return Rate{Build: 2.28e6, Deep: measuredDeep, Load: measuredLoad, Parallel: 0.83}
}

// measuredDeep is Rate.Deep on the figures' machine: 1.71 million
// positions a CPU-second at 7 pieces against 2.28 million up to 6.
const measuredDeep = 0.75

// DeepPieces is the least number of pieces a job's rate is Deep's share
// of Build for.
const DeepPieces = 7

// measuredLoad is Rate.Load on the figures' machine, both rule sets.
const measuredLoad = 29.5e6

// baseMemory is a job's memory besides its tables: the process, the
// runtime, one file's bytes while it is read (measured: 13-15 MiB at the
// peak of the smallest jobs).
const baseMemory = 14 << 20

// Memory returns the bytes a job built alone (crown egdb build --slice)
// holds at its peak: the slices it reads at two bits a position and its own
// at one byte a position while they are built, half as much again of
// garbage the collector has not yet returned (the files read, each
// unpacked; Go's default GOGC lets the heap grow to twice what is live),
// and the process's base. Measured: 1m2k-2m1k of 6 pieces 438 MiB
// (predicted 450), 1m1k-1m2k of 5 pieces 44 MiB (46).
func (j Job) Memory() int64 {
	return (j.Reads/valuesPerByte+j.Positions)*3/2 + baseMemory
}

// Estimate returns the CPU time and the wall-clock time of job j built
// alone with threads threads at rate r: reading the slices it reads, on
// one thread, then building its own on all of them.
func (r Rate) Estimate(j Job, threads int) (cpu, wall time.Duration) {
	load := float64(j.Reads) / r.Load
	build := r.buildSeconds(j)
	cpu = seconds(load + build)
	wall = seconds(load + build/(float64(max(threads, 1))*r.Parallel))
	return cpu, wall
}

// WholeMemory returns the bytes a whole build of up to n pieces in one
// process (crown egdb build --pieces n) holds at its peak: every slice at
// two bits a position, and one byte a position of the largest job. Its
// tables are most of its heap, read once, so no slack is added: the 6-piece
// American build measured 755 MiB, this says 835.
func WholeMemory(jobs []Job) int64 {
	var all, largest int64
	for _, j := range jobs {
		all += j.Positions
		largest = max(largest, j.Positions)
	}
	return all/valuesPerByte + largest + baseMemory
}

// WholeCPU returns the CPU time of a whole build of jobs in one process
// (crown egdb build --pieces n) at rate r: every job built, none read
// back from disk.
func (r Rate) WholeCPU(jobs []Job) time.Duration {
	var s float64
	for _, j := range jobs {
		s += r.buildSeconds(j)
	}
	return seconds(s)
}

// BuildAt returns the positions a CPU-second r builds of a job of pieces
// pieces: Build, or Deep's share of it from DeepPieces on.
func (r Rate) BuildAt(pieces int) float64 {
	if pieces >= DeepPieces && r.Deep > 0 {
		return r.Build * r.Deep
	}
	return r.Build
}

// buildSeconds returns the CPU-seconds of building job j's own slices.
func (r Rate) buildSeconds(j Job) float64 {
	return float64(j.Positions) / r.BuildAt(j.Slices[0].Pieces())
}

func seconds(s float64) time.Duration {
	return time.Duration(s * float64(time.Second))
}

// PlanTotals sum a plan up at a rate, each job built alone with a number
// of threads (Rate.Totals).
type PlanTotals struct {
	Positions int64 // of every job
	// CPU and Serial are the jobs' CPU time and their wall-clock time one
	// at a time; Path is the sum of each level's longest job, the time
	// with a machine for every job.
	CPU, Serial, Path time.Duration
	Biggest           Job // the job that holds the most memory
	// WholeCPU, WholeWall and WholeMemory are one process's building
	// everything (crown egdb build --pieces n).
	WholeCPU, WholeWall time.Duration
	WholeMemory         int64
}

// Totals sums jobs up at rate r, each built alone with threads threads.
func (r Rate) Totals(jobs []Job, threads int) PlanTotals {
	t := PlanTotals{Biggest: jobs[0], WholeCPU: r.WholeCPU(jobs), WholeMemory: WholeMemory(jobs)}
	t.WholeWall = time.Duration(float64(t.WholeCPU) / (float64(threads) * r.Parallel))
	levelWall := map[int]time.Duration{}
	for _, j := range jobs {
		cpu, wall := r.Estimate(j, threads)
		t.Positions += j.Positions
		t.CPU += cpu
		t.Serial += wall
		levelWall[j.Level] = max(levelWall[j.Level], wall)
		if j.Memory() > t.Biggest.Memory() {
			t.Biggest = j
		}
	}
	for _, w := range levelWall {
		t.Path += w
	}
	return t
}
