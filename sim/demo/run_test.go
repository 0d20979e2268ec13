package demo

import (
	"bytes"
	"io"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
)

func TestSameSeedSameBytes(t *testing.T) {
	mapBytes, logBytes, _, _ := defaultBuild(t)
	mb, lb, _, err := Build(City(DefaultSeed), Options{Seed: DefaultSeed, Minutes: DefaultMinutes})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(mb, mapBytes) || !bytes.Equal(lb, logBytes) {
		t.Fatal("two builds with the same seed differ")
	}
}

func TestDifferentSeedsDiffer(t *testing.T) {
	m, err := citygen.Generate(City(DefaultSeed))
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if _, err := Record(&a, m, Options{Seed: 1, Minutes: 0.25}); err != nil {
		t.Fatal(err)
	}
	if _, err := Record(&b, m, Options{Seed: 2, Minutes: 0.25}); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("traffic seeds 1 and 2 give the same recording on one map")
	}
	mb1, _, _, err := Build(City(1), Options{Seed: 1, Minutes: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	mb2, _, _, err := Build(City(2), Options{Seed: 2, Minutes: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(mb1, mb2) {
		t.Fatal("seeds 1 and 2 give the same city")
	}
}

func TestOptionsRejected(t *testing.T) {
	m, err := citygen.Generate(City(DefaultSeed))
	if err != nil {
		t.Fatal(err)
	}
	for _, minutes := range []float64{0, -1, math.NaN(), math.Inf(1), MaxMinutes + 1} {
		if _, err := Record(io.Discard, m, Options{Seed: 1, Minutes: minutes}); err == nil {
			t.Errorf("%g minutes accepted", minutes)
		}
	}
	if _, err := Record(io.Discard, nil, Options{Seed: 1, Minutes: 1}); err == nil {
		t.Error("nil map accepted")
	}
}

// TestFrameCount: the length asked for is the recording's length.
func TestFrameCount(t *testing.T) {
	m, err := citygen.Generate(City(DefaultSeed))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		minutes float64
		frames  int
	}{{0.05, 61}, {0.5, 601}, {1.0 / 1200, 2}} {
		var buf bytes.Buffer
		sum, err := Record(&buf, m, Options{Seed: 1, Minutes: tc.minutes})
		if err != nil {
			t.Fatal(err)
		}
		rp := readReplay(t, buf.Bytes())
		if sum.Frames != tc.frames || len(rp.frames) != tc.frames || sum.Bytes != int64(buf.Len()) {
			t.Errorf("%g minutes: summary %+v, %d frames decoded, %d bytes", tc.minutes, sum, len(rp.frames), buf.Len())
		}
		if got := rp.frames[len(rp.frames)-1].start.Elapsed; math.Abs(got-tc.minutes*60) > 1e-9 {
			t.Errorf("%g minutes: last frame at %g s", tc.minutes, got)
		}
	}
}

// TestOtherCities runs the rules' checks on cities unlike the default:
// other seeds, a single block, one-way streets only, one lane and three
// lanes everywhere, a tram and a train.
func TestOtherCities(t *testing.T) {
	cities := []citygen.Config{
		City(2), City(7),
		{Name: "one block", BlocksX: 1, BlocksY: 1, BlockSize: 60, Seed: 3},
		{Name: "one-way", BlocksX: 3, BlocksY: 2, BlockSize: 50, Seed: 5, OneWayFraction: 1, MaxLanes: 1},
		{Name: "wide", BlocksX: 3, BlocksY: 3, BlockSize: 90, Seed: 9, MinLanes: 3, MaxLanes: 3, Curvy: 1, Tram: true, Train: true},
	}
	if testing.Short() {
		cities = cities[2:3]
	}
	for _, cfg := range cities {
		t.Run(cfg.Name, func(t *testing.T) {
			mb, lb, sum, err := Build(cfg, Options{Seed: cfg.Seed, Minutes: 1})
			if err != nil {
				t.Fatal(err)
			}
			bm, err := bai.DecodeBytes(mb)
			if err != nil {
				t.Fatal(err)
			}
			m := scene.NewMap(bm)
			rp := readReplay(t, lb)
			if checkLanes(t, rp, m) == 0 {
				t.Error("no vehicle was ever on a road")
			}
			checkOverlap(t, rp)
			checkRedLights(t, rp, m)
			checkStopSigns(t, rp, m)
			checkWalkers(t, rp, m)
			checkControls(t, rp)
			checkBlinkers(t, rp, m)
			checkKinematics(t, rp)
			t.Logf("%+v", sum)
		})
	}
}

func TestWalkersOnSidewalks(t *testing.T) {
	_, _, rp, m := defaultBuild(t)
	if n := checkWalkers(t, rp, m); n < 50000 {
		t.Fatalf("only %d walker positions on roads", n)
	}
}

// checkWalkers checks that every walker on a road is on one of its
// sidewalks (no farther from a sidewalk centre curve than half the
// sidewalk's width, between its kerb and outer edge), and that walkers
// move at a walking pace; it returns how many positions were on a road.
func checkWalkers(t *testing.T, rp *replay, m *scene.Map) int {
	t.Helper()
	checked := 0
	last := map[uint32]mgl64.Vec3{}
	for fi, f := range rp.frames {
		for _, s := range f.poses {
			a := rp.actors[s.id]
			if a.add.Type != recorder.ActorWalker {
				continue
			}
			if p, ok := last[s.id]; ok {
				if v := s.loc.Sub(p).Len() * frameRate; v > 2.5 {
					t.Fatalf("frame %d: walker %d moves at %.1f m/s", fi+1, s.id, v)
				}
			}
			last[s.id] = s.loc
			on, best := false, math.Inf(1)
			for r := range m.Roads {
				road := &m.Roads[r]
				if !onRoad(road, s.loc) {
					continue
				}
				on = true
				for _, side := range [2]*scene.Side{&road.SideA, &road.SideB} {
					if len(side.SidewalkInner) == 0 || len(side.SidewalkOuter) == 0 {
						continue
					}
					half := side.SidewalkOuter[0].Sub(side.SidewalkInner[0]).Len() / 2
					for _, c := range side.Sidewalks {
						d, _, _ := polyDist(c, s.loc)
						best = min(best, d-half)
					}
				}
			}
			if !on {
				continue
			}
			checked++
			if best > 0 {
				t.Fatalf("frame %d: walker %d at (%.2f, %.2f) is %.2f m off every sidewalk of its road", fi+1, s.id, s.loc[0], s.loc[1], best)
			}
		}
	}
	return checked
}

// TestUnitHelpers: the way back for velocities and walker speeds is the
// inverse of scene's conversions.
func TestUnitHelpers(t *testing.T) {
	for _, v := range []mgl64.Vec3{{1, 2, 3}, {-4.5, 0.25, -1}} {
		if got := scene.FromUnrealVelocity(velocityToUnreal(v)); got != v {
			t.Errorf("velocity %v comes back as %v", v, got)
		}
		if got := scene.FromUnrealAngularVelocity(angularToUnreal(v)); got != v {
			t.Errorf("angular velocity %v comes back as %v", v, got)
		}
	}
	for _, s := range []float64{0, 1.25, 2} {
		if got := scene.FromUnrealSpeed(speedToUnreal(s)); math.Abs(got-s) > 1e-6 {
			t.Errorf("walker speed %g comes back as %g", s, got)
		}
	}
	// A car driving along world +Y (yaw 90) moves along Unreal -Y.
	if u := velocityToUnreal(mgl64.Vec3{0, 10, 0}); u.Y != -10 || u.X != 0 {
		t.Errorf("world +Y velocity is %v in Unreal axes", u)
	}
}

// TestLightsThatDoNotWork: where one road end of a lit intersection has
// another rule, the game treats its lights as stop signs and blinks
// them: the lights there blink yellow, every vehicle stops at the line
// before it goes, and the rest of the city keeps its working lights.
func TestLightsThatDoNotWork(t *testing.T) {
	bm, err := citygen.Generate(City(DefaultSeed))
	if err != nil {
		t.Fatal(err)
	}
	j := busiestLitJunction(bm)
	if j < 0 {
		t.Fatal("the city has no intersection with working lights")
	}
	r := bm.Intersections[j].Roads[0]
	end := &bm.Roads[r].Start
	if end.Intersection != uint32(j) {
		end = &bm.Roads[r].End
	}
	end.Rule = bai.RuleStopSign
	var out bytes.Buffer
	if _, err := Record(&out, bm, Options{Seed: DefaultSeed, Minutes: DefaultMinutes}); err != nil {
		t.Fatal(err)
	}
	rp, m := readReplay(t, out.Bytes()), scene.NewMap(bm)
	blinking := 0
	for _, tm := range rp.lightTimes {
		if tm.Green == 0 && tm.Red == 0 {
			blinking++
		}
	}
	lights, _ := checkLights(t, rp)
	if want := len(bm.Intersections[j].Roads); blinking < 2 || blinking > want || lights-blinking < 10 {
		t.Fatalf("%d of %d lights blink; intersection %d has %d roads", blinking, lights, j, want)
	}
	checkStopSigns(t, rp, m)
	checkRedLights(t, rp, m)
	checkOverlap(t, rp)
	stops := 0
	for _, v := range visits(rp, m) {
		if v.junction == j && v.enter >= 0 {
			if v.control != controlStop {
				t.Fatalf("vehicle %d arrives at intersection %d under control %d", v.veh, j, v.control)
			}
			stops++
		}
	}
	if stops < 5 {
		t.Fatalf("only %d vehicles went through intersection %d", stops, j)
	}
}

// busiestLitJunction returns the intersection with the most roads whose
// road ends all have the traffic-light rule (-1 if none).
func busiestLitJunction(m *bai.Map) int {
	best := -1
	for j, in := range m.Intersections {
		lit := true
		for _, r := range in.Roads {
			for _, e := range [2]*bai.RoadEnd{&m.Roads[r].Start, &m.Roads[r].End} {
				lit = lit && (e.Intersection != uint32(j) || e.Rule == bai.RuleTrafficLight && e.HasLight())
			}
		}
		if lit && (best < 0 || len(in.Roads) > len(m.Intersections[best].Roads)) {
			best = j
		}
	}
	return best
}
