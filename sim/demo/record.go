package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
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

// recording writes frames in the order CARLA 0.9.13 writes packets,
// reusing one set of packet structs for the whole run.
type recording struct {
	w        *recorder.Writer
	lightIDs []uint32
	specID   uint32
	spec     recorder.Position

	start   recorder.FrameStart
	add     recorder.EventAdd
	del     recorder.EventDel
	parent  recorder.EventParent
	coll    recorder.Collisions
	pos     recorder.Positions
	lights  recorder.TrafficLightStates
	vanim   recorder.VehicleAnimations
	wanim   recorder.WalkerAnimations
	vlights recorder.VehicleLights
	kin     recorder.KinematicsList
	boxes   recorder.BoundingBoxes
	plat    recorder.PlatformTime
	phys    recorder.PhysicsControls
	times   recorder.TrafficLightTimes
}

// platformLag is how far the made-up platform clock runs behind the
// recording's clock, seconds (a real file shows a few milliseconds).
const platformLag = 0.0046

// frame writes frame number f (from 1) of frames: the state of s now and
// the events since the last frame.
func (r *recording) frame(s *sim, f, frames int) error {
	r.start = recorder.FrameStart{Frame: uint64(f), Duration: -1, Elapsed: elapsed(f)}
	if f < frames {
		r.start.Duration = elapsed(f+1) - elapsed(f)
	}
	r.add.Actors = s.ev.adds
	r.del.IDs = s.ev.dels
	r.parent.Links = s.ev.parents
	r.coll.Records = s.ev.collisions
	r.boxes.Records = s.ev.boxes
	r.phys.Records = s.ev.physics
	r.plat.Seconds = r.start.Elapsed + platformLag
	r.fill(s)
	ps := []recorder.Packet{&r.start, &r.add, &r.del, &r.parent, &r.coll, &r.pos, &r.lights,
		&r.vanim, &r.wanim, &r.vlights, &r.kin, &r.boxes, &r.plat}
	for _, p := range ps {
		if err := r.w.Write(p); err != nil {
			return err
		}
	}
	if len(r.phys.Records) > 0 {
		if err := r.w.Write(&r.phys); err != nil {
			return err
		}
	}
	if f == 1 && len(r.times.Records) > 0 {
		if err := r.w.Write(&r.times); err != nil {
			return err
		}
	}
	return r.w.Write(&recorder.FrameEnd{})
}

// elapsed is the recording clock at frame f. Durations are differences
// of these, so elapsed(f) + duration(f) == elapsed(f+1) exactly.
func elapsed(f int) float64 { return float64(f-1) / frameRate }

// fill builds the per-frame packets from the living actors, in id order.
func (r *recording) fill(s *sim) {
	r.pos.Records = append(r.pos.Records[:0], r.spec)
	r.vanim.Records, r.vlights.Records = r.vanim.Records[:0], r.vlights.Records[:0]
	r.wanim.Records, r.kin.Records = r.wanim.Records[:0], r.kin.Records[:0]
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
	r.lights.Records = r.lights.Records[:0]
	for k, id := range r.lightIDs {
		sig := s.net.postSignal(k, s.t)
		r.lights.Records = append(r.lights.Records, recorder.TrafficLightState{ID: id,
			Elapsed: float32(sig.elapsed), State: sig.state})
	}
}

func (r *recording) vehicle(v *vehicle) {
	r.pos.Records = append(r.pos.Records, recorder.Position{ID: v.id, Location: scene.ToUnreal(v.pos),
		Rotation: scene.ToUnrealRotation(rotation(v.yaw, v.pitch))})
	r.vanim.Records = append(r.vanim.Records, recorder.VehicleAnimation{ID: v.id, Steering: float32(v.steer),
		Throttle: float32(v.throttle), Brake: float32(v.brake), Gear: gear(v.v)})
	r.vlights.Records = append(r.vlights.Records, recorder.VehicleLight{ID: v.id, Bits: v.bits})
	vel := v.dir.Mul(v.v) // along the path, as the positions move
	spin := mgl64.Vec3{0, 0, v.yawRate * 180 / math.Pi}
	r.kin.Records = append(r.kin.Records, recorder.Kinematics{ID: v.id, Linear: velocityToUnreal(vel),
		Angular: angularToUnreal(spin)})
}

func (r *recording) walker(w *walker) {
	r.pos.Records = append(r.pos.Records, recorder.Position{ID: w.id, Location: scene.ToUnreal(walkerLocation(w)),
		Rotation: scene.ToUnrealRotation(rotation(w.yaw, 0))})
	r.wanim.Records = append(r.wanim.Records, recorder.WalkerAnimation{ID: w.id, Speed: speedToUnreal(w.moving.Len())})
	r.kin.Records = append(r.kin.Records, recorder.Kinematics{ID: w.id, Linear: velocityToUnreal(w.moving)})
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
