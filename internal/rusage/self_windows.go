package rusage

import (
	"fmt"
	"syscall"
	"time"
	"unsafe"
)

// getProcessMemoryInfo is kernel32's K32GetProcessMemoryInfo (psapi's
// GetProcessMemoryInfo, in kernel32 since Windows 7), which package
// syscall does not wrap. kernel32 is one of Windows' known DLLs, always
// loaded from the system directory.
var getProcessMemoryInfo = syscall.NewLazyDLL("kernel32.dll").NewProc("K32GetProcessMemoryInfo")

// processMemoryCounters is psapi's PROCESS_MEMORY_COUNTERS.
type processMemoryCounters struct {
	cb                         uint32
	pageFaultCount             uint32
	peakWorkingSetSize         uintptr
	workingSetSize             uintptr
	quotaPeakPagedPoolUsage    uintptr
	quotaPagedPoolUsage        uintptr
	quotaPeakNonPagedPoolUsage uintptr
	quotaNonPagedPoolUsage     uintptr
	pagefileUsage              uintptr
	peakPagefileUsage          uintptr
}

// Self returns this process's resource use: its kernel and user time from
// GetProcessTimes, and its peak working set (the most physical memory it
// held) from GetProcessMemoryInfo.
func Self() (Usage, error) {
	self, err := syscall.GetCurrentProcess()
	if err != nil {
		return Usage{}, fmt.Errorf("GetCurrentProcess: %w", err)
	}
	var creation, exit, kernel, user syscall.Filetime
	if err := syscall.GetProcessTimes(self, &creation, &exit, &kernel, &user); err != nil {
		return Usage{}, fmt.Errorf("GetProcessTimes: %w", err)
	}
	if err := getProcessMemoryInfo.Find(); err != nil {
		return Usage{}, err
	}
	mc := processMemoryCounters{cb: uint32(unsafe.Sizeof(processMemoryCounters{}))}
	ok, _, errno := syscall.SyscallN(getProcessMemoryInfo.Addr(), uintptr(self), uintptr(unsafe.Pointer(&mc)), uintptr(mc.cb))
	if ok == 0 {
		return Usage{}, fmt.Errorf("GetProcessMemoryInfo: %w", errno)
	}
	return Usage{CPU: filetimeSpan(kernel) + filetimeSpan(user), Peak: int64(mc.peakWorkingSetSize)}, nil
}

// filetimeSpan reads a FILETIME that holds a span of time, in 100 ns
// ticks (not a date, which Filetime.Nanoseconds converts).
func filetimeSpan(ft syscall.Filetime) time.Duration {
	return time.Duration(int64(ft.HighDateTime)<<32|int64(ft.LowDateTime)) * 100
}
