package scene

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestMatrixRotationRoundTrip(t *testing.T) {
	for _, r := range []Rotation{{}, {10, 20, 30}, {-170, 80, -45}, {179, -89, 179}, {0, 0, -180 + 1e-9}} {
		got := RotationFromMatrix(r.Matrix())
		if !nearRot(got, r, 1e-7) {
			t.Errorf("%v -> %v", r, got)
		}
	}
	// Gimbal lock: the turn about Z survives.
	r := Rotation{Pitch: 90, Yaw: 30}
	got := RotationFromMatrix(r.Matrix())
	if !nearVec(got.Forward(), r.Forward(), 1e-9) || !nearVec(got.Up(), r.Up(), 1e-9) {
		t.Errorf("gimbal: %v -> %v", r, got)
	}
}

func nearRot(a, b Rotation, eps float64) bool {
	return near(WrapDegrees(a.Roll-b.Roll), 0, eps) && near(WrapDegrees(a.Pitch-b.Pitch), 0, eps) &&
		near(WrapDegrees(a.Yaw-b.Yaw), 0, eps)
}

func TestTransformComposeInverse(t *testing.T) {
	parent := Transform{Location: mgl64.Vec3{10, 5, 1}, Rotation: Rotation{Roll: 3, Pitch: -7, Yaw: 90}}
	local := Transform{Location: mgl64.Vec3{-5.5, 0, 2.8}, Rotation: Rotation{Pitch: -15}}
	world := parent.Mul(local)
	// Yaw 90 turns local -X (behind) into world -Y.
	if !nearVec(world.Location, parent.Apply(local.Location), 1e-12) {
		t.Errorf("Mul location %v != Apply %v", world.Location, parent.Apply(local.Location))
	}
	back := parent.Relative(world)
	if !nearVec(back.Location, local.Location, 1e-9) || !nearRot(back.Rotation, local.Rotation, 1e-9) {
		t.Errorf("Relative = %v, want %v", back, local)
	}
	id := parent.Mul(parent.Inverse())
	if !nearVec(id.Location, mgl64.Vec3{}, 1e-9) || !nearRot(id.Rotation, Rotation{}, 1e-9) {
		t.Errorf("t * inverse(t) = %v", id)
	}
	p := Transform{Rotation: Rotation{Yaw: 90}}.Apply(mgl64.Vec3{-1, 0, 0})
	if !nearVec(p, mgl64.Vec3{0, -1, 0}, 1e-12) {
		t.Errorf("yaw 90 maps behind to %v, want (0,-1,0)", p)
	}
}

func TestRotationLerpShortWay(t *testing.T) {
	a, b := Rotation{Yaw: 179}, Rotation{Yaw: -179}
	mid := a.Lerp(b, 0.5)
	if !near(WrapDegrees(mid.Yaw), -180, 1e-9) {
		t.Errorf("midway yaw = %v, want +-180", mid.Yaw)
	}
	q := a.Lerp(b, 0.25)
	if !near(q.Yaw, 179.5, 1e-9) {
		t.Errorf("quarter yaw = %v, want 179.5", q.Yaw)
	}
	if got := a.Lerp(b, 0); got != a {
		t.Errorf("Lerp(0) = %v, want exactly %v", got, a)
	}
	v := mgl64.Vec3{0.1, 0.2, 0.3}
	if Lerp(v, mgl64.Vec3{9, 9, 9}, 0) != v {
		t.Error("Lerp(v, w, 0) not exactly v")
	}
}

func TestWrapDegrees(t *testing.T) {
	for _, tt := range []struct{ in, want float64 }{
		{0, 0}, {180, -180}, {-180, -180}, {190, -170}, {-190, 170}, {720 + 10, 10}, {-540, -180},
	} {
		if got := WrapDegrees(tt.in); !near(got, tt.want, 1e-12) {
			t.Errorf("WrapDegrees(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if got := WrapDegrees(math.Inf(1)); !math.IsNaN(got) {
		t.Errorf("WrapDegrees(inf) = %v, want NaN", got)
	}
}

func TestVecOps(t *testing.T) {
	a, b := mgl64.Vec3{1, 2, 3}, mgl64.Vec3{4, 5, 6}
	if a.Add(b) != (mgl64.Vec3{5, 7, 9}) || b.Sub(a) != (mgl64.Vec3{3, 3, 3}) || a.Mul(2) != (mgl64.Vec3{2, 4, 6}) {
		t.Error("add/sub/scale")
	}
	if a.Dot(b) != 32 || (mgl64.Vec3{3, 4, 0}).Len() != 5 {
		t.Error("dot/len")
	}
	if (mgl64.Vec3{1, 0, 0}).Cross(mgl64.Vec3{0, 1, 0}) != (mgl64.Vec3{0, 0, 1}) {
		t.Error("cross not right-handed")
	}
	if Lerp(a, b, 0.5) != (mgl64.Vec3{2.5, 3.5, 4.5}) {
		t.Error("lerp")
	}
}
