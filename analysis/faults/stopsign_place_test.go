package faults

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// stopper is where a car that comes to a full stop before a stop line
// is at time t, along the approach (centre from the line, metres, +
// past it): stopperAt 3.5 m before the line (its front 1.25 m before it).
var stopper = stopperAt(-3.5)

// stopperAt is a car that drives at 8 m/s from 40 m out, brakes at
// 4 m/s² to stand with its centre at stand (m from the line, + past it)
// for 2 s, then pulls away at 3 m/s².
func stopperAt(stand float64) func(float64) float64 {
	const v, brake, pull, wait = 8.0, 4.0, 3.0, 2.0
	brakeAt := (stand - v*v/(2*brake) + 40) / v // when braking starts
	stopAt := brakeAt + v/brake
	return func(t float64) float64 {
		switch {
		case t < brakeAt:
			return -40 + v*t
		case t < stopAt:
			d := t - brakeAt
			return stand - v*v/(2*brake) + v*d - brake*d*d/2
		case t < stopAt+wait:
			return stand
		}
		d := t - stopAt - wait
		return stand + pull*d*d/2
	}
}

// TestStopSignByPlaceTown05 is stop-sign on CARLA's 2019 Town05, whose
// file has no signals, from a recorded stop sign actor (traffic.stop):
// at the first single-lane entry with a straight 40 m approach, a sign
// stands on the kerb at its right 2 m before the stop line, facing the
// traffic (turned as a light actor is). A car that drives through at
// 8 m/s runs it: one stop-sign fault at that entry; a car that stops
// before the line gets none. The same sign turned to face the other way,
// or standing 40 m before the line, governs no entry, and the car that
// drives through gets no fault.
func TestStopSignByPlaceTown05(t *testing.T) {
	m, e := town05Entry(t)
	dir, right, centre, heading := e.frame()
	kerb := e.Outer.Add(dir.Mul(-2)).Add(right.Mul(1.5))
	through := func(t float64) float64 { return -40 + 8*t }
	for _, tt := range []struct {
		name  string
		sign  drivetest.Sign
		along func(float64) float64
		tied  bool
		want  int
	}{
		{"runs the sign", drivetest.Sign{Pos: kerb, Yaw: heading - 90}, through, true, 1},
		{"stops at the sign", drivetest.Sign{Pos: kerb, Yaw: heading - 90}, stopper, true, 0},
		{"sign turned the other way", drivetest.Sign{Pos: kerb, Yaw: heading + 90}, through, false, 0},
		{"sign 40 m before the line", drivetest.Sign{Pos: kerb.Add(dir.Mul(-38)), Yaw: heading - 90}, through, false, 0},
		{"a speed limit sign there", drivetest.Sign{Blueprint: "traffic.speed_limit.30", Pos: kerb, Yaw: heading - 90}, through, false, 0},
	} {
		sg := tt.sign
		sg.ID = 950
		if sg.Blueprint == "" {
			sg.Blueprint = lanes.StopBlueprint
		}
		s := drivetest.Script{Hz: 20, Seconds: 12, Signs: []drivetest.Sign{sg},
			Vehicles: []drivetest.Vehicle{{ID: 7, Blueprint: "vehicle.tesla.model3", Pose: func(t float64) (mgl64.Vec3, float64, bool) {
				return centre.Add(dir.Mul(tt.along(t))), heading, true
			}}}}
		rec, a := associate(t, s.Bytes(), m)
		ends := a.EndSigns()
		i, ok := ends[e.Key]
		if ok != tt.tied || (ok && a.Signs[i].ID != 950) || (!tt.tied && len(ends) != 0) {
			t.Errorf("%s: the recorded signs govern %v, want the entry (road %d start %v): %v", tt.name, ends, e.Key.Road, e.Key.AtStart, tt.tied)
		}
		r := Find(a, rec.Events(), Defaults())
		if got := r.Count(StopSign); got != tt.want {
			t.Errorf("%s: %d stop-sign faults, want %d (%+v)", tt.name, got, tt.want, r.Faults)
		}
		for _, f := range r.Faults {
			if f.Kind == StopSign && (f.Actor != 7 || f.Location.Sub(e.Inner).Len() > 8) {
				t.Errorf("%s: stop-sign fault %+v, want actor 7 at the entry's line %v", tt.name, f, e.Inner)
			}
		}
	}
}
