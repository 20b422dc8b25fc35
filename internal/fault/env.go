//go:build crownfault

package fault

import (
	"fmt"
	"os"
	"strings"
)

// With the build tag crownfault (the C host's test of the CheckerBoard
// library builds the library so), the environment variable CROWN_FAULT
// names points, separated by commas, at which every Hit panics: a test
// that cannot reach Inject, across a C host, injects its panics so.
func init() {
	for _, name := range strings.Split(os.Getenv("CROWN_FAULT"), ",") {
		if name == "" {
			continue
		}
		p, err := Parse(name)
		if err != nil {
			panic(err) // a test's typo: the library does not load
		}
		Inject(p, func() { panic(fmt.Sprintf("fault injected at %v", p)) })
	}
}
