package leaderboard

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// routes10 is leaderboard 1.0's form: waypoints straight under the route.
// Route 3 runs along the crossing's eastbound lane from x = 20 to 200
// (CARLA's y is the world's negated).
const routes10 = `<?xml version="1.0" encoding="UTF-8"?>
<routes>
   <route id="0" town="Town01">
      <waypoint pitch="360.0" roll="0.0" x="338.7" y="226.75" yaw="269.97" z="0.0" />
      <waypoint pitch="360.0" roll="0.0" x="321.9" y="194.67" yaw="179.83" z="0.0" />
   </route>
   <route id="3" town="drivetest">
      <waypoint pitch="0.0" roll="0.0" x="20.0" y="1.75" yaw="0.0" z="0.0" />
      <waypoint pitch="0.0" roll="0.0" x="110.0" y="1.75" yaw="0.0" z="0.0" />
      <waypoint pitch="0.0" roll="0.0" x="200.0" y="1.75" yaw="0.0" z="0.0" />
   </route>
</routes>
`

// routes20 is leaderboard 2.0's form: positions inside waypoints, with
// weathers and scenarios beside them.
const routes20 = `<routes>
   <route id="3" town="drivetest">
      <weathers><weather route_percentage="0" cloudiness="5.0"/></weathers>
      <waypoints>
         <position x="20.0" y="1.75" z="0.0"/>
         <position x="200.0" y="1.75" z="0.0"/>
      </waypoints>
      <scenarios>
         <scenario name="X_1" type="Accident"><trigger_point x="50" y="1.75" z="0" yaw="0"/></scenario>
      </scenarios>
   </route>
</routes>
`

func TestReadRoutes(t *testing.T) {
	for name, src := range map[string]string{"1.0": routes10, "2.0": routes20} {
		f, err := ReadRoutes(strings.NewReader(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r, ok := f.Find("3")
		if !ok {
			t.Fatalf("%s: no route 3 in %d routes", name, len(f.Routes))
		}
		if r.Town != "drivetest" || math.Abs(r.Length()-180) > 1e-9 || len(r.Points) != 181 {
			t.Errorf("%s: town %q, %g m, %d points; want drivetest, 180 m, 181", name, r.Town, r.Length(), len(r.Points))
		}
		if want := (mgl64.Vec3{20, laneY, 0}); r.Points[0] != want {
			t.Errorf("%s: starts at %v, want %v (CARLA's y negated)", name, r.Points[0], want)
		}
	}
	for _, bad := range []struct{ src, want string }{
		{"<routes>\n<route id=\"1\">\n<waypoint x=\"a\" y=\"0\"/></route></routes>", "line 3"},
		{"<routes>\n<route id=\"1\"><waypoint x=\"1\" y=\"0\"/></route></routes>", "1 key points"},
		{"<routes><route id=\"1\">", "line 1"},
		{"<routes/>", "no <route>"},
		{"<routes><route><waypoint x=\"1\" y=\"0\"/></route></routes>", "without an id"},
		{"<routes><route id=\"1\"><waypoint x=\"0\" y=\"0\"/><waypoint x=\"1e7\" y=\"1e7\"/></route></routes>", "points"},
	} {
		if _, err := ReadRoutes(strings.NewReader(bad.src)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want one saying %q", bad.src, err, bad.want)
		}
	}
}

// TestRouteCompletion drives the route of routes10: stopping 70 % of the
// way completes 70 %; driving to its end completes it (and the run ends
// there); leaving the road 40 m to the side is a route deviation that
// ends the run.
func TestRouteCompletion(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	f, err := ReadRoutes(strings.NewReader(routes10))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := f.Find("3")
	away := drivetest.Vehicle{ID: hero, Blueprint: "vehicle.tesla.model3", Role: "hero",
		Pose: func(t float64) (mgl64.Vec3, float64, bool) {
			if t < 4 {
				return mgl64.Vec3{20 + 10*t, laneY, 0}, 0, true
			}
			return mgl64.Vec3{60, laneY - 10*(t-4), 0}, -90, true
		}}
	for _, tt := range []struct {
		name       string
		v          drivetest.Vehicle
		completion float64
		ended      string
	}{
		{"to 70 %", driver(func(t float64) float64 { return min(20+10*t, 20+0.7*180) }), 70, ""},
		{"to the end", driver(func(t float64) float64 { return 20 + 10*t }), 100, "Completed"},
		{"away from it", away, 100 * 41 / 180.0, "Agent deviated from the route"},
	} {
		res := run(t, m, drivetest.Script{Hz: 20, Seconds: 20, Vehicles: []drivetest.Vehicle{tt.v}}, Options{Route: r})
		if res.Route == nil || math.Abs(res.Route.Completion-tt.completion) > 1.5 || res.Ended != tt.ended {
			t.Errorf("%s: %+v ended %q, want %.1f %% ended %q", tt.name, res.Route, res.Ended, tt.completion, tt.ended)
			continue
		}
		if got := res.Route.Score.Composed; math.Abs(got-res.Route.Completion*res.Penalty) > 1e-9 {
			t.Errorf("%s: driving score %g, want completion times penalty", tt.name, got)
		}
		if tt.ended == "Agent deviated from the route" && res.Count(RouteDeviation) != 1 {
			t.Errorf("%s: %+v, want one route_dev", tt.name, res.Infractions)
		}
	}
}
