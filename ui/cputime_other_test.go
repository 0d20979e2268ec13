//go:build !linux

package ui

import "time"

// threadCPU is not measured on this system.
func threadCPU() (time.Duration, bool) { return 0, false }
