package book

import (
	_ "embed" // the shipped book is inside the binary
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/crown-checkers/crown/movegen"
)

// The books that ship, by rule set; each one's provenance (command, seed,
// time, engine commit) is in the .txt file beside it.
var (
	//go:embed american.book
	americanBook []byte
	//go:embed pool.book
	poolBook []byte
	//go:embed russian.book
	russianBook []byte
	//go:embed brazilian.book
	brazilianBook []byte
	//go:embed czech.book
	czechBook []byte
	//go:embed italian.book
	italianBook []byte
	//go:embed spanish.book
	spanishBook []byte
	//go:embed thai.book
	thaiBook []byte
)

// shipped holds each rule set's book, read once when first used.
var shipped = [movegen.NumVariants]struct {
	data []byte
	once sync.Once
	book *Book
	err  error
}{
	movegen.American: {data: americanBook}, movegen.Pool: {data: poolBook},
	movegen.Russian: {data: russianBook}, movegen.Brazilian: {data: brazilianBook}, movegen.Czech: {data: czechBook},
	movegen.Italian: {data: italianBook}, movegen.Spanish: {data: spanishBook}, movegen.Thai: {data: thaiBook},
}

// Default returns the book that ships with Crown for rule set v, read
// once and shared (a Book is read-only), or an error when none ships for v.
func Default(v movegen.Variant) (*Book, error) {
	if v >= movegen.NumVariants || shipped[v].data == nil {
		return nil, fmt.Errorf("book: no book ships for %v", v)
	}
	s := &shipped[v]
	s.once.Do(func() { s.book, s.err = Parse(s.data) })
	return s.book, s.err
}

// Open returns the book a command reads for rule set v: the book file at
// path, which must be a book of v, or the shipped book of v when path is
// empty.
func Open(path string, v movegen.Variant) (*Book, error) {
	if path == "" {
		return Default(v)
	}
	b, err := Load(path)
	if err != nil {
		return nil, err
	}
	if b.Variant() != v {
		return nil, fmt.Errorf("%s: a book of %s, not %s", path, b.Variant().Rules().Name, v.Rules().Name)
	}
	return b, nil
}

// Select returns the book a front end uses for rule set v: loaded, a book
// it read (set bookfile), if that is a book of v, the shipped book of v if
// it read none (nil), and an error if loaded is for another rule set.
func Select(loaded *Book, v movegen.Variant) (*Book, error) {
	if loaded == nil {
		return Default(v)
	}
	if loaded.Variant() != v {
		return nil, fmt.Errorf("the book loaded is for %s", loaded.Variant().Rules().Name)
	}
	return loaded, nil
}

// Pick probes b for p and chooses a move at level l (Level.Choose); a nil
// b has no moves.
func (b *Book) Pick(p movegen.Position, l Level, rng *rand.Rand) (Move, bool) {
	if b == nil || l == Off {
		return Move{}, false
	}
	return l.Choose(b.Probe(p), rng)
}
