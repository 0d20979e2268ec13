package scene

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

func nearVec(a, b mgl64.Vec3, eps float64) bool {
	return near(a[0], b[0], eps) && near(a[1], b[1], eps) && near(a[2], b[2], eps)
}

func TestFromUnrealKnownPoints(t *testing.T) {
	tests := []struct {
		in   recorder.Vec3
		want mgl64.Vec3
	}{
		{recorder.Vec3{}, mgl64.Vec3{}},
		{recorder.Vec3{X: 100}, mgl64.Vec3{1, 0, 0}},   // 1 m ahead stays ahead
		{recorder.Vec3{Y: 100}, mgl64.Vec3{0, -1, 0}},  // Unreal right is world -Y
		{recorder.Vec3{Z: 250}, mgl64.Vec3{0, 0, 2.5}}, // up stays up
		{recorder.Vec3{X: 542.481, Y: 4236.74, Z: 490.868}, mgl64.Vec3{5.42481, -42.3674, 4.90868}},
	}
	for _, tt := range tests {
		got := FromUnreal(tt.in)
		if !nearVec(got, tt.want, 1e-12) {
			t.Errorf("FromUnreal(%v) = %v, want %v", tt.in, got, tt.want)
		}
		back := ToUnreal(got)
		if !near(back.X, tt.in.X, 1e-9) || !near(back.Y, tt.in.Y, 1e-9) || !near(back.Z, tt.in.Z, 1e-9) {
			t.Errorf("ToUnreal(FromUnreal(%v)) = %v", tt.in, back)
		}
	}
}

// unrealAxes is Unreal's FRotationMatrix for (roll, pitch, yaw): the
// actor's forward, right and up axes in Unreal coordinates. It is written
// from Unreal's definition independently of Rotation.Matrix so that the
// test checks the conversion rather than restating it.
func unrealAxes(r recorder.Vec3) (fwd, right, up recorder.Vec3) {
	sr, cr := math.Sincos(r.X * math.Pi / 180)
	sp, cp := math.Sincos(r.Y * math.Pi / 180)
	sy, cy := math.Sincos(r.Z * math.Pi / 180)
	fwd = recorder.Vec3{X: cp * cy, Y: cp * sy, Z: sp}
	right = recorder.Vec3{X: sr*sp*cy - cr*sy, Y: sr*sp*sy + cr*cy, Z: -sr * cp}
	up = recorder.Vec3{X: -(cr*sp*cy + sr*sy), Y: cy*sr - cr*sp*sy, Z: cr * cp}
	return
}

// mirror maps an Unreal direction to world axes (no scaling).
func mirror(v recorder.Vec3) mgl64.Vec3 { return mgl64.Vec3{v.X, -v.Y, v.Z} }

func TestFromUnrealRotationAxes(t *testing.T) {
	rots := []recorder.Vec3{
		{}, {Z: 90}, {Z: -90}, {Z: 180}, {Y: 30}, {X: 20}, {X: 20, Y: -35, Z: 123},
		{X: -170, Y: 80, Z: -45}, {X: 5, Y: 10, Z: 15},
	}
	for _, r := range rots {
		fwd, right, up := unrealAxes(r)
		w := FromUnrealRotation(r)
		if got := w.Forward(); !nearVec(got, mirror(fwd), 1e-12) {
			t.Errorf("%v: forward %v, want %v", r, got, mirror(fwd))
		}
		// The actor's right side is still its right side: world left = -right.
		if got := w.Left(); !nearVec(got, mirror(right).Mul(-1), 1e-12) {
			t.Errorf("%v: left %v, want %v", r, got, mirror(right).Mul(-1))
		}
		if got := w.Up(); !nearVec(got, mirror(up), 1e-12) {
			t.Errorf("%v: up %v, want %v", r, got, mirror(up))
		}
		back := ToUnrealRotation(w)
		if back != r {
			t.Errorf("ToUnrealRotation(FromUnrealRotation(%v)) = %v", r, back)
		}
	}
}

func TestYaw90FacesWorldMinusY(t *testing.T) {
	// Unreal yaw 90 faces +Y Unreal, which is the driver's right: world -Y.
	f := FromUnrealRotation(recorder.Vec3{Z: 90}).Forward()
	if !nearVec(f, mgl64.Vec3{0, -1, 0}, 1e-12) {
		t.Fatalf("forward = %v, want (0,-1,0)", f)
	}
}

func TestFromUnrealExtentAndVelocity(t *testing.T) {
	if got := FromUnrealExtent(recorder.Vec3{X: 225, Y: -95, Z: 75}); got != (mgl64.Vec3{2.25, 0.95, 0.75}) {
		t.Errorf("extent = %v", got)
	}
	if got := FromUnrealVelocity(recorder.Vec3{X: 1, Y: 2, Z: 3}); got != (mgl64.Vec3{1, -2, 3}) {
		t.Errorf("velocity = %v", got)
	}
	// A car turning right in Unreal (yaw increasing) turns clockwise seen
	// from above in the world: angular velocity about +Z is negative.
	if got := FromUnrealAngularVelocity(recorder.Vec3{Z: 10}); got[2] != -10 {
		t.Errorf("angular z = %v, want -10", got[2])
	}
}

func TestFromBAI(t *testing.T) {
	tests := []struct {
		in   bai.Vec3
		want mgl64.Vec3
	}{
		{bai.Vec3{Y: 1}, mgl64.Vec3{0, 0, 1}},  // BAI up is world up
		{bai.Vec3{X: 1}, mgl64.Vec3{1, 0, 0}},  // X stays
		{bai.Vec3{Z: 1}, mgl64.Vec3{0, -1, 0}}, // BAI +Z (toward the viewer) is world -Y
		{bai.Vec3{X: 3, Y: 4, Z: 5}, mgl64.Vec3{3, -5, 4}},
	}
	for _, tt := range tests {
		if got := FromBAI(tt.in); got != tt.want {
			t.Errorf("FromBAI(%v) = %v, want %v", tt.in, got, tt.want)
		}
		if back := ToBAI(FromBAI(tt.in)); back != tt.in {
			t.Errorf("ToBAI(FromBAI(%v)) = %v", tt.in, back)
		}
	}
	// A proper rotation keeps handedness: x cross y = z in both frames.
	x, y := FromBAI(bai.Vec3{X: 1}), FromBAI(bai.Vec3{Y: 1})
	if got := x.Cross(y); got != FromBAI(bai.Vec3{Z: 1}) {
		t.Errorf("handedness changed: %v", got)
	}
}
