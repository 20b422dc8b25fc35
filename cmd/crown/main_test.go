package main

import (
	"testing"

	"github.com/crown-checkers/crown/search"
)

func TestProcessors(t *testing.T) {
	tests := []struct{ runtimeProcs, want int }{
		{1, minSearchProcs + search.SpareProcs},
		{2, 2 + search.SpareProcs},
		{8, 8 + search.SpareProcs},
	}
	for _, tt := range tests {
		if got := processors(tt.runtimeProcs); got != tt.want {
			t.Errorf("processors(%d) = %d, want %d", tt.runtimeProcs, got, tt.want)
		}
	}
}
