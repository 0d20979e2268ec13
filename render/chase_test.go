package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

const tick = 1.0 / 60

// TestChaseConvergesBehind drives an actor along a heading at constant
// speed: the camera must stay straight behind it (no sideways offset) and,
// once the actor stops, settle exactly at its resting place behind and
// above.
func TestChaseConvergesBehind(t *testing.T) {
	for _, heading := range []float64{0, 30 * deg, 179 * deg, -100 * deg} {
		var c ChaseCamera
		fwd := mgl64.Vec3{math.Cos(heading), math.Sin(heading), 0}
		left := mgl64.Vec3{-fwd[1], fwd[0], 0}
		pos := mgl64.Vec3{50, -20, 1}
		c.Update(pos, heading, tick)
		for i := range 600 { // 10 s at 12 m/s
			pos = pos.Add(fwd.Mul(12 * tick))
			c.Update(pos, heading, tick)
			rel := c.Eye().Sub(pos)
			if i > 60 && (rel.Dot(fwd) > -DefaultChaseBehind || math.Abs(rel.Dot(left)) > 1e-9) {
				t.Fatalf("heading %g°: eye offset %v is not straight behind (along %g, across %g)",
					heading/deg, rel, rel.Dot(fwd), rel.Dot(left))
			}
		}
		for range 300 { // 5 s stopped
			c.Update(pos, heading, tick)
		}
		want := pos.Sub(fwd.Mul(DefaultChaseBehind)).Add(mgl64.Vec3{0, 0, DefaultChaseAbove})
		if e := c.Eye().Sub(want).Len(); e > 0.01 {
			t.Errorf("heading %g°: eye %v after stopping, want %v (off by %g m)", heading/deg, c.Eye(), want, e)
		}
		v := c.View(vp800)
		if !near(math.Asin(-v.Forward[2]), DefaultChasePitch, 1e-9) {
			t.Errorf("camera looks %g° down, want %g°", math.Asin(-v.Forward[2])/deg, DefaultChasePitch/deg)
		}
	}
}

// TestChaseYawTakesShortWay flips the heading across ±180°: the camera's
// heading must stay within the 2° between the two, never spin through 0.
func TestChaseYawTakesShortWay(t *testing.T) {
	var c ChaseCamera
	c.Snap(mgl64.Vec3{}, 179*deg)
	for i := range 300 {
		c.Update(mgl64.Vec3{}, -179*deg, tick)
		_, yaw := c.Followed()
		if d := math.Abs(wrapAngle(yaw - math.Pi)); d > 1*deg+1e-9 {
			t.Fatalf("tick %d: camera yaw %g° is %g° away from 180°: it spun the long way", i, yaw/deg, d/deg)
		}
	}
	if _, yaw := c.Followed(); !near(wrapAngle(yaw+179*deg), 0, 1e-4) {
		t.Errorf("camera yaw settled at %g°, want -179°", yaw/deg)
	}
	// The same in the other direction, and across many turns.
	c.Snap(mgl64.Vec3{}, -170*deg)
	target := -170 * deg
	for range 2000 {
		target += 0.5 * deg // a car circling forever
		c.Update(mgl64.Vec3{}, wrapAngle(target), tick)
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
		c.Snap(mgl64.Vec3{}, 0)
		c.Update(mgl64.Vec3{30, 0, 0}, 0, dt)
		p, _ := c.Followed()
		if p[0] < 0 || p[0] > 30 {
			t.Errorf("dt %g: followed x %g outside [0, 30]", dt, p[0])
		}
	}
	// A jump beyond SnapDistance (a timeline seek) snaps at once.
	var c ChaseCamera
	c.Snap(mgl64.Vec3{}, 0)
	c.Update(mgl64.Vec3{500, 0, 0}, 1, tick)
	if p, yaw := c.Followed(); p != (mgl64.Vec3{500, 0, 0}) || yaw != 1 {
		t.Errorf("teleport not snapped: %v %g", p, yaw)
	}
	// dt <= 0 does nothing.
	c.Update(mgl64.Vec3{510, 0, 0}, 1, 0)
	if p, _ := c.Followed(); p[0] != 500 {
		t.Errorf("dt 0 moved the camera to %v", p)
	}
}

// TestChaseHasNoJerks follows a car at 15 m/s whose pose arrives as a
// 20 Hz recording does when it is not interpolated: the position moves
// every third 60 Hz tick, with centimetres of lateral noise and a degree
// of heading noise per sample. A camera bolted to the car (CARLA's follow
// mode) jumps with every sample; the chase camera's acceleration must
// stay small and its speed never change sign.
func TestChaseHasNoJerks(t *testing.T) {
	const speed = 15.0
	var c ChaseCamera
	heading := 20 * deg
	fwd := mgl64.Vec3{math.Cos(heading), math.Sin(heading), 0}
	left := mgl64.Vec3{-fwd[1], fwd[0], 0}
	noise := []float64{0.04, -0.03, 0.05, -0.05, 0.01, 0.03, -0.04}
	var pos mgl64.Vec3
	var eyes, rigid []mgl64.Vec3
	for i := range 600 {
		if i%3 == 0 {
			k := i / 3
			pos = fwd.Mul(speed * float64(i) * tick).Add(left.Mul(noise[k%len(noise)]))
			yaw := heading + noise[(k+3)%len(noise)]*25*deg // about ±1°
			c.Update(pos, yaw, tick)
			b := mgl64.Vec3{math.Cos(yaw), math.Sin(yaw), 0}
			rigid = append(rigid, pos.Sub(b.Mul(10)).Add(mgl64.Vec3{0, 0, 5}))
		} else {
			c.Update(pos, heading, tick)
			rigid = append(rigid, rigid[len(rigid)-1])
		}
		eyes = append(eyes, c.Eye())
	}
	maxAccel := func(e []mgl64.Vec3) float64 {
		m := 0.0
		for i := 60; i+1 < len(e); i++ { // after the first second
			a := e[i+1].Sub(e[i].Mul(2)).Add(e[i-1]).Mul(1 / (tick * tick))
			m = max(m, a.Len())
		}
		return m
	}
	smooth, bolted := maxAccel(eyes), maxAccel(rigid)
	t.Logf("peak acceleration of the eye: chase %.1f m/s², bolted to the car %.0f m/s²", smooth, bolted)
	if smooth > 40 || smooth > bolted/20 {
		t.Errorf("chase camera peaks at %.1f m/s² (bolted: %.0f): it jerks", smooth, bolted)
	}
	for i := 61; i < len(eyes); i++ {
		if eyes[i].Sub(eyes[i-1]).Dot(fwd) < 0 {
			t.Fatalf("tick %d: the eye moved backwards while the car drove on", i)
		}
	}
}

// TestChaseFastActorNotSnapped: an actor played eight times faster than
// real time at 30 m/s moves 4 m a tick and the camera lags far behind it;
// only a jump between two updates may snap, so the eye keeps moving
// smoothly instead of teleporting every tick.
func TestChaseFastActorNotSnapped(t *testing.T) {
	var c ChaseCamera
	c.Snap(mgl64.Vec3{}, 0)
	prev := c.Eye()
	for i := 1; i <= 600; i++ {
		c.Update(mgl64.Vec3{4 * float64(i), 0, 0}, 0, tick)
		if step := c.Eye().Sub(prev).Len(); step > 4.01 {
			t.Fatalf("tick %d: the eye jumped %.1f m", i, step)
		}
		prev = c.Eye()
	}
	c.Update(mgl64.Vec3{5000, 0, 0}, 0, tick) // a seek
	if p, _ := c.Followed(); p[0] != 5000 {
		t.Errorf("a 2.6 km jump was flown, not snapped: followed %v", p)
	}
}

// TestChaseSeesOverQueue: a car stopped with a van queued 5 cm behind it
// (as at a red light in the demo) must still show the middle of its roof:
// the ray to it passes over the van.
func TestChaseSeesOverQueue(t *testing.T) {
	carHalf, vanHalf := mgl64.Vec3{2.4, 1.08, 0.75}, mgl64.Vec3{2.96, 1, 1.3}
	for _, yaw := range []float64{0, 100 * deg, -150 * deg} {
		fwd := mgl64.Vec3{math.Cos(yaw), math.Sin(yaw), 0}
		rot := Rotation(yaw, 0, 0)
		car := mgl64.Vec3{20, -7, 0}
		van := car.Sub(fwd.Mul(carHalf[0] + 0.05 + vanHalf[0]))
		var c ChaseCamera
		c.Snap(car, yaw)
		v := c.View(vp800)
		for _, p := range []struct {
			name string
			at   mgl64.Vec3
		}{
			{"roof centre", car.Add(mgl64.Vec3{0, 0, 2 * carHalf[2]})},
			{"roof's front edge", car.Add(fwd.Mul(carHalf[0] - 0.05)).Add(mgl64.Vec3{0, 0, 2 * carHalf[2]})},
		} {
			x, y, _, ok := v.WorldToScreen(p.at)
			if !ok || x < 0 || y < 0 || x > vp800.Width || y > vp800.Height {
				t.Fatalf("yaw %g°: the %s is off screen (%g, %g)", yaw/deg, p.name, x, y)
			}
			o, d := v.ScreenRay(x, y)
			tc, _ := RayBox(o, d, car.Add(mgl64.Vec3{0, 0, carHalf[2]}), carHalf, rot)
			if tv, hit := RayBox(o, d, van.Add(mgl64.Vec3{0, 0, vanHalf[2]}), vanHalf, rot); hit && tv < tc {
				t.Errorf("yaw %g°: the van hides the car's %s", yaw/deg, p.name)
			}
		}
	}
}
