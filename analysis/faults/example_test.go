package faults_test

import (
	"bytes"
	"context"
	"fmt"
	"log"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// Find lists what went wrong: here a car that drives 2.5 m beside its
// lane for a second and a half.
func ExampleFind() {
	sm := scene.NewMap(drivetest.City())
	lane := drivetest.Lane(sm, drivetest.Through(sm), true, 1)
	swerve := func(t float64) (mgl64.Vec3, float64, bool) {
		lateral := 0.0
		if t >= 1 && t < 2.5 {
			lateral = -2.5
		}
		p, yaw := lane.At(5+6*t, lateral)
		return p, yaw, true
	}
	data := drivetest.Script{Hz: 20, Seconds: 4,
		Vehicles: []drivetest.Vehicle{{ID: 7, Blueprint: "vehicle.audi.tt", Pose: swerve}}}.Bytes()
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		log.Fatal(err)
	}
	a, err := lanes.Associate(context.Background(), rec, lanes.NewBAI(sm), nil)
	if err != nil {
		log.Fatal(err)
	}
	r := faults.Find(a, rec.Events(), faults.Defaults())
	for _, f := range r.Faults {
		fmt.Printf("%.2f-%.2f %v actor %d %v, worst %.2f %s\n", f.Start, f.End, f.Kind, f.Actor, f.Lane, f.Worst, f.Kind.Unit())
	}
	// Output:
	// 1.00-2.50 off-lane actor 7 road 0 side B lane 1, worst 2.50 m
}
