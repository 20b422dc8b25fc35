// Package rusage reads the peak memory of processes: of a child process
// that has ended (Peak), from the resource use its wait returned, which
// the match runner and the soak report of their engines, and on Unix the
// unit of getrusage's ru_maxrss (MaxRSSUnit), which crown's own resource
// report reads. It takes only the standard library.
package rusage
