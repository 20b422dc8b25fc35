//go:build unix && !darwin

package rusage

// MaxRSSUnit is the unit of getrusage's ru_maxrss in bytes: kilobytes on
// Linux, the BSDs and the other Unix systems but macOS.
const MaxRSSUnit = 1024
