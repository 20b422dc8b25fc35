package rusage

// MaxRSSUnit is the unit of getrusage's ru_maxrss in bytes: bytes on macOS
// and iOS.
const MaxRSSUnit = 1
