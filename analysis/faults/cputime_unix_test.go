//go:build unix

package faults

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time of the whole process, every thread and
// the kernel's work for it (the pass runs workers beside its decoder).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
