package main

import (
	"strings"
	"testing"

	"github.com/crown-checkers/crown/play"
)

// TestHelpCommand: crown help lists the commands, crown help NAME is
// NAME --help (a subcommand's too), and an unknown word is a usage error.
func TestHelpCommand(t *testing.T) {
	for _, tc := range []struct {
		args []string
		same []string // the command whose output it is, nil for none
		code int
		want string // in stdout, or in stderr for an error
	}{
		{[]string{"help"}, []string{"--help"}, exitOK, "crown help options"},
		{[]string{"help", "perft"}, []string{"perft", "--help"}, exitOK, "usage: crown perft"},
		{[]string{"help", "book", "build"}, []string{"book", "build", "--help"}, exitOK, "usage: crown book build"},
		{[]string{"help", "nope"}, nil, exitUsage, `no command or topic "nope"`},
		{[]string{"help", "options", "now"}, nil, exitUsage, "unexpected argument"},
	} {
		code, out, errOut := runCrown(tc.args...)
		got := out
		if tc.code != exitOK {
			got = errOut
		}
		if code != tc.code || !strings.Contains(got, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", tc.args, code, out, errOut)
		}
		if tc.same != nil {
			if _, want, _ := runCrown(tc.same...); out != want {
				t.Errorf("%q: stdout %q, want %q's %q", tc.args, out, tc.same, want)
			}
		}
	}
}

// TestHelpOptions: crown help options lists every option with its type,
// default and range, the protocol's options lines without their values,
// each with its flag where crown engine has one (level has none).
func TestHelpOptions(t *testing.T) {
	code, out, errOut := runCrown("help", "options")
	if code != exitOK || errOut != "" || !strings.HasPrefix(out, "usage: crown help options\n") {
		t.Fatalf("exit %d, stderr %q, stdout %q", code, errOut, out)
	}
	for _, want := range []string{
		"\noption name=hashsize type=int default=64 min=1 max=4096 unit=MiB\n    transposition table size (flag --hash)\n",
		"\noption name=variant type=enum default=american values=american,pool,",
		"\noption name=bookfile type=string default=default\n",
		"\noption name=book type=int default=0 min=0 max=3\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	for _, op := range play.Registry {
		if !strings.Contains(out, "\noption name="+op.Key+" type="+op.Kind().String()+" default="+op.DefaultText()) ||
			op.Flag != "" && !strings.Contains(out, "(flag --"+op.Flag+")\n") {
			t.Errorf("%s: not listed with its type, default and flag", op.Key)
		}
	}
	if strings.Contains(out[strings.Index(out, "\noption "):], " value=") {
		t.Errorf("values listed without a session:\n%s", out)
	}
}
