package search

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
)

// TestThreadPanic: a panic in a helper thread (injected) stops the search
// at once and is its error, with the helper named and its stack; a panic
// in the report, on the main thread, too. The engine searches on after
// either.
func TestThreadPanic(t *testing.T) {
	e := newEngine(t, Options{HashMiB: 1, Threads: 2})
	p := movegen.StartPosition(movegen.American)
	for _, tc := range []struct {
		name   string
		inject func() (undo func())
		report func(Info)
		where  string
	}{
		{"helper", func() func() { return fault.Inject(fault.SearchHelper, func() { panic("injected") }) }, nil, "search thread 1: panic: injected"},
		{"report", func() func() { return func() {} }, func(Info) { panic("from the report") }, "search thread 0: panic: from the report"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			undo := tc.inject()
			start := time.Now()
			res, err := e.Search(context.Background(), Request{Pos: p, Limits: Limits{MoveTime: 10 * time.Second}, Report: tc.report})
			undo()
			var pe *fault.PanicError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.where) || len(pe.Stack) == 0 {
				t.Fatalf("error %v, want one with %q and a stack", err, tc.where)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("the search went on for %v after the panic", took)
			}
			if res.HasMove && !p.IsLegal(res.Move) {
				t.Errorf("an illegal move with the error: %+v", res)
			}
			if res := searchOK(t, e, context.Background(), Request{Pos: p, Limits: Limits{Depth: 4}}); !p.IsLegal(res.Move) {
				t.Errorf("after the panic: %+v", res)
			}
		})
	}
}

// TestDistancePanic: a panic in the distance builder (injected), which a
// search of a database win starts in the background, is the error of the
// searches after it; they still answer a legal move, by search.
func TestDistancePanic(t *testing.T) {
	undo := fault.Inject(fault.DistanceBuilder, func() { panic("injected") })
	defer undo()
	e := newEngine(t, Options{HashMiB: 1, EGDB: openDB(t, egdbtest.Dir(t, 3), testCacheMiB)})
	won := mustFEN(t, "B:WK1:BK14,K23", movegen.American) // two kings against one: a database win
	deadline := time.Now().Add(10 * time.Second)
	for {
		res, err := e.Search(context.Background(), Request{Pos: won, Limits: Limits{Depth: 3}})
		if !res.HasMove || !won.IsLegal(res.Move) {
			t.Fatalf("%+v, %v: no legal move", res, err)
		}
		if err != nil {
			if !strings.Contains(err.Error(), "panic: injected") {
				t.Fatalf("error %v, want the injected panic", err)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no search reported the failed distance build")
		}
		time.Sleep(10 * time.Millisecond) // the build runs in the background
	}
}
