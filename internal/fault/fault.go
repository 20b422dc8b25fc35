// Package fault contains Crown's failures: Recover turns a panic into an
// error for the caller of the goroutine it happened in (every goroutine
// Crown starts defers it), and Inject lets a test make a named point of
// the engine panic, so that the tests can check that a bug in a helper
// search thread or in the distance-table builder reaches the front end as
// an error instead of ending the process (inside CheckerBoard, the GUI).
//
// A point that is not injected costs an atomic load where it is hit, and
// the points are hit once a search thread or a distance build, never in
// the search's inner loops.
package fault

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sync/atomic"
)

// PanicError is a panic recovered by Recover: where it happened, the value
// passed to panic and the stack of the goroutine that panicked. Its Error
// text is one line (where and the value); the stack is for logs.
type PanicError struct {
	Where string
	Value any
	Stack []byte
}

// Error says where the panic happened and with what: "search thread 1:
// panic: index out of range".
func (e *PanicError) Error() string {
	return fmt.Sprintf("%s: panic: %v", e.Where, e.Value)
}

// Unwrap returns the value passed to panic when it is an error (a runtime
// error, say), so errors.Is and errors.As see through the panic.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// Recover, deferred, turns a panic of its goroutine into a *PanicError
// stored in *err (joined with an error already there), so that the
// function returns it instead of ending the process. where names the
// goroutine's work for the message.
func Recover(err *error, where string) {
	if r := recover(); r != nil {
		*err = errors.Join(*err, &PanicError{Where: where, Value: r, Stack: debug.Stack()})
	}
}

// Stack returns the stack of the first panic err holds (a *PanicError
// anywhere in its tree), or nil, for a front end's log.
func Stack(err error) []byte {
	var pe *PanicError
	if errors.As(err, &pe) {
		return pe.Stack
	}
	return nil
}

// Point names a place in the engine where a test can inject a panic.
type Point int

// The injection points.
const (
	// SearchHelper is the start of every helper search thread (all but
	// the first of a search with several threads).
	SearchHelper Point = iota
	// DistanceBuilder is the start of every build of an endgame
	// database's distance tables (egdb's LoadDTC, also in the
	// background for StartDTC).
	DistanceBuilder
	numPoints
)

// pointNames are the points' names, as Parse reads them.
var pointNames = [numPoints]string{SearchHelper: "search-helper", DistanceBuilder: "distance-builder"}

// String returns the point's name: "search-helper" or "distance-builder".
func (p Point) String() string { return pointNames[p] }

// Parse returns the point of a name String gives.
func Parse(name string) (Point, error) {
	for p, n := range pointNames {
		if n == name {
			return Point(p), nil
		}
	}
	return 0, fmt.Errorf("fault: unknown point %q (want search-helper or distance-builder)", name)
}

// hooks holds each point's injected function, nil when none is.
var hooks [numPoints]atomic.Pointer[func()]

// Hit runs the function injected at p, if any. The engine calls it at p.
func Hit(p Point) {
	if f := hooks[p].Load(); f != nil {
		(*f)()
	}
}

// Inject makes every later Hit of p call f (a test's panic) until the
// returned function undoes it. Only tests inject.
func Inject(p Point, f func()) (undo func()) {
	hooks[p].Store(&f)
	return func() { hooks[p].CompareAndSwap(&f, nil) }
}
