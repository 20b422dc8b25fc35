package search

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

func TestTableRoundTrip(t *testing.T) {
	tt := newTable(1)
	m := movegen.Move{From: 8, To: 17, Captured: 1 << 12}
	tests := []struct {
		key   uint64
		score int
		depth int
		bd    bound
		move  bool
	}{
		{0x123456789abcdef0, 57, 9, boundExact, true},
		{0x0fedcba987654321, -WinScore + 40, 0, boundUpper, false},
		{0xdeadbeefcafef00d, WinScore - 3, 120, boundLower, true},
	}
	for _, tc := range tests {
		tt.store(tc.key, tc.score, tc.depth, tc.bd, m, tc.move)
	}
	for _, tc := range tests {
		d, ok := tt.probe(tc.key)
		if !ok || d.score != tc.score || d.depth != tc.depth || d.bound != tc.bd || d.hasMove != tc.move {
			t.Errorf("key %x: got %+v (hit %v), want %+v", tc.key, d, ok, tc)
		}
		if tc.move && !d.matches(m) {
			t.Errorf("key %x: stored move does not match", tc.key)
		}
		if d.matches(movegen.Move{From: 8, To: 17}) {
			t.Errorf("key %x: a move with other captures matches", tc.key)
		}
	}
	if _, ok := tt.probe(0x1111); ok {
		t.Error("a key never stored was found")
	}
	tt.clear()
	if _, ok := tt.probe(tests[0].key); ok {
		t.Error("found after clear")
	}
}

// TestTableReplacement: a bucket keeps the deeper entries of the current
// search and gives up old ones first.
func TestTableReplacement(t *testing.T) {
	tt := newTable(1)
	// Keys in one bucket: the bucket is chosen by the high bits.
	key := func(i int) uint64 { return 0x0000_1234_0000_0000 | uint64(i) }
	for i := 0; i < bucketSize; i++ {
		tt.store(key(i), i, 10+i, boundExact, movegen.Move{}, false)
	}
	tt.store(key(100), 0, 1, boundExact, movegen.Move{}, false)
	if _, ok := tt.probe(key(bucketSize - 1)); !ok {
		t.Error("the deepest entry was replaced")
	}
	if _, ok := tt.probe(key(0)); ok {
		t.Error("the shallowest entry survived a full bucket")
	}
	// A shallower result for a key from this search keeps the deeper one.
	tt.store(key(3), 99, 2, boundLower, movegen.Move{}, false)
	if d, _ := tt.probe(key(3)); d.depth != 13 {
		t.Errorf("same key: depth %d, want the deeper 13 kept", d.depth)
	}
	// After a new search the old entries count as 8 plies shallower, so
	// new ones of depth 6 displace them (the deepest was 13).
	tt.newSearch()
	for i := 0; i < bucketSize; i++ {
		tt.store(key(200+i), 0, 6, boundExact, movegen.Move{}, false)
	}
	for i := 0; i < bucketSize; i++ {
		if _, ok := tt.probe(key(200 + i)); !ok {
			t.Errorf("new entry %d lost to an old one", i)
		}
	}
}

// TestTableConcurrent: threads writing the same buckets never make a probe
// return data stored under another key.
func TestTableConcurrent(t *testing.T) {
	tt := newTable(1)
	const n = 2000
	key := func(i int) uint64 { return 0x0000_5678_0000_0000 | uint64(i%16)<<8 }
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < n; i++ {
				k := key(i + g)
				// The score encodes the key so a torn entry would show.
				tt.store(k, int(k>>8&15), 5, boundExact, movegen.Move{}, false)
				if d, ok := tt.probe(key(i)); ok && d.score != int(key(i)>>8&15) {
					t.Errorf("key %x: score %d from another key", key(i), d.score)
					return
				}
			}
		}(g)
	}
	wg.Wait()
}

// TestTableClearGenerations: every clear hides what was stored before, as
// the zeroing it replaces did, also when the generation comes round (the
// 32nd clear zeroes), and an entry of an old generation is an empty slot.
func TestTableClearGenerations(t *testing.T) {
	tt := newTable(1)
	const key = 0x123456789abcdef0
	for i := range 3 * (genMask + 1) {
		tt.store(key, i, 5, boundExact, movegen.Move{}, false)
		if d, ok := tt.probe(key); !ok || d.score != i {
			t.Fatalf("clear %d: stored %d, found %+v (hit %v)", i, i, d, ok)
		}
		tt.clear()
		if d, ok := tt.probe(key); ok {
			t.Fatalf("clear %d: found %+v after it", i+1, d)
		}
	}
	// A full bucket of the old generation takes four new keys: its deep
	// entries are empty slots, not entries to keep.
	var keys []uint64
	for i := uint64(1); len(keys) < 2*bucketSize; i++ {
		if k := key ^ i<<4; tt.bucket(k) == tt.bucket(key) {
			keys = append(keys, k)
		}
	}
	for _, k := range keys[:bucketSize] {
		tt.store(k, 100, 60, boundExact, movegen.Move{}, false)
	}
	tt.clear()
	for _, k := range keys[bucketSize:] {
		tt.store(k, 1, 1, boundUpper, movegen.Move{}, false)
	}
	for _, k := range keys[bucketSize:] {
		if _, ok := tt.probe(k); !ok {
			t.Errorf("key %x, stored after the clear, was replaced: the old generation's entries were kept", k)
		}
	}
}

// TestTableClearIsFast: clearing a large table that searches touched
// little of takes no time and faults in none of it; zeroing took 17 s
// for 2 GiB and made it all resident.
func TestTableClearIsFast(t *testing.T) {
	schedtest.SkipUnderRace(t, "times the clears of a 512 MiB table, whose every page the detector shadows")
	const mib = 512
	tt := newTable(mib)
	for i := range uint64(1000) {
		tt.store(i*0x9e3779b97f4a7c15, 1, 1, boundExact, movegen.Move{}, false)
	}
	before := residentMiB(t)
	start := time.Now()
	for range genMask { // every clear but the one that zeroes
		tt.clear()
	}
	took := time.Since(start)
	if grown := residentMiB(t) - before; took > 100*time.Millisecond || grown > mib/8 {
		t.Errorf("%d clears of a %d MiB table took %v and made %.0f MiB more resident", genMask, mib, took, grown)
	}
}

// residentMiB returns this process's resident memory, from /proc.
func residentMiB(t *testing.T) float64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	f := strings.Fields(string(b))
	pages, err := strconv.ParseFloat(f[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return pages * float64(os.Getpagesize()) / (1 << 20)
}
