package rusage

import (
	"runtime"
	"testing"
)

// TestSelf touches touchMiB of memory and checks that the peak memory
// reported holds it in bytes: a unit misread by 1024 either way
// (kilobytes taken for bytes, or bytes for kilobytes, as macOS and Linux
// differ) lands outside [touchMiB MiB, 1024 x that).
func TestSelf(t *testing.T) {
	buf := make([]byte, touchMiB<<20)
	for i := 0; i < len(buf); i += 4096 {
		buf[i] = 1
	}
	ru, err := Self()
	if err != nil {
		t.Fatal(err)
	}
	if ru.Peak < touchMiB<<20 || ru.Peak >= 1024*touchMiB<<20 {
		t.Errorf("peak memory %d bytes after touching %d MiB: want at least that, and under %d MiB", ru.Peak, touchMiB, 1024*touchMiB)
	}
	if ru.CPU <= 0 {
		t.Errorf("cpu time %v, want more than 0", ru.CPU)
	}
	runtime.KeepAlive(buf)
}
