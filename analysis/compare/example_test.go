package compare_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/compare"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// A car drives 10 m/s along X for 4 s; in the second run it moves over
// 2 m from 1.5 s on. Match pairs the runs' actors, Diverge measures each
// pair on one clock, and OnlyInOne lists what happened in one run only.
func Example() {
	run := func(drift float64) *scene.Recording {
		s := drivetest.Script{Hz: 20, Seconds: 4, Vehicles: []drivetest.Vehicle{{ID: 7, Blueprint: "vehicle.audi.tt",
			Pose: func(t float64) (mgl64.Vec3, float64, bool) {
				y := 0.0
				if t >= 1.5 {
					y = drift
				}
				return mgl64.Vec3{10 * t, y, 0}, 0, true
			}}}}
		b := s.Bytes()
		rec, err := scene.Open(bytes.NewReader(b), int64(len(b)), nil)
		if err != nil {
			panic(err)
		}
		return rec
	}
	m, err := compare.Match(context.Background(), run(0), run(2))
	if err != nil {
		panic(err)
	}
	d := compare.Diverge(m, 0)
	for k, p := range m.Pairs {
		a, b := m.A.Actors[p.A], m.B.Actors[p.B]
		first, pd := d.FirstOver(k, 1), d.Pairs[k]
		fmt.Printf("%d and %d (matched by %v): over 1 m from %.2f s, at most %.2f m at %.2f s\n",
			a.ID, b.ID, p.By, d.Times[first], pd.Peak, d.Times[pd.PeakFrame])
		v, _ := d.At(k, 1.0)
		fmt.Printf("at 1 s: %.2f m\n", v)
	}
	onlyA, onlyB := compare.OnlyInOne(m, 0, compare.Collisions(m.A.Rec), compare.Collisions(m.B.Rec))
	fmt.Println(len(m.OnlyA), len(m.OnlyB), len(onlyA), len(onlyB))
	// Output:
	// 7 and 7 (matched by id): over 1 m from 1.50 s, at most 2.00 m at 1.50 s
	// at 1 s: 0.00 m
	// 0 0 0 0
}
