//go:build unix

package rusage

import (
	"os"
	"syscall"
)

// Peak returns the peak resident memory, in bytes, of the ended process
// whose state ps is (the most physical memory it held), or 0 when ps is
// nil or says nothing of memory.
func Peak(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok || ru == nil {
		return 0
	}
	return int64(ru.Maxrss) * MaxRSSUnit
}
