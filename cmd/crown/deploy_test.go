package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDeployFilesInDocs: docs/egdb.md shows every file of deploy/ (the
// Slurm scripts and Kubernetes manifest that make test-slurm runs) as it
// is, in the first code block after the line that names it, so the docs
// and what is run cannot drift apart; the shell scripts parse (sh -n).
func TestDeployFilesInDocs(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "egdb.md"))
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join("..", "..", "deploy")
	n := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		rel, err := filepath.Rel(filepath.Join("..", ".."), path)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		want, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		got, ok := blockAfter(string(doc), "`"+name+"`")
		switch {
		case !ok:
			t.Errorf("docs/egdb.md does not show %s (a line naming it in backquotes, then a code block)", name)
		case got != string(want):
			t.Errorf("docs/egdb.md shows %s otherwise than the file:\n%s\nthe file:\n%s", name, got, want)
		}
		if sh, err := exec.LookPath("sh"); err == nil && !strings.HasSuffix(name, ".yaml") {
			if out, err := exec.Command(sh, "-n", path).CombinedOutput(); err != nil {
				t.Errorf("sh -n %s: %v\n%s", name, err, out)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 6 {
		t.Errorf("%d files in deploy/, want the Slurm and Kubernetes files", n)
	}
}

// blockAfter returns the text of the first fenced code block after the
// first occurrence of mark in doc.
func blockAfter(doc, mark string) (string, bool) {
	i := strings.Index(doc, mark)
	if i < 0 {
		return "", false
	}
	rest := doc[i:]
	open := strings.Index(rest, "\n```")
	if open < 0 {
		return "", false
	}
	rest = rest[open+1:]
	nl := strings.IndexByte(rest, '\n')
	if nl < 0 {
		return "", false
	}
	rest = rest[nl+1:]
	end := strings.Index(rest, "\n```\n")
	if end < 0 {
		return "", false
	}
	return rest[:end+1], true
}
