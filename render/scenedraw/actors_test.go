package scenedraw

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw/scenetest"
	"github.com/mm2carla/viewer/scene"
)

func hasShade(dl *render.DrawList, base render.Color) bool {
	for _, v := range dl.Vertices() {
		if isShadeOf(v.Color, base) {
			return true
		}
	}
	return false
}

func actorCenter(t *testing.T, st *scene.State, id uint32) mgl64.Vec3 {
	t.Helper()
	a := st.Actor(id)
	if a == nil {
		t.Fatalf("no actor %d", id)
	}
	return poseOf(a).center
}

// TestActorStyles checks the colours that carry meaning: the hero's body
// and ring, a selected actor's white ring, brake lights only while
// braking, and the kinds' colours.
func TestActorStyles(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	st := f.state(t, 1)
	opt := Options{Layers: AllLayers &^ Legend}

	dl := build(r, topView(actorCenter(t, st, scenetest.HeroID), 20), st, opt)
	if !hasShade(dl, colHero) || countColor(dl, colHero) == 0 {
		t.Error("the hero's body or ring is not in the hero colour")
	}
	if !hasShade(dl, kindColor(scene.KindSensor)) {
		t.Error("the sensor on the hero is not marked")
	}
	dl = build(r, topView(actorCenter(t, st, scenetest.BrakingID), 20), st, opt)
	if !hasShade(dl, colBrake) {
		t.Error("a car with the brake light bit shows no brake light")
	}
	if !hasShade(dl, kindColor(scene.KindCar)) {
		t.Error("a car is not in the car colour")
	}
	if countColor(dl, colSelect) != 0 {
		t.Error("a selection ring with nothing selected")
	}
	sel := opt
	sel.Selected = scenetest.BrakingID
	dl = build(r, topView(actorCenter(t, st, scenetest.BrakingID), 20), st, sel)
	if countColor(dl, colSelect) == 0 || !hasShade(dl, brighten(kindColor(scene.KindCar), 0.35)) {
		t.Error("the selected car has no white ring or is not brightened")
	}
	// No brake bit, no brake pedal: no brake light.
	a := st.Actor(scenetest.BrakingID)
	a.LightBits, a.Control.Brake = 0, 0
	dl = build(r, topView(actorCenter(t, st, scenetest.BrakingID), 20), st, opt)
	if hasShade(dl, colBrake) {
		t.Error("brake lights drawn for a car that does not brake")
	}
	a.Control.Brake = 0.5
	dl = build(r, topView(actorCenter(t, st, scenetest.BrakingID), 20), st, opt)
	if !hasShade(dl, colBrake) {
		t.Error("no brake light for a car braking by its control input")
	}
	for _, k := range []struct {
		id   uint32
		kind scene.Kind
	}{{scenetest.TruckID, scene.KindTruck}, {scenetest.BikeID, scene.KindBike}, {scenetest.WalkerID, scene.KindWalker}} {
		dl = build(r, topView(actorCenter(t, st, k.id), 20), st, opt)
		if !hasShade(dl, kindColor(k.kind)) {
			t.Errorf("%v %d is not drawn in its kind's colour", k.kind, k.id)
		}
	}
}

// TestVehicleColors: with VehicleColors a vehicle with a "color"
// attribute is painted with it (the hero keeps the hero colour).
func TestVehicleColors(t *testing.T) {
	st := &scene.State{Actors: []scene.Actor{{
		ID: 7, Kind: scene.KindCar, Blueprint: "vehicle.mini.cooper",
		Attributes: []recorder.Attribute{{Key: "color", Value: "10,200,30"}},
		Box:        scene.DefaultBox(scene.KindCar),
	}}}
	r := New()
	v := topView(mgl64.Vec3{}, 20)
	if dl := build(r, v, st, Options{}); !hasShade(dl, kindColor(scene.KindCar)) {
		t.Error("without VehicleColors the car is not in the car colour")
	}
	if dl := build(r, v, st, Options{VehicleColors: true}); !hasShade(dl, liftColor(render.RGB(10, 200, 30))) {
		t.Error("with VehicleColors the car is not in its recorded colour")
	}
}

// TestLiftColor: a black car stands out from the road, hues keep their
// order, white stays white.
func TestLiftColor(t *testing.T) {
	lum := func(c render.Color) float32 { return 0.3*c.R + 0.59*c.G + 0.11*c.B }
	if d := lum(liftColor(render.RGB(0, 0, 0))) - lum(colRoad); d < 0.15 {
		t.Errorf("a black car is only %.2f brighter than the road", d)
	}
	if c := liftColor(render.RGB(255, 255, 255)); c != render.RGB(255, 255, 255) {
		t.Errorf("white lifted to %v", c)
	}
	if c := liftColor(render.RGB(200, 20, 20)); !(c.R > c.G && c.G == c.B) {
		t.Errorf("red lifted to %v", c)
	}
}

// TestCollisionFlash: the flash appears in the frame that records the
// collision and lasts FlashDuration of replay time while playing on; a
// seek back before it, or a fresh renderer after it, shows none.
func TestCollisionFlash(t *testing.T) {
	f := newFixture(t)
	flash := func(r *Renderer, at float64) int {
		st := f.state(t, at)
		c := render.Lerp(poseOf(st.Actor(scenetest.CollideA)).center, poseOf(st.Actor(scenetest.CollideB)).center, 0.5)
		dl := build(r, topView(c, 10), st, Options{Time: at})
		n := 0
		for _, v := range dl.Vertices() {
			if v.Color.WithAlpha(1) == colFlash {
				n++
			}
		}
		return n
	}
	at := float64(scenetest.CollideFrame) / 10
	if len(f.state(t, at+0.3).Collisions) != 0 {
		t.Fatal("the test recording collides after its collision frame")
	}
	r := f.renderer()
	steps := []struct {
		at   float64
		want bool
	}{
		{at - 0.3, false},
		{at, true},                        // the collision's frame
		{at + 0.3, true},                  // still flashing while playing on
		{at + FlashDuration - 0.05, true}, // nearly over
		{at + FlashDuration + 0.1, false}, // over
		{at, true},                        // seek back onto it
		{at - 0.3, false},                 // seek back before it
	}
	for _, s := range steps {
		if got := flash(r, s.at) > 0; got != s.want {
			t.Errorf("playing, at %g s: flash %v, want %v", s.at, got, s.want)
		}
	}
	if flash(f.renderer(), at+0.3) != 0 {
		t.Error("a fresh renderer flashes after the collision's frame")
	}
}

// TestCollisionFlashFromEvents: given the recording's events, a fresh
// renderer (a snapshot, a seek) draws the flash exactly as one that
// played up to that time, and nothing outside the flash's time.
func TestCollisionFlashFromEvents(t *testing.T) {
	f := newFixture(t)
	at := float64(scenetest.CollideFrame) / 10
	frame := func(r *Renderer, now float64, events []scene.Event) []render.Vertex {
		st := f.state(t, now)
		c := poseOf(st.Actor(scenetest.CollideA)).center
		dl := build(r, topView(c, 10), st, Options{Time: now, Events: events})
		var vs []render.Vertex
		for _, v := range dl.Vertices() {
			if v.Color.WithAlpha(1) == colFlash {
				vs = append(vs, v)
			}
		}
		return vs
	}
	events := f.rec.Events()
	for _, now := range []float64{at, at + 0.3, at + FlashDuration - 0.05, at - 0.3, at + FlashDuration + 0.1} {
		played := f.renderer()
		for tt := 0.0; tt < now-1e-9; tt += 0.05 {
			frame(played, tt, nil)
		}
		want := frame(played, now, nil)
		got := frame(f.renderer(), now, events)
		if flashing := now >= at && now <= at+FlashDuration; flashing != (len(want) > 0) {
			t.Fatalf("at %g s: %d flash vertices after playing there", now, len(want))
		}
		if len(got) != len(want) {
			t.Errorf("at %g s: %d flash vertices from the events, %d after playing there", now, len(got), len(want))
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("at %g s: flash vertex %d is %v from the events, %v after playing", now, i, got[i], want[i])
				break
			}
		}
	}
}

// TestDepthOrder: boxes paint over roads whatever the view, and of two
// boxes in line with the camera the nearer paints last.
func TestDepthOrder(t *testing.T) {
	car, truck := kindColor(scene.KindCar), kindColor(scene.KindTruck)
	mk := func(id uint32, k scene.Kind, x float64) scene.Actor {
		return scene.Actor{ID: id, Kind: k, Box: scene.DefaultBox(k), World: scene.Transform{Location: mgl64.Vec3{x, 0, 0}}}
	}
	st := &scene.State{Actors: []scene.Actor{mk(1, scene.KindCar, 0), mk(2, scene.KindTruck, 20)}}
	r := New()
	for _, yaw := range []float64{0, math.Pi} { // looking along +X, then along -X
		cam := render.OrbitCamera{Target: mgl64.Vec3{10, 0, 0}, Distance: 40, Yaw: yaw, Pitch: 0.3}
		dl := build(r, cam.View(testVP), st, Options{Layers: Grid})
		cf, cl := paintRange(dl, func(c render.Color) bool { return isShadeOf(c, car) })
		tf, tl := paintRange(dl, func(c render.Color) bool { return isShadeOf(c, truck) })
		_, gl := paintRange(dl, func(c render.Color) bool { return c == colGrid || c == colGridMajor })
		if cf < 0 || tf < 0 || gl < 0 {
			t.Fatalf("yaw %g: car %d, truck %d or grid %d not drawn", yaw, cf, tf, gl)
		}
		if cf < gl || tf < gl {
			t.Errorf("yaw %g: a box is painted before the ground grid", yaw)
		}
		nearFirst, farLast := cf, tl
		if yaw != 0 { // the truck is nearer
			nearFirst, farLast = tf, cl
		}
		if nearFirst < farLast {
			t.Errorf("yaw %g: the nearer box is not painted after the farther one", yaw)
		}
	}
}

// TestSmallActorsStayVisible: an actor a fraction of a pixel wide is
// still drawn (as a dot) so a whole-city view shows the traffic.
func TestSmallActorsStayVisible(t *testing.T) {
	st := &scene.State{Actors: []scene.Actor{{ID: 1, Kind: scene.KindWalker, Box: scene.DefaultBox(scene.KindWalker)}}}
	dl := build(New(), topView(mgl64.Vec3{}, 0.1), st, Options{})
	if !hasShade(dl, kindColor(scene.KindWalker)) {
		t.Fatal("a distant walker vanished")
	}
}

// TestLabels: the hero is labelled even from afar, other actors only
// when large enough, and labels say id and blueprint.
func TestLabels(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	st := f.state(t, 1)
	find := func(dl *render.DrawList, text string) *render.Label {
		for i := range dl.Labels() {
			if l := &dl.Labels()[i]; l.Text == text {
				return l
			}
		}
		return nil
	}
	far := build(r, topView(actorCenter(t, st, scenetest.HeroID), 0.5), st, Options{Layers: Labels})
	if l := find(far, "100 tesla.model3"); l == nil || !l.Placed {
		t.Errorf("hero label missing from afar: %+v", l)
	}
	if find(far, "101 audi.a2") != nil {
		t.Error("a small car got a label from afar")
	}
	near := build(r, topView(actorCenter(t, st, scenetest.BrakingID), 20), st, Options{Layers: Labels})
	if l := find(near, "101 audi.a2"); l == nil || !l.Placed {
		t.Errorf("a car seen close has no label: %+v", l)
	}
	if l := find(near, "100 tesla.model3"); l == nil || l.Priority <= find(near, "101 audi.a2").Priority {
		t.Error("the hero's label does not outrank a car's")
	}
}

func TestParseRGB(t *testing.T) {
	tests := []struct {
		in   string
		want render.Color
		ok   bool
	}{
		{"255,0,10", render.RGB(255, 0, 10), true},
		{" 1, 2 ,3", render.RGB(1, 2, 3), true},
		{"1,2", render.Color{}, false},
		{"1,2,3,4", render.Color{}, false},
		{"1,2,256", render.Color{}, false},
		{"a,b,c", render.Color{}, false},
		{"", render.Color{}, false},
	}
	for _, tc := range tests {
		got, ok := parseRGB(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseRGB(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestActorLabelText(t *testing.T) {
	for _, tc := range []struct {
		id   uint32
		bp   string
		want string
	}{
		{42, "vehicle.tesla.model3", "42 tesla.model3"},
		{7, "walker.pedestrian.0001", "7 pedestrian.0001"},
		{9, "spectator", "9 spectator"},
		{3, "", "3"},
		{4, "static.", "4 static."},
	} {
		if got := actorLabel(&scene.Actor{ID: tc.id, Blueprint: tc.bp}); got != tc.want {
			t.Errorf("actorLabel(%d, %q) = %q, want %q", tc.id, tc.bp, got, tc.want)
		}
	}
}

// TestLabelClearsActor: seen close from behind and above, as the chase
// camera sees the followed car, its label (and the hero's marker) hang
// above the roof's highest point on screen instead of covering the car.
func TestLabelClearsActor(t *testing.T) {
	for _, hero := range []bool{false, true} {
		car := scene.Actor{ID: 5, Kind: scene.KindCar, Blueprint: "vehicle.audi.a2", Hero: hero, Box: scene.DefaultBox(scene.KindCar)}
		st := &scene.State{Actors: []scene.Actor{car}}
		r := New()
		r.SetMeasurer(render.FixedMeasurer{Advance: 7, Ascent: 10, Descent: 3})
		var cam render.ChaseCamera
		cam.Snap(mgl64.Vec3{}, 0)
		v := cam.View(testVP)
		dl := build(r, v, st, Options{Layers: Labels})
		p := poseOf(&st.Actors[0])
		roof := math.Inf(1)
		for i := range 8 {
			c := p.local(float64(i&1*2-1)*p.half[0], float64(i&2-1)*p.half[1], float64(i&4/2-1)*p.half[2])
			if _, y, _, ok := v.WorldToScreen(c); ok {
				roof = min(roof, y)
			}
		}
		var l *render.Label
		for i := range dl.Labels() {
			if dl.Labels()[i].Text == "5 audi.a2" {
				l = &dl.Labels()[i]
			}
		}
		if l == nil || !l.Placed {
			t.Fatalf("hero %v: no placed label", hero)
		}
		if l.Box.MaxY > roof {
			t.Errorf("hero %v: label box bottom %.1f is below the car's top on screen %.1f: it covers the car", hero, l.Box.MaxY, roof)
		}
	}
}

// FuzzParseRGB: any attribute value parses or is refused without a
// panic, and what parses prints back as the same colour.
func FuzzParseRGB(f *testing.F) {
	for _, s := range []string{"255,0,10", " 1, 2 ,3", "256,0,0", "1,2", "1,2,3,4", "", ",,", "-1,0,0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := parseRGB(s)
		if !ok {
			return
		}
		n := c.NRGBA()
		back, ok2 := parseRGB(fmt.Sprintf("%d,%d,%d", n.R, n.G, n.B))
		if !ok2 || back != c {
			t.Fatalf("%q parsed to %v, which prints back as %v (%v)", s, c, back, ok2)
		}
	})
}

// TestChaseTarget: a chase camera snapped to an actor heading along +Y
// (yaw 90° in scene's degrees) sits behind it, at lower Y, looking +Y.
func TestChaseTarget(t *testing.T) {
	a := &scene.Actor{World: scene.Transform{Location: mgl64.Vec3{5, 7, 0}, Rotation: scene.Rotation{Yaw: 90}}}
	pos, yaw := ChaseTarget(a)
	if pos != (mgl64.Vec3{5, 7, 0}) || math.Abs(yaw-math.Pi/2) > 1e-12 {
		t.Fatalf("ChaseTarget = %v, %g; want (5, 7, 0), π/2", pos, yaw)
	}
	var cam render.ChaseCamera
	cam.Snap(pos, yaw)
	v := cam.View(testVP)
	if e := cam.Eye(); math.Abs(e[0]-5) > 1e-9 || e[1] >= 7 || v.Forward[1] <= 0 {
		t.Errorf("eye %v looking %v: want behind the actor (x 5, y < 7) looking +Y", e, v.Forward)
	}
}
