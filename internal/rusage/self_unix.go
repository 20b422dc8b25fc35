//go:build unix

package rusage

import (
	"fmt"
	"syscall"
	"time"
)

// Self returns this process's resource use from getrusage, whose
// ru_maxrss is in MaxRSSUnit bytes.
func Self() (Usage, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return Usage{}, fmt.Errorf("getrusage: %w", err)
	}
	return Usage{
		CPU:  time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		Peak: int64(ru.Maxrss) * MaxRSSUnit,
	}, nil
}
