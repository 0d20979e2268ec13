package demo

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// laneTolerance is how far a vehicle's centre may be from a lane curve of
// the road it is on.
const laneTolerance = 0.75

func TestCityValidates(t *testing.T) {
	mapBytes, _, _, _ := defaultBuild(t)
	m, err := bai.DecodeBytes(mapBytes)
	if err != nil {
		t.Fatal(err)
	}
	if ps := bai.Validate(m); len(ps) > 0 {
		t.Fatalf("city.bai has %d problems, first %v", len(ps), ps[0])
	}
}

func TestRecordingRoundTrips(t *testing.T) {
	_, logBytes, _, _ := defaultBuild(t)
	rd, err := recorder.NewReader(bytes.NewReader(logBytes))
	if err != nil {
		t.Fatal(err)
	}
	h := rd.Header()
	if h.Version != 1 || h.Magic != recorder.Magic || h.Map != City(DefaultSeed).Name || h.Date != Date(DefaultSeed) {
		t.Errorf("header %+v", h)
	}
	var out bytes.Buffer
	wr, err := recorder.NewWriter(&out, h, recorder.Layout{})
	if err != nil {
		t.Fatal(err)
	}
	packets := 0
	for {
		p, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("packet %d at byte %d: %v", packets, rd.Offset(), err)
		}
		if _, raw := p.(*recorder.Raw); raw {
			t.Fatalf("packet %d at byte %d is not a known packet", packets, rd.Offset())
		}
		if err := wr.Write(p); err != nil {
			t.Fatal(err)
		}
		packets++
	}
	if err := wr.Flush(); err != nil {
		t.Fatal(err)
	}
	if lay := rd.Layout(); lay.Wide || lay.DevNumbering {
		t.Errorf("layout %+v, want 0.9.13's narrow vectors", lay)
	}
	if !bytes.Equal(out.Bytes(), logBytes) {
		t.Fatalf("re-encoding gives %d bytes, want the %d read", out.Len(), len(logBytes))
	}
}

func TestFrameClock(t *testing.T) {
	_, _, rp, _ := defaultBuild(t)
	fs := rp.frames
	if want := int(DefaultMinutes*60*frameRate) + 1; len(fs) != want {
		t.Fatalf("%d frames, want %d", len(fs), want)
	}
	for i, f := range fs {
		if f.start.Frame != uint64(i+1) {
			t.Fatalf("frame %d has id %d", i+1, f.start.Frame)
		}
		if i == len(fs)-1 {
			if f.start.Duration != -1 {
				t.Errorf("last frame duration %g, want -1", f.start.Duration)
			}
			continue
		}
		if f.start.Elapsed+f.start.Duration != fs[i+1].start.Elapsed || math.Abs(f.start.Duration-0.05) > 1e-9 {
			t.Fatalf("frame %d: elapsed %g + duration %g != next elapsed %g", i+1, f.start.Elapsed, f.start.Duration, fs[i+1].start.Elapsed)
		}
	}
	if fs[0].start.Elapsed != 0 {
		t.Errorf("first elapsed %g", fs[0].start.Elapsed)
	}
}

// TestLaneAdherence: every vehicle on a road is on one of its lane curves,
// faces the way that lane drives and keeps to it.
func TestLaneAdherence(t *testing.T) {
	_, _, rp, m := defaultBuild(t)
	if checked := checkLanes(t, rp, m); checked < 50000 {
		t.Fatalf("only %d vehicle positions were on roads", checked)
	}
}

// checkLanes checks lane adherence and lane keeping and returns how many
// positions were on a road.
func checkLanes(t *testing.T, rp *replay, m *scene.Map) int {
	t.Helper()
	tracks := rp.tracks(m)
	checked, worst := 0, 0.0
	for _, id := range slices.Sorted(maps.Keys(tracks)) {
		tr := tracks[id]
		for i, p := range tr {
			if !p.at.on() {
				continue
			}
			checked++
			worst = max(worst, p.at.dist)
			at := fmt.Sprintf("frame %d: vehicle %d at (%.2f, %.2f)", p.frame+1, id, p.s.loc[0], p.s.loc[1])
			if p.at.dist > laneTolerance {
				t.Fatalf("%s is %.2f m from every lane of road %d", at, p.at.dist, p.at.road)
			}
			if fwd, dir := p.s.rot.Forward(), p.at.dir; fwd.Dot(dir)/dir.Len() < 0.9 {
				t.Fatalf("%s faces (%.2f, %.2f) on a lane driving (%.2f, %.2f)", at, fwd[0], fwd[1], dir[0], dir[1])
			}
			if i == 0 || tr[i-1].frame != p.frame-1 {
				continue
			}
			if q := tr[i-1].at; q.road == p.at.road && (q.sideB != p.at.sideB || q.lane != p.at.lane) {
				t.Fatalf("%s changes from lane %d to lane %d of road %d", at, q.lane, p.at.lane, p.at.road)
			}
		}
	}
	t.Logf("%d positions on roads, farthest %.4f m from a lane", checked, worst)
	return checked
}

// Vehicles keep at least minClearance between their boxes (hardGap, the
// bumper gap a driver never gives up, less a margin for float32 positions
// and for bends, where boxes come closer than the gap along the lane),
// but the crash pair from crashWindow seconds before the staged
// collision until they drive apart: the late driver closes in until the
// bumpers touch, and they stand touching until the one in front drives
// off. In a bend touching bumpers overlap at a corner, by less than
// crashDent.
const (
	minClearance = 0.3
	crashWindow  = 6.0
	crashDent    = 0.1
)

// TestNoOverlap: no two vehicles come closer than minClearance, but the
// crash pair, which only touch.
func TestNoOverlap(t *testing.T) {
	_, _, rp, _ := defaultBuild(t)
	if pairs := checkOverlap(t, rp); pairs < 1000 {
		t.Fatalf("only %d close pairs were tested", pairs)
	}
}

// checkOverlap checks the clearance between vehicles and returns how
// many close pairs it tested.
func checkOverlap(t *testing.T, rp *replay) int {
	t.Helper()
	crashAt, pair := crashOf(rp)
	var boxes []obb
	var ids []uint32
	pairs := 0
	parted := false // the crash pair drove apart after the collision
	for fi, f := range rp.frames {
		if a, ok := f.pose(pair[0]); ok && f.start.Elapsed > crashAt && !parted {
			b, ok := f.pose(pair[1])
			parted = !ok || boxGap(rp.box(a), rp.box(b)) >= minClearance
		}
		boxes, ids = boxes[:0], ids[:0]
		for _, s := range f.poses {
			if rp.isVehicle(s.id) {
				boxes = append(boxes, rp.box(s))
				ids = append(ids, s.id)
			}
		}
		for a := range boxes {
			for b := a + 1; b < len(boxes); b++ {
				dx, dy := boxes[a].x-boxes[b].x, boxes[a].y-boxes[b].y
				if dx*dx+dy*dy > 64 {
					continue
				}
				pairs++
				if !boxesOverlap(boxes[a], boxes[b], -minClearance) {
					continue
				}
				at := fmt.Sprintf("frame %d (%.2f s): vehicles %d and %d", fi+1, f.start.Elapsed, ids[a], ids[b])
				isPair := ids[a] == pair[0] && ids[b] == pair[1] || ids[a] == pair[1] && ids[b] == pair[0]
				switch {
				case !isPair || f.start.Elapsed < crashAt-crashWindow || parted:
					t.Fatalf("%s are %.2f m apart", at, boxGap(boxes[a], boxes[b]))
				case boxesOverlap(boxes[a], boxes[b], crashDent):
					t.Fatalf("%s overlap by more than %g m in their collision", at, crashDent)
				}
			}
		}
	}
	t.Logf("%d pairs closer than 8 m tested", pairs)
	return pairs
}

// stopLine is where traffic arriving at a lit road end must stop: the end
// section's centre point, the direction into the intersection, and the
// lateral band the arriving lanes cover.
type stopLine struct {
	light    uint32
	at, into mgl64.Vec3
	lo, hi   float64 // lateral band, metres to the right of into
}

// stopLines finds, for every traffic-light actor, the road end whose
// light origin it stands at.
func stopLines(t *testing.T, rp *replay, m *scene.Map) []stopLine {
	t.Helper()
	var out []stopLine
	for id, a := range rp.actors {
		if a.add.Type != recorder.ActorTrafficLight {
			continue
		}
		loc := scene.FromUnreal(a.add.Location)
		found := false
		for r := range m.Roads {
			road := &m.Roads[r]
			c := road.Centre
			for _, atEnd := range [2]bool{false, true} {
				e, lanes := &road.Start, road.SideA.Lanes
				at, before := c[0], c[1]
				if atEnd {
					e, lanes = &road.End, road.SideB.Lanes
					at, before = c[len(c)-1], c[len(c)-2]
				}
				if !e.HasLight || e.LightOrigin.Sub(loc).Len() > 0.05 {
					continue
				}
				into := flat(at.Sub(before))
				into = into.Mul(1 / into.Len())
				right := mgl64.Vec3{into[1], -into[0], 0}
				sl := stopLine{light: id, at: at, into: into, lo: math.Inf(1), hi: math.Inf(-1)}
				for _, l := range lanes {
					off := l[len(l)-1].Sub(at).Dot(right)
					sl.lo, sl.hi = min(sl.lo, off-1.75), max(sl.hi, off+1.75)
				}
				out = append(out, sl)
				found = true
			}
		}
		if !found {
			t.Fatalf("traffic light %d at (%.2f, %.2f, %.2f) stands at no road end's light origin", id, loc[0], loc[1], loc[2])
		}
	}
	return out
}

// TestRedLightsObeyed: no vehicle's front crosses a stop line into the
// intersection in a frame where that approach's light is red.
func TestRedLightsObeyed(t *testing.T) {
	_, _, rp, m := defaultBuild(t)
	if n := len(stopLines(t, rp, m)); n < 10 {
		t.Fatalf("only %d lit stop lines", n)
	}
	if crossed, waited := checkRedLights(t, rp, m); crossed[recorder.LightGreen] < 50 || waited < 1000 {
		t.Fatalf("%v crossings, %d vehicle-frames waiting at red lines: too few to tell", crossed, waited)
	}
}

// checkRedLights checks that no vehicle enters on red; it returns the
// crossings by light state and the vehicle-frames spent standing at red
// stop lines.
func checkRedLights(t *testing.T, rp *replay, m *scene.Map) (map[recorder.LightState]int, int) {
	t.Helper()
	lines := stopLines(t, rp, m)
	front := func(s sample) mgl64.Vec3 {
		b := rp.box(s)
		return mgl64.Vec3{b.x + b.c*b.hl, b.y + b.s*b.hl, 0}
	}
	crossed, waited := map[recorder.LightState]int{}, 0
	prev := map[uint32]mgl64.Vec3{}
	for fi, f := range rp.frames {
		cur := map[uint32]mgl64.Vec3{}
		for _, s := range f.poses {
			if !rp.isVehicle(s.id) || rp.isRogue(s.id) {
				continue
			}
			p := front(s)
			cur[s.id] = p
			q, ok := prev[s.id]
			for _, sl := range lines {
				right := mgl64.Vec3{sl.into[1], -sl.into[0], 0}
				d, lat := p.Sub(sl.at).Dot(sl.into), p.Sub(sl.at).Dot(right)
				if lat < sl.lo || lat > sl.hi || d < -3 || d > 3 {
					continue
				}
				state := f.light(sl.light)
				if state == recorder.LightRed && d < 0 && d > -2 && ok && q == p {
					waited++
				}
				if !ok || q.Sub(sl.at).Dot(sl.into) > 0 || d <= 0 {
					continue
				}
				crossed[state]++
				if state == recorder.LightRed {
					t.Fatalf("frame %d (%.2f s): vehicle %d enters on red at light %d", fi+1, f.start.Elapsed, s.id, sl.light)
				}
			}
		}
		prev = cur
	}
	t.Logf("crossings by light state %v; %d vehicle-frames standing at red lines", crossed, waited)
	return crossed, waited
}

// TestCounts: the population, the hero, its sensor and the collision.
func TestCounts(t *testing.T) {
	_, _, rp, _ := defaultBuild(t)
	for fi, f := range rp.frames {
		if f.start.Elapsed < 1 {
			continue
		}
		if f.vehicles < 40 || f.walkers < 30 {
			t.Fatalf("frame %d: %d vehicles and %d walkers alive", fi+1, f.vehicles, f.walkers)
		}
	}
	var hero, sensor *actorInfo
	heroes, spectators, lights := 0, 0, 0
	for _, a := range rp.actors {
		switch {
		case a.attr("role_name") == "hero":
			heroes++
			hero = a
		case a.add.Description == "sensor.other.collision":
			sensor = a
		case a.add.Description == "spectator":
			spectators++
		case a.add.Type == recorder.ActorTrafficLight:
			lights++
		}
		if a.add.Type == recorder.ActorVehicle {
			if !a.hasBox || a.attr("number_of_wheels") != "4" || a.attr("color") == "" {
				t.Errorf("vehicle %d %s: box %v, attributes %v", a.add.ID, a.add.Description, a.hasBox, a.add.Attributes)
			}
		}
	}
	if heroes != 1 || spectators != 1 || lights == 0 {
		t.Fatalf("%d heroes, %d spectators, %d lights", heroes, spectators, lights)
	}
	if hero.add.Type != recorder.ActorVehicle || hero.gone >= 0 {
		t.Errorf("hero %+v, destroyed in frame %d", hero.add, hero.gone+1)
	}
	if sensor == nil || sensor.add.Type != recorder.ActorSensor || sensor.parent != hero.add.ID {
		t.Fatalf("collision sensor %+v is not a Sensor attached to hero %d", sensor, hero.add.ID)
	}
	n := 0
	for fi, f := range rp.frames {
		for _, c := range f.collisions {
			n++
			if !rp.isVehicle(c.Actor1) || !rp.isVehicle(c.Actor2) || c.Actor1 != hero.add.ID || !c.Hero1 || c.Hero2 {
				t.Errorf("frame %d: collision %+v is not the hero's sensor reporting a vehicle", fi+1, c)
			}
			var a, b *sample
			for i := range f.poses {
				switch f.poses[i].id {
				case c.Actor1:
					a = &f.poses[i]
				case c.Actor2:
					b = &f.poses[i]
				}
			}
			if a == nil || b == nil {
				t.Fatalf("frame %d: a colliding vehicle has no position", fi+1)
			}
			if g := boxGap(rp.box(*a), rp.box(*b)); g > 0.1 {
				t.Errorf("frame %d: colliding vehicles are %.2f m apart", fi+1, g)
			}
		}
	}
	if n == 0 {
		t.Fatal("no collision recorded")
	}
}
