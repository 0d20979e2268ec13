package cputime

import (
	"testing"
	"time"
)

func TestProcessGrowsWithWork(t *testing.T) {
	before, ok := Process()
	if !ok {
		t.Skip("no CPU time on this system")
	}
	x := 0.0
	for start := time.Now(); time.Since(start) < 50*time.Millisecond; {
		x += 1e-9 * x
	}
	after, _ := Process()
	if after-before < 10*time.Millisecond {
		t.Errorf("50 ms of busy work added %v of CPU time", after-before)
	}
}

func TestThreadGrowsWithWork(t *testing.T) {
	before, ok := Thread()
	if !ok {
		t.Skip("no thread CPU time on this system")
	}
	x := 0.0
	for start := time.Now(); time.Since(start) < 50*time.Millisecond; {
		x += 1e-9 * x
	}
	after, _ := Thread()
	if after-before < 10*time.Millisecond {
		t.Errorf("50 ms of busy work added %v of thread CPU time", after-before)
	}
}
