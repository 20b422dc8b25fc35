package main

import (
	"fmt"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// getProcessMemoryInfo is psapi's GetProcessMemoryInfo, which
// golang.org/x/sys/windows does not wrap; the DLL is loaded from the system
// directory only.
var getProcessMemoryInfo = windows.NewLazySystemDLL("psapi.dll").NewProc("GetProcessMemoryInfo")

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

// resourceUsage returns the process's resource use: its kernel and user
// time from GetProcessTimes, and its peak working set (the most physical
// memory it held) from GetProcessMemoryInfo.
func resourceUsage() (resources, error) {
	self := windows.CurrentProcess()
	var creation, exit, kernel, user windows.Filetime
	if err := windows.GetProcessTimes(self, &creation, &exit, &kernel, &user); err != nil {
		return resources{}, fmt.Errorf("GetProcessTimes: %w", err)
	}
	if err := getProcessMemoryInfo.Find(); err != nil {
		return resources{}, err
	}
	mc := processMemoryCounters{cb: uint32(unsafe.Sizeof(processMemoryCounters{}))}
	ok, _, errno := syscall.SyscallN(getProcessMemoryInfo.Addr(), uintptr(self), uintptr(unsafe.Pointer(&mc)), uintptr(mc.cb))
	if ok == 0 {
		return resources{}, fmt.Errorf("GetProcessMemoryInfo: %w", errno)
	}
	return resources{cpu: filetimeSpan(kernel) + filetimeSpan(user), peakMiB: int64(mc.peakWorkingSetSize >> 20)}, nil
}

// filetimeSpan reads a FILETIME that holds a span of time, in 100 ns
// ticks (not a date, which Filetime.Nanoseconds converts).
func filetimeSpan(ft windows.Filetime) time.Duration {
	return time.Duration(int64(ft.HighDateTime)<<32|int64(ft.LowDateTime)) * 100
}
