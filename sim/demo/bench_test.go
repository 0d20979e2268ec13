package demo

import (
	"testing"

	"github.com/mm2carla/viewer/sim/citygen"
)

// BenchmarkDefaultDemo builds the built-in demo from scratch: the default
// city, encoded, and two minutes of traffic recorded (2401 frames). The
// viewer may do this at start-up; the target is under one second.
func BenchmarkDefaultDemo(b *testing.B) {
	benchBuild(b, City(DefaultSeed))
}

// BenchmarkLondonDemo is the same on a city the size of the retail London
// map (324 intersections), for scale: the actor caps keep it bounded.
func BenchmarkLondonDemo(b *testing.B) {
	c := citygen.London()
	c.Seed = DefaultSeed
	benchBuild(b, c)
}

func benchBuild(b *testing.B, c citygen.Config) {
	b.ReportAllocs()
	var sum Summary
	for b.Loop() {
		_, lb, s, err := Build(c, Options{Seed: DefaultSeed, Minutes: DefaultMinutes})
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(lb)))
		sum = s
	}
	b.ReportMetric(float64(sum.MinVehicles), "vehicles")
	b.ReportMetric(float64(sum.Walkers), "walkers")
}
