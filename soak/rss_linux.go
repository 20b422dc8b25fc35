package soak

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// residentMemory returns the resident memory in bytes of the running
// process pid, from /proc.
func residentMemory(pid int) (int64, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/statm", pid))
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * int64(os.Getpagesize()), true
}
