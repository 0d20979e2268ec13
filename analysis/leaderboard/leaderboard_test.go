package leaderboard

import (
	"bytes"
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// The tests drive on drivetest's crossing: road 1's eastbound lane (3.5 m
// wide, centred on y = -1.75) runs from x = 0 into the junction at
// x = 100, and road 3 goes on from x = 120.

const hero = 7

// laneY is the eastbound lane's centre.
const laneY = -1.75

// run writes the script, opens it, associates it with m and judges the
// hero.
func run(t *testing.T, m lanes.Map, s drivetest.Script, opt Options) *Result {
	t.Helper()
	data := s.Bytes()
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := lanes.Associate(context.Background(), rec, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	opt.Hero = hero
	r, err := Judge(a, rec.Events(), opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// driver is the hero following x(t) along the lane.
func driver(x func(t float64) float64) drivetest.Vehicle {
	return drivetest.Vehicle{ID: hero, Blueprint: "vehicle.tesla.model3", Role: "hero",
		Pose: func(t float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{x(t), laneY, 0}, 0, true }}
}

// parked is another actor standing off the road.
func parked(id uint32, blueprint string) drivetest.Vehicle {
	return drivetest.Vehicle{ID: id, Blueprint: blueprint,
		Pose: func(float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{10, 40 + float64(id), 0}, 0, true }}
}

// TestCollisions follows CollisionTest: the same actor hit again 4 s
// later is the same collision, 6 s later a new one; a hit while the hero
// stands is not its fault, and is told as such (StandingCollisions); the
// kind follows the other's type.
func TestCollisions(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	moving := driver(func(t float64) float64 { return 10 + 8*t })
	standing := driver(func(t float64) float64 { return 10 + 8*max(t-3, 0) })
	for _, tt := range []struct {
		name  string
		hero  drivetest.Vehicle
		other string
		hits  []float64 // times of the hits of actor 8
		world bool      // the hits are of the world
		want  Kind
		n     int
		swap  bool      // recorded with the other actor first
		stood []float64 // StandingCollisions
	}{
		{"again 4 s later: the same", moving, "vehicle.audi.a2", []float64{2, 6}, false, CollisionVehicle, 1, false, nil},
		{"again 6 s later: a new one", moving, "vehicle.audi.a2", []float64{2, 8}, false, CollisionVehicle, 2, false, nil},
		{"while the hero stands: none", standing, "vehicle.audi.a2", []float64{1}, false, CollisionVehicle, 0, false, []float64{1}},
		{"after it starts: one", standing, "vehicle.audi.a2", []float64{5}, false, CollisionVehicle, 1, false, nil},
		{"stands, then hit again moving: one", standing, "vehicle.audi.a2", []float64{1, 5}, false, CollisionVehicle, 1, false, []float64{1}},
		{"a walker", moving, "walker.pedestrian.0001", []float64{2}, false, CollisionPedestrian, 1, false, nil},
		{"a prop", moving, "static.prop.streetbarrier", []float64{2}, false, CollisionLayout, 1, false, nil},
		{"the world", moving, "", []float64{2, 4}, true, CollisionLayout, 2, false, nil},
		{"recorded the other way round", moving, "vehicle.audi.a2", []float64{2, 8}, false, CollisionVehicle, 2, true, nil},
	} {
		s := drivetest.Script{Hz: 20, Seconds: 10, Vehicles: []drivetest.Vehicle{tt.hero}}
		other := uint32(8)
		if tt.world {
			other = World
		} else {
			s.Vehicles = append(s.Vehicles, parked(8, tt.other))
		}
		for _, h := range tt.hits {
			c := drivetest.Collision{Time: h, Until: h + 0.2, A: hero, B: other}
			if tt.swap {
				c.A, c.B = c.B, c.A
			}
			s.Collisions = append(s.Collisions, c)
		}
		r := run(t, m, s, Options{})
		if !slices.Equal(r.StandingCollisions, tt.stood) {
			t.Errorf("%s: collisions while standing %v, want %v", tt.name, r.StandingCollisions, tt.stood)
		}
		if got := r.Count(tt.want); got != tt.n || len(r.Infractions) != tt.n {
			t.Errorf("%s: %d %s of %d infractions, want %d: %+v", tt.name, got, tt.want.Key(), len(r.Infractions), tt.n, r.Infractions)
			continue
		}
		for _, f := range r.Infractions {
			if !strings.HasPrefix(f.Message, "Agent collided against object with type=") {
				t.Errorf("%s: message %q", tt.name, f.Message)
			}
		}
	}
}

// TestRedLight follows RunningRedLightTest with a light tied to the
// crossing's entry by place (the crossing has no signals): a car driving
// through on red runs it, on yellow or green not; a car that stops with
// its front past the stop line but its tail behind it has not run it
// (our own red-light rule, judging the front, would say it has).
func TestRedLight(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	x := drivetest.CrossingEntryX
	state := func(s recorder.LightState) func(float64) recorder.LightState {
		return func(float64) recorder.LightState { return s }
	}
	through := func(t float64) float64 { return 40 + 10*t }
	frontPast := func(t float64) float64 { return min(40+10*t, x+1) } // front at x + 3.25, tail near point at x - 0.8
	for _, tt := range []struct {
		name  string
		state recorder.LightState
		drive func(float64) float64
		want  int
	}{
		{"red, through", recorder.LightRed, through, 1},
		{"yellow, through", recorder.LightYellow, through, 0},
		{"green, through", recorder.LightGreen, through, 0},
		{"red, front past the line, tail behind it", recorder.LightRed, frontPast, 0},
	} {
		s := drivetest.Script{Hz: 20, Seconds: 12, Vehicles: []drivetest.Vehicle{driver(tt.drive)},
			Lights: []drivetest.Light{{ID: 900, Pos: mgl64.Vec3{x - 3, -6, 0}, Yaw: -90, State: state(tt.state)}}}
		r := run(t, m, s, Options{})
		if r.LightsByPlace != 1 || r.LightsBySignal != 0 {
			t.Fatalf("%s: lights by place %d, by signal %d; want 1 and 0", tt.name, r.LightsByPlace, r.LightsBySignal)
		}
		if got := r.Count(RedLight); got != tt.want {
			t.Errorf("%s: %d red lights, want %d: %+v", tt.name, got, tt.want, r.Infractions)
		}
		for _, f := range r.Infractions {
			// The tail crosses the line while the centre is 1.8 to 3.25 m past it.
			if cx := through(f.Time); f.Kind == RedLight && (cx < x+1.8-0.6 || cx > x+3.25+0.6 || f.Other != 900) {
				t.Errorf("%s: %+v with the centre at x = %.2f", tt.name, f, cx)
			}
			if f.Kind == RedLight && f.Message != "Agent ran a red light 900 at (x=97.0, y=6.0, z=0.0)" {
				t.Errorf("%s: message %q", tt.name, f.Message)
			}
		}
	}
}

// stopXODR is the crossing with a stop sign on road 1, 2 m before the
// junction, on the eastbound lane's side.
func stopMap(t *testing.T) lanes.Map {
	t.Helper()
	sign := `<signals><signal name="Stop" id="500" s="98" t="-4" zOffset="0" hOffset="0" roll="0" pitch="0" ` +
		`orientation="-" dynamic="no" country="OpenDRIVE" type="206" subtype="-1" value="-1" text="" height="1" width="1"/></signals>`
	x := strings.Replace(drivetest.CrossingXODR, "</lanes>\n    </road>", "</lanes>\n        "+sign+"\n    </road>", 1)
	od, err := opendrive.DecodeBytes([]byte(x))
	if err != nil {
		t.Fatal(err)
	}
	rn, err := scene.NewRoadNet(od, 0)
	if err != nil {
		t.Fatal(err)
	}
	return lanes.NewOpenDRIVE(rn)
}

// TestStop follows RunningStopTest: a hero that creeps at 0.09 m/s
// within 4 m of the stop has stopped; at 0.11 m/s it has not; creeping
// at 0.09 m/s 6 m before it is no stop either.
func TestStop(t *testing.T) {
	m := stopMap(t)
	// creep drives at 10 m/s to x = at, creeps at v for 2 s, then drives on.
	creep := func(at, v float64) func(float64) float64 {
		t1 := (at - 40) / 10
		return func(t float64) float64 {
			switch {
			case t < t1:
				return 40 + 10*t
			case t < t1+2:
				return at + v*(t-t1)
			}
			return at + 2*v + 10*(t-t1-2)
		}
	}
	for _, tt := range []struct {
		name string
		x    func(float64) float64
		want int
	}{
		{"0.09 m/s at 3 m", creep(97, 0.09), 0},
		{"0.11 m/s at 3 m", creep(97, 0.11), 1},
		{"0.09 m/s at 6 m", creep(94, 0.09), 1},
		{"no stop", creep(97, 10), 1},
	} {
		s := drivetest.Script{Hz: 20, Seconds: 10, Vehicles: []drivetest.Vehicle{driver(tt.x)}}
		r := run(t, m, s, Options{})
		if r.StopsBySignal != 1 || r.StopsByPlace != 0 {
			t.Fatalf("%s: stop ends %d by signal, %d by place; want 1 and 0", tt.name, r.StopsBySignal, r.StopsByPlace)
		}
		if got := r.Count(StopInfraction); got != tt.want || len(r.Infractions) != tt.want {
			t.Errorf("%s: %d stop infractions of %d, want %d: %+v", tt.name, got, len(r.Infractions), tt.want, r.Infractions)
		}
	}
}

// TestBlocked follows ActorBlockedTest as the leaderboard sets it up:
// slower than 0.1 m/s for 179 s is not blocked, for 181 s it is, and the
// run ends there.
func TestBlocked(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	for _, tt := range []struct {
		stand float64
		want  int
	}{{179, 0}, {181, 1}} {
		stop := 2.0
		x := func(t float64) float64 { return 30 + 5*min(t, stop) + 5*max(t-stop-tt.stand, 0) }
		s := drivetest.Script{Hz: 10, Seconds: stop + tt.stand + 3, Vehicles: []drivetest.Vehicle{driver(x)}}
		r := run(t, m, s, Options{})
		if got := r.Count(VehicleBlocked); got != tt.want {
			t.Errorf("standing %g s: %d blocked, want %d: %+v", tt.stand, got, tt.want, r.Infractions)
		}
		if tt.want == 1 && (r.Ended != "Agent got blocked" || math.Abs(r.End-(stop+180)) > 0.3) {
			t.Errorf("standing %g s: ended %q at %.2f, want blocked at %.1f", tt.stand, r.Ended, r.End, stop+180)
		}
	}
}

// TestOutsideLanes follows OutsideRouteLanesTest without a route: a hero
// that drives its second half on the sidewalk (4.25 m from the lane's
// centre, beyond 1.75 + 0.5 m), or in the oncoming lane (a lane whose
// direction turned more than 150 degrees from the last one's), was
// outside its lanes for about half the distance; one that only drifts
// 2 m off its lane's centre (within 1.75 + 0.5 m) never was.
func TestOutsideLanes(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	for _, tt := range []struct {
		name   string
		y      float64 // from 4 s on
		lo, hi float64 // %
	}{
		{"on the sidewalk", -6, 45, 55},
		{"in the oncoming lane", 1.75, 45, 55},
		{"drifting 2 m", laneY - 2, 0, 0},
	} {
		v := drivetest.Vehicle{ID: hero, Blueprint: "vehicle.tesla.model3", Role: "hero",
			Pose: func(t float64) (mgl64.Vec3, float64, bool) {
				y := laneY
				if t >= 4 {
					y = tt.y
				}
				return mgl64.Vec3{10 + 10*t, y, 0}, 0, true
			}}
		r := run(t, m, drivetest.Script{Hz: 20, Seconds: 8, Vehicles: []drivetest.Vehicle{v}}, Options{})
		if tt.hi == 0 {
			if len(r.Infractions) != 0 {
				t.Errorf("%s: %+v, want none", tt.name, r.Infractions)
			}
			continue
		}
		if r.Count(OutsideRouteLanes) != 1 {
			t.Fatalf("%s: %+v, want one outside_route_lanes", tt.name, r.Infractions)
		}
		f := r.Infractions[0]
		if f.Percentage < tt.lo || f.Percentage > tt.hi {
			t.Errorf("%s: outside %.1f%% of the distance, want %g-%g%%", tt.name, f.Percentage, tt.lo, tt.hi)
		}
		if want := V2.OutsideFactor(f.Percentage); math.Abs(r.Penalty-want) > 1e-9 {
			t.Errorf("%s: penalty %g, want %g", tt.name, r.Penalty, want)
		}
	}
}

// TestPenaltyTables checks both editions' factors, multiplied as the
// statistics manager multiplies them.
func TestPenaltyTables(t *testing.T) {
	inf := []Infraction{{Kind: CollisionPedestrian}, {Kind: CollisionVehicle}, {Kind: CollisionLayout},
		{Kind: RedLight}, {Kind: StopInfraction}, {Kind: OutsideRouteLanes, Percentage: 10},
		{Kind: RouteDeviation}, {Kind: VehicleBlocked}}
	want := 0.50 * 0.60 * 0.65 * 0.70 * 0.80 * 0.90
	for _, s := range []string{"1.0", "2.0"} {
		v, err := ParseVersion(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.PenaltyOf(inf); math.Abs(got-want) > 1e-12 {
			t.Errorf("%s: penalty %g, want %g", s, got, want)
		}
		for k, f := range map[Kind]float64{CollisionPedestrian: 0.5, CollisionVehicle: 0.6, CollisionLayout: 0.65,
			RedLight: 0.7, StopInfraction: 0.8, RouteDeviation: 1, VehicleBlocked: 1} {
			if got := v.Penalty(k); got != f {
				t.Errorf("%s: %s factor %g, want %g", s, k.Key(), got, f)
			}
		}
		if sc := v.ScoreOf(50, inf[:1]); sc.Composed != 25 || sc.Penalty != 0.5 {
			t.Errorf("%s: %+v, want 50 * 0.5", s, sc)
		}
	}
	if _, err := ParseVersion("3.0"); err == nil {
		t.Error("leaderboard 3.0 accepted")
	}
}

// TestRedLightOncePerLight: the criterion skips the light it last
// counted, so a hero brought back before the same red light and running
// it again has one red_light, not two.
func TestRedLightOncePerLight(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	x := drivetest.CrossingEntryX
	twice := driver(func(t float64) float64 {
		if t < 8 {
			return 40 + 10*t
		}
		return 40 + 10*(t-8)
	})
	s := drivetest.Script{Hz: 20, Seconds: 16, Vehicles: []drivetest.Vehicle{twice},
		Lights: []drivetest.Light{{ID: 900, Pos: mgl64.Vec3{x - 3, -6, 0}, Yaw: -90,
			State: func(float64) recorder.LightState { return recorder.LightRed }}}}
	r := run(t, m, s, Options{})
	if got := r.Count(RedLight); got != 1 {
		t.Errorf("%d red lights, want 1: %+v", got, r.Infractions)
	}
}

// TestStopByPlace: on a map without signals (the crossing, as the 2019
// Town03 and Town05), a recorded stop sign actor on the eastbound kerb
// 3 m before the entry, facing that traffic (turned as a light actor
// is: yaw -90, 90 degrees clockwise of east), makes it a stop, named by
// the actor's id. The same sign turned to face the westbound traffic
// (yaw 90) governs no entry and does not judge the eastbound hero, nor
// does a sign across the road facing the westbound traffic, which stands
// past that traffic's junction.
func TestStopByPlace(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	x := drivetest.CrossingEntryX
	through := driver(func(t float64) float64 { return 40 + 10*t })
	for _, tt := range []struct {
		name string
		sign drivetest.Sign
		want int
	}{
		{"on the eastbound kerb", drivetest.Sign{Pos: mgl64.Vec3{x - 3, -5, 0}, Yaw: -90}, 1},
		{"on the eastbound kerb facing the westbound traffic", drivetest.Sign{Pos: mgl64.Vec3{x - 3, -5, 0}, Yaw: 90}, 0},
		{"across the road", drivetest.Sign{Pos: mgl64.Vec3{x - 3, 5, 0}, Yaw: 90}, 0},
	} {
		sg := tt.sign
		sg.ID, sg.Blueprint = 950, lanes.StopBlueprint
		s := drivetest.Script{Hz: 20, Seconds: 8, Vehicles: []drivetest.Vehicle{through}, Signs: []drivetest.Sign{sg}}
		r := run(t, m, s, Options{})
		if r.StopsByPlace != tt.want || r.StopsBySignal != 0 || r.Count(StopInfraction) != tt.want || len(r.Infractions) != tt.want {
			t.Errorf("%s: %d stops by place, %d by signal, %+v; want %d", tt.name, r.StopsByPlace, r.StopsBySignal, r.Infractions, tt.want)
		}
		for _, f := range r.Infractions {
			if f.Kind == StopInfraction && (f.Other != 950 || !strings.HasPrefix(f.Message, "Agent ran a stop with id=950 at (x=97.0, y=5.0,")) {
				t.Errorf("%s: %+v, want the message naming actor 950", tt.name, f)
			}
		}
	}
}

// TestCollisionRadius: a hit of another actor while the hero is still
// within 5 m of where it was at the last counted one is the same
// collision (2.4 m on); once it has gone farther, a new one (8 m on).
func TestCollisionRadius(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	for _, tt := range []struct {
		second float64 // when actor 9 is hit, after actor 8 at 2 s
		want   int
	}{{2.3, 1}, {3, 2}} {
		s := drivetest.Script{Hz: 20, Seconds: 6,
			Vehicles: []drivetest.Vehicle{driver(func(t float64) float64 { return 10 + 8*t }),
				parked(8, "vehicle.audi.a2"), parked(9, "vehicle.audi.tt")},
			Collisions: []drivetest.Collision{{Time: 2, A: hero, B: 8}, {Time: tt.second, A: hero, B: 9}}}
		r := run(t, m, s, Options{})
		if got := r.Count(CollisionVehicle); got != tt.want {
			t.Errorf("actor 9 hit at %g s: %d collisions, want %d: %+v", tt.second, got, tt.want, r.Infractions)
		}
	}
}
