package render

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

var mono = FixedMeasurer{Advance: 7, Ascent: 10, Descent: 3}

func TestPlaceLabelsAroundOneAnchor(t *testing.T) {
	vp := Viewport{Width: 400, Height: 300}
	labels := []Label{
		{X: 200, Y: 150, Text: "low", Priority: 1},
		{X: 200, Y: 150, Text: "top", Priority: 9},
		{X: 200, Y: 150, Text: "mid", Priority: 5},
		{X: 200, Y: 150, Text: "mid-far", Priority: 5, Depth: 50},
		{X: 200, Y: 150, Text: "mid-near", Priority: 5, Depth: 10},
	}
	PlaceLabels(labels, mono, vp)
	byText := map[string]*Label{}
	for i := range labels {
		byText[labels[i].Text] = &labels[i]
	}
	// Four spots around the anchor: the highest priority takes the first
	// (upper right); equal priorities go nearest first (mid has depth 0);
	// the fifth is dropped.
	for _, tc := range []struct {
		text         string
		right, below bool
	}{{"top", true, false}, {"mid", false, false}, {"mid-near", true, true}, {"mid-far", false, true}} {
		l := byText[tc.text]
		if !l.Placed || (l.Box.MinX > 200) != tc.right || (l.Box.MinY > 150) != tc.below {
			t.Errorf("%q placed %v at %+v; want right %v below %v", tc.text, l.Placed, l.Box, tc.right, tc.below)
		}
	}
	if byText["low"].Placed {
		t.Error("the lowest-priority label was placed in a fifth spot that does not exist")
	}
	checkNoOverlap(t, labels, vp)
	// Text metrics: box = text + 2 px padding, baseline = top + pad + ascent.
	top := byText["top"]
	if w := top.Box.MaxX - top.Box.MinX; w != 3*7+4 {
		t.Errorf("box width %g, want %d", w, 3*7+4)
	}
	if top.TextX != top.Box.MinX+2 || top.Baseline != top.Box.MinY+2+10 || top.TextTop != top.Box.MinY+2 {
		t.Errorf("text origin (%g, %g) top %g for box %+v", top.TextX, top.Baseline, top.TextTop, top.Box)
	}
}

// TestPlaceLabelsReserve: a reserved box (a panel over the view) keeps
// every label out of it, whatever their priority; a label whose first
// spot falls in it takes another; the reservation is never drawn.
func TestPlaceLabelsReserve(t *testing.T) {
	vp := Viewport{Width: 400, Height: 300}
	panel := Rect{MinX: 200, MinY: 0, MaxX: 400, MaxY: 140}
	labels := []Label{
		{Box: panel, Reserve: true, Text: "panel"},
		{X: 210, Y: 150, Text: "under", Priority: 9},    // above its anchor would reach into it
		{X: 300, Y: 60, Text: "inside", Priority: 9},    // every spot is in it
		{X: 190, Y: 160, Text: "beside", Priority: 1},   // upper left is free
		{X: 100, Y: 100, Text: "far away", Priority: 1}, // the panel is no concern
	}
	PlaceLabels(labels, mono, vp)
	want := map[string]bool{"panel": false, "under": true, "inside": false, "beside": true, "far away": true}
	for _, l := range labels {
		if l.Placed != want[l.Text] {
			t.Errorf("%q placed %v, want %v", l.Text, l.Placed, want[l.Text])
		}
		if l.Placed && l.Box.Overlaps(panel) {
			t.Errorf("%q placed at %+v, in the reserved %+v", l.Text, l.Box, panel)
		}
	}
	if u := labels[1]; u.Box.MinY < 150 {
		t.Errorf("under: placed above its anchor at %+v, in the reserved box's way", u.Box)
	}
}

func checkNoOverlap(t *testing.T, labels []Label, vp Viewport) {
	t.Helper()
	screen := Rect{0, 0, vp.Width, vp.Height}
	for i := range labels {
		if !labels[i].Placed {
			continue
		}
		if !contains(screen, labels[i].Box) {
			t.Errorf("label %q placed off screen: %+v", labels[i].Text, labels[i].Box)
		}
		for j := i + 1; j < len(labels); j++ {
			if labels[j].Placed && labels[i].Box.Overlaps(labels[j].Box) {
				t.Fatalf("labels %q and %q overlap", labels[i].Text, labels[j].Text)
			}
		}
	}
}

// TestPlaceLabelsCrowd scatters many labels: placed ones never overlap,
// every label of the top priority is placed when they are spread out, and
// crowding drops some.
func TestPlaceLabelsCrowd(t *testing.T) {
	vp := Viewport{Width: 800, Height: 600, Scale: 1}
	rng := rand.New(rand.NewPCG(11, 12))
	labels := make([]Label, 2000)
	for i := range labels {
		labels[i] = Label{X: rng.Float64() * 800, Y: rng.Float64() * 600, Text: "vehicle 123", Priority: int32(rng.IntN(3))}
	}
	// A few well separated VIP labels.
	for i := range 5 {
		labels[i] = Label{X: 100 + float64(i)*150, Y: 300, Text: "hero", Priority: 100}
	}
	PlaceLabels(labels, mono, vp)
	placed := 0
	for i := range labels {
		if labels[i].Placed {
			placed++
		}
	}
	for i := range 5 {
		if !labels[i].Placed {
			t.Errorf("top-priority label %d not placed", i)
		}
	}
	if placed == len(labels) || placed < 50 {
		t.Errorf("%d of %d labels placed", placed, len(labels))
	}
	checkNoOverlap(t, labels, vp)
}

func TestLabel3DAndFinish(t *testing.T) {
	v := topDownView()
	dl := NewDrawList()
	dl.Reset(&v)
	if !dl.Label3D(mgl64.Vec3{1, 2, 0}, Label{Text: "car", Priority: 3}) {
		t.Fatal("visible label rejected")
	}
	if dl.Label3D(mgl64.Vec3{1000, 0, 0}, Label{Text: "far away"}) {
		t.Error("off-screen label accepted")
	}
	dl.Finish(NewBasicFace())
	ls := dl.Labels()
	if len(ls) != 1 || ls[0].X != 210 || ls[0].Y != 180 || !ls[0].Placed {
		t.Fatalf("labels %+v", ls)
	}
	// Go's basicfont is 7 px per glyph.
	if w := ls[0].Box.MaxX - ls[0].Box.MinX; w != 3*7+4 {
		t.Errorf("box width %g with basicfont, want %d", w, 3*7+4)
	}
	dl.Finish(nil)
	if dl.Labels()[0].Placed {
		t.Error("label placed without a measurer")
	}
}

func TestGoFaceScalesWithSize(t *testing.T) {
	small, err := NewGoFace(12)
	if err != nil {
		t.Fatal(err)
	}
	large, err := NewGoFace(24)
	if err != nil {
		t.Fatal(err)
	}
	ws, wl := small.MeasureString("Road 12"), large.MeasureString("Road 12")
	if ws <= 0 || wl < 1.8*ws || wl > 2.2*ws {
		t.Errorf("widths %g at 12 px and %g at 24 px: want about double", ws, wl)
	}
	a, d := large.LineMetrics()
	if a < 18 || a > 26 || d <= 0 {
		t.Errorf("24 px face: ascent %g, descent %g", a, d)
	}
}
