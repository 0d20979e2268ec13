package demo

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// What the per-frame records say, checked against each other and against
// the motion the positions show: the traffic lights' cycle and times,
// the vehicles' controls, lights and kinematics, the walkers' speed.

// after is the state a light shows after each state: working lights
// cycle green, yellow, red; lights that do not work blink yellow.
var after = map[recorder.LightState]recorder.LightState{
	recorder.LightGreen: recorder.LightYellow, recorder.LightYellow: recorder.LightRed, recorder.LightRed: recorder.LightGreen}
var blinkAfter = map[recorder.LightState]recorder.LightState{
	recorder.LightYellow: recorder.LightOff, recorder.LightOff: recorder.LightYellow}

// TestLightCycle: every traffic light cycles green, yellow, red; its
// elapsed time counts up by the frame time and starts again at each
// change; and each state lasts as long as its TrafficLightTime says.
func TestLightCycle(t *testing.T) {
	_, _, rp, _ := defaultBuild(t)
	lights, spans := checkLights(t, rp)
	if lights < 10 || spans < 3*lights {
		t.Fatalf("%d lights, %d whole states seen", lights, spans)
	}
}

// checkLights checks every traffic light's states against its
// TrafficLightTime record: a working light (green and red times) cycles
// green, yellow, red for those times; one that does not work (yellow
// time only) blinks yellow and off, each for the yellow time. It returns
// how many lights and whole states it checked.
func checkLights(t *testing.T, rp *replay) (lights, spans int) {
	t.Helper()
	times := map[uint32]recorder.TrafficLightTime{}
	for _, tm := range rp.lightTimes {
		times[tm.ID] = tm
	}
	for _, a := range rp.actors {
		if a.add.Type != recorder.ActorTrafficLight {
			continue
		}
		lights++
		tm, ok := times[a.add.ID]
		if !ok {
			t.Fatalf("light %d has no TrafficLightTime", a.add.ID)
		}
		spans += checkLight(t, rp, a.add.ID, tm)
	}
	return lights, spans
}

// checkLight checks one light and returns how many whole states it saw.
func checkLight(t *testing.T, rp *replay, id uint32, tm recorder.TrafficLightTime) (spans int) {
	t.Helper()
	next, want := after, map[recorder.LightState]float32{
		recorder.LightGreen: tm.Green, recorder.LightYellow: tm.Yellow, recorder.LightRed: tm.Red}
	if tm.Green == 0 && tm.Red == 0 {
		next, want = blinkAfter, map[recorder.LightState]float32{recorder.LightYellow: tm.Yellow, recorder.LightOff: tm.Yellow}
	}
	start := -1 // frame the current state began in, -1 before the first change
	var prev recorder.TrafficLightState
	for fi := range rp.frames {
		cur, ok := byID(rp.frames[fi].lights, id, func(r *recorder.TrafficLightState) uint32 { return r.ID })
		if !ok {
			t.Fatalf("frame %d has no state for light %d", fi+1, id)
		}
		at := rp.frames[fi].start.Elapsed
		switch {
		case fi == 0:
		case cur.State == prev.State:
			if d := float64(cur.Elapsed - prev.Elapsed); math.Abs(d-1.0/frameRate) > 1e-4 {
				t.Fatalf("light %d at %.2f s: elapsed %g after %g in the same state", id, at, cur.Elapsed, prev.Elapsed)
			}
		case cur.State != next[prev.State] || cur.Elapsed < 0 || cur.Elapsed >= 1.0/frameRate:
			t.Fatalf("light %d at %.2f s: %v (elapsed %g) after %v", id, at, cur.State, cur.Elapsed, prev.State)
		default:
			if start >= 0 {
				// The state began elapsed(start) before frame start and
				// ended cur.Elapsed before frame fi.
				got := float64(fi-start)/frameRate - float64(cur.Elapsed) + float64(rp.lightElapsedAt(start, id))
				if math.Abs(got-float64(want[prev.State])) > 1e-3 {
					t.Fatalf("light %d: %v lasted %.3f s until %.2f s, its time says %g", id, prev.State, got, at, want[prev.State])
				}
				spans++
			}
			start = fi
		}
		prev = *cur
	}
	return spans
}

// lightElapsedAt returns light id's elapsed time in frame fi.
func (rp *replay) lightElapsedAt(fi int, id uint32) float32 {
	r, _ := byID(rp.frames[fi].lights, id, func(r *recorder.TrafficLightState) uint32 { return r.ID })
	return r.Elapsed
}

// TestVehicleControls: the animation and lights of every vehicle in
// every frame fit its motion: brake lights exactly while braking, never
// throttle and brake at once, gear 0 exactly when standing, steering to
// the side the vehicle turns, and blinkers on the side of every turn
// through an intersection, off when going straight on.
func TestVehicleControls(t *testing.T) {
	_, _, rp, m := defaultBuild(t)
	if braking := checkControls(t, rp); braking < 1000 {
		t.Fatalf("vehicles brake in only %d frames", braking)
	}
	if turns := checkBlinkers(t, rp, m); turns < 40 {
		t.Fatalf("only %d turns", turns)
	}
}

// checkControls checks every vehicle's animation and lights against its
// kinematics and returns in how many vehicle-frames a vehicle brakes.
func checkControls(t *testing.T, rp *replay) int {
	t.Helper()
	braking := 0
	for fi := range rp.frames {
		f := &rp.frames[fi]
		for _, an := range f.vanim {
			l, ok := byID(f.vlights, an.ID, func(r *recorder.VehicleLight) uint32 { return r.ID })
			k, ok2 := byID(f.kin, an.ID, func(r *recorder.Kinematics) uint32 { return r.ID })
			if !ok || !ok2 {
				t.Fatalf("frame %d: vehicle %d has animation but no light or kinematics record", fi+1, an.ID)
			}
			speed := scene.FromUnrealVelocity(k.Linear).Len()
			yawRate := scene.FromUnrealAngularVelocity(k.Angular)[2]
			switch {
			case (an.Brake > 0) != (l.Bits&recorder.LightBrake != 0):
				t.Fatalf("frame %d: vehicle %d brakes %g with lights %#x", fi+1, an.ID, an.Brake, l.Bits)
			case an.Brake > 0 && an.Throttle > 0:
				t.Fatalf("frame %d: vehicle %d: throttle %g and brake %g", fi+1, an.ID, an.Throttle, an.Brake)
			case (an.Gear == 0) != (speed < stopSpeed):
				t.Fatalf("frame %d: vehicle %d in gear %d at %.3f m/s", fi+1, an.ID, an.Gear, speed)
			case speed > 1 && math.Abs(yawRate) > 10 && (an.Steering > 0) == (yawRate > 0):
				t.Fatalf("frame %d: vehicle %d steers %g turning at %.1f deg/s (left positive)", fi+1, an.ID, an.Steering, yawRate)
			}
			if an.Brake > 0 {
				braking++
			}
		}
	}
	return braking
}

// checkBlinkers checks the blinkers through every passage of an
// intersection: on the turn's side for a turn of more than 50 degrees,
// from the last frame before the intersection and in every frame of it
// where the vehicle turns that way; none going straight on onto a road
// long enough that no next turn is signalled yet (hazard lights, both at
// once, aside). It returns how many turns it checked.
func checkBlinkers(t *testing.T, rp *replay, m *scene.Map) (turns int) {
	t.Helper()
	tracks := rp.tracks(m)
	for _, v := range visits(rp, m) {
		tr := tracks[v.veh]
		want := uint32(0)
		switch {
		case v.turn > 50:
			want = recorder.LightLeftBlinker
		case v.turn < -50:
			want = recorder.LightRightBlinker
		case math.Abs(v.turn) > 20:
			continue // a bend: either is fine
		}
		if want == 0 {
			if to := &m.Roads[tr[v.p.in].at.road]; to.Distance[len(to.Distance)-1] < 60 {
				continue
			}
		} else {
			turns++
		}
		for k := v.p.out; k < v.p.in; k++ {
			f := &rp.frames[tr[k].frame]
			l, _ := byID(f.vlights, v.veh, func(r *recorder.VehicleLight) uint32 { return r.ID })
			kin, _ := byID(f.kin, v.veh, func(r *recorder.Kinematics) uint32 { return r.ID })
			bl := l.Bits & (recorder.LightLeftBlinker | recorder.LightRightBlinker)
			w := scene.FromUnrealAngularVelocity(kin.Angular)[2]
			nf := &rp.frames[tr[k+1].frame]
			nk, _ := byID(nf.kin, v.veh, func(r *recorder.Kinematics) uint32 { return r.ID })
			w = minAbs(w, scene.FromUnrealAngularVelocity(nk.Angular)[2]) // turning into and out of frame k
			turning := want == recorder.LightLeftBlinker && w > 5 || want == recorder.LightRightBlinker && w < -5
			if bl == recorder.LightLeftBlinker|recorder.LightRightBlinker || want != 0 && k != v.p.out && !turning {
				continue // hazard lights, or not turning now
			}
			if bl != want {
				t.Fatalf("frame %d: vehicle %d turning %.0f degrees (now %.1f deg/s) shows blinkers %#x", tr[k].frame+1, v.veh, v.turn, w, bl)
			}
		}
	}
	return turns
}

// TestKinematics: every vehicle's recorded velocity and yaw rate are
// those its positions show, and it takes turns slowly enough that the
// sideways acceleration stays under 3 m/s^2; every walker's recorded
// speed and velocity are its own motion.
func TestKinematics(t *testing.T) {
	_, _, rp, _ := defaultBuild(t)
	checkKinematics(t, rp)
}

// checkKinematics checks the kinematics and walker animation records
// against the positions.
func checkKinematics(t *testing.T, rp *replay) {
	t.Helper()
	crashAt, pair := crashOf(rp)
	const dt = 1.0 / frameRate
	worstLat := 0.0
	for fi := 1; fi < len(rp.frames); fi++ {
		f, g := &rp.frames[fi], &rp.frames[fi-1]
		for _, k := range f.kin {
			s, ok1 := f.pose(k.ID)
			p, ok2 := g.pose(k.ID)
			kp, ok3 := byID(g.kin, k.ID, func(r *recorder.Kinematics) uint32 { return r.ID })
			if !ok1 {
				t.Fatalf("frame %d: actor %d has kinematics but no position", fi+1, k.ID)
			}
			if !ok2 || !ok3 {
				continue // added in this frame
			}
			vel := scene.FromUnrealVelocity(k.Linear)
			moved := s.loc.Sub(p.loc).Mul(1 / dt)
			if rp.actors[k.ID].add.Type == recorder.ActorWalker {
				w, _ := byID(f.wanim, k.ID, func(r *recorder.WalkerAnimation) uint32 { return r.ID })
				// Positions are float32 centimetres: a few hundredths of
				// a millimetre each, over 50 ms.
				if vel.Sub(moved).Len() > 5e-3 || math.Abs(scene.FromUnrealSpeed(w.Speed)-moved.Len()) > 5e-3 {
					t.Fatalf("frame %d: walker %d moves at %v, records velocity %v and speed %g", fi+1, k.ID, moved, vel, scene.FromUnrealSpeed(w.Speed))
				}
				continue
			}
			if (k.ID == pair[0] || k.ID == pair[1]) && math.Abs(f.start.Elapsed-crashAt) < 0.2 {
				continue // the crash stops both at once
			}
			// Over a step at steady acceleration the mean speed is the
			// mean of the two ends', and along a polyline the way moved
			// lies between the directions at the two ends.
			was := scene.FromUnrealVelocity(kp.Linear)
			speedSlack, angleSlack := 0.03, 0.5 // m/s, degrees
			if rp.isRogue(k.ID) {
				speedSlack, angleSlack = 0.1, 2 // its smooth sideways steps curve more than a path's corners
			}
			// A step round a corner of the path is a little shorter.
			if d := moved.Len() - (vel.Len()+was.Len())/2; math.Abs(d) > speedSlack {
				t.Fatalf("frame %d: vehicle %d moved at %.3f m/s, but records %.3f and %.3f m/s", fi+1, k.ID, moved.Len(), was.Len(), vel.Len())
			}
			if moved.Len() > 0.5 && !between(heading(moved), heading(was), heading(vel), angleSlack) {
				t.Fatalf("frame %d: vehicle %d moved towards %.2f degrees, but records velocities towards %.2f and %.2f degrees",
					fi+1, k.ID, heading(moved), heading(was), heading(vel))
			}
			turn := math.Mod(s.rot.Yaw-p.rot.Yaw+540, 360) - 180
			w := scene.FromUnrealAngularVelocity(k.Angular)[2]
			if math.Abs(w-turn/dt) > 0.05 {
				t.Fatalf("frame %d: vehicle %d turned %.3f degrees, records %.3f deg/s", fi+1, k.ID, turn, w)
			}
			lat := vel.Len() * w * math.Pi / 180
			if rp.isRogue(k.ID) {
				continue // its swerves are not a driver's turns
			}
			worstLat = max(worstLat, math.Abs(lat))
			if math.Abs(lat) > 3 {
				t.Fatalf("frame %d: vehicle %d turns at %.1f m/s and %.1f deg/s: %.2f m/s^2 sideways", fi+1, k.ID, vel.Len(), w, lat)
			}
		}
	}
	t.Logf("largest sideways acceleration %.2f m/s^2", worstLat)
}

// minAbs returns whichever of a and b is nearer zero if they have the
// same sign, else 0: how fast a vehicle turns across two steps, counting
// only a turn the same way in both.
func minAbs(a, b float64) float64 {
	switch {
	case a*b <= 0:
		return 0
	case math.Abs(a) < math.Abs(b):
		return a
	}
	return b
}

// heading returns the ground direction of v in degrees.
func heading(v mgl64.Vec3) float64 { return math.Atan2(v[1], v[0]) * 180 / math.Pi }

// between reports whether direction x lies in the smaller angle between
// directions a and b, give or take slack degrees.
func between(x, a, b, slack float64) bool {
	wrap := func(d float64) float64 { return math.Mod(d+540, 360) - 180 }
	span, off := wrap(b-a), wrap(x-a)
	if span < 0 {
		span, off = -span, -off
	}
	return off >= -slack && off <= span+slack
}

// crashOf returns the time and the two vehicles of the first collision
// (+Inf if none).
func crashOf(rp *replay) (float64, [2]uint32) {
	for _, f := range rp.frames {
		if len(f.collisions) > 0 {
			return f.start.Elapsed, [2]uint32{f.collisions[0].Actor1, f.collisions[0].Actor2}
		}
	}
	return math.Inf(1), [2]uint32{}
}
