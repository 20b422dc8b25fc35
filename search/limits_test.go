package search

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseLimits(t *testing.T) {
	tests := []struct {
		words string
		want  Limits
		err   string // part of the error, "" for none
	}{
		{"", Limits{}, ""},
		{"maxtime=0.5", Limits{MoveTime: 500 * time.Millisecond}, ""},
		{"MOVETIME=2 exact", Limits{MoveTime: 2 * time.Second, Exact: true}, ""},
		{"remaining=30 increment=0.5", Limits{Remaining: 30 * time.Second, Increment: 500 * time.Millisecond}, ""},
		{"remaining=3 increment=0", Limits{Remaining: 3 * time.Second}, ""},
		{"depth=12 nodes=5000", Limits{Depth: 12, Nodes: 5000}, ""},
		{"infinite", Limits{Infinite: true}, ""},
		{"depth=0", Limits{}, `depth="0": want a whole number of plies in 1..64`},
		{"depth=65", Limits{}, "1..64"},
		{"depth", Limits{}, "depth needs a value"},
		{"nodes=-5", Limits{}, "at least 1"},
		{"maxtime=NaN", Limits{}, "want seconds, more than 0"},
		{"maxtime=1e9", Limits{}, "at most 1e+07"},
		{"increment=1", Limits{}, "increment= needs remaining="},
		{"exact", Limits{}, "exact needs maxtime="},
		{"exact=1 maxtime=1", Limits{}, "exact takes no value"},
		{"depth=3 depth=4", Limits{}, "depth given twice"},
		{"maxtime=1 movetime=2", Limits{}, "maxtime given twice"},
		{"infinite depth=3", Limits{}, "infinite takes no other limit"},
		{"fast", Limits{}, `unknown option "fast"`},
		{strings.Repeat("x", 100), Limits{}, `"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"...`},
	}
	for _, tt := range tests {
		got, err := ParseLimits(strings.Fields(tt.words))
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%q: %v", tt.words, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%q: error %v, want one with %q", tt.words, err, tt.err)
		case tt.err == "" && got != tt.want:
			t.Errorf("%q: %+v, want %+v", tt.words, got, tt.want)
		}
	}
}

// TestLimitsWords checks that Words writes what ParseLimits reads back.
func TestLimitsWords(t *testing.T) {
	for _, l := range []Limits{
		{},
		{MoveTime: 100 * time.Millisecond},
		{MoveTime: 1500 * time.Millisecond, Exact: true, Depth: 9},
		{Remaining: 90 * time.Second, Increment: 2 * time.Second, Nodes: 123456},
		{Infinite: true},
	} {
		got, err := ParseLimits(l.Words())
		if err != nil || !reflect.DeepEqual(got, l) {
			t.Errorf("%+v -> %q -> %+v, %v", l, l.Words(), got, err)
		}
		if l.Unlimited() != (l == Limits{} || l.Infinite) {
			t.Errorf("%+v: Unlimited %v", l, l.Unlimited())
		}
		if l.String() == "" {
			t.Errorf("%+v: empty String", l)
		}
	}
}

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
