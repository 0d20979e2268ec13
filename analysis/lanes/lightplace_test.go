package lanes

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestPlaceLights pins the place rule on a hand-made street running +x
// with a junction entry at x = 0 and another at x = 60, and one entry
// the other way: a light facing +x traffic (yaw -90) stands on the
// right (y < 0); a near-side light just before a stop line, a far-side
// one past the junction; one between the two junctions is either, and
// the other lights' vote decides.
func TestPlaceLights(t *testing.T) {
	ents := []junctionEntry{
		{key: EndKey{Road: 0}, inner: mgl64.Vec3{0, 0, 0}, outer: mgl64.Vec3{0, -3.5, 0}, dir: mgl64.Vec2{1, 0}},
		{key: EndKey{Road: 1}, inner: mgl64.Vec3{60, 0, 0}, outer: mgl64.Vec3{60, -3.5, 0}, dir: mgl64.Vec2{1, 0}},
		{key: EndKey{Road: 2}, inner: mgl64.Vec3{20, 0, 0}, outer: mgl64.Vec3{20, 3.5, 0}, dir: mgl64.Vec2{-1, 0}},
	}
	at := func(x, y, yaw float64) LightPose { return LightPose{Pos: mgl64.Vec3{x, y, 0}, Yaw: yaw} }
	near, far := at(-2, -5, -90), at(18, -5, -90)
	between := at(52, -5, -90) // 52 m past entry 0, 8 m before entry 1
	for _, tt := range []struct {
		name   string
		lights []LightPose
		want   []int
	}{
		{"near side", []LightPose{near}, []int{0}},
		{"far side", []LightPose{far}, []int{0}},
		{"facing the other way", []LightPose{at(-2, -15, 90)}, []int{-1}},
		{"the other way's light", []LightPose{at(22, 5, 90)}, []int{2}},
		{"turned 30 degrees still faces", []LightPose{at(-2, -5, -60)}, []int{0}},
		{"turned 45 degrees does not", []LightPose{at(-2, -5, -45)}, []int{-1}},
		{"far right of the road", []LightPose{at(-2, -40, -90)}, []int{-1}},
		{"far left of the road", []LightPose{at(-2, 12, -90)}, []int{-1}},
		{"ambiguous alone: near side", []LightPose{between}, []int{1}},
		{"ambiguous among near-side lights", []LightPose{between, near}, []int{1, 0}},
		{"ambiguous among far-side lights", []LightPose{between, far, at(0, 8, 90)}, []int{0, 0, 2}},
	} {
		got := placeLights(ents, tt.lights)
		for i, pl := range got {
			if pl.entry != tt.want[i] {
				t.Errorf("%s: light %d governs entry %d, want %d", tt.name, i, pl.entry, tt.want[i])
			}
		}
	}
}
