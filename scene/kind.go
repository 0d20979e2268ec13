package scene

import (
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
)

// Kind is what an actor is for drawing and filtering. The recorded actor
// type alone is not enough (its numbering changed between CARLA versions,
// and it does not tell a truck from a car), so Classify also reads the
// blueprint and its attributes.
type Kind uint8

// Actor kinds.
const (
	KindOther Kind = iota
	KindCar
	KindTruck // trucks, vans and buses
	KindBike  // bicycles and motorbikes
	KindWalker
	KindTrafficLight
	KindSign
	KindProp
	KindSensor
	KindSpectator
)

var kindNames = [...]string{"other", "car", "truck", "bike", "walker", "traffic_light", "sign", "prop", "sensor", "spectator"}

// String returns a short lower-case name ("car", "traffic_light", ...).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "other"
}

// IsVehicle reports whether k is a car, truck or bike.
func (k Kind) IsVehicle() bool { return k == KindCar || k == KindTruck || k == KindBike }

// Blueprints of CARLA's large and two-wheeled vehicles, for recordings
// made before blueprints carried the base_type attribute (0.9.13).
var (
	truckModels = []string{"carlacola", "firetruck", "ambulance", "sprinter", "t2", "fusorosa", "european_hgv", "cybertruck"}
	bikeModels  = []string{"crossbike", "century", "omafiets", "low_rider", "ninja", "yzf", "zx125"}
)

// Classify decides an actor's Kind from its recorded type, blueprint id
// and attributes. The blueprint wins over the type because the type's
// numbering differs between versions (5 is Invalid in 0.9.10, Sensor from
// 0.9.12).
func Classify(t recorder.ActorType, blueprint string, attrs []recorder.Attribute) Kind {
	switch {
	case blueprint == "spectator":
		return KindSpectator
	case strings.HasPrefix(blueprint, "sensor."):
		return KindSensor
	case strings.HasPrefix(blueprint, "vehicle."):
		return vehicleKind(blueprint, attrs)
	case strings.HasPrefix(blueprint, "walker."):
		return KindWalker
	case blueprint == "traffic.traffic_light":
		return KindTrafficLight
	case strings.HasPrefix(blueprint, "traffic."):
		return KindSign
	case strings.HasPrefix(blueprint, "static."):
		return KindProp
	}
	switch t {
	case recorder.ActorVehicle:
		return vehicleKind(blueprint, attrs)
	case recorder.ActorWalker:
		return KindWalker
	case recorder.ActorTrafficLight:
		return KindTrafficLight
	case recorder.ActorTrafficSign:
		return KindSign
	}
	return KindOther
}

func vehicleKind(blueprint string, attrs []recorder.Attribute) Kind {
	switch attr(attrs, "base_type") {
	case "truck", "van", "bus":
		return KindTruck
	case "motorcycle", "bicycle":
		return KindBike
	case "car":
		return KindCar
	}
	if attr(attrs, "number_of_wheels") == "2" {
		return KindBike
	}
	model := blueprint[strings.LastIndexByte(blueprint, '.')+1:]
	for _, m := range truckModels {
		if model == m {
			return KindTruck
		}
	}
	for _, m := range bikeModels {
		if model == m {
			return KindBike
		}
	}
	return KindCar
}

func attr(attrs []recorder.Attribute, key string) string {
	for _, a := range attrs {
		if a.Key == key {
			return a.Value
		}
	}
	return ""
}

// IsHero reports whether the attributes make the actor the hero (the
// ego vehicle): role_name is "hero".
func IsHero(attrs []recorder.Attribute) bool { return attr(attrs, "role_name") == "hero" }

// Box is an actor's bounding box in its own frame, metres: Center is the
// box centre relative to the actor's origin, Extent the half size along
// the actor's forward, left and up axes.
type Box struct{ Center, Extent mgl64.Vec3 }

// valid reports whether a recorded box can be drawn: finite, and not
// empty in every direction.
func (b Box) valid() bool {
	for _, v := range [...]float64{b.Center[0], b.Center[1], b.Center[2], b.Extent[0], b.Extent[1], b.Extent[2]} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return b.Extent != mgl64.Vec3{}
}

// DefaultBox is the box used when the recording has none for an actor
// (files older than 0.9.10, or actors CARLA gives no box): typical sizes
// by kind, resting on the actor's origin except for walkers and sensors,
// whose origin is their middle.
func DefaultBox(k Kind) Box {
	size := func(l, w, h, cz float64) Box {
		return Box{Center: mgl64.Vec3{0, 0, cz}, Extent: mgl64.Vec3{l / 2, w / 2, h / 2}}
	}
	switch k {
	case KindCar:
		return size(4.5, 1.9, 1.5, 0.75)
	case KindTruck:
		return size(8, 2.5, 3.5, 1.75)
	case KindBike:
		return size(2, 0.8, 1.6, 0.8)
	case KindWalker:
		return size(0.5, 0.5, 1.8, 0)
	case KindTrafficLight:
		return size(0.3, 0.3, 5, 2.5)
	case KindSign:
		return size(0.1, 0.6, 2.5, 1.25)
	case KindSensor, KindSpectator:
		return size(0.2, 0.2, 0.2, 0)
	case KindProp: // barriers, cones, benches: a metre cube on the ground
		return size(1, 1, 1, 0.5)
	}
	return size(1, 1, 1, 0.5)
}
