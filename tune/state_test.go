package tune

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// validState is a state file's content part way through a run.
func validState() *State {
	return &State{Version: stateVersion, Params: withREnd(toyParams, 0.002), Iterations: 100, Seed: 3,
		Conditions: "american, depth 2", Iteration: 12, Theta: []float64{310.5, 4.25, 99}, ResultSum: -3, Games: 48}
}

// TestWriteReadState writes a state file and reads it back unchanged.
func TestWriteReadState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	want := validState()
	for range 2 { // the second write replaces the first
		if err := writeStateFile(path, want); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadState(bytes.NewReader(data))
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("read back %+v, %v; want %+v", got, err, want)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*tmp*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if v := got.Values(); !reflect.DeepEqual(v, []int{311, 4, 99}) {
		t.Errorf("Values() = %v", v)
	}
}

// TestReadStateErrors feeds ReadState broken state files.
func TestReadStateErrors(t *testing.T) {
	encode := func(edit func(s *State)) string {
		s := validState()
		edit(s)
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	valid := encode(func(*State) {})
	tests := []struct {
		in, want string
	}{
		{"", "not a state file: EOF"},
		{"[1, 2]", "not a state file"},
		{valid[:len(valid)/2], "not a state file: unexpected EOF"},
		{valid + "]", "data after the JSON object"},
		{valid + valid, "data after the JSON object"},
		{strings.Replace(valid, `"seed"`, `"sowed"`, 1), `unknown field "sowed"`},
		{strings.Replace(valid, `"games":48`, `"games":1e400`, 1), "not a state file"},
		{strings.Repeat(" ", maxStateBytes+1), "larger than"},
		{encode(func(s *State) { s.Version = 2 }), "format version 2, want 1"},
		{encode(func(s *State) { s.Params = nil; s.Theta = nil }), "no parameters"},
		{encode(func(s *State) { s.Iterations = 0 }), "0 iterations"},
		{encode(func(s *State) { s.Iteration = 101 }), "iteration 101 is out of range 0..100"},
		{encode(func(s *State) { s.Iteration = -1 }), "iteration -1 is out of range"},
		{encode(func(s *State) { s.Theta = s.Theta[:2] }), "2 values for 3 parameters"},
		{encode(func(s *State) { s.Theta[1] = 11 }), "count: value 11 is out of range 1..10"},
		{encode(func(s *State) { s.Games = -1 }), "-1 games"},
		{encode(func(s *State) { s.Params[2].Name = "divisor" }), "divisor given twice"},
		{encode(func(s *State) { s.Params[0].CEnd = -1 }), "c_end -1"},
	}
	for _, tt := range tests {
		_, err := ReadState(strings.NewReader(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			in := tt.in
			if len(in) > 60 {
				in = in[:60] + "..."
			}
			t.Errorf("%q: error %v, want one saying %q", in, err, tt.want)
		}
	}
}

// FuzzReadState: no input panics ReadState, and a state it accepts is
// written and read back unchanged.
func FuzzReadState(f *testing.F) {
	valid, err := json.Marshal(validState())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(valid)
	f.Add([]byte(`{"version":1}`))
	f.Add([]byte(`{"version":1,"params":[{"name":"x","start":0,"min":0,"max":1,"c_end":1,"r_end":1}],"iterations":1,"theta":[0.5]}`))
	f.Add([]byte("null"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadState(bytes.NewReader(data))
		if err != nil {
			if s != nil {
				t.Fatal("a state with an error")
			}
			return
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("accepted state does not encode: %v", err)
		}
		again, err := ReadState(bytes.NewReader(b))
		if err != nil || !reflect.DeepEqual(again, s) {
			t.Fatalf("read back %+v, %v; want %+v", again, err, s)
		}
	})
}
