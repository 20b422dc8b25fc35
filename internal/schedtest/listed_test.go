package schedtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNoRaceListed: every test that calls SkipUnderRace is named by the
// Makefile's NORACE_TESTS, in a package of NORACE_PKGS, so that make test
// runs it without the race detector; a test missing there would run in no
// part of make test.
func TestNoRaceListed(t *testing.T) {
	const root = "../.."
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	value := func(name string) []string {
		m := regexp.MustCompile(`(?m)^` + name + `\s*:=((?:.*\\\n)*.*)$`).FindSubmatch(mk)
		if m == nil {
			t.Fatalf("Makefile: no %s", name)
		}
		return strings.Fields(strings.ReplaceAll(string(m[1]), "\\\n", " "))
	}
	listed := map[string]bool{}
	for _, name := range value("NORACE_TESTS") {
		listed[name] = true
	}
	pkgs := map[string]bool{}
	for _, p := range value("NORACE_PKGS") {
		pkgs[filepath.Clean(p)] = true
	}
	found := 0
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		pkg, _ := filepath.Rel(root, filepath.Dir(path))
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil || !strings.HasPrefix(fn.Name.Name, "Test") || !callsSkip(fn.Body) {
				continue
			}
			found++
			if !listed[fn.Name.Name] || !pkgs[pkg] {
				t.Errorf("%s: %s calls SkipUnderRace, but the Makefile's NORACE_TESTS and NORACE_PKGS do not run it (%s)", path, fn.Name.Name, pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Error("no test calls SkipUnderRace: is the walk in the right place?")
	}
}

// callsSkip reports whether body calls SkipUnderRace (as schedtest's
// importers do, or unqualified in this package).
func callsSkip(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return !found
		}
		switch fun := call.Fun.(type) {
		case *ast.SelectorExpr:
			found = found || fun.Sel.Name == "SkipUnderRace"
		case *ast.Ident:
			found = found || fun.Name == "SkipUnderRace"
		}
		return !found
	})
	return found
}
