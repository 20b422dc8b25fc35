package book

import (
	"fmt"

	"github.com/crown-checkers/crown/movegen"
)

// Default returns the book that ships with Crown for rule set v.
func Default(v movegen.Variant) (*Book, error) {
	return nil, fmt.Errorf("book: no book ships for %s", v.Rules().Name)
}
