//go:build !unix

package rusage

import "os"

// Peak returns the peak resident memory, in bytes, of the ended process
// whose state ps is; 0 here, where the state a wait returns says nothing
// of memory (on Windows it holds the process's times only).
func Peak(ps *os.ProcessState) int64 { return 0 }
