package lanes

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestLightMatcher(t *testing.T) {
	origins := []mgl64.Vec3{{0, 0, 6}, {100, 0, 6}, {103, 0, 6}}
	m := NewLightMatcher(origins)
	for _, tt := range []struct {
		name   string
		actors []mgl64.Vec3
		want   []int32
	}{
		{"none", nil, []int32{-1, -1, -1}},
		{"at the foot of the pole, height ignored", []mgl64.Vec3{{0, 0.5, 0}}, []int32{0, -1, -1}},
		{"5 m is near enough", []mgl64.Vec3{{5, 0, 0}}, []int32{0, -1, -1}},
		{"5.01 m is not", []mgl64.Vec3{{5.01, 0, 0}}, []int32{-1, -1, -1}},
		{"the nearest wins", []mgl64.Vec3{{3, 0, 0}, {1, 0, 0}}, []int32{1, -1, -1}},
		{"the first of two as near", []mgl64.Vec3{{0, 2, 0}, {0, -2, 0}}, []int32{0, -1, -1}},
		{"one actor shows on two lights", []mgl64.Vec3{{101.5, 0, 0}}, []int32{-1, 0, 0}},
		{"each light its nearest", []mgl64.Vec3{{101.5, 0, 0}, {103, 1, 0}}, []int32{-1, 0, 1}},
	} {
		match := m.Reset(nil)
		for i, p := range tt.actors {
			m.Offer(match, int32(i), p)
		}
		for i := range match {
			if match[i].Actor != tt.want[i] {
				t.Errorf("%s: %+v, want actors %v", tt.name, match, tt.want)
				break
			}
		}
	}
}

// TestLightMatcherAllocs: a round of matching allocates nothing once the
// caller's slice exists, so the window may match every frame.
func TestLightMatcherAllocs(t *testing.T) {
	var origins []mgl64.Vec3
	for i := range 200 {
		origins = append(origins, mgl64.Vec3{float64(i%20) * 50, float64(i/20) * 50, 5})
	}
	m := NewLightMatcher(origins)
	match := m.Reset(nil)
	allocs := testing.AllocsPerRun(100, func() {
		match = m.Reset(match)
		for i, o := range origins {
			m.Offer(match, int32(i), o.Add(mgl64.Vec3{1, 1, -5}))
		}
	})
	if allocs != 0 {
		t.Errorf("%g allocations a round", allocs)
	}
	for i := range match {
		if match[i].Actor != int32(i) {
			t.Fatalf("light %d shows actor %d", i, match[i].Actor)
		}
	}
}

// TestLightMatcherNear: a point within MatchRadius of a map light on the
// ground is near it whatever its height; just beyond is not.
func TestLightMatcherNear(t *testing.T) {
	m := NewLightMatcher([]mgl64.Vec3{{10, 10, 5}})
	for _, tt := range []struct {
		p    mgl64.Vec3
		want bool
	}{
		{mgl64.Vec3{10, 10, 0}, true},
		{mgl64.Vec3{10 + MatchRadius - 0.01, 10, 0}, true},
		{mgl64.Vec3{10 + MatchRadius + 0.01, 10, 0}, false},
		{mgl64.Vec3{200, 200, 0}, false},
	} {
		if got := m.Near(tt.p); got != tt.want {
			t.Errorf("Near(%v) = %v, want %v", tt.p, got, tt.want)
		}
	}
}
