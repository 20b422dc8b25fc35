package main

import "time"

// resources is what the process has used so far, as crown egdb build
// reports it: on a shared machine the CPU time says more about a build's
// speed than the wall-clock time. resourceUsage, one for each kind of
// operating system, measures it.
type resources struct {
	cpu     time.Duration // user and system time, all threads
	peakMiB int64         // peak resident memory (on Windows the peak working set)
}
