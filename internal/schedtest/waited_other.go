//go:build !linux

package schedtest

import "time"

// Waited returns how long the process's threads have waited for a
// processor; this system does not say, so 0, and tests keep their bounds
// as they are.
func Waited() time.Duration { return 0 }
