package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestGrowsWithWork: busy work shows in both clocks. The work spins until
// the clock has grown 20 ms, not for a fixed wall time: on a loaded
// machine 50 ms of wall time got 6 ms of CPU and the test failed. A
// clock that does not move fails when 10 s of spinning never moved it.
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
			const want, limit = 20 * time.Millisecond, 10 * time.Second
			x, after := 0.0, before
			for start := time.Now(); after-before < want; after, _ = c.now() {
				if time.Since(start) > limit {
					t.Fatalf("%v of busy work added %v of CPU time, want %v", limit, after-before, want)
				}
				for range 100000 {
					x += 1e-9 * x
				}
			}
			_ = x
		})
	}
}
