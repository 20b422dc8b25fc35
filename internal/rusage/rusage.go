// Package rusage reads the resource use of processes: the peak memory of
// a child process that has ended (Peak), from the resource use its wait
// returned, which package child reads for the match runner's engines and
// the soak's processes;
// and this process's CPU time and peak memory so far (Self), which crown
// egdb build reports and crown serve's /debug/vars serves. It takes only
// the standard library.
package rusage

import "time"

// Usage is what a process has used so far: on a shared machine the CPU
// time says more about a computation's speed than the wall-clock time.
type Usage struct {
	CPU  time.Duration // user and system time, all threads
	Peak int64         // peak resident memory in bytes (on Windows the peak working set)
}
