package fault

import (
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
)

// TestRecover: a panic in a goroutine comes back as its error, with the
// place, the value and a stack; an error already there is kept.
func TestRecover(t *testing.T) {
	for _, tc := range []struct {
		name   string
		before error
		work   func()
		want   string // the error's text, "" for none
	}{
		{"no panic", nil, func() {}, ""},
		{"a string", nil, func() { panic("boom") }, "worker: panic: boom"},
		{"an error", nil, func() { panic(io.EOF) }, "worker: panic: EOF"},
		{"kept", errors.New("earlier"), func() { panic("boom") }, "earlier\nworker: panic: boom"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.before
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer Recover(&err, "worker")
				tc.work()
			}()
			wg.Wait()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("error %v, want none", err)
			case tc.want == "":
				return
			case err == nil || err.Error() != tc.want:
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if st := Stack(err); !strings.Contains(string(st), "fault_test.go") {
				t.Errorf("stack does not name the test: %s", st)
			}
		})
	}
	var err error
	func() {
		defer Recover(&err, "worker")
		panic(io.EOF)
	}()
	if !errors.Is(err, io.EOF) {
		t.Errorf("errors.Is(%v, io.EOF) is false", err)
	}
	if Stack(errors.New("plain")) != nil {
		t.Error("a plain error has a stack")
	}
}

// TestInject: an injected point runs its function until undone; points
// parse by name.
func TestInject(t *testing.T) {
	for p := Point(0); p < numPoints; p++ {
		hits := 0
		undo := Inject(p, func() { hits++ })
		Hit(p)
		Hit(p)
		undo()
		Hit(p)
		if hits != 2 {
			t.Errorf("%v: %d hits, want 2", p, hits)
		}
		if q, err := Parse(p.String()); err != nil || q != p {
			t.Errorf("Parse(%q) = %v, %v", p.String(), q, err)
		}
	}
	if _, err := Parse("nowhere"); err == nil {
		t.Error("Parse(nowhere): no error")
	}
}
