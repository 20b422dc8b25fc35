package train

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/crown-checkers/crown/internal/readfile"
)

// MergeStats says what Merge took from one input file.
type MergeStats struct {
	Path    string
	Games   int // games read (readGames)
	Kept    int // records written
	Dropped int // records left out, their positions already written
}

// Merge appends the records of the data files ins to the data file out,
// file by file and game by game, leaving out every position already in out
// (from before or from this merge), the rule Run writes by: the shard files
// of a run give the positions of the whole run. Each game is one write, so
// an interrupted merge leaves whole games, and merging again completes it.
// Of a file with a state file (a run's) only the records the state counts
// are read. out may not be one of ins, nor have a state file of its own (a
// run's data file: its state would no longer match it). It returns what it
// took from each file, and the records out holds.
func Merge(out string, ins []string) (stats []MergeStats, total int64, err error) {
	switch _, err := os.Stat(StatePath(out)); {
	case err == nil:
		return nil, 0, fmt.Errorf("%s has a state file (%s): it is a self-play run's file; merge into another", out, StatePath(out))
	case !errors.Is(err, os.ErrNotExist):
		return nil, 0, err
	}
	outInfo, outErr := os.Stat(out)
	for _, in := range ins {
		info, err := os.Stat(in)
		if err != nil {
			return nil, 0, err
		}
		if outErr == nil && os.SameFile(info, outInfo) {
			return nil, 0, fmt.Errorf("%s is the output file: merge into another", in)
		}
	}
	w, err := OpenWriter(out)
	if err != nil {
		return nil, 0, err
	}
	defer func() {
		total = w.Count()
		if cerr := w.Close(); err == nil {
			err = cerr
		}
	}()
	seen, err := existingPositions(w)
	if err != nil {
		return nil, 0, err
	}
	for _, in := range ins {
		ms, err := mergeFile(w, seen, in)
		stats = append(stats, ms)
		if err != nil {
			return stats, 0, fmt.Errorf("%s: %w", in, err)
		}
	}
	return stats, 0, nil
}

// mergeFile appends the records of the data file in to w, game by game,
// those whose positions are not in seen.
func mergeFile(w *Writer, seen map[posKey]struct{}, in string) (MergeStats, error) {
	ms := MergeStats{Path: in}
	s, err := readState(StatePath(in))
	if err != nil {
		return ms, err
	}
	f, err := readfile.Open(in, 0)
	if err != nil {
		return ms, err
	}
	defer f.Close()
	var src io.Reader = f
	if s != nil {
		size := int64(HeaderSize) + s.records*RecordSize
		info, err := f.Stat()
		if err != nil {
			return ms, err
		}
		if info.Size() < size {
			return ms, fmt.Errorf("%d bytes, fewer than the %d records its state file counts", info.Size(), s.records)
		}
		src = io.NewSectionReader(f, 0, size)
	}
	rd, err := NewReader(src)
	if err != nil {
		return ms, err
	}
	err = readGames(rd, func(recs []Record) error {
		fresh, dropped := dropSeen(recs, seen)
		ms.Games++
		ms.Kept += len(fresh)
		ms.Dropped += dropped
		return w.Write(fresh)
	})
	return ms, err
}
