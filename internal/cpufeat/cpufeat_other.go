//go:build !amd64

package cpufeat

// AVX2 reports false: AVX2 is an amd64 feature.
func AVX2() bool { return false }
