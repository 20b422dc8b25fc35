package book

import (
	_ "embed" // the shipped book is inside the binary
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/crown-checkers/crown/movegen"
)

// americanBook is the book that ships for American checkers; its
// provenance (command, seed, time, engine commit) is in american.txt.
//
//go:embed american.book
var americanBook []byte

var (
	defaultOnce sync.Once
	defaultBook *Book
	defaultErr  error
)

// Default returns the book that ships with Crown for rule set v, read
// once and shared (a Book is read-only), or an error when none ships for v.
func Default(v movegen.Variant) (*Book, error) {
	if v != movegen.American {
		return nil, fmt.Errorf("book: no book ships for %s", v.Rules().Name)
	}
	defaultOnce.Do(func() { defaultBook, defaultErr = Parse(americanBook) })
	return defaultBook, defaultErr
}

// Pick probes b for p and chooses a move at level l (Level.Choose); a nil
// b has no moves.
func (b *Book) Pick(p movegen.Position, l Level, rng *rand.Rand) (Move, bool) {
	if b == nil || l == Off {
		return Move{}, false
	}
	return l.Choose(b.Probe(p), rng)
}
