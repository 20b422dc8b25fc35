//go:build unix

package main

import (
	"fmt"
	"syscall"
	"time"
)

// resourceUsage returns the process's resource use from getrusage, whose
// ru_maxrss is in maxrssUnit bytes.
func resourceUsage() (resources, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return resources{}, fmt.Errorf("getrusage: %w", err)
	}
	return resources{
		cpu:     time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		peakMiB: int64(ru.Maxrss) * maxrssUnit >> 20,
	}, nil
}
