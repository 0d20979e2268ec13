package demo

import (
	"bytes"
	"cmp"
	"errors"
	"io"
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// The checks of this package read what users see: the recording, decoded
// with format/recorder and converted with scene, and the map as a
// scene.Map. Nothing here looks at the simulation's own state.

// replay is a decoded recording.
type replay struct {
	header     recorder.Header
	actors     map[uint32]*actorInfo
	frames     []frameData
	lightTimes []recorder.TrafficLightTime

	trackMap   *scene.Map // the map trackCache was located on
	trackCache map[uint32][]point
}

// actorInfo is what EventAdd, EventParent and BoundingBox said of an actor.
type actorInfo struct {
	add    recorder.ActorAdd
	parent uint32
	box    recorder.Box
	hasBox bool
	added  int // frame index of the EventAdd
	gone   int // frame index of the EventDel, or -1
}

func (a *actorInfo) attr(key string) string {
	for _, at := range a.add.Attributes {
		if at.Key == key {
			return at.Value
		}
	}
	return ""
}

// frameData is one frame: the clock, every Position in world terms,
// the per-frame records of lights, animations and kinematics as
// written, the collisions and how many vehicles and walkers exist.
// Every list is in actor id order, as the recorder writes it.
type frameData struct {
	start      recorder.FrameStart
	poses      []sample
	lights     []recorder.TrafficLightState
	vanim      []recorder.VehicleAnimation
	wanim      []recorder.WalkerAnimation
	vlights    []recorder.VehicleLight
	kin        []recorder.Kinematics
	collisions []recorder.Collision
	vehicles   int
	walkers    int
}

// light returns the state of traffic light id in the frame.
func (f *frameData) light(id uint32) recorder.LightState {
	i, ok := slices.BinarySearchFunc(f.lights, id, func(r recorder.TrafficLightState, id uint32) int { return cmp.Compare(r.ID, id) })
	if !ok {
		return recorder.LightUnknown
	}
	return f.lights[i].State
}

// pose returns actor id's sample in the frame.
func (f *frameData) pose(id uint32) (sample, bool) {
	i, ok := slices.BinarySearchFunc(f.poses, id, func(s sample, id uint32) int { return cmp.Compare(s.id, id) })
	if !ok {
		return sample{}, false
	}
	return f.poses[i], true
}

// byID finds actor id's record in a list in id order.
func byID[T any](recs []T, id uint32, idOf func(*T) uint32) (*T, bool) {
	i, ok := slices.BinarySearchFunc(recs, id, func(r T, id uint32) int { return cmp.Compare(idOf(&r), id) })
	if !ok {
		return nil, false
	}
	return &recs[i], true
}

// sample is one actor's recorded position, in world metres.
type sample struct {
	id  uint32
	loc mgl64.Vec3
	rot scene.Rotation
}

// readReplay decodes a whole recording; it fails on any decoding error.
func readReplay(t testing.TB, data []byte) *replay {
	t.Helper()
	rd, err := recorder.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	rp := &replay{header: rd.Header(), actors: map[uint32]*actorInfo{}}
	var cur *frameData
	vehicles, walkers := 0, 0
	for {
		p, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("decoding the recording: %v", err)
		}
		fi := len(rp.frames) - 1
		switch q := p.(type) {
		case *recorder.FrameStart:
			rp.frames = append(rp.frames, frameData{start: *q})
			cur = &rp.frames[len(rp.frames)-1]
		case *recorder.FrameEnd:
			cur.vehicles, cur.walkers = vehicles, walkers
			if !slices.IsSortedFunc(cur.poses, func(a, b sample) int { return cmp.Compare(a.id, b.id) }) {
				t.Fatalf("frame %d: positions are not in actor id order", fi+1)
			}
		case *recorder.EventAdd:
			for _, a := range recorder.Clone(q).(*recorder.EventAdd).Actors {
				rp.actors[a.ID] = &actorInfo{add: a, added: fi, gone: -1}
				switch a.Type {
				case recorder.ActorVehicle:
					vehicles++
				case recorder.ActorWalker:
					walkers++
				}
			}
		case *recorder.EventDel:
			for _, id := range q.IDs {
				a := rp.actors[id]
				if a == nil {
					t.Fatalf("frame %d deletes unknown actor %d", fi+1, id)
				}
				a.gone = fi
				switch a.add.Type {
				case recorder.ActorVehicle:
					vehicles--
				case recorder.ActorWalker:
					walkers--
				}
			}
		case *recorder.EventParent:
			for _, l := range q.Links {
				rp.actors[l.Child].parent = l.Parent
			}
		case *recorder.BoundingBoxes:
			for _, b := range q.Records {
				if a := rp.actors[b.ID]; a != nil {
					a.box, a.hasBox = b, true
				}
			}
		case *recorder.Positions:
			for _, r := range q.Records {
				cur.poses = append(cur.poses, sample{r.ID, scene.FromUnreal(r.Location), scene.FromUnrealRotation(r.Rotation)})
			}
		case *recorder.TrafficLightStates:
			cur.lights = slices.Clone(q.Records)
		case *recorder.VehicleAnimations:
			cur.vanim = slices.Clone(q.Records)
		case *recorder.WalkerAnimations:
			cur.wanim = slices.Clone(q.Records)
		case *recorder.VehicleLights:
			cur.vlights = slices.Clone(q.Records)
		case *recorder.KinematicsList:
			cur.kin = slices.Clone(q.Records)
		case *recorder.Collisions:
			cur.collisions = append(cur.collisions, q.Records...)
		case *recorder.TrafficLightTimes:
			rp.lightTimes = append(rp.lightTimes, q.Records...)
		}
	}
	return rp
}

// box returns an actor's ground-plane box at a sample, from its recorded
// bounding box.
func (rp *replay) box(s sample) obb {
	a := rp.actors[s.id]
	ext := scene.FromUnrealExtent(a.box.Extent)
	yaw := s.rot.Yaw * math.Pi / 180
	c, sn := math.Cos(yaw), math.Sin(yaw)
	// The box origin is local (Unreal axes, cm); rotate it into the world.
	o := scene.FromUnreal(a.box.Origin)
	return obb{x: s.loc[0] + c*o[0] - sn*o[1], y: s.loc[1] + sn*o[0] + c*o[1], c: c, s: sn, hl: ext[0], hw: ext[1]}
}

// isVehicle reports whether id is a vehicle.
func (rp *replay) isVehicle(id uint32) bool {
	a := rp.actors[id]
	return a != nil && a.add.Type == recorder.ActorVehicle
}

// isRogue reports whether id is the rogue vehicle, which breaks the
// rules on purpose (rogue.go): the checks of the traffic rules leave it
// out, the checks that nobody touches anybody do not.
func (rp *replay) isRogue(id uint32) bool {
	a := rp.actors[id]
	return a != nil && a.attr("role_name") == "rogue"
}

// The default demo, built once for all tests.
var defaultDemo struct {
	once     sync.Once
	mapBytes []byte
	logBytes []byte
	sum      Summary
	err      error
	rp       *replay
	m        *scene.Map
}

func defaultBuild(t testing.TB) ([]byte, []byte, *replay, *scene.Map) {
	t.Helper()
	d := &defaultDemo
	d.once.Do(func() {
		d.mapBytes, d.logBytes, d.sum, d.err = Build(City(DefaultSeed), Options{Seed: DefaultSeed, Minutes: DefaultMinutes})
		if d.err != nil {
			return
		}
		d.rp = readReplay(t, d.logBytes)
		var m *bai.Map
		if m, d.err = bai.DecodeBytes(d.mapBytes); d.err == nil {
			d.m = scene.NewMap(m)
		}
	})
	if d.err != nil {
		t.Fatal(d.err)
	}
	return d.mapBytes, d.logBytes, d.rp, d.m
}
