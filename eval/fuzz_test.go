package eval

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"testing"
)

// FuzzReadWeights feeds ReadWeights damaged and truncated weight files:
// every input gives weights or an error wrapping ErrBadWeights, never a
// panic. The fuzzer's bytes are the file as they are (wrap 0), or the
// contents with their checksum appended (wrap&1) and gzipped (wrap&2), so
// that mutations reach the parse behind the compression and the checksum.
func FuzzReadWeights(f *testing.F) {
	raw := gunzipped(f, weightFile)
	// A whole file is hundreds of KB, which the fuzzer mutates slowly
	// (TestBadWeightFiles reads it and its damaged copies): the seeds are
	// its beginnings, up to past the first table's header.
	head := raw[:64]
	// A file with networks: its beginning, up to into the first network.
	var nb bytes.Buffer
	if err := netFile(128, 1).Write(&nb); err != nil {
		f.Fatal(err)
	}
	netHead := gunzipped(f, nb.Bytes())[:96]
	nb.Reset()
	if err := netFile(128, 4).Write(&nb); err != nil { // several outputs: model 2
		f.Fatal(err)
	}
	bucketHead := gunzipped(f, nb.Bytes())[:96]
	nb.Reset()
	if err := net2File(128, 8, 2).Write(&nb); err != nil { // a second layer: model 3
		f.Fatal(err)
	}
	twoHead := gunzipped(f, nb.Bytes())[:96]
	seeds := []struct {
		data []byte
		wrap byte
	}{
		{weightFile[:200], 0},
		{nil, 0},
		{[]byte("CROWN"), 2},
		{head, 3},
		{head[:20], 3},
		{head[:12], 3},
		{head, 2},
		{head, 1},
		{netHead, 3},
		{netHead[:40], 3},
		{bucketHead, 3},
		{twoHead, 3},
	}
	for _, s := range seeds {
		f.Add(s.data, s.wrap)
	}
	f.Fuzz(func(t *testing.T, data []byte, wrap byte) {
		if wrap&1 != 0 {
			data = binary.LittleEndian.AppendUint32(bytes.Clone(data), crc32.ChecksumIEEE(data))
		}
		if wrap&2 != 0 {
			data = gzipped(data)
		}
		w, err := ReadWeights(bytes.NewReader(data))
		switch {
		case err != nil && !errors.Is(err, ErrBadWeights):
			t.Fatalf("error %v does not wrap ErrBadWeights", err)
		case err == nil && (w == nil || w.Tables[0] == nil):
			t.Fatal("no error and no weights")
		}
	})
}
