package scene

import (
	"bytes"
	"io"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/testrec"
)

// TestPoses: a pass with FrameReader and Poses sees every frame's actors
// as StateAt shows them at the frame's time, and Movers the same.
func TestPoses(t *testing.T) {
	for name, data := range map[string][]byte{"testrec": testrec.Bytes(80),
		"gen": genBytes(t, genConfig{vehicles: 8, walkers: 3, lights: 2, frames: 120, hz: 20, seed: 5, churn: true, sensors: true})} {
		t.Run(name, func(t *testing.T) { testPoses(t, data) })
	}
}

func testPoses(t *testing.T, data []byte) {
	rec, err := Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var poses []Pose
	var movers []Mover
	var st State
	frames := 0
	replay(t, rec, []recorder.PacketID{recorder.IDVehicleAnimation, recorder.IDKinematics}, func(w *World) {
		poses = w.Poses(poses, nil)
		if err := rec.StateAt(rec.Times()[w.Frame()], &st); err != nil {
			t.Fatal(err)
		}
		if len(poses) != len(st.Actors) {
			t.Fatalf("frame %d: %d poses, %d actors", w.Frame(), len(poses), len(st.Actors))
		}
		for i, ps := range poses {
			a := &st.Actors[i]
			if ps.ID != a.ID || ps.Kind != a.Kind || ps.Blueprint != a.Blueprint || ps.SpawnFrame != a.SpawnFrame ||
				ps.World != a.World || ps.Box != a.Box || ps.HasLight != (a.TrafficLight != nil) ||
				ps.HasLight && ps.Light != a.TrafficLight.State {
				t.Fatalf("frame %d: pose %+v, actor %+v", w.Frame(), ps, a)
			}
		}
		isVehicle := func(k Kind) bool { return k.IsVehicle() }
		movers = w.Vehicles(movers)
		vehicles := w.Poses(poses[:0], isVehicle)
		if len(movers) != len(vehicles) {
			t.Fatalf("frame %d: %d movers, %d vehicles", w.Frame(), len(movers), len(vehicles))
		}
		for i, ps := range vehicles {
			m := &movers[i]
			if !ps.Kind.IsVehicle() {
				t.Fatalf("the filter let %v through", ps.Kind)
			}
			if m.ID != ps.ID || m.SpawnFrame != ps.SpawnFrame || m.Location != ps.World.Location ||
				m.Yaw != ps.World.Rotation.Yaw || m.Kind() != ps.Kind || m.Blueprint() != ps.Blueprint || m.Box() != ps.Box {
				t.Fatalf("frame %d: mover %+v, pose %+v", w.Frame(), m, ps)
			}
		}
		poses = vehicles
		frames++
	})
	if frames != len(rec.Frames()) {
		t.Errorf("%d frames read of %d", frames, len(rec.Frames()))
	}
}

// replay applies every frame of rec to a new World, skimming the given
// packets, and calls frame after each.
func replay(t *testing.T, rec *Recording, skim []recorder.PacketID, frame func(w *World)) {
	t.Helper()
	rd := rec.FrameReader(0, len(rec.Frames())-1)
	rd.Skim(skim...)
	w := NewWorld()
	for {
		p, err := rd.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		w.Apply(p)
		if p.ID() == recorder.IDFrameEnd {
			frame(w)
		}
	}
}

// TestFilterPositions: a World that applies only the vehicles' records
// and their parent's shows the vehicles where an unfiltered World does,
// the one attached to a moving prop included; the prop's own pose is
// right only when the filter keeps it, and a walker's pose goes stale.
func TestFilterPositions(t *testing.T) {
	frames := [][]recorder.Packet{
		{&recorder.EventAdd{Actors: []recorder.ActorAdd{
			addActor(1, 1, "vehicle.audi.tt", recorder.Vec3{X: 1000}, recorder.Vec3{}),
			addActor(2, 4, "static.prop.trailer", recorder.Vec3{Y: 500}, recorder.Vec3{}),
			addActor(3, 1, "vehicle.tesla.model3", recorder.Vec3{X: 200}, recorder.Vec3{}),
			addActor(4, 2, "walker.pedestrian.0001", recorder.Vec3{Y: -300}, recorder.Vec3{}),
		}},
			&recorder.EventParent{Links: []recorder.ParentLink{{Child: 3, Parent: 2}}},
			&recorder.Positions{Records: []recorder.Position{pos(1, 1000, 0, 0, 0), pos(2, 0, 500, 0, 0), pos(4, 0, -300, 0, 0)}}},
		{&recorder.Positions{Records: []recorder.Position{pos(1, 1100, 0, 0, 10), pos(2, 50, 600, 0, 90), pos(4, 20, -300, 0, 0)}}},
		{&recorder.Positions{Records: []recorder.Position{pos(1, 1200, 0, 0, 20), pos(2, 100, 700, 0, 90), pos(4, 40, -300, 0, 0)}}},
	}
	vehicles := func(_ uint32, k Kind) bool { return k.IsVehicle() }
	for _, tc := range []struct {
		name       string
		keep       func(uint32, Kind) bool
		childRight bool
	}{
		{"vehicles and the parent", func(id uint32, k Kind) bool { return k.IsVehicle() || id == 2 }, true},
		{"vehicles only", vehicles, false},
	} {
		all, some := NewWorld(), NewWorld()
		some.FilterPositions(tc.keep)
		var pa, ps []Pose
		for i, f := range frames {
			applyFrame(all, uint64(i+1), 0.05*float64(i), f...)
			applyFrame(some, uint64(i+1), 0.05*float64(i), f...)
		}
		pa, ps = all.Poses(pa, nil), some.Poses(ps, nil)
		for i := range pa {
			a, s := &pa[i], &ps[i]
			same := a.World == s.World
			switch {
			case a.ID == 1 && !same:
				t.Errorf("%s: vehicle 1 at %v, want %v", tc.name, s.World.Location, a.World.Location)
			case a.ID == 3 && same != tc.childRight:
				t.Errorf("%s: attached vehicle at %v (unfiltered %v), right %v, want %v", tc.name, s.World.Location, a.World.Location, same, tc.childRight)
			case a.ID == 4 && same:
				t.Errorf("%s: the walker moved though its records were filtered out", tc.name)
			}
		}
	}
}

// TestSkipDistances: a World that skips the distances places its actors
// as one that does not, and its States say they travelled nothing.
func TestSkipDistances(t *testing.T) {
	frames := [][]recorder.Packet{
		{&recorder.EventAdd{Actors: []recorder.ActorAdd{
			addActor(1, 1, "vehicle.audi.tt", recorder.Vec3{X: 1000}, recorder.Vec3{}),
			addActor(2, 2, "walker.pedestrian.0001", recorder.Vec3{Y: -300}, recorder.Vec3{}),
		}},
			&recorder.Positions{Records: []recorder.Position{pos(1, 1000, 0, 0, 0), pos(2, 0, -300, 0, 0)}}},
		{&recorder.Positions{Records: []recorder.Position{pos(1, 1100, 0, 0, 10), pos(2, 20, -300, 0, 0)}}},
		{&recorder.Positions{Records: []recorder.Position{pos(1, 1200, 0, 0, 20), pos(2, 40, -300, 0, 0)}}},
	}
	all, some := NewWorld(), NewWorld()
	some.SkipDistances()
	for i, f := range frames {
		applyFrame(all, uint64(i+1), 0.05*float64(i), f...)
		applyFrame(some, uint64(i+1), 0.05*float64(i), f...)
	}
	pa, ps := all.Poses(nil, nil), some.Poses(nil, nil)
	if len(pa) != 2 || len(ps) != len(pa) {
		t.Fatalf("%d and %d poses, want 2", len(pa), len(ps))
	}
	for i := range pa {
		if pa[i] != ps[i] {
			t.Errorf("pose %+v, want %+v", ps[i], pa[i])
		}
	}
	var sa, ss State
	all.State(&sa)
	some.State(&ss)
	for i := range sa.Actors {
		if sa.Actors[i].Distance == 0 || ss.Actors[i].Distance != 0 {
			t.Errorf("actor %d: distance %g skipped, %g measured", sa.Actors[i].ID, ss.Actors[i].Distance, sa.Actors[i].Distance)
		}
	}
}
