package rusage

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// touchEnv makes the test binary a child that touches touchMiB of memory
// and exits, for TestPeak.
const touchEnv = "CROWN_RUSAGE_TOUCH"

const touchMiB = 64

func TestMain(m *testing.M) {
	if os.Getenv(touchEnv) != "" {
		buf := make([]byte, touchMiB<<20)
		for i := 0; i < len(buf); i += 4096 {
			buf[i] = 1
		}
		runtime.KeepAlive(buf)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestPeak runs a child that touches touchMiB of memory and checks that
// its peak, read from its wait, holds it in bytes: a unit misread by 1024
// either way lands outside [touchMiB MiB, 1024 x that).
func TestPeak(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no peak memory in a wait's state here")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), touchEnv+"=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	peak := Peak(cmd.ProcessState)
	if peak < touchMiB<<20 || peak >= 1024*touchMiB<<20 {
		t.Errorf("peak %d bytes after touching %d MiB: want at least that, and under %d MiB", peak, touchMiB, 1024*touchMiB)
	}
	if Peak(nil) != 0 {
		t.Errorf("Peak(nil) = %d, want 0", Peak(nil))
	}
}
