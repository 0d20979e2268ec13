package demo

import "testing"

// BenchmarkDefaultDemo builds the built-in demo from scratch: the default
// city, encoded, and two minutes of traffic recorded (2401 frames). The
// viewer may do this at start-up; the target is under one second.
func BenchmarkDefaultDemo(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, lb, _, err := Build(City(DefaultSeed), Options{Seed: DefaultSeed, Minutes: DefaultMinutes})
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(lb)))
	}
}
