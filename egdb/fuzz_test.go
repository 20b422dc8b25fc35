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

// FuzzReadSlice feeds the slice reader damaged slice files of one name
// (American 1m0k-1m0k, a 2-piece slice): every input is read as a whole
// slice, whose every value Get returns, or gives an error naming the file,
// never a panic. With seal set the checksum is made right after the
// fuzzer's change, so that mutations reach the header, the offsets and
// the blocks behind it.
func FuzzReadSlice(f *testing.F) {
	dir := f.TempDir()
	m := Material{BM: 1, WM: 1}
	buildTo(f, movegen.American, 2, dir, nil)
	whole, err := os.ReadFile(filepath.Join(dir, FileName(movegen.American, m)))
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
		{[]byte(fileMagic), true},
	} {
		f.Add(s.data, s.seal)
	}
	const path = "fuzz/american-1m0k-1m0k.egdb"
	f.Fuzz(func(t *testing.T, data []byte, seal bool) {
		if seal {
			data = binary.LittleEndian.AppendUint32(bytes.Clone(data), crc32.ChecksumIEEE(data))
		}
		s, err := parseSlice(path, movegen.American, m, data)
		if err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		for i := range s.Positions {
			if r := s.Get(i); r < movegen.Unknown || r > movegen.Win {
				t.Fatalf("value %d: %v", i, r)
			}
		}
	})
}
