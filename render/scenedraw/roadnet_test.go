package scenedraw

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/raster"
	"github.com/mm2carla/viewer/scene"
)

// straightXODR is one straight 60 m road along the reference line's x:
// a sidewalk and a driving lane each side, a broken white centre line,
// a solid yellow line between the right driving lane and its sidewalk,
// and two traffic-light signals 20 m apart on the right.
const straightXODR = `<?xml version="1.0"?>
<OpenDRIVE>
  <header revMajor="1" revMinor="4" name="straight"/>
  <road name="Main" length="60" id="1" junction="-1">
    <planView>
      <geometry s="0" x="0" y="0" hdg="0" length="60"><line/></geometry>
    </planView>
    <lanes>
      <laneSection s="0">
        <left>
          <lane id="2" type="sidewalk" level="false"><width sOffset="0" a="2" b="0" c="0" d="0"/></lane>
          <lane id="1" type="driving" level="false"><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane>
        </left>
        <center>
          <lane id="0" type="none" level="false">
            <roadMark sOffset="0" type="broken" weight="standard" color="white" width="0.3"/>
          </lane>
        </center>
        <right>
          <lane id="-1" type="driving" level="false">
            <width sOffset="0" a="3.5" b="0" c="0" d="0"/>
            <roadMark sOffset="0" type="solid" weight="standard" color="yellow" width="0.3"/>
          </lane>
          <lane id="-2" type="sidewalk" level="false"><width sOffset="0" a="2" b="0" c="0" d="0"/></lane>
        </right>
      </laneSection>
    </lanes>
    <signals>
      <signal name="A" id="10" s="30" t="-6" zOffset="0" orientation="+" dynamic="yes" type="1000001" subtype="-1" height="1.2"/>
      <signal name="B" id="11" s="10" t="-6" zOffset="0" orientation="+" dynamic="yes" type="1000001" subtype="-1" height="1.2"/>
    </signals>
  </road>
</OpenDRIVE>
`

// netFromXODR decodes and converts an OpenDRIVE document.
func netFromXODR(t testing.TB, doc string) *scene.RoadNet {
	t.Helper()
	m, err := opendrive.Decode(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	rn, err := scene.NewRoadNet(m, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rn
}

// town01 is Town01's network; it skips when the file is absent, but
// fails under CI.
func town01(t testing.TB) *scene.RoadNet {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "testdata", "carla", "Town01.xodr"))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("Town01.xodr missing under CI: %v", err)
		}
		t.Skipf("Town01.xodr not available: %v", err)
	}
	return netFromXODR(t, string(data))
}

// roadNets are the networks every test below runs on.
var roadNets = []struct {
	name string
	net  func(testing.TB) *scene.RoadNet
}{
	{"straight", func(t testing.TB) *scene.RoadNet { return netFromXODR(t, straightXODR) }},
	{"Town01", town01},
}

// netRenderer is a Renderer drawing rn and no BAI map.
func netRenderer(rn *scene.RoadNet) *Renderer {
	r := New()
	r.SetRoads(rn)
	r.SetMeasurer(render.FixedMeasurer{Advance: 7, Ascent: 10, Descent: 3})
	return r
}

// rasterize paints dl on the background.
func rasterize(dl *render.DrawList) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, int(testVP.Width), int(testVP.Height)))
	raster.Rasterize(dl, img, raster.Options{Background: Background.NRGBA()})
	return img
}

// pixelIs reports whether the pixel under world point p is c (within 2
// levels a channel: the rasterizer rounds); off screen is false.
func pixelIs(img *image.RGBA, v *render.View, p mgl64.Vec3, c render.Color) bool {
	x, y, _, ok := v.WorldToScreen(p)
	if !ok || !image.Pt(int(x), int(y)).In(img.Bounds()) {
		return false
	}
	got, want := img.RGBAAt(int(x), int(y)), c.NRGBA()
	near := func(a, b uint8) bool { return math.Abs(float64(a)-float64(b)) <= 2 }
	return near(got.R, want.R) && near(got.G, want.G) && near(got.B, want.B)
}

// laneProbe returns a driving lane of an ordinary road and a centre point
// of it a quarter along a segment (off the seams with the neighbouring
// sections), where it is over 3 m wide, and away from its arrow.
func laneProbe(t *testing.T, rn *scene.RoadNet) (*scene.NetLane, mgl64.Vec3) {
	t.Helper()
	for i := range rn.Lanes {
		l := &rn.Lanes[i]
		n := len(l.Center)
		if l.Type != "driving" || rn.Roads[l.Road].Junction >= 0 || n < 2 {
			continue
		}
		k := (n - 1) / 2
		arrow := l.Center[k].Add(l.Center[k+1]).Mul(0.5)
		for j := 0; j+1 < n; j++ {
			p := l.Center[j].Add(l.Center[j+1].Sub(l.Center[j]).Mul(0.25))
			if p.Sub(arrow).Len() > 3 && l.Inner[j].Sub(l.Outer[j]).Len() > 3 {
				return l, p
			}
		}
	}
	t.Fatal("no driving lane wide and long enough")
	return nil, mgl64.Vec3{}
}

// TestRoadNetLaneSurface: a point on a driving lane's centre line, away
// from its arrow and marks, is painted the road colour, and nothing is
// painted there without the network.
func TestRoadNetLaneSurface(t *testing.T) {
	for _, tc := range roadNets {
		t.Run(tc.name, func(t *testing.T) {
			rn := tc.net(t)
			_, p := laneProbe(t, rn)
			v := topView(p, 10)
			opt := Options{Layers: Lanes | Sidewalks}
			if img := rasterize(build(netRenderer(rn), v, nil, opt)); !pixelIs(img, &v, p, colRoad) {
				x, y, _, _ := v.WorldToScreen(p)
				t.Errorf("lane centre %v: pixel %v, want the road's %v", p, img.RGBAAt(int(x), int(y)), colRoad.NRGBA())
			}
			if img := rasterize(build(New(), v, nil, opt)); pixelIs(img, &v, p, colRoad) {
				t.Error("road colour with no network set")
			}
		})
	}
}

// TestRoadNetMarks: along the solid yellow line every pixel is yellow;
// along the broken white one the pixels are white on the dashes (3 m
// from the start of every 9 m) and road between them.
func TestRoadNetMarks(t *testing.T) {
	rn := netFromXODR(t, straightXODR)
	var solid, broken *scene.NetMark
	for i := range rn.Marks {
		switch m := &rn.Marks[i]; m.Type {
		case "solid":
			solid = m
		case "broken":
			broken = m
		}
	}
	if solid == nil || broken == nil {
		t.Fatalf("marks %+v: want a solid and a broken one", rn.Marks)
	}
	r := netRenderer(rn)
	for _, tc := range []struct {
		name string
		m    *scene.NetMark
		on   func(d float64) (want bool, sure bool) // mark colour expected at d metres along
		col  render.Color
	}{
		{"solid", solid, func(float64) (bool, bool) { return true, true }, colMarkYellow},
		{"broken", broken, func(d float64) (bool, bool) {
			ph := math.Mod(d, dashLen+gapLen)
			return ph < dashLen, math.Abs(ph) > 0.3 && math.Abs(ph-dashLen) > 0.3 && math.Abs(ph-dashLen-gapLen) > 0.3
		}, colMarkWhite},
	} {
		a, b := tc.m.Points[0], tc.m.Points[len(tc.m.Points)-1]
		dir, length := b.Sub(a).Normalize(), b.Sub(a).Len()
		v := topView(a.Add(dir.Mul(15)), 20)
		img := rasterize(build(r, v, nil, Options{Layers: Lanes}))
		marks, gaps := 0, 0
		for d := 0.5; d < min(length, 30); d += 0.25 {
			want, sure := tc.on(d)
			if !sure {
				continue
			}
			p := a.Add(dir.Mul(d))
			switch {
			case want && pixelIs(img, &v, p, tc.col):
				marks++
			case !want && pixelIs(img, &v, p, colRoad):
				gaps++
			default:
				x, y, _, _ := v.WorldToScreen(p)
				t.Errorf("%s mark at %.2f m: pixel %v, want mark %v", tc.name, d, img.RGBAAt(int(x), int(y)), want)
			}
		}
		if marks == 0 || (tc.name == "broken") != (gaps > 0) {
			t.Errorf("%s mark: %d mark pixels, %d gap pixels", tc.name, marks, gaps)
		}
	}
}

// arrowTips returns each arrow triangle's tip and base midpoint, on screen.
func arrowTips(dl *render.DrawList) (tips, bases []mgl64.Vec2) {
	vs, ix := dl.Vertices(), dl.Indices()
	for i := 0; i+2 < len(ix); i += 3 {
		if vs[ix[i]].Color != colArrow {
			continue
		}
		var p [3]mgl64.Vec2
		for k := range p {
			p[k] = mgl64.Vec2{float64(vs[ix[i+k]].X), float64(vs[ix[i+k]].Y)}
		}
		// The tip is the vertex farthest from the other two: the base is
		// 1.4 m wide, the sides over 3 m.
		best, far := 0, -1.0
		for k := range p {
			if d := p[k].Sub(p[(k+1)%3]).Len() + p[k].Sub(p[(k+2)%3]).Len(); d > far {
				best, far = k, d
			}
		}
		tips = append(tips, p[best])
		bases = append(bases, p[(best+1)%3].Add(p[(best+2)%3]).Mul(0.5))
	}
	return tips, bases
}

// TestRoadNetArrows: a driving lane's arrow points along the reference
// line for a right lane (negative id) and against it for a left one.
func TestRoadNetArrows(t *testing.T) {
	for _, tc := range roadNets {
		t.Run(tc.name, func(t *testing.T) {
			rn := tc.net(t)
			r := netRenderer(rn)
			checked := map[bool]int{}
			for i := range rn.Lanes {
				l := &rn.Lanes[i]
				if l.Type != "driving" || rn.Roads[l.Road].Junction >= 0 || len(l.Center) < 2 || checked[l.ID < 0] >= 3 {
					continue
				}
				if l.Forward != (l.ID < 0) {
					t.Fatalf("road %d lane %d: Forward %v", l.Road, l.ID, l.Forward)
				}
				k := (len(l.Center) - 1) / 2
				mid := l.Center[k].Add(l.Center[k+1]).Mul(0.5)
				v := topView(mid, 20)
				dl := build(r, v, nil, Options{Layers: Lanes})
				ax, ay, _, _ := v.WorldToScreen(l.Center[k])
				bx, by, _, _ := v.WorldToScreen(l.Center[k+1])
				mx, my, _, _ := v.WorldToScreen(mid)
				along := mgl64.Vec2{bx - ax, by - ay}
				found := false
				tips, bases := arrowTips(dl)
				for j := range tips {
					c := tips[j].Add(bases[j]).Mul(0.5)
					if c.Sub(mgl64.Vec2{mx, my}).Len() > 5 {
						continue // another lane's arrow
					}
					found = true
					if dot := tips[j].Sub(bases[j]).Dot(along); (dot > 0) != (l.ID < 0) {
						t.Errorf("road %d lane %d: arrow %v->%v, reference line %v", l.Road, l.ID, bases[j], tips[j], along)
					}
				}
				if !found {
					t.Errorf("road %d lane %d: no arrow at its middle", l.Road, l.ID)
				}
				checked[l.ID < 0]++
			}
			if checked[true] == 0 || checked[false] == 0 {
				t.Errorf("checked %d right and %d left lanes", checked[true], checked[false])
			}
		})
	}
}

// TestRoadNetSignalFollowsLight: with a red recorded light 3 m from one
// traffic-light signal, that signal's lamp is red and the others keep the
// unknown colour.
func TestRoadNetSignalFollowsLight(t *testing.T) {
	for _, tc := range roadNets {
		t.Run(tc.name, func(t *testing.T) {
			rn := tc.net(t)
			r := netRenderer(rn)
			var lamps []int
			for i, sg := range rn.Signals {
				if sg.Type == scene.SignalTrafficLight {
					lamps = append(lamps, i)
				}
			}
			if len(lamps) < 2 {
				t.Fatalf("%d traffic-light signals", len(lamps))
			}
			matched := rn.Signals[lamps[0]]
			st := &scene.State{Actors: []scene.Actor{{ID: 1, Kind: scene.KindTrafficLight,
				World:        scene.Transform{Location: matched.Pos.Add(mgl64.Vec3{3, 0, 0})},
				TrafficLight: &scene.LightInfo{State: recorder.LightRed}}}}
			red := lightColor(recorder.LightRed)
			for _, si := range lamps {
				sg := rn.Signals[si]
				if si != lamps[0] && sg.Pos.Vec2().Sub(matched.Pos.Vec2()).Len() <= 5+3 {
					continue // within the light's reach too
				}
				got := signalLampColors(t, r, st, sg)
				want, not := colLampUnknown, red
				if si == lamps[0] {
					want, not = red, colLampUnknown
				}
				if !slices.Contains(got, want) || slices.Contains(got, not) {
					t.Errorf("signal %s: lamp colours %v, want %v and not %v", sg.ID, got, want, not)
				}
			}
		})
	}
}

// signalLampColors returns the colours drawn at the lamp of signal sg.
func signalLampColors(t *testing.T, r *Renderer, st *scene.State, sg scene.NetSignal) []render.Color {
	t.Helper()
	h := 3.0
	if sg.Height > 0 {
		h = max(h, sg.Height+2)
	}
	top := mgl64.Vec3{sg.Pos[0], sg.Pos[1], r.net.bounds.Min[2] + h}
	v := orbitView(top, 30)
	dl := build(r, v, st, Options{Layers: Lights})
	x, y, _, ok := v.WorldToScreen(top)
	if !ok {
		t.Fatal("lamp not on screen")
	}
	return colorsNear(dl, x, y, 0.5)
}

// TestRoadNetNoAllocs: once its buffers are warm, a frame of the network
// with every layer and a recorded light allocates nothing.
func TestRoadNetNoAllocs(t *testing.T) {
	for _, tc := range roadNets {
		t.Run(tc.name, func(t *testing.T) {
			rn := tc.net(t)
			r := netRenderer(rn)
			lo, hi := rn.Bounds()
			sg := rn.Signals[0]
			st := &scene.State{Actors: []scene.Actor{{ID: 1, Kind: scene.KindTrafficLight,
				World:        scene.Transform{Location: sg.Pos},
				TrafficLight: &scene.LightInfo{State: recorder.LightGreen}}}}
			cam := render.NewOrbitCamera()
			FrameOrbit(&cam, render.AABB{Min: lo, Max: hi}, testVP)
			for name, v := range map[string]render.View{"whole": cam.View(testVP), "street": topView(sg.Pos, 20)} {
				dl := render.NewDrawList()
				opt := DefaultOptions()
				r.Build(dl, &v, st, opt)
				r.Build(dl, &v, st, opt)
				if n := testing.AllocsPerRun(5, func() { r.Build(dl, &v, st, opt) }); n != 0 {
					t.Errorf("%s view: %v allocations per frame", name, n)
				}
				if dl.TriangleCount() == 0 {
					t.Errorf("%s view: nothing drawn", name)
				}
			}
		})
	}
}

// TestLaneArrowShortLane: a lane of fewer than two centre points has no
// direction, so it gets no arrow (and indexing its second point would
// panic); a two-point lane gets one pointing along its travel.
func TestLaneArrowShortLane(t *testing.T) {
	for _, centre := range [][]mgl64.Vec3{nil, {{1, 2, 0}}, {{1, 2, 0}, {1, 2, 5}}} {
		if _, ok := laneArrowTri(&scene.NetLane{Center: centre, Forward: true}); ok {
			t.Errorf("lane %v got an arrow", centre)
		}
	}
	for _, fwd := range []bool{true, false} {
		a, ok := laneArrowTri(&scene.NetLane{Center: []mgl64.Vec3{{0, 0, 0}, {10, 0, 0}}, Forward: fwd})
		if !ok {
			t.Fatal("a two-point lane got no arrow")
		}
		if want := map[bool]float64{true: 6.5, false: 3.5}[fwd]; a.tip != (mgl64.Vec3{want, 0, 0}) {
			t.Errorf("forward %v: tip %v, want (%v, 0, 0)", fwd, a.tip, want)
		}
	}
}

// TestRoadNetPick: the pixel over a driving lane picks that lane's road
// (with no BAI map set), and the picked road is drawn highlighted; a
// pixel over a junction's area picks the junction (Town01 has them).
func TestRoadNetPick(t *testing.T) {
	for _, tc := range roadNets {
		t.Run(tc.name, func(t *testing.T) {
			rn := tc.net(t)
			l, p := laneProbe(t, rn)
			v := topView(p, 10)
			r := netRenderer(rn)
			x, y, _, _ := v.WorldToScreen(p)
			e, ok := r.PickMapElement(&v, x, y)
			if !ok || e.Kind != ElementNetRoad || e.Index != l.Road {
				t.Fatalf("pick at lane of road %d: %+v, %v", l.Road, e, ok)
			}
			opt := Options{Layers: Lanes | Sidewalks, Element: e}
			if img := rasterize(build(r, v, nil, opt)); !pixelIs(img, &v, p, colHighlightArea) {
				t.Errorf("picked road not drawn highlighted at %v: %v", p, img.RGBAAt(int(x), int(y)))
			}
			if len(rn.Junctions) == 0 {
				return
			}
			lm := r.net.lanes
			for j := range lm.Intersections() {
				c := centroid(lm.Area(j))
				if loc := lm.Locate(mgl64.Vec3{c[0], c[1], p[2]}); loc.Intersection != j {
					continue // a concave junction's centroid may lie outside it
				}
				q := mgl64.Vec3{c[0], c[1], p[2]}
				v := topView(q, 10)
				x, y, _, _ := v.WorldToScreen(q)
				if e, ok := r.PickMapElement(&v, x, y); !ok || e.Kind != ElementJunction || e.Index != j {
					t.Errorf("pick at junction %d's centre: %+v, %v", j, e, ok)
				}
				return
			}
			t.Error("no junction whose centre is inside it")
		})
	}
}

func centroid(poly []mgl64.Vec2) mgl64.Vec2 {
	var c mgl64.Vec2
	for _, p := range poly {
		c = c.Add(p)
	}
	return c.Mul(1 / float64(len(poly)))
}

// TestRoadNetDoubleMark: a "solid solid" yellow border is drawn as two
// lines a line's width to each side of the border, with road between
// them (CARLA's towns have none, other towns do).
func TestRoadNetDoubleMark(t *testing.T) {
	doc := strings.Replace(straightXODR, `type="solid" weight="standard" color="yellow" width="0.3"`,
		`type="solid solid" weight="standard" color="yellow" width="0.3"`, 1)
	rn := netFromXODR(t, doc)
	var m *scene.NetMark
	for i := range rn.Marks {
		if rn.Marks[i].Type == "solid solid" {
			m = &rn.Marks[i]
		}
	}
	if m == nil {
		t.Fatalf("marks %+v: no double mark", rn.Marks)
	}
	a, b := m.Points[0], m.Points[len(m.Points)-1]
	dir := b.Sub(a).Normalize()
	left := mgl64.Vec3{-dir[1], dir[0], 0}
	mid := a.Add(dir.Mul(15))
	v := topView(mid, 100) // 100 pixels a metre: the lines 60 px apart
	img := rasterize(build(netRenderer(rn), v, nil, Options{Layers: Lanes}))
	for _, tc := range []struct {
		off  float64
		mark bool
	}{{0.3, true}, {-0.3, true}, {0, false}} {
		p := mid.Add(left.Mul(tc.off))
		if got := pixelIs(img, &v, p, colMarkYellow); got != tc.mark {
			x, y, _, _ := v.WorldToScreen(p)
			t.Errorf("%+.1f m from the border: yellow %v, want %v (pixel %v)", tc.off, got, tc.mark, img.RGBAAt(int(x), int(y)))
		}
	}
}
