package web

import (
	"encoding/json"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// languages are the catalogues the page offers besides English.
var languages = []string{"tl", "sw", "te", "pa"}

func readCatalogue(t *testing.T, lang string) map[string]string {
	t.Helper()
	data, err := fs.ReadFile(staticFiles, path.Join("static/i18n", lang+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]string
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatalf("%s.json: %v", lang, err)
	}
	return c
}

var placeholder = regexp.MustCompile(`\{\w+\}`)

// placeholders returns the {names} in a text, sorted, once each.
func placeholders(text string) []string {
	p := placeholder.FindAllString(text, -1)
	slices.Sort(p)
	return slices.Compact(p)
}

// TestCatalogues checks every catalogue against the English one: no key
// missing, none unknown, no empty text, and the same {placeholders}.
func TestCatalogues(t *testing.T) {
	en := readCatalogue(t, "en")
	files, err := fs.Glob(staticFiles, "static/i18n/*.json")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, f := range files {
		found = append(found, strings.TrimSuffix(path.Base(f), ".json"))
	}
	for _, lang := range append([]string{"en"}, languages...) {
		if !slices.Contains(found, lang) {
			t.Errorf("no catalogue static/i18n/%s.json", lang)
		}
	}
	for _, lang := range found {
		if lang == "en" {
			continue
		}
		t.Run(lang, func(t *testing.T) {
			c := readCatalogue(t, lang)
			var missing, extra []string
			for k := range en {
				if _, ok := c[k]; !ok {
					missing = append(missing, k)
				}
			}
			for k, text := range c {
				if _, ok := en[k]; !ok {
					extra = append(extra, k)
					continue
				}
				if strings.TrimSpace(text) == "" {
					t.Errorf("%s: empty text", k)
				}
				if got, want := placeholders(text), placeholders(en[k]); !slices.Equal(got, want) {
					t.Errorf("%s: placeholders %v, English has %v", k, got, want)
				}
			}
			slices.Sort(missing)
			slices.Sort(extra)
			if len(missing) > 0 {
				t.Errorf("%d keys of en.json missing: %s", len(missing), strings.Join(missing, ", "))
			}
			if len(extra) > 0 {
				t.Errorf("%d keys unknown to en.json: %s", len(extra), strings.Join(extra, ", "))
			}
		})
	}
}

// TestVariantTitles checks that the English catalogue names every game the
// server plays (the page falls back to the server's English title, but
// the catalogues should not need it).
func TestVariantTitles(t *testing.T) {
	en := readCatalogue(t, "en")
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		if _, ok := en["variant."+v.String()]; !ok {
			t.Errorf("en.json has no variant.%s", v)
		}
	}
}
