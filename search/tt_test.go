package search

import (
	"sync"
	"testing"

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
