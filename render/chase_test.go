package render

import (
	"math"
	"testing"
)

const tick = 1.0 / 60

// TestChaseConvergesBehind drives an actor along a heading at constant
// speed: the camera must stay straight behind it (no sideways offset) and,
// once the actor stops, settle exactly 10 m behind and 5 m above.
func TestChaseConvergesBehind(t *testing.T) {
	for _, heading := range []float64{0, 30 * deg, 179 * deg, -100 * deg} {
		var c ChaseCamera
		fwd := Vec3{math.Cos(heading), math.Sin(heading), 0}
		left := Vec3{-fwd.Y, fwd.X, 0}
		pos := Vec3{50, -20, 1}
		c.Update(pos, heading, tick)
		for i := range 600 { // 10 s at 12 m/s
			pos = pos.Add(fwd.Scale(12 * tick))
			c.Update(pos, heading, tick)
			rel := c.Eye().Sub(pos)
			if i > 60 && (rel.Dot(fwd) > -10 || math.Abs(rel.Dot(left)) > 1e-9) {
				t.Fatalf("heading %g°: eye offset %v is not straight behind (along %g, across %g)",
					heading/deg, rel, rel.Dot(fwd), rel.Dot(left))
			}
		}
		for range 300 { // 5 s stopped
			c.Update(pos, heading, tick)
		}
		want := pos.Sub(fwd.Scale(10)).Add(Vec3{0, 0, 5})
		if e := c.Eye().Sub(want).Len(); e > 0.01 {
			t.Errorf("heading %g°: eye %v after stopping, want %v (off by %g m)", heading/deg, c.Eye(), want, e)
		}
		v := c.View(vp800)
		if !near(math.Asin(-v.Forward.Z), 25*deg, 1e-9) {
			t.Errorf("camera looks %g° down, want 25°", math.Asin(-v.Forward.Z)/deg)
		}
	}
}

// TestChaseYawTakesShortWay flips the heading across ±180°: the camera's
// heading must stay within the 2° between the two, never spin through 0.
func TestChaseYawTakesShortWay(t *testing.T) {
	var c ChaseCamera
	c.Snap(Vec3{}, 179*deg)
	for i := range 300 {
		c.Update(Vec3{}, -179*deg, tick)
		_, yaw := c.Followed()
		if d := math.Abs(wrapAngle(yaw - math.Pi)); d > 1*deg+1e-9 {
			t.Fatalf("tick %d: camera yaw %g° is %g° away from 180°: it spun the long way", i, yaw/deg, d/deg)
		}
	}
	if _, yaw := c.Followed(); !near(wrapAngle(yaw+179*deg), 0, 1e-4) {
		t.Errorf("camera yaw settled at %g°, want -179°", yaw/deg)
	}
	// The same in the other direction, and across many turns.
	c.Snap(Vec3{}, -170*deg)
	target := -170 * deg
	for range 2000 {
		target += 0.5 * deg // a car circling forever
		c.Update(Vec3{}, wrapAngle(target), tick)
		_, yaw := c.Followed()
		if d := math.Abs(wrapAngle(yaw - target)); d > 10*deg {
			t.Fatalf("camera yaw %g° lags %g° behind a steadily turning actor", yaw/deg, d/deg)
		}
	}
}

// TestChaseSpringIsStable takes huge steps: a critically damped spring
// solved exactly never overshoots, whatever dt.
func TestChaseSpringIsStable(t *testing.T) {
	for _, dt := range []float64{tick, 0.5, 10, 1e6} {
		var c ChaseCamera
		c.Snap(Vec3{}, 0)
		c.Update(Vec3{30, 0, 0}, 0, dt)
		p, _ := c.Followed()
		if p.X < 0 || p.X > 30 {
			t.Errorf("dt %g: followed x %g outside [0, 30]", dt, p.X)
		}
	}
	// A jump beyond SnapDistance (a timeline seek) snaps at once.
	var c ChaseCamera
	c.Snap(Vec3{}, 0)
	c.Update(Vec3{500, 0, 0}, 1, tick)
	if p, yaw := c.Followed(); p != (Vec3{500, 0, 0}) || yaw != 1 {
		t.Errorf("teleport not snapped: %v %g", p, yaw)
	}
	// dt <= 0 does nothing.
	c.Update(Vec3{510, 0, 0}, 1, 0)
	if p, _ := c.Followed(); p.X != 500 {
		t.Errorf("dt 0 moved the camera to %v", p)
	}
}
