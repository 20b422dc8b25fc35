package match

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
	"github.com/crown-checkers/crown/search"
)

// engineSpecs are engine specs ParseEngine accepts, with what it makes of
// them; they seed the fuzz targets too.
var engineSpecs = []struct {
	spec   string
	argv   []string
	self   bool
	setup  []string
	limits search.Limits
	ponder bool
}{
	{spec: "self", self: true},
	{spec: "self:hashsize=16,searchthreads=2,depth=6", self: true,
		setup: []string{"set hashsize 16", "set searchthreads 2"}, limits: search.Limits{Depth: 6}},
	{spec: "self:nodes=5000,movetime=0.25", self: true, limits: search.Limits{Nodes: 5000, MoveTime: 250 * time.Millisecond}},
	{spec: "self:maxtime=1,exact,book=2", self: true, setup: []string{"set book 2"}, limits: search.Limits{MoveTime: time.Second, Exact: true}},
	{spec: "self:ponder=1,maxtime=0.1,multipv=2", self: true, setup: []string{"set ponder 1", "set multipv 2"},
		limits: search.Limits{MoveTime: 100 * time.Millisecond}, ponder: true},
	{spec: "self:ponder=0", self: true, setup: []string{"set ponder 0"}},
	{spec: "./crown engine", argv: []string{"./crown", "engine"}},
	{spec: `/opt/my engine/run --name "big one" 'a b'\ c`, argv: []string{"/opt/my", "engine/run", "--name", "big one", "a b c"}},
	{spec: `x "say \"hi\"" ""`, argv: []string{"x", `say "hi"`, ""}},
}

func TestParseEngine(t *testing.T) {
	pool := play.NewPool()
	defer pool.Close()
	for _, tc := range engineSpecs {
		e, err := ParseEngine(tc.spec, protocol.Config{Session: play.Config{Pool: pool}})
		if err != nil {
			t.Errorf("%q: %v", tc.spec, err)
			continue
		}
		if e.Name != tc.spec || (e.Run != nil) != tc.self || !reflect.DeepEqual(e.Argv, tc.argv) ||
			!reflect.DeepEqual(e.Setup, tc.setup) || e.Limits != tc.limits || e.Ponder != tc.ponder {
			t.Errorf("%q: name %q self %v argv %q setup %q limits %+v ponder %v", tc.spec, e.Name, e.Run != nil, e.Argv, e.Setup, e.Limits, e.Ponder)
		}
	}
}

// TestParseEngineErrors checks that a bad spec is refused with an error
// that names what is wrong.
func TestParseEngineErrors(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"", "empty engine command"},
		{"   ", "empty engine command"},
		{`crown 'engine`, "unterminated '"},
		{`crown "engine`, `unterminated "`},
		{"self:hashsize", `bad setting "hashsize"`},
		{"self:hashsize=", `bad setting "hashsize="`},
		{"self:hash size=16", `bad setting "hash size=16"`},
		{"self:hashsize=lots", "hashsize=lots: "},
		{"self:searchthreads=0", "searchthreads=0: "},
		{"self:depth=x", `in "self:depth=x": `},
		{"self:ponder=2", "ponder=2: want 0 or 1"},
		{"self:ponder=yes", "ponder=yes: want 0 or 1"},
		{"self:ponder", `bad setting "ponder"`},
		{"self:multipv=0", "multipv=0: "},
	}
	for _, tc := range tests {
		if _, err := ParseEngine(tc.spec, protocol.Config{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.spec, err, tc.want)
		}
	}
}

// quoteWords writes words as a command line SplitCommandLine reads back:
// each in single quotes, a quote in it as '\”.
func quoteWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// FuzzSplitCommandLine checks that any input splits into at least one
// word or gives an error, never a panic, and that the words, quoted
// again, split into themselves.
func FuzzSplitCommandLine(f *testing.F) {
	for _, tc := range engineSpecs {
		f.Add(tc.spec)
	}
	for _, s := range []string{"", `a\`, `'`, `"`, `"\`, `a"b\"c"d`, "a\tb\nc", `\'x\'`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := SplitCommandLine(s)
		if err != nil {
			return
		}
		if len(words) == 0 {
			t.Fatalf("%q: no words and no error", s)
		}
		again, err := SplitCommandLine(quoteWords(words))
		if err != nil || !slices.Equal(again, words) {
			t.Fatalf("%q: words %q, quoted %q split into %q, %v", s, words, quoteWords(words), again, err)
		}
	})
}

// FuzzParseEngine checks that any spec gives an engine or an error, never
// a panic: a self engine runs in process, any other runs its split
// command line. Specs naming a file option (egdbpath, evalfile) are
// skipped, since those open what they name.
func FuzzParseEngine(f *testing.F) {
	for _, tc := range engineSpecs {
		f.Add(tc.spec)
	}
	for _, s := range []string{"self:", "self:,", "self:=", "self:depth", "self:hashsize=99999999999999999999", "self:nodes=-1", "self::"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		lower := strings.ToLower(spec)
		if strings.Contains(lower, "egdb") || strings.Contains(lower, "evalfile") {
			t.Skip("names a file")
		}
		e, err := ParseEngine(spec, protocol.Config{})
		if err != nil {
			return
		}
		trimmed := strings.TrimSpace(spec)
		if e.Name != trimmed {
			t.Fatalf("%q: name %q", spec, e.Name)
		}
		if trimmed == Self || strings.HasPrefix(trimmed, Self+":") {
			if e.Run == nil || e.Argv != nil {
				t.Fatalf("%q: a self engine with run %v, argv %q", spec, e.Run != nil, e.Argv)
			}
			return
		}
		if words, _ := SplitCommandLine(trimmed); e.Run != nil || !slices.Equal(e.Argv, words) {
			t.Fatalf("%q: argv %q, want %q", spec, e.Argv, words)
		}
	})
}
