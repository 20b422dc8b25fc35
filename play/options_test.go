package play

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/eval"
	"github.com/crown-checkers/crown/search"
)

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
		if o, ok := LookupOption(op.Flag); op.Flag != "" && (!ok || o.Key != op.Key) {
			t.Errorf("LookupOption(%s) = %v, %v", op.Flag, o, ok)
		}
	}
	if err := o.Set("disable", "64"); err == nil {
		t.Error("disable=64 accepted, beyond search.DisableAll")
	}
}

// TestTunables checks every search parameter as an option: its default in
// range, set and read back by key in any case, a change seen only by the
// Options it was made in, and out-of-range values refused.
func TestTunables(t *testing.T) {
	defaults := search.DefaultParams
	for i := range Tunables {
		op := &Tunables[i]
		if op.Check(op.Default) != nil || op.Step < 1 || op.Help == "" {
			t.Errorf("%s: default %d out of %d..%d, or no step or help", op.Key, op.Default, op.Min, op.Max)
		}
		if _, ok := LookupTunable(strings.ToUpper(op.Key)); !ok {
			t.Errorf("%s: not found by its key in upper case", op.Key)
		}
		var a Options
		b := a
		v := op.Min
		if v == op.Default {
			v = op.Max
		}
		if err := a.Set(op.Key, strconv.Itoa(v)); err != nil {
			t.Fatalf("%s=%d: %v", op.Key, v, err)
		}
		if got := op.Get(a); got != v {
			t.Errorf("%s: set %d, read %d", op.Key, v, got)
		}
		if got := op.Get(b); got != op.Default {
			t.Errorf("%s: a copy made before the change reads %d, want the default %d", op.Key, got, op.Default)
		}
		if search.DefaultParams != defaults {
			t.Fatalf("%s: setting the option changed search.DefaultParams", op.Key)
		}
		if err := a.Set(op.Key, strconv.Itoa(op.Max+1)); err == nil {
			t.Errorf("%s=%d accepted, above %d", op.Key, op.Max+1, op.Max)
		}
	}
	if _, ok := LookupOption("lmrdivisor"); !ok {
		t.Error("LookupOption does not find a tunable")
	}
}

// TestTextOptions: None is the empty value of both text options, each
// says what it takes, and a number option takes one number.
func TestTextOptions(t *testing.T) {
	for _, tc := range []struct{ key, takes string }{
		{"egdbpath", "a directory or none"},
		{"evalfile", "a file or none"},
		{"hashsize", "one number"},
	} {
		op := OptionByKey(tc.key)
		if got := op.Takes(); got != tc.takes {
			t.Errorf("%s takes %q, want %q", tc.key, got, tc.takes)
		}
		if !op.IsText() {
			continue
		}
		o := Options{EGDBPath: "dir", EvalFile: "file"}
		if err := op.SetText(&o, None); err != nil || *op.text(&o) != "" || op.Format(o) != None {
			t.Errorf("%s none: %v, %q, %q", tc.key, err, *op.text(&o), op.Format(o))
		}
	}
}

// TestEvalFile checks that a session evaluates with the weight file its
// options name, one copy for the sessions of a pool; that a file that
// does not load is refused by SetOption and by New, and reported as
// evalfile's; and that none is the built-in weights.
func TestEvalFile(t *testing.T) {
	wf := &eval.WeightFile{Provenance: "test: the built-in weights, renamed"}
	wf.Tables, wf.Nets = eval.Default().Tables, eval.Default().Nets
	path := filepath.Join(t.TempDir(), "renamed.bin")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := wf.Write(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	pool := NewPool()
	defer pool.Close()
	a := newTestSession(t, Config{Options: Options{EvalFile: path}, Pool: pool})
	b := newTestSession(t, Config{Options: Options{EvalFile: path}, Pool: pool})
	if got := a.Provenance(); got != wf.Provenance {
		t.Fatalf("session evaluates with %q, want %q", got, wf.Provenance)
	}
	if a.engine.Eval() != b.engine.Eval() {
		t.Error("two sessions of one pool load the weight file twice")
	}
	bad := filepath.Join(t.TempDir(), "bad.bin")
	if err := os.WriteFile(bad, []byte("not weights"), 0o644); err != nil {
		t.Fatal(err)
	}
	evalfile := OptionByKey("evalfile")
	if err := a.SetOption(evalfile, bad); err == nil || a.Options().EvalFile != path {
		t.Errorf("a bad weight file: %v, now %q", err, a.Options().EvalFile)
	}
	var oe *OpenError
	if _, err := New(Config{Options: Options{EvalFile: bad}}); !errors.As(err, &oe) || oe.Option != evalfile {
		t.Errorf("New took a weight file that does not load, or blamed another option: %v", err)
	}
	if err := a.SetOption(evalfile, None); err != nil || a.engine.Eval() != eval.Default() {
		t.Errorf("evalfile none: %v, evaluates with %q", err, a.Provenance())
	}
}

// TestOptionKinds: every option says its kind and default as a front end
// lists them, and the default it gives reads back to itself.
func TestOptionKinds(t *testing.T) {
	for _, tt := range []struct {
		key, kind, def string
	}{
		{"hashsize", "int", strconv.Itoa(search.DefaultHashMiB)},
		{"searchthreads", "int", strconv.Itoa(search.DefaultThreads)},
		{"egdbpath", "string", None},
		{"evalfile", "string", None},
		{"egdbcache", "int", strconv.Itoa(DefaultEGDBCacheMiB)},
		{"disable", "int", "0"},
		{"multipv", "int", strconv.Itoa(search.DefaultMultiPV)},
		{"contempt", "int", strconv.Itoa(search.DefaultParams.Contempt)},
	} {
		op, ok := LookupOption(tt.key)
		if !ok {
			t.Fatalf("no option %s", tt.key)
		}
		if got := op.Kind().String(); got != tt.kind {
			t.Errorf("%s: kind %s, want %s", tt.key, got, tt.kind)
		}
		if got := op.DefaultText(); got != tt.def {
			t.Errorf("%s: default %s, want %s", tt.key, got, tt.def)
		}
		var o Options
		if err := op.SetText(&o, op.DefaultText()); err != nil || op.Format(o) != tt.def {
			t.Errorf("%s: set to its default %s: %v, reads %s", tt.key, tt.def, err, op.Format(o))
		}
	}
	for _, ops := range [][]Option{Registry, Tunables} {
		for i := range ops {
			if (ops[i].Kind() == TextValue) != ops[i].IsText() {
				t.Errorf("%s: kind %s, IsText %v", ops[i].Key, ops[i].Kind(), ops[i].IsText())
			}
		}
	}
}
