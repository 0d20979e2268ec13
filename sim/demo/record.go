package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/synth"
)

// events is what happened during one frame, as the records CARLA writes
// for it.
type events struct {
	adds       []recorder.ActorAdd
	dels       []uint32
	parents    []recorder.ParentLink
	collisions []recorder.Collision
	boxes      []recorder.Box
	physics    []recorder.PhysicsControl
}

func (e *events) reset() {
	e.adds, e.dels, e.parents = e.adds[:0], e.dels[:0], e.parents[:0]
	e.collisions, e.boxes, e.physics = e.collisions[:0], e.boxes[:0], e.physics[:0]
}

// recording writes the frames of the run through one synth.Frame (the
// packets of a frame in the order CARLA 0.9.13 writes them), reused for
// the whole run.
type recording struct {
	synth.Frame
	w        *recorder.Writer
	lightIDs []uint32
	specID   uint32
	spec     recorder.Position
	times    []recorder.TrafficLightTime // the lights' phase times, written in frame 1
}

// platformLag is how far the made-up platform clock runs behind the
// recording's clock, seconds (a real file shows a few milliseconds).
const platformLag = 0.0046

// frame writes frame number f (from 1) of frames: the state of s now and
// the events since the last frame.
func (r *recording) frame(s *sim, f, frames int) error {
	r.Start = recorder.FrameStart{Frame: uint64(f), Duration: -1, Elapsed: elapsed(f)}
	if f < frames {
		r.Start.Duration = elapsed(f+1) - elapsed(f)
	}
	r.Add.Actors = s.ev.adds
	r.Del.IDs = s.ev.dels
	r.Parent.Links = s.ev.parents
	r.Collisions.Records = s.ev.collisions
	r.Boxes.Records = s.ev.boxes
	r.Physics.Records = s.ev.physics
	r.LightTimes.Records = nil
	if f == 1 {
		r.LightTimes.Records = r.times
	}
	r.Platform.Seconds = r.Start.Elapsed + platformLag
	r.fill(s)
	return r.Write(r.w)
}

// elapsed is the recording clock at frame f. Durations are differences
// of these, so elapsed(f) + duration(f) == elapsed(f+1) exactly.
func elapsed(f int) float64 { return float64(f-1) / frameRate }

// fill builds the per-frame packets from the living actors, in id order.
func (r *recording) fill(s *sim) {
	r.Positions.Records = append(r.Positions.Records[:0], r.spec)
	r.VehicleAnims.Records, r.VehicleLights.Records = r.VehicleAnims.Records[:0], r.VehicleLights.Records[:0]
	r.WalkerAnims.Records, r.Kinematics.Records = r.WalkerAnims.Records[:0], r.Kinematics.Records[:0]
	vi, wi := 0, 0
	for vi < len(s.veh) || wi < len(s.walkers) {
		if wi >= len(s.walkers) || vi < len(s.veh) && s.veh[vi].id < s.walkers[wi].id {
			if v := &s.veh[vi]; v.alive {
				r.vehicle(v)
			}
			vi++
			continue
		}
		r.walker(&s.walkers[wi])
		wi++
	}
	r.Lights.Records = r.Lights.Records[:0]
	for k, id := range r.lightIDs {
		sig := s.net.postSignal(k, s.t)
		r.Lights.Records = append(r.Lights.Records, recorder.TrafficLightState{ID: id,
			Elapsed: float32(sig.elapsed), State: sig.state})
	}
}

func (r *recording) vehicle(v *vehicle) {
	r.Positions.Records = append(r.Positions.Records, recorder.Position{ID: v.id, Location: scene.ToUnreal(v.pos),
		Rotation: scene.ToUnrealRotation(rotation(v.yaw, v.pitch))})
	r.VehicleAnims.Records = append(r.VehicleAnims.Records, recorder.VehicleAnimation{ID: v.id, Steering: float32(v.steer),
		Throttle: float32(v.throttle), Brake: float32(v.brake), Gear: gear(v.v)})
	r.VehicleLights.Records = append(r.VehicleLights.Records, recorder.VehicleLight{ID: v.id, Bits: v.bits})
	vel := v.dir.Mul(v.v) // along the path, as the positions move
	if v.slide != (mgl64.Vec3{}) {
		vel = vel.Add(v.slide) // and sideways (the rogue), leaving others' bits as they were
	}
	spin := mgl64.Vec3{0, 0, v.yawRate * 180 / math.Pi}
	r.Kinematics.Records = append(r.Kinematics.Records, recorder.Kinematics{ID: v.id, Linear: velocityToUnreal(vel),
		Angular: angularToUnreal(spin)})
}

func (r *recording) walker(w *walker) {
	r.Positions.Records = append(r.Positions.Records, recorder.Position{ID: w.id, Location: scene.ToUnreal(walkerLocation(w)),
		Rotation: scene.ToUnrealRotation(rotation(w.yaw, 0))})
	r.WalkerAnims.Records = append(r.WalkerAnims.Records, recorder.WalkerAnimation{ID: w.id, Speed: speedToUnreal(w.moving.Len())})
	r.Kinematics.Records = append(r.Kinematics.Records, recorder.Kinematics{ID: w.id, Linear: velocityToUnreal(w.moving)})
}

// walkerLocation is a walker's actor location: its capsule centre.
func walkerLocation(w *walker) mgl64.Vec3 { return w.pos.Add(mgl64.Vec3{0, 0, walkerZ}) }

// scene converts recorded velocities, angular velocities and walker
// speeds to the world but has no functions for the way back. The
// velocity and angular-velocity conversions are axis mirrors, each its
// own inverse, so applying scene's own function converts back; a walker
// speed is a length per second along one axis, which ToUnreal scales.
// Nothing here restates an axis or unit rule.

func velocityToUnreal(v mgl64.Vec3) recorder.Vec3 {
	u := scene.FromUnrealVelocity(recorder.Vec3{X: v[0], Y: v[1], Z: v[2]})
	return recorder.Vec3{X: u[0], Y: u[1], Z: u[2]}
}

func angularToUnreal(w mgl64.Vec3) recorder.Vec3 {
	u := scene.FromUnrealAngularVelocity(recorder.Vec3{X: w[0], Y: w[1], Z: w[2]})
	return recorder.Vec3{X: u[0], Y: u[1], Z: u[2]}
}

func speedToUnreal(mps float64) float32 { return float32(scene.ToUnreal(mgl64.Vec3{mps, 0, 0}).X) }
