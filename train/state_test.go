package train

import (
	"reflect"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/play"
)

// goodState is a state file as Run writes one.
func goodState(t testing.TB) []byte {
	t.Helper()
	cfg := shallow(10)
	cfg.Shards = 1
	opens, err := cfg.openings()
	if err != nil {
		t.Fatal(err)
	}
	s := runState{params: cfg.params(opens), next: 4, records: 321}
	text, err := s.format()
	if err != nil {
		t.Fatal(err)
	}
	return text
}

func TestParseState(t *testing.T) {
	good := string(goodState(t))
	s, err := parseState([]byte(good))
	omitted := 0 // options at their default that a state file leaves out
	for _, op := range play.Registry {
		if op.OmitDefault {
			omitted++
		}
	}
	if err != nil || s.next != 4 || s.records != 321 || len(s.params) != 9+len(play.Registry)-omitted+len(play.Tunables) {
		t.Fatalf("parsing %q: %+v, %v", good, s, err)
	}
	again, err := s.format()
	if err != nil || string(again) != good {
		t.Errorf("formatted again: %q, %v; want %q", again, err, good)
	}
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "line 1"},
		{"other file", "CROWNTRN\x01\x00", "line 1"},
		{"newer version", strings.Replace(good, "state 1", "state 2", 1), "line 1"},
		{"no next", strings.Replace(good, "next 4\n", "", 1), "no next line"},
		{"no records", strings.Replace(good, "records 321\n", "", 1), "no records line"},
		{"negative", strings.Replace(good, "next 4", "next -4", 1), "line"},
		{"not a number", strings.Replace(good, "records 321", "records 3x", 1), "want a whole number"},
		{"too large", strings.Replace(good, "records 321", "records 99999999999999999999", 1), "want a whole number"},
		{"twice", good + "seed 3\n", "given twice"},
		{"no value", good + "lonely\n", "not a key and a value"},
		{"no key", good + " 3\n", "not a key and a value"},
		{"huge", good + strings.Repeat("#", maxStateSize), "more than"},
	}
	for _, tt := range tests {
		if _, err := parseState([]byte(tt.text)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
}

func TestStateLineBreak(t *testing.T) {
	s := runState{params: []param{{"option.egdbpath", "a\nb"}}}
	if _, err := s.format(); err == nil {
		t.Error("a value with a line break was formatted")
	}
}

// FuzzParseState checks that any text gives a state or an error, never a
// panic, and that a state read formats to text that reads back the same.
func FuzzParseState(f *testing.F) {
	f.Add(goodState(f))
	f.Add([]byte(stateFirstLine + "\nnext 0\nrecords 0\n"))
	f.Add([]byte(stateFirstLine + "\r\nseed 1\r\n\r\n# c\nnext 9\nrecords 18446744073709551615\n"))
	f.Add([]byte("crown selfplay state 1"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, text []byte) {
		s, err := parseState(text)
		if err != nil {
			return
		}
		out, err := s.format()
		if err != nil {
			return // a value with a carriage return is read but not written
		}
		back, err := parseState(out)
		if err != nil || !reflect.DeepEqual(back, s) {
			t.Fatalf("%q read as %+v, formatted %q, read back %+v, %v", text, s, out, back, err)
		}
	})
}
