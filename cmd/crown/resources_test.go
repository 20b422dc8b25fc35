package main

import (
	"runtime"
	"testing"
)

// TestResourceUsage touches touchMiB of memory and checks that the peak
// memory reported holds it in MiB: a unit misread by 1024 either way
// (kilobytes taken for bytes, or bytes for kilobytes, as macOS and Linux
// differ) lands outside [touchMiB, 1024*touchMiB).
func TestResourceUsage(t *testing.T) {
	const touchMiB = 64
	buf := make([]byte, touchMiB<<20)
	for i := 0; i < len(buf); i += 4096 {
		buf[i] = 1
	}
	ru, err := resourceUsage()
	if err != nil {
		t.Fatal(err)
	}
	if ru.peakMiB < touchMiB || ru.peakMiB >= 1024*touchMiB {
		t.Errorf("peak memory %d MiB after touching %d MiB: want at least that, and under %d MiB", ru.peakMiB, touchMiB, 1024*touchMiB)
	}
	if ru.cpu <= 0 {
		t.Errorf("cpu time %v, want more than 0", ru.cpu)
	}
	runtime.KeepAlive(buf)
}
