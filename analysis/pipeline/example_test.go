package pipeline_test

import (
	"bytes"
	"context"
	"fmt"
	"log"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// A command's whole pass: open the map and the recording by content,
// choose the lane map, associate and find the faults, then find them
// again with a looser off-lane threshold over the same association. Here
// a car drives 2.5 m beside its lane for a second and a half.
func Example() {
	mapData, recData := swerveFiles()
	ctx := context.Background()
	m, err := pipeline.Load(ctx, pipeline.BytesSource("city.bai", mapData), nil)
	if err != nil {
		log.Fatal(err)
	}
	in, err := pipeline.Open(pipeline.BytesSource("run.log", recData))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("run.log is a", in.Kind()) // known before the file is read
	rec, err := in.Load(ctx, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer rec.Close()

	an, err := pipeline.Analyze(ctx, rec.Recording, pipeline.LaneMapOf(m), pipeline.Options{Thresholds: faults.Defaults()})
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range an.Faults.Faults {
		fmt.Printf("%.2f-%.2f %v actor %d, worst %.2f %s\n", f.Start, f.End, f.Kind, f.Actor, f.Worst, f.Kind.Unit())
	}
	loose := faults.Defaults()
	loose.OffLane = 3
	fmt.Println("off-lane at 3 m:", len(an.Refind(loose).Faults.Faults), "faults")
	// Output:
	// run.log is a recording
	// 1.00-2.50 off-lane actor 7, worst 2.50 m
	// off-lane at 3 m: 0 faults
}

// swerveFiles are a map and a recording of it, as a user's files would
// hold them.
func swerveFiles() (mapData, recData []byte) {
	bm := drivetest.City()
	var b bytes.Buffer
	if err := bai.Encode(&b, bm); err != nil {
		log.Fatal(err)
	}
	sm := scene.NewMap(bm)
	lane := drivetest.Lane(sm, drivetest.Through(sm), true, 1)
	swerve := func(t float64) (mgl64.Vec3, float64, bool) {
		lateral := 0.0
		if t >= 1 && t < 2.5 {
			lateral = -2.5
		}
		p, yaw := lane.At(5+6*t, lateral)
		return p, yaw, true
	}
	return b.Bytes(), drivetest.Script{Hz: 20, Seconds: 4,
		Vehicles: []drivetest.Vehicle{{ID: 7, Blueprint: "vehicle.audi.tt", Pose: swerve}}}.Bytes()
}
