package main

// maxrssUnit is the unit of getrusage's ru_maxrss: bytes on macOS and iOS.
const maxrssUnit = 1
