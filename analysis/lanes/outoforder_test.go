package lanes

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// kerbSign is a stop sign standing as the demo stands its made-up ones
// at entry e (sim/demo addMadeUpSigns): on the kerb 1.5 m right of the
// lanes, 2 m before the stop line, turned as a light actor is.
func kerbSign(id uint32, e Entry) drivetest.Sign {
	d := mgl64.Vec3{e.Dir[0], e.Dir[1], 0}
	right := mgl64.Vec3{e.Dir[1], -e.Dir[0], 0}
	return drivetest.Sign{ID: id, Blueprint: StopBlueprint, Pos: e.Outer.Add(right.Mul(1.5)).Sub(d.Mul(2)),
		Yaw: math.Atan2(e.Dir[1], e.Dir[0])*180/math.Pi - 90}
}

// blinking is a light out of order as the demo records one: yellow and
// off by turns, half a second each.
func blinking(t float64) recorder.LightState {
	if math.Mod(t, 1) < 0.5 {
		return recorder.LightYellow
	}
	return recorder.LightOff
}

// working is a light that works: green 4 s, yellow 2 s, red 4 s.
func working(t float64) recorder.LightState {
	switch u := math.Mod(t, 10); {
	case u < 4:
		return recorder.LightGreen
	case u < 6:
		return recorder.LightYellow
	}
	return recorder.LightRed
}

// TestEndSignsLightsOutOfOrder: on Town01, every junction entry of which
// has a light in the file, a recorded stop sign standing at a lit
// entry's kerb makes that entry a stop when the entry's recorded light
// is out of order the whole recording (blinking yellow and off, switched
// off, frozen on yellow), and does not when the light works (shows red
// or green at some time), is frozen on red, or no recorded actor shows
// the map's light (the file's light stands). No other entry is tied.
func TestEndSignsLightsOutOfOrder(t *testing.T) {
	_, o := town01Map(t)
	var e Entry
	for _, x := range o.Entries() {
		if o.End(x.Key.Road, x.Key.AtStart).HasLight {
			e = x
			break
		}
	}
	end := o.End(e.Key.Road, e.Key.AtStart)
	if !end.HasLight {
		t.Fatal("Town01 has no lit entry")
	}
	off := func(float64) recorder.LightState { return recorder.LightOff }
	for _, tt := range []struct {
		name  string
		state func(float64) recorder.LightState // nil: no light actor recorded
		tied  bool
	}{
		{"blinking yellow", blinking, true},
		{"switched off", off, true},
		{"frozen on yellow", func(float64) recorder.LightState { return recorder.LightYellow }, true},
		{"working", working, false},
		{"green only at the end", func(t float64) recorder.LightState {
			if t > 11 {
				return recorder.LightGreen
			}
			return recorder.LightOff
		}, false},
		{"frozen on red", func(float64) recorder.LightState { return recorder.LightRed }, false},
		{"no light actor", nil, false},
	} {
		s := drivetest.Script{Hz: 10, Seconds: 12, Signs: []drivetest.Sign{kerbSign(900, e)}}
		if tt.state != nil {
			s.Lights = []drivetest.Light{{ID: 800, Pos: end.Light, State: tt.state}}
		}
		data := s.Bytes()
		_, a := openAssociated(t, data, o)
		if i, ok := a.EndLights()[e.Key]; tt.state != nil && (!ok || a.Lights[i].ID != 800) {
			t.Fatalf("%s: the light actor does not show the entry's light", tt.name)
		}
		ends := a.EndSigns()
		i, ok := ends[e.Key]
		if ok != tt.tied || ok && a.Signs[i].ID != 900 || len(ends) > 1 || !tt.tied && len(ends) != 0 {
			t.Errorf("%s: the recorded sign governs %v; want road %d %s tied: %v", tt.name, ends, e.Key.Road, endWord(e.Key.AtStart), tt.tied)
		}
	}
}

// TestOutOfOrder: a light is out of order when it has recorded states
// and none is red or green; one with no state is not known to be.
func TestOutOfOrder(t *testing.T) {
	for _, tt := range []struct {
		name   string
		states []recorder.LightState
		want   bool
	}{
		{"no state", nil, false},
		{"off", []recorder.LightState{recorder.LightOff}, true},
		{"blinking", []recorder.LightState{recorder.LightYellow, recorder.LightOff, recorder.LightYellow}, true},
		{"unknown", []recorder.LightState{recorder.LightUnknown}, true},
		{"red once", []recorder.LightState{recorder.LightOff, recorder.LightRed, recorder.LightOff}, false},
		{"green once", []recorder.LightState{recorder.LightYellow, recorder.LightGreen}, false},
	} {
		var l LightTrack
		for i, s := range tt.states {
			l.changes = append(l.changes, lightChange{t: float64(i), state: s})
		}
		if got := l.OutOfOrder(); got != tt.want {
			t.Errorf("%s: out of order %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestRealLightsWork: in the real recordings on Town01 (CARLA 0.9.10 and
// 0.9.13), whose lights work, every light actor showing a map's light is
// in order, and a stop sign standing at the kerb of every lit entry, as
// the demo stands its temporary ones, is tied to none: a recording whose
// lights work has no stop tied to a lit entry.
func TestRealLightsWork(t *testing.T) {
	_, o := town01Map(t)
	for _, name := range []string{"carla-0.9.10-town01-lanecenter.log", "carla-0.9.13-town01-lanecenter.log"} {
		_, a := town01Assoc(t, o, name)
		lit := a.EndLights()
		if len(lit) == 0 {
			t.Fatalf("%s: no light actor shows a map light", name)
		}
		for k, i := range lit {
			if a.Lights[i].OutOfOrder() {
				t.Errorf("%s: light %d of road %d %s out of order", name, a.Lights[i].ID, k.Road, endWord(k.AtStart))
			}
		}
		a.Signs = nil
		for _, e := range o.Entries() {
			if o.End(e.Key.Road, e.Key.AtStart).HasLight {
				sg := kerbSign(uint32(90000+len(a.Signs)), e)
				a.Signs = append(a.Signs, SignTrack{ID: sg.ID, Pos: sg.Pos, Yaw: sg.Yaw, placed: true})
			}
		}
		if ends := a.EndSigns(); len(ends) != 0 || len(a.Signs) == 0 {
			t.Errorf("%s: %d signs at lit entries, %d tied; want none tied", name, len(a.Signs), len(ends))
		}
	}
}
