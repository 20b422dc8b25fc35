package schedtest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Waited returns how long the process's threads (those there are now)
// have waited, ready to run, for a processor, summed: the second field of
// Linux's /proc/self/task/*/schedstat.
func Waited() time.Duration {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return 0
	}
	var sum time.Duration
	for _, task := range tasks {
		data, err := os.ReadFile(filepath.Join("/proc/self/task", task.Name(), "schedstat"))
		if err != nil {
			continue // the thread has ended
		}
		if f := strings.Fields(string(data)); len(f) >= 2 {
			if ns, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				sum += time.Duration(ns)
			}
		}
	}
	return sum
}
