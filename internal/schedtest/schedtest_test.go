package schedtest

import (
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestWaited: threads that want more processors than the machine has wait
// for them (on Linux, where the system says how long).
func TestWaited(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux says how long a thread waited")
	}
	w := Waited()
	n := 4 * runtime.NumCPU()
	prev := runtime.GOMAXPROCS(n)
	defer runtime.GOMAXPROCS(prev)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for end := time.Now().Add(50 * time.Millisecond); time.Now().Before(end); {
			}
		})
	}
	wg.Wait()
	if Since(w) == 0 {
		t.Errorf("%d spinning threads on %d processors waited for none", n, runtime.NumCPU())
	}
}
