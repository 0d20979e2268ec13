package demo

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
)

// The drivers' rules one by one, apart from any map.

// TestCloseInStops: a car closing on something standing still, stepped
// as move steps it, stops at the spot s0 short of it, never past it,
// braking no harder than it must while still moving at more than 1 m/s,
// and does not creep: it spends under a second braking below walking
// pace.
func TestCloseInStops(t *testing.T) {
	for _, tc := range []struct {
		name         string
		v, gap, s0   float64
		wantBrakeMax float64 // the hardest braking it may need, m/s^2
	}{
		{"from the limit, far", cityLimit, 80, lineJam, comfBrake},
		{"from the limit, near", cityLimit, 40, lineJam, maxBrake},
		{"slow, far", 3, 30, jamGap, comfBrake},
		{"moving up a queue from rest", 0, 6, jamGap, comfBrake},
		{"already at the spot", 0, jamGap, jamGap, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const dt = 1.0 / frameRate
			v, gap, creep, hardest := tc.v, tc.gap, 0.0, 0.0
			for step := 0; step < 60*frameRate; step++ {
				a := min(max(closeIn(v, cityLimit, gap, 0, tc.s0), -maxBrake), accMax)
				nv := max(0, v+a*dt)
				if nv < creepSpeed && a < 0 {
					nv = 0
				}
				gap -= (v + nv) / 2 * dt
				if a <= 0 && nv > stopSpeed && nv < 0.5 {
					creep += dt
				}
				if v > 1 {
					hardest = max(hardest, -a)
				}
				v = nv
				if gap < tc.s0-0.05 {
					t.Fatalf("step %d: %.3f m short of the obstacle, wanted %g", step, gap, tc.s0)
				}
			}
			if v != 0 || gap > tc.s0+0.3 {
				t.Errorf("ends at %.3f m/s, %.3f m short of the obstacle, want standing %g m short", v, gap, tc.s0)
			}
			if creep > 1 {
				t.Errorf("%.2f s below walking pace before stopping", creep)
			}
			if hardest > tc.wantBrakeMax+1e-9 {
				t.Errorf("brakes at %.2f m/s^2, want at most %g", hardest, tc.wantBrakeMax)
			}
		})
	}
}

// TestCloseInFollows: behind a moving car, or with nothing ahead, it is
// the driver model unchanged.
func TestCloseInFollows(t *testing.T) {
	for _, tc := range []struct{ v, gap, vl float64 }{
		{10, math.Inf(1), 0}, {10, 30, 8}, {2, 5, 1}, {cityLimit + 2, math.Inf(1), 0},
	} {
		if got, want := closeIn(tc.v, cityLimit, tc.gap, tc.vl, jamGap), idm(tc.v, cityLimit, tc.gap, tc.vl, jamGap); got != want {
			t.Errorf("v %g, gap %g, leader at %g: %g, want the model's %g", tc.v, tc.gap, tc.vl, got, want)
		}
	}
}

// TestMayGo: what a car does at a light.
func TestMayGo(t *testing.T) {
	green := signal{state: recorder.LightGreen, left: 5}
	red := signal{state: recorder.LightRed, left: 5}
	yellow := func(left float64) signal { return signal{state: recorder.LightYellow, left: left} }
	for _, tc := range []struct {
		name            string
		sig             signal
		front, v, vturn float64
		want            bool
	}{
		{"green", green, 50, 10, 10, true},
		{"red", red, 0.5, 0, 10, false},
		{"red, too close to stop", red, 1, 12, 12, false},
		{"yellow, can stop", yellow(3), 40, 10, 10, false},
		{"yellow, cannot stop, in time", yellow(3), 10, 10, 10, true},
		{"yellow, cannot stop, too late", yellow(0.5), 10, 10, 10, false},
		{"yellow, cannot stop, slowing for a turn takes too long", yellow(2), 10, 10, 3, false},
		{"yellow, standing at the line", yellow(3), 0.8, 0, 3, false},
	} {
		if got := mayGo(tc.sig, tc.front, tc.v, tc.vturn); got != tc.want {
			t.Errorf("%s: mayGo = %v", tc.name, got)
		}
	}
}

// TestBends: on a straight lane nothing limits the speed; through an arc
// the limit is the speed that keeps the sideways acceleration at
// lateralAcc, and before the arc it rises as braking at decel allows.
func TestBends(t *testing.T) {
	straight := newPath([]mgl64.Vec3{{}, {50, 0, 0}, {100, 0, 0}})
	if lim := straight.bendLimit(straight.bends(lateralAcc, turnDecel, minTurnV), 10, turnDecel); !math.IsInf(lim, 1) {
		t.Errorf("straight lane: limit %g", lim)
	}
	// 50 m straight, then a quarter circle of radius r.
	const r = 20.0
	pts := []mgl64.Vec3{{-50, 0, 0}, {}}
	for i := 1; i <= 30; i++ {
		a := float64(i) / 30 * math.Pi / 2
		pts = append(pts, mgl64.Vec3{r * math.Sin(a), r - r*math.Cos(a), 0})
	}
	p := newPath(pts)
	b := p.bends(lateralAcc, turnDecel, minTurnV)
	want := math.Sqrt(lateralAcc * r)
	if lim := p.bendLimit(b, 50+r*math.Pi/4, turnDecel); math.Abs(lim-want) > 0.05*want {
		t.Errorf("in the arc: limit %.2f m/s, want %.2f", lim, want)
	}
	for _, before := range []float64{5, 20, 40} {
		lim := p.bendLimit(b, 50-before, turnDecel)
		if w := math.Sqrt(want*want + 2*turnDecel*before); math.Abs(lim-w) > 0.05*w {
			t.Errorf("%g m before the arc: limit %.2f m/s, want %.2f", before, lim, w)
		}
	}
}

// TestSteering: a car turning left steers left (negative, as CARLA
// records it), harder for a tighter turn, and a car too slow to tell
// keeps its wheel.
func TestSteering(t *testing.T) {
	left := steering(0.3, 5, 2.8, 0)
	tighter := steering(0.6, 5, 2.8, 0)
	right := steering(-0.3, 5, 2.8, 0)
	if !(left < 0 && tighter < left && right == -left) {
		t.Errorf("left %g, tighter left %g, right %g", left, tighter, right)
	}
	if got := steering(1, 0.1, 2.8, 0.4); got != 0.4 {
		t.Errorf("at walking pace the wheel moves to %g", got)
	}
	if got := steering(100, 1, 2.8, 0); got != -1 {
		t.Errorf("beyond full lock: %g", got)
	}
}
