//go:build unix

package main

import (
	"fmt"
	"syscall"
	"time"

	"github.com/crown-checkers/crown/internal/rusage"
)

// resourceUsage returns the process's resource use from getrusage, whose
// ru_maxrss is in rusage.MaxRSSUnit bytes.
func resourceUsage() (resources, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return resources{}, fmt.Errorf("getrusage: %w", err)
	}
	return resources{
		cpu:     time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		peakMiB: int64(ru.Maxrss) * rusage.MaxRSSUnit >> 20,
	}, nil
}
