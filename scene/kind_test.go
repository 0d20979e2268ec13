package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
)

func TestClassify(t *testing.T) {
	two := []recorder.Attribute{{Key: "number_of_wheels", Value: "2"}}
	van := []recorder.Attribute{{Key: "base_type", Value: "van"}}
	tests := []struct {
		typ  recorder.ActorType
		bp   string
		attr []recorder.Attribute
		want Kind
	}{
		{0, "spectator", nil, KindSpectator},
		{1, "vehicle.tesla.model3", nil, KindCar},
		{1, "vehicle.carlamotors.carlacola", nil, KindTruck},
		{1, "vehicle.volkswagen.t2", van, KindTruck},
		{1, "vehicle.yamaha.yzf", nil, KindBike},
		{1, "vehicle.unknown.thing", two, KindBike},
		{2, "walker.pedestrian.0001", nil, KindWalker},
		{3, "traffic.traffic_light", nil, KindTrafficLight},
		{4, "traffic.stop", nil, KindSign},
		{0, "static.prop.streetbarrier", nil, KindProp},
		{5, "sensor.camera.rgb", nil, KindSensor},
		{0, "sensor.other.collision", nil, KindSensor}, // type numbering varies
		{0, "controller.ai.walker", nil, KindOther},
		{1, "", nil, KindCar},
		{3, "", nil, KindTrafficLight},
		{9, "", nil, KindOther},
	}
	for _, tt := range tests {
		if got := Classify(tt.typ, tt.bp, tt.attr); got != tt.want {
			t.Errorf("Classify(%d, %q) = %v, want %v", tt.typ, tt.bp, got, tt.want)
		}
	}
	if !IsHero([]recorder.Attribute{{Key: "role_name", Value: "hero"}}) || IsHero(two) {
		t.Error("IsHero")
	}
	for k := KindOther; k <= KindSpectator+1; k++ {
		if want := k == KindCar || k == KindTruck || k == KindBike; k.IsVehicle() != want {
			t.Errorf("%v.IsVehicle() = %v", k, !want)
		}
	}
	if KindTrafficLight.String() != "traffic_light" || Kind(200).String() != "other" {
		t.Errorf("names %q %q", KindTrafficLight, Kind(200))
	}
}

func TestDefaultBox(t *testing.T) {
	car := DefaultBox(KindCar)
	if car.Extent != (mgl64.Vec3{2.25, 0.95, 0.75}) || car.Center[2] != 0.75 {
		t.Errorf("car box %v", car)
	}
	if w := DefaultBox(KindWalker); w.Extent[2] != 0.9 || w.Center != (mgl64.Vec3{}) {
		t.Errorf("walker box %v", w)
	}
	if p := DefaultBox(KindProp); p.Extent != (mgl64.Vec3{0.5, 0.5, 0.5}) {
		t.Errorf("prop box %v", p)
	}
	for k := KindOther; k <= KindSpectator; k++ {
		b := DefaultBox(k)
		if b.Extent[0] <= 0 || b.Extent[1] <= 0 || b.Extent[2] <= 0 {
			t.Errorf("%v: empty box", k)
		}
		if k.String() == "" {
			t.Errorf("%d has no name", k)
		}
	}
}
