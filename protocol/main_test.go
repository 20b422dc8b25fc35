package protocol

import (
	"os"
	"testing"

	"github.com/crown-checkers/crown/egdb/egdbtest"
)

// TestMain removes the database egdbtest.Dir built for the tests.
func TestMain(m *testing.M) { os.Exit(egdbtest.Run(m)) }
