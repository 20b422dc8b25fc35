package play

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/search"
)

func TestParseLimits(t *testing.T) {
	tests := []struct {
		words string
		want  search.Limits
		err   string // part of the error, "" for none
	}{
		{"", search.Limits{}, ""},
		{"maxtime=0.5", search.Limits{MoveTime: 500 * time.Millisecond}, ""},
		{"MOVETIME=2 exact", search.Limits{MoveTime: 2 * time.Second, Exact: true}, ""},
		{"remaining=30 increment=0.5", search.Limits{Remaining: 30 * time.Second, Increment: 500 * time.Millisecond}, ""},
		{"remaining=3 increment=0", search.Limits{Remaining: 3 * time.Second}, ""},
		{"depth=12 nodes=5000", search.Limits{Depth: 12, Nodes: 5000}, ""},
		{"infinite", search.Limits{Infinite: true}, ""},
		{"depth=0", search.Limits{}, `depth="0": want a whole number of plies in 1..64`},
		{"depth=65", search.Limits{}, "1..64"},
		{"depth", search.Limits{}, "depth needs a value"},
		{"nodes=-5", search.Limits{}, "at least 1"},
		{"maxtime=NaN", search.Limits{}, "want seconds, more than 0"},
		{"maxtime=1e9", search.Limits{}, "at most 1e+07"},
		{"increment=1", search.Limits{}, "increment= needs remaining="},
		{"exact", search.Limits{}, "exact needs maxtime="},
		{"exact=1 maxtime=1", search.Limits{}, "exact takes no value"},
		{"depth=3 depth=4", search.Limits{}, "depth given twice"},
		{"maxtime=1 movetime=2", search.Limits{}, "movetime given twice"},
		{"maxtime=1e-10", search.Limits{MoveTime: MinLimit}, ""},
		{"maxtime=1e-300 exact", search.Limits{MoveTime: MinLimit, Exact: true}, ""},
		{"remaining=1e-10 increment=1e-300", search.Limits{Remaining: MinLimit, Increment: MinLimit}, ""},
		{"maxtime=0.0015", search.Limits{MoveTime: 1500 * time.Microsecond}, ""},
		{"movetime=-1", search.Limits{}, `movetime="-1": want seconds`},
		{"movetime", search.Limits{}, "movetime needs a value: movetime=<number>"},
		{"infinite depth=3", search.Limits{}, "infinite takes no other limit"},
		{"fast", search.Limits{}, `unknown option "fast"`},
		{strings.Repeat("x", 100), search.Limits{}, `"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"...`},
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

// TestLimitsWords checks that LimitWords writes what ParseLimits reads back.
func TestLimitsWords(t *testing.T) {
	for _, l := range []search.Limits{
		{},
		{MoveTime: 100 * time.Millisecond},
		{MoveTime: 1500 * time.Millisecond, Exact: true, Depth: 9},
		{Remaining: 90 * time.Second, Increment: 2 * time.Second, Nodes: 123456},
		{Infinite: true},
	} {
		got, err := ParseLimits(LimitWords(l))
		if err != nil || !reflect.DeepEqual(got, l) {
			t.Errorf("%+v -> %q -> %+v, %v", l, LimitWords(l), got, err)
		}
		if l.Unlimited() != (l == search.Limits{} || l.Infinite) {
			t.Errorf("%+v: Unlimited %v", l, l.Unlimited())
		}
		if l.String() == "" {
			t.Errorf("%+v: empty String", l)
		}
	}
}
