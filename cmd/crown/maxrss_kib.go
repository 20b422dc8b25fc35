//go:build unix && !darwin

package main

// maxrssUnit is the unit of getrusage's ru_maxrss: kilobytes on Linux, the
// BSDs and the other Unix systems but macOS.
const maxrssUnit = 1024
