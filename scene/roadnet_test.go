package scene

import (
	"bytes"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/format/recorder"
)

// TestOpenDRIVEAxes checks the stated relation: a recorded location
// (x, y) cm is OpenDRIVE's (x/100, -y/100), and a recorded yaw turns the
// other way round from an OpenDRIVE heading.
func TestOpenDRIVEAxes(t *testing.T) {
	for _, c := range []struct {
		rec recorder.Vec3
		od  opendrive.Vec3
	}{
		{recorder.Vec3{X: 33200, Y: 1300, Z: 20}, opendrive.Vec3{X: 332, Y: -13, Z: 0.2}},
		{recorder.Vec3{X: -150, Y: -20000, Z: 0}, opendrive.Vec3{X: -1.5, Y: 200, Z: 0}},
	} {
		if got, want := FromOpenDRIVE(c.od), FromUnreal(c.rec); !got.ApproxEqual(want) {
			t.Errorf("FromOpenDRIVE(%v) = %v, FromUnreal(%v) = %v", c.od, got, c.rec, want)
		}
	}
	for _, c := range []struct{ hdg, yaw float64 }{{0, 0}, {math.Pi / 2, 90}, {-math.Pi / 2, -90}, {3 * math.Pi / 2, -90}} {
		if got := FromOpenDRIVEHeading(c.hdg); math.Abs(got-c.yaw) > 1e-9 {
			t.Errorf("FromOpenDRIVEHeading(%v) = %v, want %v", c.hdg, got, c.yaw)
		}
	}
}

// TestTown01SignalsOnLights is the known-point test of the conversion:
// after the project's own conversions of both files, each of Town01's 36
// traffic-light signals stands within 0.5 m (on the ground) of a traffic
// light actor of the recording, and that actor faces 90 degrees
// clockwise of the signal's heading (RoadRunner's convention, see
// opendrive.Road.SignalPose).
func TestTown01SignalsOnLights(t *testing.T) {
	rn := town01Net(t)
	for _, name := range realFiles {
		data := readReal(t, name)
		rec, err := Open(bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			t.Fatal(err)
		}
		var st State
		if err := rec.StateAt(rec.Times()[len(rec.Times())/2], &st); err != nil {
			t.Fatal(err)
		}
		var lights []Actor
		for _, a := range st.Actors {
			if a.Kind == KindTrafficLight {
				lights = append(lights, a)
			}
		}
		n := 0
		for _, sg := range rn.Signals {
			if sg.Type != SignalTrafficLight {
				continue
			}
			n++
			best, bd := -1, math.Inf(1)
			for i, a := range lights {
				if d := a.World.Location.Vec2().Sub(sg.Pos.Vec2()).Len(); d < bd {
					best, bd = i, d
				}
			}
			if bd > 0.5 {
				t.Errorf("%s: signal %s at %v: nearest light actor %.2f m away", name, sg.ID, sg.Pos, bd)
				continue
			}
			if d := WrapDegrees(lights[best].World.Rotation.Yaw - (sg.Yaw - 90)); math.Abs(d) > 2 {
				t.Errorf("%s: signal %s yaw %.1f, its light actor %.1f: off by %.1f from the -90 degrees expected",
					name, sg.ID, sg.Yaw, lights[best].World.Rotation.Yaw, d)
			}
		}
		if n != 36 {
			t.Errorf("%d traffic-light signals, want 36", n)
		}
	}
}

func town01Net(t testing.TB) *RoadNet {
	t.Helper()
	m, err := opendrive.DecodeBytes(readReal(t, "Town01.xodr"))
	if err != nil {
		t.Fatal(err)
	}
	rn, err := NewRoadNet(m, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rn
}

// TestTown01RoadNet checks the network's shape against the file's
// counts: 122 roads, 12 junctions whose connecting roads are all listed,
// lanes indexed by their roads, bounds around the town.
func TestTown01RoadNet(t *testing.T) {
	rn := town01Net(t)
	if len(rn.Roads) != 122 || len(rn.Junctions) != 12 {
		t.Fatalf("%d roads, %d junctions; want 122, 12", len(rn.Roads), len(rn.Junctions))
	}
	inJ := 0
	for _, j := range rn.Junctions {
		inJ += len(j.Roads)
	}
	ordinary := 0
	for i, r := range rn.Roads {
		if r.Junction < 0 {
			ordinary++
		}
		for _, l := range r.Lanes {
			if rn.Lanes[l].Road != i {
				t.Fatalf("road %d lists lane %d of road %d", i, l, rn.Lanes[l].Road)
			}
		}
	}
	if inJ+ordinary != len(rn.Roads) {
		t.Errorf("%d connecting + %d ordinary roads, want %d", inJ, ordinary, len(rn.Roads))
	}
	lo, hi := rn.Bounds()
	if !(hi[0]-lo[0] > 300 && hi[1]-lo[1] > 300) || lo.ApproxEqual(mgl64.Vec3{}) {
		t.Errorf("bounds %v..%v: Town01 is some 400 m square", lo, hi)
	}
}
