package drivetest

import (
	"bytes"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/scene"
)

func TestCity(t *testing.T) {
	bm := City()
	m := scene.NewMap(bm)
	r := Through(m)
	road := &m.Roads[r]
	b0, b1 := Lane(m, r, true, 0), Lane(m, r, true, 1)
	if l := b0.Length(); l < 50 {
		t.Fatalf("lane length %g", l)
	}
	// Side B drives +X; lane 1 is 3.5 m to the right of lane 0.
	p0, yaw := b0.At(10, 0)
	p1, _ := b1.At(10, 0)
	if math.Abs(yaw) > 1 || math.Abs(p0.Sub(p1).Len()-3.5) > 0.01 || p1[1] > p0[1] {
		t.Errorf("lanes at 10 m: %v %v yaw %g", p0, p1, yaw)
	}
	q, _ := b0.At(10, -3.5)
	if q.Sub(p1).Len() > 0.01 {
		t.Errorf("3.5 m right of lane 0 is %v, lane 1 is at %v", q, p1)
	}
	SetEnd(bm, r, false, bai.RuleTrafficLight, true)
	m = scene.NewMap(bm)
	e := m.Roads[r].End
	if !e.HasLight || e.LightOrigin.Sub(road.Centre[len(road.Centre)-1]).Len() > 15 {
		t.Errorf("light at %+v, road end at %+v", e.LightOrigin, road.Centre[len(road.Centre)-1])
	}
}

func TestScript(t *testing.T) {
	b0 := Path{{0, 0, 0}, {100, 0, 0}}
	sc := Script{Hz: 10, Seconds: 2, Vehicles: []Vehicle{{ID: 7, Blueprint: "vehicle.audi.tt",
		Pose: func(t float64) (pos mgl64.Vec3, yaw float64, ok bool) {
			p, y := b0.At(5*t, 0)
			return p, y, t < 1.5
		}}}, Collisions: []Collision{{Time: 1, A: 7, B: 8}}}
	data := sc.Bytes()
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var st scene.State
	rec.StateAt(1, &st)
	a := st.Actor(7)
	if a == nil || math.Abs(a.World.Location[0]-5) > 1e-6 || math.Abs(a.Speed-5) > 1e-6 {
		t.Fatalf("at 1 s: %+v", a)
	}
	rec.StateAt(2, &st)
	if st.Actor(7) != nil {
		t.Error("the vehicle is still there at 2 s")
	}
	n := 0
	for _, e := range rec.Events() {
		if e.Kind == scene.EventCollision && e.Time == 1 {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d collisions at 1 s", n)
	}
}
