package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestHubCommand runs crown hub on a short input: the params at the
// flags' values, and the search the end of input stops writes its done.
func TestHubCommand(t *testing.T) {
	engineInput = strings.NewReader("hub\ninit\npos moves=\"11-15\"\nlevel depth=3\ngo think\n")
	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"hub", "--hash", "8", "--book", "0"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		"id name=Crown version=0.1 ",
		"\nparam name=hashsize value=8 type=int min=1 max=4096\n",
		"\nparam name=book value=0 type=int min=0 max=3\n",
		"\nwait\nready\n",
		"\ndone move=",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if !strings.HasSuffix(out, "\n") || strings.Count(out, "done ") != 1 || stderr.Len() > 0 {
		t.Errorf("stdout %q, stderr %q", out, stderr.String())
	}
}
