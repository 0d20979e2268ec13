// Package drivetest writes small recordings of vehicles driven by script
// over a small generated city, for the tests of lane association, of the
// fault rules and of `viewer check`: each vehicle's pose is a function of
// time, so a test says exactly how far off its lane a car drifts, how
// long it drives the wrong way or where it stops before a stop sign.
//
// Nothing in the viewer imports it.
package drivetest

import (
	"bytes"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
)

// City generates the test city: 2 x 1 blocks of 100 m, straight two-way
// roads with two lanes a side (lane 0 nearest the centre line, 3.5 m
// apart), no trams. The caller may change road ends (rules, lights)
// before converting it with scene.NewMap.
func City() *bai.Map {
	m, err := citygen.Generate(citygen.Config{Name: "drivetest", BlocksX: 2, BlocksY: 1, BlockSize: 100, Seed: 5,
		MinLanes: 2, MaxLanes: 2})
	if err != nil {
		panic(err) // a fixed configuration citygen accepts
	}
	return m
}

// Through returns the index of the first road of m that runs between two
// intersections along +X (in the world), the test road: its side B
// drives from its start (west) to its end (east).
func Through(m *scene.Map) int {
	for i := range m.Roads {
		r := &m.Roads[i]
		n := len(r.Centre)
		if r.Start.Intersection >= 0 && r.End.Intersection >= 0 && n >= 2 &&
			r.Centre[n-1][0]-r.Centre[0][0] > 50 && len(r.SideB.Lanes) == 2 && len(r.SideA.Lanes) == 2 {
			return i
		}
	}
	panic("drivetest: no through road")
}

// SetEnd gives road r's end (its start when atStart) a rule and, when
// light is true, a traffic light on the kerb to the right of the
// traffic arriving there. It changes the BAI map m; convert it again.
func SetEnd(m *bai.Map, r int, atStart bool, rule bai.Rule, light bool) {
	road := &m.Roads[r]
	e, k, side := &road.End, len(road.Origin)-1, &road.SideB
	if atStart {
		e, k, side = &road.Start, 0, &road.SideA
	}
	e.Rule, e.LightOrigin, e.LightTarget = rule, bai.Vec3{}, bai.Vec3{}
	if light && len(side.SidewalkInner) > k {
		p := side.SidewalkInner[k]
		e.LightOrigin = bai.Vec3{X: p.X, Y: p.Y + citygen.LightHeight, Z: p.Z}
		e.LightTarget = road.Origin[max(k-1, 0)]
	}
}

// Path is a curve in world metres, in the order it is driven.
type Path []mgl64.Vec3

// Lane returns lane k of side B (sideB) or A of road r, in driving order.
func Lane(m *scene.Map, r int, sideB bool, k int) Path {
	sd := &m.Roads[r].SideA
	if sideB {
		sd = &m.Roads[r].SideB
	}
	out := make(Path, len(sd.Lanes[k]))
	for i, p := range sd.Lanes[k] {
		out[i] = p
	}
	return out
}

// Length returns the path's length on the ground.
func (p Path) Length() float64 {
	n := 0.0
	for i := 1; i < len(p); i++ {
		n += ground(p[i].Sub(p[i-1]))
	}
	return n
}

// At returns the point s metres along the path (before its start and
// past its end the first and last segments go on straight) moved
// lateral metres to the left of the direction of travel, and that
// direction as a yaw in degrees.
func (p Path) At(s, lateral float64) (mgl64.Vec3, float64) {
	i := 0
	for i+2 < len(p) {
		l := ground(p[i+1].Sub(p[i]))
		if s <= l {
			break
		}
		s -= l
		i++
	}
	d := p[i+1].Sub(p[i])
	l := ground(d)
	u := mgl64.Vec3{d[0] / l, d[1] / l, 0}
	left := mgl64.Vec3{-u[1], u[0], 0}
	f := s / l
	at := p[i].Add(d.Mul(f)).Add(left.Mul(lateral))
	return at, math.Atan2(u[1], u[0]) * 180 / math.Pi
}

func ground(d mgl64.Vec3) float64 { return math.Hypot(d[0], d[1]) }

// Vehicle is a scripted vehicle: Pose gives where it is and the way it
// faces (yaw, degrees) at time t, and false while it does not exist.
// Role, when set, is its role_name attribute.
type Vehicle struct {
	ID        uint32
	Blueprint string
	Role      string
	Pose      func(t float64) (pos mgl64.Vec3, yaw float64, ok bool)
	// Extent is its half size in cm; CarExtent when zero.
	Extent recorder.Vec3
}

// Light is a recorded traffic light actor standing at Pos, turned Yaw
// degrees (counter-clockwise from +X, as a recorded actor is).
type Light struct {
	ID    uint32
	Pos   mgl64.Vec3
	Yaw   float64
	State func(t float64) recorder.LightState
}

// Sign is a recorded traffic sign actor (a stop sign is
// "traffic.stop") standing at Pos, turned Yaw degrees.
type Sign struct {
	ID        uint32
	Blueprint string
	Pos       mgl64.Vec3
	Yaw       float64
}

// Collision is a collision recorded at the frame at Time, and at every
// frame after it up to Until when that is later (a pair that stays in
// contact). B may be an id no vehicle has (the world: a static hit).
type Collision struct {
	Time, Until float64
	A, B        uint32
}

// Script is a recording to write: Seconds long at Hz frames a second.
type Script struct {
	Map         string // the header's map ("drivetest" when empty)
	Hz, Seconds float64
	Vehicles    []Vehicle
	Lights      []Light
	Signs       []Sign
	Collisions  []Collision
}

// CarExtent is every scripted vehicle's half size in cm (4.5 x 1.9 m).
var CarExtent = recorder.Vec3{X: 225, Y: 95, Z: 75}

// Bytes writes the recording: vehicles are spawned at the first frame
// their Pose holds and destroyed at the first frame after it stops
// holding; lights and signs exist from the first frame.
func (s Script) Bytes() []byte {
	var buf bytes.Buffer
	name := s.Map
	if name == "" {
		name = "drivetest"
	}
	w, err := recorder.NewWriter(&buf, recorder.Header{Version: 1, Map: name, Date: 1700000000}, recorder.Layout{})
	if err != nil {
		panic(err)
	}
	frames := int(math.Round(s.Seconds*s.Hz)) + 1
	alive := make([]bool, len(s.Vehicles)) // by entry: an id may come back as another vehicle
	for f := range frames {
		for _, p := range s.frame(f, frames, alive) {
			if err := w.Write(p); err != nil {
				panic(err)
			}
		}
	}
	if err := w.Flush(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// frame returns the packets of frame f.
func (s Script) frame(f, frames int, alive []bool) []recorder.Packet {
	t := float64(f) / s.Hz
	dur := 1 / s.Hz
	if f == frames-1 {
		dur = -1
	}
	out := []recorder.Packet{&recorder.FrameStart{Frame: uint64(f + 1), Duration: dur, Elapsed: t}}
	add, boxes, del := &recorder.EventAdd{}, &recorder.BoundingBoxes{}, &recorder.EventDel{}
	pos := &recorder.Positions{}
	if f == 0 {
		for _, l := range s.Lights {
			add.Actors = append(add.Actors, recorder.ActorAdd{ID: l.ID, Type: recorder.ActorTrafficLight,
				Location: scene.ToUnreal(l.Pos), Rotation: scene.ToUnrealRotation(scene.Rotation{Yaw: l.Yaw}),
				UID: l.ID, Description: "traffic.traffic_light"})
		}
		for _, g := range s.Signs {
			add.Actors = append(add.Actors, recorder.ActorAdd{ID: g.ID, Type: recorder.ActorTrafficSign,
				Location: scene.ToUnreal(g.Pos), Rotation: scene.ToUnrealRotation(scene.Rotation{Yaw: g.Yaw}),
				UID: g.ID, Description: g.Blueprint})
		}
	}
	for i, v := range s.Vehicles {
		p, yaw, ok := v.Pose(t)
		switch {
		case ok && !alive[i]:
			alive[i] = true
			add.Actors = append(add.Actors, recorder.ActorAdd{ID: v.ID, Type: recorder.ActorVehicle,
				Location: scene.ToUnreal(p), Rotation: scene.ToUnrealRotation(scene.Rotation{Yaw: yaw}),
				UID: v.ID, Description: v.Blueprint, Attributes: v.attributes()})
			ext := v.Extent
			if ext == (recorder.Vec3{}) {
				ext = CarExtent
			}
			boxes.Records = append(boxes.Records, recorder.Box{ID: v.ID, Origin: recorder.Vec3{Z: ext.Z}, Extent: ext})
		case !ok && alive[i]:
			alive[i] = false
			del.IDs = append(del.IDs, v.ID)
			continue
		case !ok:
			continue
		}
		pos.Records = append(pos.Records, recorder.Position{ID: v.ID, Location: scene.ToUnreal(p),
			Rotation: scene.ToUnrealRotation(scene.Rotation{Yaw: yaw})})
	}
	if len(add.Actors) > 0 {
		out = append(out, add)
	}
	if len(del.IDs) > 0 {
		out = append(out, del)
	}
	if len(boxes.Records) > 0 {
		out = append(out, boxes)
	}
	out = append(out, pos)
	if cs := s.collisionsAt(t); len(cs) > 0 {
		out = append(out, &recorder.Collisions{Records: cs})
	}
	tl := &recorder.TrafficLightStates{}
	for _, l := range s.Lights {
		tl.Records = append(tl.Records, recorder.TrafficLightState{ID: l.ID, State: l.State(t)})
	}
	if len(tl.Records) > 0 {
		out = append(out, tl)
	}
	return append(out, &recorder.FrameEnd{})
}

func (v Vehicle) attributes() []recorder.Attribute {
	if v.Role == "" {
		return nil
	}
	return []recorder.Attribute{{Type: recorder.AttrString, Key: "role_name", Value: v.Role}}
}

// collisionsAt lists the collisions of the frame at time t.
func (s Script) collisionsAt(t float64) []recorder.Collision {
	var out []recorder.Collision
	for i, c := range s.Collisions {
		if math.Abs(c.Time-t) < 0.5/s.Hz || t > c.Time && t < c.Until+0.5/s.Hz {
			out = append(out, recorder.Collision{ID: uint32(i + 1), Actor1: c.A, Actor2: c.B})
		}
	}
	return out
}

// IDs returns the ids of the script's vehicles, sorted.
func (s Script) IDs() []uint32 {
	var out []uint32
	for _, v := range s.Vehicles {
		out = append(out, v.ID)
	}
	slices.Sort(out)
	return out
}
