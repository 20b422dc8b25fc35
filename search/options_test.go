package search

import "testing"

func TestOptionRegistry(t *testing.T) {
	var o Options
	if err := o.Set("HASH", "16"); err != nil || o.HashMiB != 16 {
		t.Errorf("Set hash 16: %v, HashMiB %d", err, o.HashMiB)
	}
	if err := o.Set("searchthreads", "2"); err != nil || o.Threads != 2 {
		t.Errorf("Set searchthreads 2: %v, Threads %d", err, o.Threads)
	}
	for _, tt := range []struct{ key, val, err string }{
		{"hashsize", "0", "hashsize: 0 is out of range 1..4096 (MiB)"},
		{"threads", "65", "searchthreads: 65 is out of range 1..64"},
		{"threads", "two", `searchthreads: "two" is not a whole number`},
		{"colour", "1", `unknown option "colour"`},
	} {
		before := o
		if err := o.Set(tt.key, tt.val); err == nil || err.Error() != tt.err {
			t.Errorf("Set(%s, %s): %v, want %q", tt.key, tt.val, err, tt.err)
		}
		if o != before {
			t.Errorf("Set(%s, %s) changed the options on error", tt.key, tt.val)
		}
	}
	def := Options{}.withDefaults()
	for _, op := range Registry {
		if op.Get(Options{}) != op.Default || op.Get(def) != op.Default {
			t.Errorf("%s: default %d, Get %d", op.Key, op.Default, op.Get(def))
		}
		if op.Check(op.Default) != nil || op.Check(op.Min-1) == nil || op.Check(op.Max+1) == nil {
			t.Errorf("%s: range %d..%d does not hold the default %d", op.Key, op.Min, op.Max, op.Default)
		}
		if o, ok := LookupOption(op.Flag); !ok || o.Key != op.Key {
			t.Errorf("LookupOption(%s) = %v, %v", op.Flag, o, ok)
		}
	}
}
