package leaderboard

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// builtinTown decodes one of CARLA's towns built into the viewer
// (analysis/towns): a test on it never skips.
func builtinTown(t *testing.T, name string) (*lanes.OpenDRIVE, *scene.RoadNet) {
	t.Helper()
	b, err := towns.BuiltinData(name)
	if err != nil {
		t.Fatal(err)
	}
	od, err := opendrive.DecodeBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	rn, err := scene.NewRoadNet(od, 0)
	if err != nil {
		t.Fatal(err)
	}
	return lanes.NewOpenDRIVE(rn), rn
}

// straightEntry finds a junction entry of o that want accepts, with one
// driving lane running straight for 40 m before its end: the hero drives
// along that lane's centre.
func straightEntry(o *lanes.OpenDRIVE, want func(lanes.EndKey) bool) (lanes.Entry, lanes.EntryLane, bool) {
	for _, e := range o.Entries() {
		ls := o.EntryLanes(e.Key)
		if len(ls) != 1 || !want(e.Key) {
			continue
		}
		ok := true
		for back := 2.0; ok && back <= 40; back += 2 {
			loc := o.Locate(ls[0].Point.Add(ls[0].Dir.Mul(-back)))
			ok = loc.Place == lanes.OnRoad && loc.Road == e.Key.Road && loc.HasLane && loc.Lane.Lane == ls[0].Lane && loc.Lane.Dist < 0.3
		}
		if ok {
			return e, ls[0], true
		}
	}
	return lanes.Entry{}, lanes.EntryLane{}, false
}

// approach is the hero's place along the lane at time t (metres from
// the lane's end, + past it): at 8 m/s from 40 m out, or, when creep is
// not negative, creeping at creep m/s for 2 s from 3 m before the end
// (within the criterion's 4 m) and then on at 8 m/s.
func approach(creep float64) func(float64) float64 {
	const v, from, at = 8.0, -40.0, -3.0
	t1 := (at - from) / v
	return func(t float64) float64 {
		switch {
		case creep < 0 || t < t1:
			return from + v*t
		case t < t1+2:
			return at + creep*(t-t1)
		}
		return at + 2*creep + v*(t-t1-2)
	}
}

// judgeApproach judges a hero driving along l by along, on o with the
// recorded signs.
func judgeApproach(t *testing.T, o *lanes.OpenDRIVE, l lanes.EntryLane, along func(float64) float64, signs []drivetest.Sign) *Result {
	t.Helper()
	yaw := mgl64.RadToDeg(math.Atan2(l.Dir[1], l.Dir[0]))
	v := drivetest.Vehicle{ID: hero, Blueprint: "vehicle.tesla.model3", Role: "hero",
		Pose: func(tm float64) (mgl64.Vec3, float64, bool) { return l.Point.Add(l.Dir.Mul(along(tm))), yaw, true }}
	return run(t, o, drivetest.Script{Hz: 20, Seconds: 9, Vehicles: []drivetest.Vehicle{v}, Signs: signs}, Options{})
}

// TestStopSignTown05 is RunningStopTest on CARLA's 2019 Town05, whose
// file has no signals: its stops are the recorded traffic.stop actors.
// At a single-lane entry with a straight approach a sign stands on the
// kerb 2 m before the line, facing the traffic (turned as a light actor
// is, 90 degrees clockwise of the traffic's way). A hero that drives
// through at 8 m/s runs it (stop_infraction, naming the sign); one that
// creeps at 0.09 m/s 3 m before the line has stopped; at 0.11 m/s it
// has not. The same sign turned to face the other way governs no entry
// and the hero that drives through it gets nothing.
func TestStopSignTown05(t *testing.T) {
	o, rn := builtinTown(t, "Town05")
	if len(rn.Signals) != 0 {
		t.Fatalf("the built-in Town05 has %d signals, want the 2019 edition's none", len(rn.Signals))
	}
	free := func(k lanes.EndKey) bool {
		e := o.End(k.Road, k.AtStart)
		return e.Rule == lanes.RuleNone && !e.HasLight
	}
	e, l, ok := straightEntry(o, free)
	if !ok {
		t.Fatal("no single-lane entry with a straight approach")
	}
	heading := mgl64.RadToDeg(math.Atan2(l.Dir[1], l.Dir[0]))
	right := mgl64.Vec3{l.Dir[1], -l.Dir[0], 0}
	kerb := e.Outer.Add(l.Dir.Mul(-2)).Add(right.Mul(1.5))
	for _, tt := range []struct {
		name   string
		yaw    float64
		creep  float64
		placed int
		want   int
	}{
		{"drives through", heading - 90, -1, 1, 1},
		{"creeps at 0.09 m/s", heading - 90, 0.09, 1, 0},
		{"creeps at 0.11 m/s", heading - 90, 0.11, 1, 1},
		{"sign facing the other traffic", heading + 90, -1, 0, 0},
	} {
		r := judgeApproach(t, o, l, approach(tt.creep), []drivetest.Sign{{ID: 950, Blueprint: lanes.StopBlueprint, Pos: kerb, Yaw: tt.yaw}})
		if r.StopsByPlace != tt.placed || r.StopsBySignal != 0 {
			t.Errorf("%s: %d stops by place, %d by signal; want %d and 0", tt.name, r.StopsByPlace, r.StopsBySignal, tt.placed)
		}
		if got := r.Count(StopInfraction); got != tt.want || len(r.Infractions) != tt.want {
			t.Errorf("%s: %d stop infractions of %d, want %d: %+v", tt.name, got, len(r.Infractions), tt.want, r.Infractions)
		}
		for _, f := range r.Infractions {
			if f.Kind == StopInfraction && (f.Other != 950 || !strings.HasPrefix(f.Message, "Agent ran a stop with id=950 at ")) {
				t.Errorf("%s: %+v, want the message naming sign 950", tt.name, f)
			}
		}
	}
}

// signalSigns stands a recorded stop sign actor at each of the map's
// stop signals, as CARLA (and the demo) spawns them: at the signal,
// turned as a light actor is (lanes.SignalLight). Their ids are 500 on.
func signalSigns(rn *scene.RoadNet) []drivetest.Sign {
	var out []drivetest.Sign
	for i := range rn.Signals {
		if sg := &rn.Signals[i]; sg.Type == scene.SignalStop {
			p := lanes.SignalLight(sg)
			out = append(out, drivetest.Sign{ID: uint32(500 + len(out)), Blueprint: lanes.StopBlueprint, Pos: p.Pos, Yaw: p.Yaw})
		}
	}
	return out
}

// TestStopSignsAtSignals: on the towns whose files have stop signals
// (Town07, Town10HD), the recorded sign actors standing at the signals
// are the file's: they make no stop by place, and the place rule of
// analysis/lanes names by its actor nearly every stop the signals make
// (at least 90%), with a sign standing within 15 m of the stop line.
func TestStopSignsAtSignals(t *testing.T) {
	for _, name := range []string{"Town07", "Town10HD"} {
		o, rn := builtinTown(t, name)
		signs := signalSigns(rn)
		data := drivetest.Script{Hz: 10, Seconds: 1, Signs: signs}.Bytes()
		rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			t.Fatal(err)
		}
		a, err := lanes.Associate(context.Background(), rec, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		ends := stopEnds(a, o)
		named := 0
		for _, e := range ends {
			if e.place {
				t.Errorf("%s: road %d: a stop by place of sign %d, which stands at the file's signal", name, o.RoadID(e.key.Road), e.actor)
			}
			if e.actor == 0 {
				continue
			}
			named++
			if d := ground(e.where.Sub(middle(e.lanes))); e.actor < 500 || int(e.actor) >= 500+len(signs) || d > 15+3.5*float64(len(e.lanes)) {
				t.Errorf("%s: road %d named by actor %d standing %.1f m from its line", name, o.RoadID(e.key.Road), e.actor, d)
			}
		}
		t.Logf("%s: %d stop signs, %d stops by the signals, %d named by a sign actor", name, len(signs), len(ends), named)
		if len(ends) == 0 || named*10 < len(ends)*9 {
			t.Errorf("%s: %d of %d stops named by a sign actor, want 90%%", name, named, len(ends))
		}
	}
}

// TestStopSignTown10HD is RunningStopTest at a stop sign of Town10HD's
// own file, its actor recorded where CARLA spawns it: a hero that
// drives through runs it (stop_infraction, naming the actor), one that
// creeps at 0.09 m/s 3 m before the line does not.
func TestStopSignTown10HD(t *testing.T) {
	o, rn := builtinTown(t, "Town10HD")
	signs := signalSigns(rn)
	stop := func(k lanes.EndKey) bool { return o.End(k.Road, k.AtStart).Rule == lanes.RuleStopSign }
	_, l, ok := straightEntry(o, stop)
	if !ok {
		t.Fatal("no single-lane stop entry with a straight approach on Town10HD")
	}
	for _, tt := range []struct {
		name  string
		creep float64
		want  int
	}{{"drives through", -1, 1}, {"creeps at 0.09 m/s", 0.09, 0}} {
		r := judgeApproach(t, o, l, approach(tt.creep), signs)
		if r.StopsBySignal == 0 || r.StopsByPlace != 0 {
			t.Errorf("%s: %d stops by signal, %d by place; want some and 0", tt.name, r.StopsBySignal, r.StopsByPlace)
		}
		if got := r.Count(StopInfraction); got != tt.want || len(r.Infractions) != tt.want {
			t.Errorf("%s: %d stop infractions of %d, want %d: %+v", tt.name, got, len(r.Infractions), tt.want, r.Infractions)
		}
		for _, f := range r.Infractions {
			if f.Kind == StopInfraction && (f.Other < 500 || int(f.Other) >= 500+len(signs) || !strings.HasPrefix(f.Message, fmt.Sprintf("Agent ran a stop with id=%d at ", f.Other))) {
				t.Errorf("%s: %+v, want the message naming a recorded sign", tt.name, f)
			}
		}
	}
}
