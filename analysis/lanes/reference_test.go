package lanes

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// The pass takes short ways (a filtered World, a Follower's cursor, a
// fix kept while a vehicle stands) that must not change a bit of what
// it stores. TestAssociateMatchesReference holds it to the plain way:
// every frame applied to an unfiltered World, every vehicle read from
// its Poses and placed with Locate.

// refLife is one vehicle life as the plain way reads it: its frames'
// places, from frame first on.
type refLife struct {
	id        uint32
	spawn     int
	first     int
	pos       []mgl64.Vec3
	yaw       []float64
	blueprint string
}

// reference is what the plain way makes of rec: the lives in the order
// Associate's tracks are, the events' spots, and where each traffic
// light with a recorded state stood when its first state was recorded.
type reference struct {
	lives  []refLife
	spots  []Spot
	lights map[uint32]LightPose
}

func plainPass(t *testing.T, rec *scene.Recording) reference {
	t.Helper()
	times, evs := rec.Times(), rec.Events()
	ref := reference{spots: make([]Spot, len(evs)), lights: map[uint32]LightPose{}}
	live := map[scene.LifeKey]int{}
	rd := rec.FrameReader(0, len(times)-1)
	w := scene.NewWorld()
	var poses []scene.Pose
	var lit []uint32
	for f := 0; f < len(times); {
		pk, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		w.Apply(pk)
		if ls, ok := pk.(*recorder.TrafficLightStates); ok {
			for _, r := range ls.Records {
				lit = append(lit, r.ID)
			}
		}
		if pk.ID() != recorder.IDFrameEnd {
			continue
		}
		poses = w.Poses(poses, nil)
		byID := map[uint32]*scene.Pose{}
		for i := range poses {
			ps := &poses[i]
			byID[ps.ID] = ps
			if !ps.Kind.IsVehicle() {
				continue
			}
			k := scene.LifeKey{ID: ps.ID, Spawn: ps.SpawnFrame}
			i, ok := live[k]
			if !ok {
				i = len(ref.lives)
				live[k] = i
				ref.lives = append(ref.lives, refLife{id: ps.ID, spawn: ps.SpawnFrame, first: f, blueprint: ps.Blueprint})
			}
			l := &ref.lives[i]
			l.pos, l.yaw = append(l.pos, ps.World.Location), append(l.yaw, ps.World.Rotation.Yaw)
		}
		for _, id := range lit {
			if _, done := ref.lights[id]; !done && byID[id] != nil {
				ref.lights[id] = LightPose{Pos: byID[id].World.Location, Yaw: byID[id].World.Rotation.Yaw}
			}
		}
		lit = lit[:0]
		for i, e := range evs {
			if e.Frame == f && (e.Kind == scene.EventCollision || e.Kind == scene.EventBlocked) && byID[e.Actor] != nil {
				ps := byID[e.Actor]
				ref.spots[i] = Spot{Location: ps.World.Location, Blueprint: ps.Blueprint, Found: true}
			}
		}
		f++
	}
	return ref
}

// samples are a life's samples the plain way: velocities as StateAt
// gives them (from the frame after, else the one before, never across a
// teleport), places from Locate at the stored (float32) position.
func (l *refLife) samples(times []float64, m Map) []sample {
	out := make([]sample, len(l.pos))
	for k := range l.pos {
		f := l.first + k
		var vel mgl64.Vec3
		fwd := false
		if k+1 < len(l.pos) {
			d, dt := l.pos[k+1].Sub(l.pos[k]), times[f+1]-times[f]
			if dt > 0 && !isTeleport(d.Dot(d), dt) {
				vel, fwd = d.Mul(1/dt), true
			}
		}
		if !fwd && k > 0 && f > 0 {
			d, dt := l.pos[k].Sub(l.pos[k-1]), times[f]-times[f-1]
			if dt > 0 && !isTeleport(d.Dot(d), dt) {
				vel = d.Mul(1 / dt)
			}
		}
		s := rawSample(l.pos[k], vel, l.yaw[k])
		if m == nil {
			placeRaw(&s, nil)
		} else {
			loc := m.Locate(s.position()) // as stored: float32
			fix := loc.Fix()
			placeRaw(&s, &fix)
		}
		out[k] = s
	}
	return out
}

// matchReference fails t where a differs from the plain way's ref.
func matchReference(t *testing.T, a *Association, ref reference, m Map) {
	t.Helper()
	if len(a.Tracks) != len(ref.lives) {
		t.Fatalf("%d tracks, the plain way %d", len(a.Tracks), len(ref.lives))
	}
	for i := range ref.lives {
		l, tr := &ref.lives[i], &a.Tracks[i]
		if tr.ID != l.id || tr.First != l.first || tr.Blueprint != l.blueprint || tr.Len() != len(l.pos) {
			t.Fatalf("track %d: id %d first %d %q, %d samples; the plain way: %d %d %q, %d",
				i, tr.ID, tr.First, tr.Blueprint, tr.Len(), l.id, l.first, l.blueprint, len(l.pos))
		}
		for k, want := range l.samples(a.Times, m) {
			if tr.s[k] != want {
				t.Fatalf("track %d (id %d) sample %d: %+v, the plain way %+v", i, tr.ID, k, tr.s[k], want)
			}
		}
	}
	for i, s := range ref.spots {
		if a.Spots[i] != s {
			t.Errorf("spot %d: %+v, the plain way %+v", i, a.Spots[i], s)
		}
	}
	if len(a.Lights) != len(ref.lights) {
		t.Errorf("%d lights, the plain way %d", len(a.Lights), len(ref.lights))
	}
	for _, l := range a.Lights {
		if p, ok := ref.lights[l.ID]; ok != l.placed || p.Pos != l.Pos || p.Yaw != l.Yaw {
			t.Errorf("light %d at %v yaw %v (placed %v), the plain way %+v (%v)", l.ID, l.Pos, l.Yaw, l.placed, p, ok)
		}
	}
}

func TestAssociateMatchesReference(t *testing.T) {
	check := func(t *testing.T, rec *scene.Recording, m Map) {
		a, err := Associate(context.Background(), rec, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.Samples() < 100 {
			t.Fatalf("only %d samples", a.Samples())
		}
		matchReference(t, a, plainPass(t, rec), m)
	}
	t.Run("scripted", func(t *testing.T) {
		_, m, _, rec := scripted(t)
		check(t, rec, m)
		check(t, rec, nil)
	})
	t.Run("demo", func(t *testing.T) {
		bm, lb, err := demoBuild(0.5)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := scene.Open(bytes.NewReader(lb), int64(len(lb)), nil)
		if err != nil {
			t.Fatal(err)
		}
		check(t, rec, NewBAI(scene.NewMap(bm)))
	})
	for _, name := range []string{"carla-0.9.10-town01-lanecenter.log", "carla-0.9.13-town01-lanecenter.log"} {
		t.Run(name, func(t *testing.T) {
			_, m := town01Map(t)
			data := readCarla(t, name)
			rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
			if err != nil {
				t.Fatal(err)
			}
			check(t, rec, m)
		})
	}
}
