package egdb

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/crown-checkers/crown/internal/atomicfile"
)

// Deps returns the slices that positions of slice m move into directly,
// other than m and its mirror: by a capture of one or more of the other
// side's pieces (the capturing man perhaps crowned on the way) or by a
// promotion, each as stored (turned round: the other side to move). It may
// name a few slices the rules never reach (a capture of more pieces than
// can stand in a line); that only orders jobs more strictly than needed.
func Deps(m Material) []Material {
	set := map[Material]bool{}
	add := func(d Material) {
		if d.Valid() && d != m && d != m.Mirror() {
			set[d] = true
		}
	}
	if m.BM > 0 {
		add(Material{m.WM, m.WK, m.BM - 1, m.BK + 1})
	}
	for wm := 0; wm <= m.WM; wm++ {
		for wk := 0; wk <= m.WK; wk++ {
			if wm+wk == m.WM+m.WK {
				continue
			}
			add(Material{wm, wk, m.BM, m.BK})
			if m.BM > 0 {
				add(Material{wm, wk, m.BM - 1, m.BK + 1})
			}
		}
	}
	out := make([]Material, 0, len(set))
	for d := range set {
		out = append(out, d)
	}
	sortBuildOrder(out)
	return out
}

// sortBuildOrder sorts ms in the order of Slices.
func sortBuildOrder(ms []Material) {
	sort.Slice(ms, func(i, j int) bool { return buildLess(ms[i], ms[j]) })
}

// Job is one unit of a build: a slice and its mirror (or a slice that is
// its own mirror), built together because each one's quiet moves lead into
// the other. A job is named after its first slice.
type Job struct {
	Slices    []Material
	Level     int   // jobs of one level are independent; each reads only jobs of lower levels
	Positions int64 // in all its slices
	Deps      []Material
	// Reads is the positions of every slice the job reads when built
	// alone (BuildSlice): those its moves lead into, directly or through
	// the capture search.
	Reads int64
}

// Name returns the job's name: its first slice's.
func (j Job) Name() string { return j.Slices[0].String() }

// Plan returns the jobs that build every slice of up to n pieces, in
// dependency order, each with its direct dependencies (the jobs, by name,
// whose slices its captures and promotions lead into). Levels number the
// (pieces, men) groups from 1: a capture lowers the pieces and a promotion
// the men, so a job depends only on jobs of lower levels, and all jobs of
// one level can run at once.
func Plan(n int) []Job {
	ps := pairs(n)
	jobOf := map[Material]Material{}
	for _, p := range ps {
		for _, m := range p {
			jobOf[m] = p[0]
		}
	}
	var jobs []Job
	level, last := 0, [2]int{-1, -1}
	for _, p := range ps {
		if key := [2]int{p[0].Pieces(), p[0].Men()}; key != last {
			level++
			last = key
		}
		j := Job{Slices: p, Level: level}
		seen := map[Material]bool{}
		for _, m := range p {
			j.Positions += Size(m)
			for _, d := range Deps(m) {
				if name := jobOf[d]; name != p[0] && !seen[name] {
					seen[name] = true
					j.Deps = append(j.Deps, name)
				}
			}
		}
		sortBuildOrder(j.Deps)
		for _, d := range closure(p) {
			j.Reads += Size(d)
		}
		jobs = append(jobs, j)
	}
	return jobs
}

// closure returns every slice the build of pair reads, directly or through
// the capture search that resolves successors with a capture pending: the
// slices its moves lead into, theirs, and so on (not the pair itself).
func closure(pair []Material) []Material {
	set := map[Material]bool{}
	var visit func(m Material)
	visit = func(m Material) {
		for _, d := range Deps(m) {
			if !set[d] {
				set[d] = true
				visit(d)
			}
		}
	}
	for _, m := range pair {
		visit(m)
	}
	for _, m := range pair {
		delete(set, m)
	}
	out := make([]Material, 0, len(set))
	for m := range set {
		out = append(out, m)
	}
	sortBuildOrder(out)
	return out
}

// MissingError is BuildSlice's error when successor slices are not in the
// directory.
type MissingError struct {
	Slice   Material
	Missing []Material
}

func (e *MissingError) Error() string {
	names := make([]string, len(e.Missing))
	for i, m := range e.Missing {
		names[i] = m.String()
	}
	return fmt.Sprintf("egdb: slice %v needs %d successor slices not in the directory (or damaged): %s; build them first (crown egdb plan lists the order)",
		e.Slice, len(e.Missing), strings.Join(names, ", "))
}

// BuildSlice builds slice m and its mirror into Dir (which must be set),
// reading the slices it depends on, directly or through the capture
// search, from Dir: a *MissingError names those that are not there. A
// pair already in Dir and valid is left as it is (Progress says Loaded).
// Other jobs may build into Dir at the same time (a batch system's tasks
// on a shared directory): a job writes only its own pair's files and
// removes only the temporary files its own killed attempts left.
func (b *Builder) BuildSlice(m Material) error {
	if b.Dir == "" {
		return errors.New("egdb: BuildSlice needs a directory")
	}
	if !m.Valid() {
		return fmt.Errorf("egdb: %v is no slice", m)
	}
	var pair []Material
	for _, p := range pairs(m.Pieces()) {
		if p[0] == m || p[len(p)-1] == m {
			pair = p
		}
	}
	for _, m := range pair {
		if err := atomicfile.RemoveStale(filepath.Join(b.Dir, FileName(b.Variant, m))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	b.start = time.Now()
	b.done, b.total = 0, 0
	for _, m := range pair {
		b.total += Size(m)
	}
	if b.load(pair) {
		b.finish(pair, true)
		return nil
	}
	var missing []Material
	for _, d := range closure(pair) {
		if b.t.slices[d.code()] != nil {
			continue
		}
		s, err := ReadSlice(b.Dir, b.Variant, d)
		if err != nil {
			missing = append(missing, d)
			continue
		}
		b.t.slices[d.code()] = s.table()
	}
	if len(missing) > 0 {
		return &MissingError{Slice: m, Missing: missing}
	}
	if err := b.buildPair(pair); err != nil {
		return err
	}
	b.finish(pair, false)
	return nil
}
