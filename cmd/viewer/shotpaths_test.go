package main

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// The demo's rogue drives the wrong way from about 81.25 s to 83.85 s.
const (
	rogueID = 211
	rogueAt = 82.55
)

// TestShotPathsDemo: a shot of the demo with the rogue selected marks its
// wrong-way fault where the pass placed it, and draws its trail in the
// speed colour of where it was 2 s before; without a selection there is
// no trail there.
func TestShotPathsDemo(t *testing.T) {
	sc, err := loadShotScene(nil, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	defer sc.close()
	var st scene.State
	if err := sc.rec.StateAt(rogueAt, &st); err != nil {
		t.Fatal(err)
	}
	// No label or legend may cover the pixels looked at.
	layers := scenedraw.AllLayers &^ (scenedraw.Labels | scenedraw.Legend)
	sp := shotSpec{at: rogueAt, width: 1280, height: 720, layers: layers, view: shotView{kind: "top"}, selected: rogueID}
	p, err := shotPaths(sc, sp, &st)
	if err != nil {
		t.Fatal(err)
	}
	if p.Actor != rogueID {
		t.Fatalf("trail of actor %d, want %d", p.Actor, rogueID)
	}
	f := rogueFault(p.Faults)
	if f == nil {
		t.Fatalf("no wrong-way fault of actor %d among %d faults", rogueID, len(p.Faults))
	}
	if !farFromActors(&st, f.Location, 4) {
		t.Fatalf("the fault's location %v is under an actor at %v s: pick another time", f.Location, rogueAt)
	}
	tr := p.Assoc.TrackAt(rogueID, rogueAt)
	if tr == nil || tr.Index(rogueAt-2) < 0 {
		t.Fatalf("actor %d has no track 2 s before %v", rogueID, rogueAt)
	}
	past := tr.At(tr.Index(rogueAt - 2))
	if !farFromActors(&st, past.Pos, 4) {
		t.Fatalf("the trail point %v is under an actor", past.Pos)
	}
	trail := scenedraw.SpeedColor(past.Speed)

	img, view, err := renderShot(sc, sp)
	if err != nil {
		t.Fatal(err)
	}
	if !colourNear(img, &view, f.Location, 2, scenedraw.FaultColor(faults.WrongWay)) {
		t.Errorf("no wrong-way mark colour %v near the fault's location %v", scenedraw.FaultColor(faults.WrongWay), f.Location)
	}
	if !colourNear(img, &view, past.Pos, 2, trail) {
		t.Errorf("no trail colour %v near where actor %d was at %v s, %v", trail, rogueID, past.Time, past.Pos)
	}

	sp.selected = 0
	img, view, err = renderShot(sc, sp)
	if err != nil {
		t.Fatal(err)
	}
	if colourNear(img, &view, past.Pos, 2, trail) {
		t.Errorf("trail colour %v near %v with no actor selected", trail, past.Pos)
	}
	if !colourNear(img, &view, f.Location, 2, scenedraw.FaultColor(faults.WrongWay)) {
		t.Errorf("no wrong-way mark with no actor selected: faults are marked whatever is selected")
	}
}

// rogueFault is the rogue's wrong-way fault around rogueAt.
func rogueFault(fs []faults.Fault) *faults.Fault {
	for i := range fs {
		if f := &fs[i]; f.Kind == faults.WrongWay && f.Actor == rogueID && f.Start <= rogueAt && f.End >= rogueAt-1 {
			return f
		}
	}
	return nil
}

// colourNear reports whether a pixel within r pixels of where view
// projects p has the colour want.
func colourNear(img *image.RGBA, view *render.View, p mgl64.Vec3, r int, want render.Color) bool {
	x, y, _, ok := view.WorldToScreen(p)
	if !ok {
		return false
	}
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			pt := image.Pt(int(x)+dx, int(y)+dy)
			if pt.In(img.Bounds()) && near(img.RGBAAt(pt.X, pt.Y), want.NRGBA(), 6) {
				return true
			}
		}
	}
	return false
}
