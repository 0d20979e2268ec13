package ui

import (
	"github.com/mm2carla/viewer/analysis/faults"
	"reflect"
	"testing"

	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/settings"
)

// fakePanels is a panelSource without an app: its lists and panels are
// filled by the test.
type fakePanels struct {
	actor, element        app.Lines
	plot                  app.Plot
	faults, diffs, thresh app.List
	notices               []app.Notice
	runs                  app.RunsTable
}

func (f *fakePanels) ActorPanel() *app.Lines    { return &f.actor }
func (f *fakePanels) ElementPanel() *app.Lines  { return &f.element }
func (f *fakePanels) Plot(int) *app.Plot        { return &f.plot }
func (f *fakePanels) Clock() *playback.Clock    { return nil }
func (f *fakePanels) FaultList() *app.List      { return &f.faults }
func (f *fakePanels) DiffList() *app.List       { return &f.diffs }
func (f *fakePanels) ThresholdList() *app.List  { return &f.thresh }
func (f *fakePanels) Notices() []app.Notice     { return f.notices }
func (f *fakePanels) RunsTable() *app.RunsTable { return &f.runs }
func lines(l *app.Lines, n int, text string) {
	for range n {
		l.S(text).End()
	}
}

// TestPanelLayoutWithoutWindow lays the panels out from a fake app, with
// no window: the actor panel in the top-left corner as tall as its lines,
// no list panel while no list is open, and the notices in the
// bottom-right corner, none overlapping another.
func TestPanelLayoutWithoutWindow(t *testing.T) {
	f, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	src := &fakePanels{notices: []app.Notice{{Level: app.Info, Text: "opened a.log"}, {Level: app.Warning, Text: "b.log: the recording ends early"}}}
	lines(&src.actor, 12, "speed\t10 km/h")
	l := newLayout(1280, 800, 1)
	var p panelLayout
	p.layout(&l, f, src, nil, false)
	if p.actor.n != 12 || p.actor.r.x0 != l.px(panelMargin) || p.actor.r.y0 != l.px(panelMargin) {
		t.Errorf("actor panel %+v, want 12 lines in the top-left corner", p.actor)
	}
	if p.list.kind != listNone || p.element.n != 0 || p.plotArea.X1 > p.plotArea.X0 {
		t.Errorf("list %v, element panel %+v, plots %+v: none should show", p.list.kind, p.element, p.plotArea)
	}
	if len(p.notices) != 2 || p.notices[0].i != 1 || p.notices[0].r.y1 != l.view.y1-l.px(panelMargin) || p.notices[0].r.x1 != l.w-l.px(panelMargin) {
		t.Errorf("notices %+v, want the newest at the bottom-right", p.notices)
	}
	if len(p.all) != 3 {
		t.Errorf("%d panels, want 3: %+v", len(p.all), p.all)
	}
	noOverlap(t, p.all)
	if !p.over(p.actor.r.x0+1, p.actor.r.y0+1) || p.over(l.w/2, l.view.y1/2) {
		t.Error("over: the actor panel is not a panel, or the middle of the view is")
	}
}

// TestPanelLayoutList lays out an app's list panels, with no window:
// the thresholds panel shows every row on the right of the view, its rows
// not clickable; the fault list with no faults has one line to say why
// and no row, and its notice ("no recording open") goes beside it.
func TestPanelLayoutList(t *testing.T) {
	f, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		key  input.Command
		kind listKind
		rows int
	}{
		{"thresholds", input.ToggleThresholds(), listThresholds, reflect.TypeFor[faults.Thresholds]().NumField()}, // a row each
		{"faults, none", input.ToggleFaults(), listFaults, 0},                                                     // says so in a notice
	} {
		a := app.New(settings.Settings{}, nil)
		a.Apply(tc.key)
		a.Tick()
		l := newLayout(1280, 800, 1)
		var p panelLayout
		p.layout(&l, f, a, nil, false)
		lb := p.list
		if lb.kind != tc.kind || lb.rows.N != tc.rows || lb.rows.First != 0 {
			t.Fatalf("%s: list laid out as %v with rows %+v, want %d rows", tc.name, lb.kind, lb.rows, tc.rows)
		}
		x0, y0, w := listPanelAt(&l)
		lh := f.lineH
		if want := (rect{x0, y0, x0 + w, y0 + 2*l.px(panelPad) + float64(max(tc.rows, 1)+1)*lh}); lb.r != want {
			t.Errorf("%s: panel %+v, want %+v", tc.name, lb.r, want)
		}
		if _, ok := p.listRow(lb.rows.X0+5, lb.rows.Top+0.5*lh); ok {
			t.Errorf("%s: its first row is a row to pick", tc.name)
		}
		if len(p.notices) != len(a.Notices()) {
			t.Errorf("%s: %d notices laid out of %d", tc.name, len(p.notices), len(a.Notices()))
		}
		for _, nb := range p.notices {
			if nb.r.x1 > lb.r.x0 {
				t.Errorf("%s: notice %+v not beside the list at %v", tc.name, nb.r, lb.r.x0)
			}
		}
		noOverlap(t, p.all)
	}
}

func noOverlap(t *testing.T, ps []rect) {
	t.Helper()
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			p, q := ps[i], ps[j]
			if p.x0 < q.x1 && q.x0 < p.x1 && p.y0 < q.y1 && q.y0 < p.y1 {
				t.Errorf("panels %d %+v and %d %+v overlap", i, p, j, q)
			}
		}
	}
}

// TestPanelLayoutAllocs: laying the panels out again, as every tick does,
// allocates nothing once the notices are wrapped.
func TestPanelLayoutAllocs(t *testing.T) {
	f, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	a := app.New(settings.Settings{}, nil)
	a.Apply(input.ToggleFaults()) // an open list, and its notice
	a.Tick()
	src := &fakePanels{notices: a.Notices()}
	lines(&src.actor, 30, "speed\t10 km/h")
	l := newLayout(1024, 700, 1.5)
	var p panelLayout
	loads := []app.Load{{Name: "a.log", Progress: 0.5}}
	p.layout(&l, f, a, loads, false)
	if n := testing.AllocsPerRun(100, func() { p.layout(&l, f, a, loads, false) }); n != 0 {
		t.Errorf("laying out an app's panels allocates %v times", n)
	}
	p.layout(&l, f, src, loads, true)
	if n := testing.AllocsPerRun(100, func() { p.layout(&l, f, src, loads, true) }); n != 0 {
		t.Errorf("laying out a full actor panel allocates %v times", n)
	}
	if len(p.loads) != 1 || len(p.notices) == 0 || p.actor.n == 0 {
		t.Errorf("laid out %d loads, %d notices, %d actor lines", len(p.loads), len(p.notices), p.actor.n)
	}
}
