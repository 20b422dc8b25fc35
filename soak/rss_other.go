//go:build !linux

package soak

// residentMemory returns the resident memory of a running process where
// the system says; here it does not.
func residentMemory(pid int) (int64, bool) { return 0, false }
