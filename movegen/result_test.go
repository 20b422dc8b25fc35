package movegen

import "testing"

func TestResult(t *testing.T) {
	tests := []struct {
		r, negated Result
		text       string
	}{
		{Unknown, Unknown, "unknown"},
		{Loss, Win, "loss"},
		{Draw, Draw, "draw"},
		{Win, Loss, "win"},
		{Win + 1, Win + 1, "unknown"},
	}
	for _, tt := range tests {
		if got := tt.r.String(); got != tt.text {
			t.Errorf("Result(%d).String() = %q, want %q", uint8(tt.r), got, tt.text)
		}
		if got := tt.r.Negate(); got != tt.negated {
			t.Errorf("%v.Negate() = %v, want %v", tt.r, got, tt.negated)
		}
	}
	if !(Loss < Draw && Draw < Win) {
		t.Error("results out of order: want Loss < Draw < Win")
	}
}
