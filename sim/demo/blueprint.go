package demo

import (
	"fmt"
	"math/rand/v2"

	"github.com/mm2carla/viewer/format/recorder"
)

// vehicleBlueprint is a CARLA 0.9.13 car: its id, the numeric blueprint
// id written in EventAdd, its bounding box in the recording's units
// (centimetres, origin at the box centre above the actor's ground point)
// and the physics that differ between models. Sizes and masses are
// close to CARLA's models; none is wider than 2.3 m so two cars in
// neighbouring 3.5 m lanes never touch.
type vehicleBlueprint struct {
	id         string
	uid        uint32
	generation int
	extent     recorder.Vec3 // half size, cm
	mass       float32       // kg
	maxRPM     float32
	wheelR     float32 // cm
	palette    []string
}

// heroBlueprint is the ego vehicle's model.
const heroBlueprint = "vehicle.tesla.model3"

var (
	paintCommon = []string{"17,37,103", "255,255,255", "0,0,0", "112,112,112", "198,20,20", "34,77,139", "180,180,180", "60,60,60"}
	paintBright = []string{"255,186,0", "0,112,84", "198,20,20", "255,255,255", "24,24,24", "0,76,153"}
)

// vehicleBlueprints is the fleet ambient traffic is drawn from. The hero
// is its first entry.
var vehicleBlueprints = [...]vehicleBlueprint{
	{heroBlueprint, 24, 2, recorder.Vec3{X: 239.6, Y: 108.2, Z: 74.5}, 1845, 15000, 34, paintCommon},
	{"vehicle.lincoln.mkz_2017", 26, 1, recorder.Vec3{X: 245.1, Y: 106.4, Z: 75.5}, 1696, 6500, 35.5, paintCommon},
	{"vehicle.audi.a2", 1, 1, recorder.Vec3{X: 185.2, Y: 89.8, Z: 77.1}, 1200, 5800, 31, paintBright},
	{"vehicle.audi.tt", 3, 1, recorder.Vec3{X: 209.1, Y: 99.6, Z: 69.4}, 1420, 6800, 33, paintBright},
	{"vehicle.bmw.grandtourer", 5, 1, recorder.Vec3{X: 230.6, Y: 112.0, Z: 83.2}, 1620, 6200, 34, paintCommon},
	{"vehicle.citroen.c3", 8, 1, recorder.Vec3{X: 199.4, Y: 92.7, Z: 81.1}, 1150, 5800, 31, paintBright},
	{"vehicle.dodge.charger_2020", 10, 2, recorder.Vec3{X: 250.2, Y: 104.4, Z: 76.6}, 1900, 6500, 36, paintCommon},
	{"vehicle.ford.mustang", 13, 1, recorder.Vec3{X: 235.9, Y: 94.7, Z: 65.0}, 1700, 7000, 35, paintBright},
	{"vehicle.jeep.wrangler_rubicon", 15, 1, recorder.Vec3{X: 193.3, Y: 95.2, Z: 93.8}, 1980, 5500, 38, paintCommon},
	{"vehicle.mercedes.coupe_2020", 18, 2, recorder.Vec3{X: 233.7, Y: 101.2, Z: 72.0}, 1650, 6500, 34, paintCommon},
	{"vehicle.mini.cooper_s_2021", 20, 2, recorder.Vec3{X: 197.1, Y: 101.1, Z: 87.8}, 1280, 6500, 32, paintBright},
	{"vehicle.nissan.micra", 21, 1, recorder.Vec3{X: 181.6, Y: 92.2, Z: 75.0}, 1050, 5600, 30, paintBright},
	{"vehicle.nissan.patrol_2021", 22, 2, recorder.Vec3{X: 278.2, Y: 107.0, Z: 102.4}, 2500, 5800, 40, paintCommon},
	{"vehicle.seat.leon", 23, 1, recorder.Vec3{X: 209.6, Y: 91.1, Z: 74.1}, 1300, 6300, 32, paintCommon},
	{"vehicle.toyota.prius", 27, 1, recorder.Vec3{X: 225.7, Y: 100.3, Z: 76.3}, 1400, 5200, 32, paintCommon},
	{"vehicle.volkswagen.t2_2021", 29, 2, recorder.Vec3{X: 223.9, Y: 103.4, Z: 102.2}, 1700, 5000, 35, paintBright},
	{"vehicle.mercedes.sprinter", 30, 2, recorder.Vec3{X: 295.8, Y: 99.3, Z: 127.8}, 2600, 5500, 38, paintCommon},
}

// largestExtent is the half size (cm) that covers every blueprint, for
// the intersections' conflict sweeps.
func largestExtent() recorder.Vec3 {
	var e recorder.Vec3
	for _, b := range vehicleBlueprints {
		e.X, e.Y, e.Z = max(e.X, b.extent.X), max(e.Y, b.extent.Y), max(e.Z, b.extent.Z)
	}
	return e
}

// vehicleAttributes returns the EventAdd attributes CARLA 0.9.13 records
// for a vehicle (the same keys, types and order as a real file).
func vehicleAttributes(bp *vehicleBlueprint, color, role string) []recorder.Attribute {
	return []recorder.Attribute{
		{Type: recorder.AttrInt, Key: "generation", Value: fmt.Sprint(bp.generation)},
		{Type: recorder.AttrInt, Key: "number_of_wheels", Value: "4"},
		{Type: recorder.AttrBool, Key: "sticky_control", Value: "true"},
		{Type: recorder.AttrString, Key: "object_type", Value: ""},
		{Type: recorder.AttrRGB, Key: "color", Value: color},
		{Type: recorder.AttrString, Key: "role_name", Value: role},
	}
}

// walkerBlueprint is a pedestrian model.
type walkerBlueprint struct {
	id          string
	uid         uint32
	gender, age string
	generation  int
}

var walkerBlueprints = [...]walkerBlueprint{
	{"walker.pedestrian.0001", 60, "female", "adult", 1},
	{"walker.pedestrian.0002", 61, "female", "adult", 1},
	{"walker.pedestrian.0003", 62, "female", "adult", 1},
	{"walker.pedestrian.0004", 63, "male", "adult", 1},
	{"walker.pedestrian.0005", 64, "female", "adult", 1},
	{"walker.pedestrian.0006", 65, "female", "adult", 1},
	{"walker.pedestrian.0007", 66, "male", "adult", 1},
	{"walker.pedestrian.0008", 67, "female", "adult", 1},
	{"walker.pedestrian.0009", 68, "female", "child", 1},
	{"walker.pedestrian.0010", 69, "male", "child", 1},
	{"walker.pedestrian.0015", 74, "male", "adult", 2},
	{"walker.pedestrian.0016", 75, "female", "adult", 2},
	{"walker.pedestrian.0019", 78, "male", "adult", 2},
	{"walker.pedestrian.0021", 80, "female", "adult", 2},
	{"walker.pedestrian.0026", 85, "male", "adult", 2},
}

// walkerExtent is a pedestrian's half size, cm (CARLA's capsule box).
var walkerExtent = recorder.Vec3{X: 18.75, Y: 18.75, Z: 93.75}

// walkerAttributes returns a pedestrian's EventAdd attributes.
func walkerAttributes(bp *walkerBlueprint, speed float64) []recorder.Attribute {
	return []recorder.Attribute{
		{Type: recorder.AttrString, Key: "age", Value: bp.age},
		{Type: recorder.AttrString, Key: "gender", Value: bp.gender},
		{Type: recorder.AttrInt, Key: "generation", Value: fmt.Sprint(bp.generation)},
		{Type: recorder.AttrBool, Key: "is_invincible", Value: "false"},
		{Type: recorder.AttrString, Key: "role_name", Value: "pedestrian"},
		{Type: recorder.AttrFloat, Key: "speed", Value: fmt.Sprintf("%.1f", speed)},
	}
}

// Blueprint ids and numeric ids of the other actors.
const (
	spectatorBlueprint = "spectator"
	lightBlueprint     = "traffic.traffic_light"
	stopBlueprint      = "traffic.stop"
	sensorBlueprint    = "sensor.other.collision"
	stopUID            = 33
	sensorUID          = 40
)

// pickVehicle draws an ambient blueprint (never the hero's) and a colour.
func pickVehicle(rng *rand.Rand) (*vehicleBlueprint, string) {
	bp := &vehicleBlueprints[1+rng.IntN(len(vehicleBlueprints)-1)]
	return bp, bp.palette[rng.IntN(len(bp.palette))]
}
