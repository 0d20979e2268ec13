package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestGrowsWithWork: 50 ms of busy work shows in both clocks.
func TestGrowsWithWork(t *testing.T) {
	for _, c := range []struct {
		name string
		now  func() (time.Duration, bool)
	}{{"Process", Process}, {"Thread", Thread}} {
		t.Run(c.name, func(t *testing.T) {
			runtime.LockOSThread() // Thread reads this OS thread's clock
			defer runtime.UnlockOSThread()
			before, ok := c.now()
			if !ok {
				t.Skip("not measured on this system")
			}
			x := 0.0
			for start := time.Now(); time.Since(start) < 50*time.Millisecond; {
				x += 1e-9 * x
			}
			after, _ := c.now()
			if after-before < 10*time.Millisecond {
				t.Errorf("50 ms of busy work added %v of CPU time", after-before)
			}
		})
	}
}
