module github.com/crown-checkers/crown

go 1.26.8

require (
	github.com/dgraph-io/ristretto/v2 v2.4.2
	github.com/spf13/pflag v1.0.10
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/dustin/go-humanize v1.0.1 // indirect
	golang.org/x/sys v0.36.0 // indirect
)
