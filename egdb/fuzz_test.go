package egdb

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// FuzzReadSlice feeds the values file reader damaged files of one slice
// (American 1m0k-1m0k, a 2-piece slice): see fuzzFile.
func FuzzReadSlice(f *testing.F) {
	fuzzFile(f, valueFiles, func(s *Slice, i int64) bool {
		r := s.Get(i)
		return r >= movegen.Unknown && r <= movegen.Win
	})
}

// FuzzReadDistances is FuzzReadSlice for the distances file of the same
// slice.
func FuzzReadDistances(f *testing.F) {
	fuzzFile(f, distFiles, func(s *Slice, i int64) bool {
		d := s.distance(i)
		return d <= dtcMax || d == dtcNone
	})
}

// fuzzFile feeds the reader of files of kind k damaged files of American
// 1m0k-1m0k: every input is read as a whole file, whose every position
// valid accepts, or gives an error naming the file, never a panic. With
// seal set the checksum is made right after the fuzzer's change, so that
// mutations reach the header, the offsets and the blocks behind it.
func fuzzFile(f *testing.F, k *fileKind, valid func(s *Slice, i int64) bool) {
	dir := f.TempDir()
	m := Material{BM: 1, WM: 1}
	buildTo(f, movegen.American, 2, dir, nil)
	db, err := Open(dir, 0)
	if err != nil {
		f.Fatal(err)
	}
	defer db.Close()
	if err := db.WriteDistances(movegen.American, 2, nil); err != nil {
		f.Fatal(err)
	}
	whole, err := os.ReadFile(filepath.Join(dir, k.name(movegen.American, m)))
	if err != nil {
		f.Fatal(err)
	}
	body := whole[:len(whole)-4]
	for _, s := range []struct {
		data []byte
		seal bool
	}{
		{whole, false},
		{whole[:len(whole)/2], false},
		{whole[:headerBytes], false},
		{nil, false},
		{body, true},
		{body[:len(body)-5], true},
		{body[:headerBytes+4], true},
		{[]byte(k.magic), true},
	} {
		f.Add(s.data, s.seal)
	}
	path := "fuzz/" + k.name(movegen.American, m)
	f.Fuzz(func(t *testing.T, data []byte, seal bool) {
		if seal {
			data = binary.LittleEndian.AppendUint32(bytes.Clone(data), crc32.ChecksumIEEE(data))
		}
		s, err := parseFile(k, path, movegen.American, m, data)
		if err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		for i := range s.Positions {
			if !valid(s, i) {
				t.Fatalf("position %d: out of range", i)
			}
		}
	})
}
