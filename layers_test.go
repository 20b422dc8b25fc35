// Package crown holds no code, only the test of the house's one rule:
// Crown's packages import one another down one chain, the one README's
// "Code layout" draws, and no other way.
package crown

import (
	"fmt"
	"os"
	"os/exec"
	"path"
	"slices"
	"strings"
	"sync"
	"testing"
)

// module is Crown's module path, which every package of Crown's starts with.
const module = "github.com/crown-checkers/crown"

// house is the chain, floor by floor from the ground up: each row names one
// of Crown's packages and, after it, every package of Crown its non-test
// code imports. A row names only packages of rows above it, so no import
// runs upward and none goes round in a circle. The ground floor, internal/,
// takes only the standard library and is left out: any package but movegen
// may take it. A package's tests may take, besides, whatever its row stands
// on (the rows it takes, and theirs, down to the ground) and the test
// helper beside any of those (egdb/egdbtest beside egdb, as
// net/http/httptest beside net/http).
//
// TestImportsFollowTheHouse fails on an import the table does not name and
// on a name the imports do not use, and TestREADMEDrawsTheHouse on a README
// whose "Code layout" block is not this table, word for word: a change of
// imports is a change here and there.
const house = `
movegen
child
lineio
movegen/cbboard  movegen
eval             movegen
egdb             movegen
egdb/egdbtest    egdb movegen
search           egdb eval movegen
bench            movegen search
book             movegen search
play             book egdb eval movegen search
review           movegen play search
protocol         book lineio movegen play search
hub              book lineio movegen play search
cmd/cbengine     book movegen movegen/cbboard play search
web              book movegen play review search
tune
match            book child movegen play protocol search tune
train            book egdb eval match movegen play search
soak             book child match movegen movegen/cbboard search web
cmd/crown        bench book egdb eval hub match movegen play protocol review search soak train tune web
`

// ground is the ground floor: its packages take only the standard library.
const ground = "internal/"

// platforms are make cross's PLATFORMS: a file built for one system only
// may import what the others' files do not, and each counts.
var platforms = []string{"linux/amd64", "windows/amd64", "darwin/arm64"}

// row is one package of the house.
type row struct {
	pkg   string
	takes []string // the packages of Crown its non-test code imports
}

// rows reads house, from the ground up.
func rows(t *testing.T) []row {
	t.Helper()
	var rs []row
	for line := range strings.Lines(strings.TrimSpace(house)) {
		f := strings.Fields(line)
		if len(f) == 0 {
			t.Fatalf("house: an empty row")
		}
		rs = append(rs, row{pkg: f[0], takes: f[1:]})
	}
	return rs
}

// helps returns the package a test helper is beside (egdb for
// egdb/egdbtest), or "" for a package that is no test helper.
func helps(pkg string) string {
	dir := path.Dir(pkg)
	if dir != "." && path.Base(pkg) == path.Base(dir)+"test" {
		return dir
	}
	return ""
}

// listed is what go list says of one package, over every platform.
type listed struct {
	imports     []string // its non-test code's imports of Crown's packages
	testImports []string // its tests' imports of Crown's packages
	deps        []string // every package its non-test code stands on
}

// list runs go list over the module for each platform, once for all the
// tests, and returns each package (relative to the module) with what it
// imports, the platforms' imports together.
var list = sync.OnceValues(func() (map[string]*listed, error) {
	pkgs := map[string]*listed{}
	for _, p := range platforms {
		goos, goarch, _ := strings.Cut(p, "/")
		cmd := exec.Command("go", "list", "-f",
			"{{.ImportPath}}|{{join .Imports \" \"}}|{{join .TestImports \" \"}} {{join .XTestImports \" \"}}|{{join .Deps \" \"}}",
			"./...")
		cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch)
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go list for %s: %w", p, err)
		}
		for line := range strings.Lines(strings.TrimSpace(string(out))) {
			f := strings.Split(strings.TrimSpace(line), "|")
			if len(f) != 4 {
				return nil, fmt.Errorf("go list for %s: cannot read %q", p, line)
			}
			pkg := crown(f[0])
			l := pkgs[pkg]
			if l == nil {
				l = &listed{}
				pkgs[pkg] = l
			}
			l.imports = union(l.imports, crowns(f[1], pkg))
			l.testImports = union(l.testImports, crowns(f[2], pkg))
			l.deps = union(l.deps, strings.Fields(f[3]))
		}
	}
	return pkgs, nil
})

// crown returns a package of Crown's by its path in the module ("" for
// the module's root), or imp itself for another module's.
func crown(imp string) string {
	if imp == module {
		return ""
	}
	if rest, ok := strings.CutPrefix(imp, module+"/"); ok {
		return rest
	}
	return imp
}

// crowns returns the packages of Crown's among the space-separated import
// paths of imports, but self (a package's external tests import it).
func crowns(imports, self string) []string {
	var out []string
	for _, imp := range strings.Fields(imports) {
		if strings.HasPrefix(imp, module+"/") && crown(imp) != self {
			out = append(out, crown(imp))
		}
	}
	return out
}

// union returns a and b's paths together, sorted, each once.
func union(a, b []string) []string {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}

// standard reports whether imp is of the standard library, whose first
// path element has no dot (vendor/golang.org/x/... included).
func standard(imp string) bool {
	first, _, _ := strings.Cut(imp, "/")
	return !strings.Contains(first, ".")
}

// TestHouseTable: the table itself is a chain (each row takes only rows
// above it, each package has one row) and no row's code takes a test
// helper.
func TestHouseTable(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range rows(t) {
		if seen[r.pkg] {
			t.Errorf("house: %s has two rows", r.pkg)
		}
		if strings.HasPrefix(r.pkg, ground) {
			t.Errorf("house: %s is on the ground floor (%s), which has no rows: it takes only the standard library", r.pkg, ground)
		}
		if !slices.IsSorted(r.takes) {
			t.Errorf("house: %s's row is not in alphabetical order: %s", r.pkg, strings.Join(r.takes, " "))
		}
		for _, dep := range r.takes {
			switch {
			case helps(dep) != "":
				t.Errorf("house: %s takes %s, a test helper, which only tests take", r.pkg, dep)
			case !seen[dep]:
				t.Errorf("house: %s takes %s, whose row is not above %s's: a row takes only the floors below it", r.pkg, dep, r.pkg)
			}
		}
		seen[r.pkg] = true
	}
}

// TestImportsFollowTheHouse: every package of the module has a row, and
// its code imports exactly the packages its row names (and the ground
// floor's); its tests import only what it stands on and those packages'
// test helpers.
func TestImportsFollowTheHouse(t *testing.T) {
	pkgs, err := list()
	if err != nil {
		t.Fatal(err)
	}
	rs := rows(t)
	below := map[string][]string{} // each row's package and all it stands on
	for _, r := range rs {
		below[r.pkg] = []string{r.pkg}
		for _, dep := range r.takes {
			below[r.pkg] = union(below[r.pkg], below[dep])
		}
	}
	for _, r := range rs {
		l, ok := pkgs[r.pkg]
		if !ok {
			t.Errorf("house has a row for %s, which is no package of the module: remove the row (layers_test.go) and README's", r.pkg)
			continue
		}
		for _, imp := range l.imports {
			if !slices.Contains(r.takes, imp) && !strings.HasPrefix(imp, ground) {
				t.Errorf("%s imports %s, which the house does not allow: %s takes only %s and the ground floor (%s). Imports run down the chain only; if this one does, add it to %s's row in house (layers_test.go) and README's \"Code layout\"",
					r.pkg, imp, r.pkg, names(r.takes), ground, r.pkg)
			}
		}
		for _, dep := range r.takes {
			if !slices.Contains(l.imports, dep) {
				t.Errorf("house lets %s take %s, which it does not import: remove %s from %s's row in house (layers_test.go) and README's \"Code layout\", so that the table says what the code does",
					r.pkg, dep, dep, r.pkg)
			}
		}
		for _, imp := range l.testImports {
			if !slices.Contains(below[r.pkg], imp) && !slices.Contains(below[r.pkg], helps(imp)) && !strings.HasPrefix(imp, ground) {
				t.Errorf("%s's tests import %s, which %s does not stand on: a test takes only the floors below its package (%s), their test helpers and the ground floor",
					r.pkg, imp, r.pkg, names(below[r.pkg]))
			}
		}
	}
	for pkg := range pkgs {
		if !slices.ContainsFunc(rs, func(r row) bool { return r.pkg == pkg }) && !strings.HasPrefix(pkg, ground) && pkg != "" {
			t.Errorf("%s has no row in house (layers_test.go): add one above the rows that take it and below those it takes, and to README's \"Code layout\"", pkg)
		}
	}
}

// names lists pkgs for a message.
func names(pkgs []string) string {
	if len(pkgs) == 0 {
		return "nothing of Crown's"
	}
	return strings.Join(pkgs, ", ")
}

// TestOnlyTheStandardLibrary: movegen, the floor everything stands on,
// and the ground floor's packages take only the standard library, on
// every platform.
func TestOnlyTheStandardLibrary(t *testing.T) {
	pkgs, err := list()
	if err != nil {
		t.Fatal(err)
	}
	var checked []string
	for pkg := range pkgs {
		if pkg == "movegen" || strings.HasPrefix(pkg, ground) {
			checked = append(checked, pkg)
		}
	}
	slices.Sort(checked)
	if !slices.Contains(checked, "movegen") {
		t.Fatal("go list did not list movegen")
	}
	for _, pkg := range checked {
		for _, dep := range pkgs[pkg].deps {
			if !standard(dep) {
				t.Errorf("%s takes %s: it must take only the standard library", pkg, dep)
			}
		}
	}
}

// TestREADMEDrawsTheHouse: README's "Code layout" shows house as it is,
// so that the documented chain is the one the tests allow.
func TestREADMEDrawsTheHouse(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := "```\n" + strings.TrimSpace(house) + "\n```\n"
	if !strings.Contains(string(readme), block) {
		t.Errorf("README.md's \"Code layout\" does not show the house as layers_test.go has it; it should hold\n%s", block)
	}
}
