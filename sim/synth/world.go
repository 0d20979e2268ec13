package synth

import (
	"math"
	"math/rand/v2"

	"github.com/mm2carla/viewer/format/recorder"
)

// mover is an actor on a circle: vehicles drive round blocks, walkers
// round squares. A circle keeps speed and turn rate constant, so the path
// is smooth and interpolation between frames is meaningful.
type mover struct {
	id           uint32
	cx, cy, z    float64 // centre, cm
	radius       float64 // cm
	omega, phase float64 // rad/s (signed: the direction), rad
	blueprint    int     // index into vehicleBlueprints or walkers
	born, dies   float64 // seconds
}

// at returns the location (cm) and yaw (deg) at time t.
func (m *mover) at(t float64) (x, y, yaw float64) {
	a := m.phase + m.omega*t
	x, y = m.cx+m.radius*math.Cos(a), m.cy+m.radius*math.Sin(a)
	yaw = a*180/math.Pi + math.Copysign(90, m.omega)
	return x, y, math.Remainder(yaw, 360)
}

// speed is the speed along the path in cm/s.
func (m *mover) speed() float64 { return math.Abs(m.omega) * m.radius }

type blueprint struct {
	id     string
	extent recorder.Vec3 // half size, cm
}

var vehicleBlueprints = []blueprint{
	{"vehicle.tesla.model3", recorder.Vec3{X: 243, Y: 105, Z: 76}},
	{"vehicle.lincoln.mkz_2020", recorder.Vec3{X: 245, Y: 107, Z: 75}},
	{"vehicle.audi.tt", recorder.Vec3{X: 209, Y: 100, Z: 69}},
	{"vehicle.carlamotors.carlacola", recorder.Vec3{X: 260, Y: 131, Z: 124}},
	{"vehicle.mercedes.coupe_2020", recorder.Vec3{X: 234, Y: 104, Z: 72}},
}

// light is a traffic light with its own phase offset in the cycle.
type light struct {
	id     uint32
	x, y   float64
	offset float64 // seconds into the cycle at t = 0
}

// Traffic light cycle, seconds.
const green, yellow, red = 10.0, 3.0, 12.0

// state returns the light's state and the seconds spent in it at t.
func (l *light) state(t float64) (recorder.LightState, float32) {
	c := math.Mod(t+l.offset, green+yellow+red)
	switch {
	case c < green:
		return recorder.LightGreen, float32(c)
	case c < green+yellow:
		return recorder.LightYellow, float32(c - green)
	}
	return recorder.LightRed, float32(c - green - yellow)
}

// world is the generator's state.
type world struct {
	cfg      Config
	rng      *rand.Rand
	nextID   uint32
	vehicles []mover
	walkers  []mover
	lights   []light
}

func newWorld(cfg Config) *world {
	w := &world{cfg: cfg, rng: rand.New(rand.NewPCG(uint64(cfg.Seed), 0x5eed)), nextID: spectatorID + 1}
	for range cfg.TrafficLights {
		w.lights = append(w.lights, light{id: w.id(), x: w.coord(), y: w.coord(), offset: w.rng.Float64() * 25})
	}
	for range cfg.Vehicles {
		w.vehicles = append(w.vehicles, w.vehicle(0))
	}
	for range cfg.Walkers {
		w.walkers = append(w.walkers, w.walker(0))
	}
	return w
}

func (w *world) id() uint32 {
	w.nextID++
	return w.nextID - 1
}

// coord is a map coordinate in cm: the map spans 400 m.
func (w *world) coord() float64 { return (w.rng.Float64() - 0.5) * 40000 }

// life draws when an actor born at t dies: never without churn.
func (w *world) life(t float64) float64 {
	if !w.cfg.Churn {
		return math.Inf(1)
	}
	return t + w.rng.ExpFloat64()*lifetime
}

func (w *world) vehicle(t float64) mover {
	r := 2000 + w.rng.Float64()*8000    // 20-100 m
	v := 500 + w.rng.Float64()*1500     // 5-20 m/s
	dir := float64(1 - 2*w.rng.IntN(2)) // clockwise or not
	return mover{id: w.id(), cx: w.coord(), cy: w.coord(), z: 20, radius: r, omega: dir * v / r,
		phase: w.rng.Float64() * 2 * math.Pi, blueprint: w.rng.IntN(len(vehicleBlueprints)), born: t, dies: w.life(t)}
}

func (w *world) walker(t float64) mover {
	r := 300 + w.rng.Float64()*1500     // 3-18 m
	v := 80 + w.rng.Float64()*100       // 0.8-1.8 m/s
	dir := float64(1 - 2*w.rng.IntN(2)) // clockwise or not
	return mover{id: w.id(), cx: w.coord(), cy: w.coord(), z: 95, radius: r, omega: dir * v / r,
		phase: w.rng.Float64() * 2 * math.Pi, blueprint: 1 + w.rng.IntN(40), born: t, dies: w.life(t)}
}
