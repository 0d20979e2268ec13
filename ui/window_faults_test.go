package ui

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
)

// faultyWindow opens a recording on drivetest's city where vehicle 1
// drives lane B0 at 8 m/s and drifts 1.8 m off it from 3 s to 5 s (an
// off-lane fault), with vehicle 2 beside it, and waits for the loads and
// the fault pass.
func faultyWindow(t *testing.T) (*Game, *script) {
	t.Helper()
	bm := drivetest.City()
	sm := scene.NewMap(bm)
	r := drivetest.Through(sm)
	drive := func(id uint32, p drivetest.Path, drift float64) drivetest.Vehicle {
		return drivetest.Vehicle{ID: id, Blueprint: "vehicle.tesla.model3", Pose: func(t float64) (mgl64.Vec3, float64, bool) {
			lat := 0.0
			if t >= 3 && t <= 5 {
				lat = drift
			}
			pos, yaw := p.At(5+8*t, lat)
			return pos, yaw, true
		}}
	}
	s := drivetest.Script{Hz: 20, Seconds: 9, Vehicles: []drivetest.Vehicle{
		drive(1, drivetest.Lane(sm, r, true, 0), 1.8), drive(2, drivetest.Lane(sm, r, true, 1), 0)}}
	var mb bytes.Buffer
	if err := bai.Encode(&mb, bm); err != nil {
		t.Fatal(err)
	}
	g, sc := newTestGame(t, loader.BytesSource("drive.bai", mb.Bytes()), loader.BytesSource("drive.log", s.Bytes()))
	if g.App().Association() == nil || len(g.App().Faults()) == 0 {
		t.Fatalf("no faults after the loads: %+v", g.App().Faults())
	}
	return g, sc
}

// TestWindowFaultTrailPlot: K and Enter go to the off-lane fault and
// select its car; the top-down picture shows the fault's mark where it
// happened and the car's trail in its speed's colour behind it; a click
// on the plots seeks there; and a playing Update with all of it on
// screen allocates nothing.
func TestWindowFaultTrailPlot(t *testing.T) {
	g, sc := faultyWindow(t)
	a := g.App()
	var off *faults.Fault
	for i := range a.Faults() {
		if a.Faults()[i].Kind == faults.OffLane {
			off = &a.Faults()[i]
		}
	}
	if off == nil {
		t.Fatalf("no off-lane fault among %+v", a.Faults())
	}
	sc.key(input.KeyK, false, false)
	drain(t, g, sc)
	for a.FaultList().Cursor() < len(a.Faults()) && &a.Faults()[a.FaultList().Cursor()] != off {
		sc.key(input.KeyDown, false, false)
		drain(t, g, sc)
	}
	sc.key(input.KeyEnter, false, false)
	sc.key(input.KeyK, false, false) // close the list
	sc.key(input.KeyT, false, false) // top-down
	drain(t, g, sc)
	run(t, g, 2)
	if a.Selected() != off.Actor || a.Clock().Time() != off.Start {
		t.Fatalf("Enter: selected %d at %v, want %d at %v", a.Selected(), a.Clock().Time(), off.Actor, off.Start)
	}
	// Half a second later, the trail runs over the mark.
	a.Apply(input.Clock(playback.GoTo(off.Start + 0.5)))
	run(t, g, 2)
	img := shot(t, g, "fault-trail")
	v := a.View()
	mx, my, _, ok := v.WorldToScreen(off.Location)
	if !ok {
		t.Fatal("the fault is behind the camera")
	}
	k := int(2 * scenedraw.MarkRadius * g.scale)
	box := image.Rect(int(mx)-k, int(my)-k, int(mx)+k, int(my)+k)
	if n := countNear(img, box, 8, rgb(scenedraw.FaultColor(faults.OffLane))); n < 20 {
		t.Errorf("fault mark at %.0f,%.0f: %d pixels of its colour", mx, my, n)
	}
	tr := a.Association().TrackAt(off.Actor, a.Clock().Time())
	trailCol := rgb(scenedraw.SpeedColor(8))
	seen := 0
	for _, dt := range []float64{-2, -1.5, 1.5, 2} { // behind it, and ahead (dashed)
		p := tr.Pos(tr.Index(a.Clock().Time() + dt))
		x, y, _, ok := v.WorldToScreen(p)
		if ok && countNear(img, image.Rect(int(x)-6, int(y)-6, int(x)+6, int(y)+6), 10, trailCol) > 0 {
			seen++
		}
	}
	if seen < 3 {
		t.Errorf("trail in %v seen at %d of 4 points behind and ahead", trailCol, seen)
	}
	// The plots: a click a quarter of the way along seeks there.
	p := g.pan.plotArea
	if !(p.X1 > p.X0) {
		t.Fatal("no plots under the actor panel")
	}
	want := p.Start + 0.25*(p.End-p.Start)
	a.Apply(input.Pan(4000, 4000)) // the car off screen: the click brings it back
	sc.click(p.X0+0.25*(p.X1-p.X0), (p.Y0+p.Y1)/2)
	drain(t, g, sc)
	run(t, g, 1)
	if act := a.State().Actor(off.Actor); act == nil {
		t.Errorf("actor %d not in the scene after the click", off.Actor)
	} else if x, y, _, ok := a.View().WorldToScreen(act.World.Location); !ok || !g.lay.view.contains(x, y) {
		t.Errorf("after a click on the plots actor %d is at %.0f,%.0f, off the view %+v", off.Actor, x, y, g.lay.view)
	}
	if got := a.Clock().Time(); math.Abs(got-want) > 0.06 {
		t.Errorf("a click on the plots went to %v, want %v", got, want)
	}
	if a.Selected() != off.Actor {
		t.Errorf("a click on the plots changed the selection to %d", a.Selected())
	}
	// The cursor rests on the plots: each band's title row ends with the
	// series' value at its time, in the title's white.
	if g.pan.plotRows == 0 {
		t.Fatal("no rows of plots")
	}
	hover := shot(t, g, "plot-hover")
	p = g.pan.plotArea
	row := image.Rect(int((p.X0+p.X1)/2), int(p.Y0), int(p.X1), int(p.Y0+g.lay.px(plotTitleH)))
	if n := countNear(hover, row, 30, rgb(colTitle)); n < 5 {
		t.Errorf("no value under the cursor in the speed band's title row %v (%d white pixels)", row, n)
	}
	// Playing, with the list, the trail, the marks and the plots.
	sc.key(input.KeyK, false, false)
	sc.key(input.KeyL, false, false)
	sc.key(input.KeySpace, false, false)
	drain(t, g, sc)
	run(t, g, 200)
	if n := testing.AllocsPerRun(100, g.step); n != 0 {
		t.Errorf("a playing Update with faults, trail and plots allocates %v times", n)
	}
}

// TestWindowNoticesClearOfPanels: in a small window with the actor panel
// and the fault list open, the notices (of the loads and the pass) cover
// neither: too little room between the two puts them under the list.
func TestWindowNoticesClearOfPanels(t *testing.T) {
	g, sc := faultyWindow(t)
	g.Layout(1024, 700)
	sc.key(input.KeyK, false, false)
	drain(t, g, sc)
	sc.key(input.KeyEnter, false, false)
	drain(t, g, sc)
	run(t, g, 2)
	a := g.App()
	if a.Selected() == 0 || !a.FaultList().Open() || len(a.Notices()) == 0 {
		t.Fatalf("selected %d, list open %v, %d notices", a.Selected(), a.FaultList().Open(), len(a.Notices()))
	}
	ps := g.pan.all
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			p, q := ps[i], ps[j]
			if p.x0 < q.x1 && q.x0 < p.x1 && p.y0 < q.y1 && q.y0 < p.y1 {
				t.Errorf("panels %d %+v and %d %+v overlap", i, p, j, q)
			}
		}
	}
}

// TestWindowFaultRowFaint: the tick of car 1's faults above the timeline
// is drawn in their kinds' colours with no actor selected and with car 1
// selected, and faint with car 2 selected.
func TestWindowFaultRowFaint(t *testing.T) {
	g, _ := faultyWindow(t)
	a := g.App()
	var off *faults.Fault
	for i := range a.Faults() {
		if a.Faults()[i].Kind == faults.OffLane {
			off = &a.Faults()[i]
		}
	}
	if off == nil || off.Actor != 1 {
		t.Fatalf("no off-lane fault of car 1 among %+v", a.Faults())
	}
	// Car 1 drifts into side A's lane: a wrong-way fault starts with the
	// off-lane one, and its tick is drawn over it.
	cols := []color.RGBA{rgb(scenedraw.FaultColor(faults.OffLane)), rgb(scenedraw.FaultColor(faults.WrongWay))}
	for _, tc := range []struct {
		selected uint32
		bright   bool
	}{{0, true}, {2, false}, {1, true}} {
		a.Apply(input.ClearSelection())
		if tc.selected != 0 {
			a.Apply(input.FindActor(tc.selected))
			a.Apply(input.Clock(playback.GoTo(0))) // finding it may have moved the clock
		}
		run(t, g, 2)
		img := shot(t, g, "fault-row")
		bar, c := g.lay.bar, a.Clock()
		tl := playback.Timeline{X: bar.x0, Width: bar.w(), Start: c.Start(), End: c.End()}
		x, y := int(math.Floor(tl.XAt(off.Start))), int(bar.y0-g.lay.px(5))
		n := countNear(img, image.Rect(x-1, y-2, x+3, y+2), 12, cols...)
		if tc.bright != (n > 0) {
			t.Errorf("selected %d: %d pixels of the off-lane colour at the tick (%d,%d); want bright %v", tc.selected, n, x, y, tc.bright)
		}
	}
}

// TestWindowFaultListClick: a click on a row of the fault list, where the
// tick's layout put it, goes to that row's fault (as Enter does), and a
// click below the rows, still on the panel, neither picks a row nor
// selects through the panel.
func TestWindowFaultListClick(t *testing.T) {
	g, sc := faultyWindow(t)
	a := g.App()
	sc.key(input.KeyK, false, false)
	drain(t, g, sc)
	run(t, g, 1)
	lb := g.pan.list
	if lb.kind != listFaults || lb.rows.N != len(a.Faults()) || !(lb.rows.RowH > 0) {
		t.Fatalf("fault list laid out as %+v with %d faults", lb, len(a.Faults()))
	}
	i := lb.rows.N - 1
	f := a.Faults()[i]
	x, y := (lb.rows.X0+lb.rows.X1)/2, lb.rows.Top+(float64(i)+0.5)*lb.rows.RowH
	sc.click(x, y)
	drain(t, g, sc)
	if a.Clock().Time() != f.Start || a.Selected() != f.Actor || a.FaultList().Cursor() != i {
		t.Errorf("click on row %d: time %v, selected %d, cursor %d; want %v, %d, %d",
			i, a.Clock().Time(), a.Selected(), a.FaultList().Cursor(), f.Start, f.Actor, i)
	}
	a.Apply(input.ClearSelection())
	sc.click(x, lb.r.y1-1) // the panel's padding under the rows
	drain(t, g, sc)
	if a.Selected() != 0 || a.FaultList().Cursor() != i {
		t.Errorf("click under the rows: selected %d, cursor %d", a.Selected(), a.FaultList().Cursor())
	}
}
