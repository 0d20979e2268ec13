// Package cputime reads the CPU time a process has used, for benchmarks
// and frame-rate harnesses on a shared machine: wall time there counts
// the waits for a core, CPU time mostly the work.
package cputime

import "time"

// Process returns the CPU time of the whole process: every thread (the
// rasteriser's and the workers' too) and the kernel's work for it. It is
// 0 where the system does not say (ok false).
func Process() (d time.Duration, ok bool) { return process() }

// Thread returns the CPU time of the calling OS thread (Linux only; ok
// false elsewhere), so that a benchmark locked to its thread
// (runtime.LockOSThread) reports its own work, not the time it waited for
// a core.
func Thread() (d time.Duration, ok bool) { return thread() }
