package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// synthScene is a synthetic town for allocation tests and benchmarks:
// curvy roads of a few dozen points and box-shaped vehicles with labels.
type synthScene struct {
	roads  [][]mgl64.Vec3
	boxes  []synthBox
	bounds AABB
	// extras adds the other shapes (discs, arrows, poles, screen lines) so
	// the allocation test covers every helper; the benchmark leaves them
	// out to measure the core it names.
	extras bool
}

type synthBox struct {
	c, half mgl64.Vec3
	rot     mgl64.Mat3
	col     Color
	label   string
}

func newSynthScene(nBoxes, nRoads, nPts int) *synthScene {
	rng := rand.New(rand.NewPCG(42, 43))
	s := &synthScene{bounds: EmptyAABB()}
	for range nRoads {
		start := mgl64.Vec3{rng.Float64()*2000 - 1000, rng.Float64()*2000 - 1000, 0}
		heading := rng.Float64() * 2 * math.Pi
		road := make([]mgl64.Vec3, nPts)
		for i := range road {
			heading += (rng.Float64() - 0.5) * 0.2
			road[i] = start
			s.bounds = s.bounds.Extend(start)
			start = start.Add(mgl64.Vec3{math.Cos(heading) * 10, math.Sin(heading) * 10, 0})
		}
		s.roads = append(s.roads, road)
	}
	labels := []string{"vehicle.tesla.model3 #12", "walker #7", "vehicle.audi.tt #301"}
	for i := range nBoxes {
		s.boxes = append(s.boxes, synthBox{
			c:     mgl64.Vec3{rng.Float64()*2000 - 1000, rng.Float64()*2000 - 1000, 0.8},
			half:  mgl64.Vec3{2.3, 1, 0.8},
			rot:   Rotation(rng.Float64()*2*math.Pi, 0, 0),
			col:   RGB(uint8(rng.IntN(256)), uint8(rng.IntN(256)), 200),
			label: labels[i%len(labels)],
		})
	}
	return s
}

var (
	roadGrey  = RGB(70, 70, 75)
	laneWhite = RGBA(230, 230, 230, 200)
	gridGrey  = RGBA(255, 255, 255, 30)
)

// build draws the whole frame into dl and finishes it.
func (s *synthScene) build(dl *DrawList, v *View, m TextMeasurer) {
	dl.Reset(v)
	dl.Grid(mgl64.Vec3{}, GridStyle{Color: gridGrey, MajorColor: gridGrey.WithAlpha(0.3), ScaleColor: RGB(255, 255, 255)})
	for _, r := range s.roads {
		dl.GroundRibbon(LayerRoad, r, 7, roadGrey)
		dl.Polyline3D(LayerMarking, r, 1.5, laneWhite)
	}
	for i := range s.boxes {
		b := &s.boxes[i]
		dl.Box(LayerObjects, b.c, b.half, b.rot, b.col)
		dl.Label3D(b.c.Add(mgl64.Vec3{0, 0, b.half[2]}), Label{Text: b.label, Color: RGB(255, 255, 255), Priority: int32(i % 3)})
	}
	if s.extras {
		for _, r := range s.roads {
			dl.Disc(LayerRoad, r[0], 6, roadGrey)
			dl.Arrow(LayerMarking, r[1], r[2].Sub(r[1]), 4, 1.5, laneWhite)
			dl.Pole(LayerObjects, r[3], 5, 2, gridGrey, 0.4, laneWhite)
			dl.Triangle3D(LayerPath, r[4], r[5], r[6].Add(mgl64.Vec3{0, 0, 3}), laneWhite)
		}
		dl.Polyline2D(LayerOverlay, []float64{10, 10, 100, 10, 100, 100, 10, 105}, 2, laneWhite)
		dl.Rect2D(LayerOverlay, 5, 5, 50, 20, gridGrey)
	}
	dl.Finish(m)
}

func (s *synthScene) overview(vp Viewport) View {
	c := OrbitCamera{Yaw: 70 * deg, Pitch: 55 * deg}
	c.FrameAll(s.bounds, vp)
	return c.View(vp)
}

// TestFrameAllocs: once the buffers are warm, building a whole frame
// allocates nothing, for every view and measurer.
func TestFrameAllocs(t *testing.T) {
	s := newSynthScene(200, 60, 30)
	s.extras = true
	vp := Viewport{Width: 1280, Height: 720, Scale: 1}
	o := OrbitCamera{Target: mgl64.Vec3{}, Distance: 150, Yaw: 30 * deg, Pitch: 25 * deg}
	td := TopDownCamera{PixelsPerMetre: 0.5}
	views := map[string]View{"overview": s.overview(vp), "close": o.View(vp), "topdown": td.View(vp)}
	for name, v := range views {
		for mname, m := range map[string]TextMeasurer{"fixed": mono, "basicfont": NewBasicFace()} {
			dl := NewDrawList()
			s.build(dl, &v, m)
			if dl.TriangleCount() == 0 {
				t.Fatalf("%s: empty frame", name)
			}
			if a := testing.AllocsPerRun(5, func() { s.build(dl, &v, m) }); a != 0 {
				t.Errorf("%s/%s: %g allocations per warm frame, want 0", name, mname, a)
			}
		}
	}
}

// BenchmarkFrame builds the draw list of a synthetic town seen whole:
// 1,000 boxes with labels, 540 roads of 30 points each drawn as a 7 m
// ground ribbon plus a 1.5 px lane line, and the grid.
func BenchmarkFrame(b *testing.B) {
	s := newSynthScene(1000, 540, 30)
	vp := Viewport{Width: 1920, Height: 1080, Scale: 1}
	v := s.overview(vp)
	dl := NewDrawList()
	m := NewBasicFace()
	s.build(dl, &v, m)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s.build(dl, &v, m)
	}
	b.ReportMetric(float64(dl.TriangleCount()), "triangles")
}
