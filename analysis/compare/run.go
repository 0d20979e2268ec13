package compare

import (
	"context"
	"io"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// Matching and divergence need every moving actor's position at every
// frame. Building a State per frame costs far more than the positions
// (scene/pass.go says why), so a Run is read in one pass of its own: the
// frames applied in order to a scene.World, the positions taken from
// World.Poses, and the role names from the spawn packets, which Poses
// does not carry.

// Actor is one life of a moving actor (vehicle or walker) in one run: an
// id that is destroyed and spawned again is two Actors. Traffic lights,
// signs, props, sensors and the spectator are the world the runs share,
// not what they do, so they are not Actors.
type Actor struct {
	ID        uint32
	Blueprint string // e.g. "vehicle.tesla.model3"
	Kind      scene.Kind
	Role      string // the role_name attribute ("hero", "autopilot", ...), "" if none
	// First is the index of the frame that spawned it; pos holds its
	// world position at every frame from First on, as long as it lived,
	// in float32 (millimetres at 10 km): two long runs of hundreds of
	// actors hold millions of them.
	First int
	pos   [][3]float32
}

// Pos returns where the actor was at its i-th frame (frame First+i),
// world metres.
func (a *Actor) Pos(i int) mgl64.Vec3 {
	p := &a.pos[i]
	return mgl64.Vec3{float64(p[0]), float64(p[1]), float64(p[2])}
}

// Len returns the number of frames the actor lived.
func (a *Actor) Len() int { return len(a.pos) }

// Spawn returns where the actor first stood (world metres).
func (a *Actor) Spawn() mgl64.Vec3 { return a.Pos(0) }

// Last returns the index of the last frame the actor lived in.
func (a *Actor) Last() int { return a.First + len(a.pos) - 1 }

// Run is one recording read for comparing.
type Run struct {
	Rec    *scene.Recording
	Times  []float64 // Rec.Times(): each frame's time, s
	Actors []Actor   // by spawn frame, then id
}

// Start returns the time of the run's first frame.
func (r *Run) Start() float64 { return r.Times[0] }

// Alive returns the index in Actors of the life of id that lives at
// frame f, or -1.
func (r *Run) Alive(id uint32, f int) int {
	for i := range r.Actors {
		if a := &r.Actors[i]; a.ID == id && a.First <= f && f <= a.Last() {
			return i
		}
	}
	return -1
}

// skimmed are the packets a Run does not read.
var skimmed = []recorder.PacketID{recorder.IDVehicleAnimation, recorder.IDWalkerAnimation,
	recorder.IDVehicleLight, recorder.IDKinematics, recorder.IDTrafficLightTime, recorder.IDTriggerVolume,
	recorder.IDBikerAnimation, recorder.IDVehicleDoor, recorder.IDTrafficLight, recorder.IDPlatformTime,
	recorder.IDWalkerBones, recorder.IDVehicleWheels, recorder.IDPhysicsControl, recorder.IDSceneLight, recorder.IDWeather}

func moving(k scene.Kind) bool { return k.IsVehicle() || k == scene.KindWalker }

// Read reads every moving actor's position at every frame of rec. ctx
// stops it early with ctx's error; a frame that cannot be read is an
// error (a Recording holds only the frames before a bad one, so this is
// a file changed since it was opened).
func Read(ctx context.Context, rec *scene.Recording) (*Run, error) {
	r := &Run{Rec: rec, Times: rec.Times()}
	n := len(r.Times)
	rd := rec.FrameReader(0, n-1)
	rd.Skim(skimmed...)
	w := scene.NewWorld()
	w.FilterPositions(keeper(rec))
	roles := map[uint32]string{}
	live := map[uint32]int{} // id -> index in Actors of its current life
	lens := scene.LifeFrames(rec.Lives())
	var poses []scene.Pose
	for f := 0; f < n; {
		pk, err := rd.Next()
		if err == io.EOF {
			err = io.ErrUnexpectedEOF // the index promised more frames
		}
		if err != nil {
			return nil, err
		}
		w.Apply(pk)
		switch pk := pk.(type) {
		case *recorder.EventAdd:
			for i := range pk.Actors {
				roles[pk.Actors[i].ID] = roleName(pk.Actors[i].Attributes)
			}
		case *recorder.FrameEnd:
			poses = w.Poses(poses, moving)
			r.frame(poses, f, live, roles, lens)
			f++
			if f%256 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
		}
	}
	return r, nil
}

// frame appends frame f's positions, starting a life for every actor
// whose spawn frame is not that of its id's current life.
func (r *Run) frame(poses []scene.Pose, f int, live map[uint32]int, roles map[uint32]string, lens map[scene.LifeKey]int) {
	for i := range poses {
		p := &poses[i]
		k, ok := live[p.ID]
		if !ok || r.Actors[k].First != p.SpawnFrame || r.Actors[k].Last() != f-1 {
			k = len(r.Actors)
			live[p.ID] = k
			r.Actors = append(r.Actors, Actor{ID: p.ID, Blueprint: p.Blueprint, Kind: p.Kind, Role: roles[p.ID], First: f,
				pos: make([][3]float32, 0, max(lens[scene.LifeKey{ID: p.ID, Spawn: f}], 1))})
		}
		l := p.World.Location
		r.Actors[k].pos = append(r.Actors[k].pos, [3]float32{float32(l[0]), float32(l[1]), float32(l[2])})
	}
}

// keeper says which actors' positions a Run's World applies: the moving
// ones, and every actor something is attached to (its pose places its
// children); lights, signs and props are skipped.
func keeper(rec *scene.Recording) func(uint32, scene.Kind) bool {
	parents := map[uint32]bool{}
	for _, e := range rec.Events() {
		if e.Kind == scene.EventParent && e.Other != 0 {
			parents[e.Other] = true
		}
	}
	return func(id uint32, k scene.Kind) bool { return moving(k) || parents[id] }
}

// PositionBytes is what Read keeps of one moving actor at one frame.
const PositionBytes = 12

// EstimateBytes returns about how much memory Read would keep for rec's
// positions, from its spawn and destroy events without reading a frame
// (vehicles and walkers, by their blueprints), so that a window can
// decline to compare runs too long for memory.
func EstimateBytes(rec *scene.Recording) int64 {
	var n int64
	for _, l := range rec.Lives() {
		if strings.HasPrefix(l.Blueprint, "vehicle.") || strings.HasPrefix(l.Blueprint, "walker.") {
			n += int64(l.Frames)
		}
	}
	return n * PositionBytes
}

func roleName(attrs []recorder.Attribute) string {
	for _, a := range attrs {
		if a.Key == "role_name" {
			return a.Value
		}
	}
	return ""
}
