//go:build linux

package ui

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the calling OS thread's CPU time, so that a benchmark
// locked to its thread reports its own work, not the time it waited for a
// core on a machine shared with other work.
func threadCPU() (time.Duration, bool) {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
