package ui

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"

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
	scroll                int
	follow                uint32
	followed, legend      rect // zero: none
	runs                  app.RunsTable
	lb                    app.Lines // the leaderboard's title and line with no rows
}

func (f *fakePanels) ActorPanel() *app.Lines      { return &f.actor }
func (f *fakePanels) ElementPanel() *app.Lines    { return &f.element }
func (f *fakePanels) Plot(int) *app.Plot          { return &f.plot }
func (f *fakePanels) Clock() *playback.Clock      { return nil }
func (f *fakePanels) FaultList() *app.List        { return &f.faults }
func (f *fakePanels) DiffList() *app.List         { return &f.diffs }
func (f *fakePanels) ThresholdList() *app.List    { return &f.thresh }
func (f *fakePanels) ThresholdAbout() string      { return "" }
func (f *fakePanels) LeaderboardText() *app.Lines { return &f.lb }
func (f *fakePanels) Notices() []app.Notice       { return f.notices }
func (f *fakePanels) ActorPanelScroll() int       { return f.scroll }
func (f *fakePanels) Following() uint32           { return f.follow }
func (f *fakePanels) FollowedBox() (x0, y0, x1, y1 float64, ok bool) {
	r := f.followed
	return r.x0, r.y0, r.x1, r.y1, r.x1 > r.x0
}
func (f *fakePanels) LegendBox() (x0, y0, x1, y1 float64, ok bool) {
	r := f.legend
	return r.x0, r.y0, r.x1, r.y1, r.x1 > r.x0
}
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
// not clickable, and under them what the cursor's row limits; the fault list with no faults has one line to say why
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
		{"thresholds", input.ToggleThresholds(), listThresholds, 1 + reflect.TypeFor[faults.Thresholds]().NumField()}, // the rules, then a row each
		{"faults, none", input.ToggleFaults(), listFaults, 0},                                                         // says so in a notice
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
		x0, _, w := listPanelAt(&l, 0)
		y0 := l.px(panelMargin) // no legend: the list goes to the top
		lh := f.lineH
		about := 0.0 // the thresholds say under the rows what the cursor's row limits
		if n := len(lb.detailLines); n > 0 {
			about = float64(n)*lh + l.px(6)
		}
		if (about > 0) != (tc.kind == listThresholds) {
			t.Errorf("%s: %d lines under the rows", tc.name, len(lb.detailLines))
		}
		if want := (rect{x0, y0, x0 + w, y0 + 2*l.px(panelPad) + float64(max(tc.rows, 1)+1)*lh + about}); lb.r != want {
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

// actorLines fills l as the actor panel of a CARLA vehicle is: a title,
// the facts (lane, vehicle ahead and faults among them), then details.
func actorLines(l *app.Lines, details int) {
	l.Reset()
	l.S("Actor 234  (hero)").End()
	for _, k := range []string{"kind", "blueprint", "parent", "children", "location", "heading", "speed", "acceleration", "distance"} {
		l.S(k).Tab().S("value").End()
	}
	l.S("lane").Tab().S("road 8 side A lane 0").End()
	l.S("").Tab().S("offset +0.19 m").End()
	l.S("ahead").Tab().S("vehicle 170, 12.0 m").End()
	l.S("faults").Tab().S("0:07.64  off-lane").End()
	lines(l, details, "attribute\tvalue")
}

// TestPanelLayoutSmallWindowKeepsFacts: at 960x600 the actor panel keeps
// its lane, vehicle ahead and faults lines, the lines it cannot show are
// scrolled to (the last row says how many more), and the wheel's scroll
// shows the last lines with the title kept.
func TestPanelLayoutSmallWindowKeepsFacts(t *testing.T) {
	f, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	src := &fakePanels{}
	actorLines(&src.actor, 20)
	l := newLayout(960, 600, uiScale(960, 600, 1))
	var p panelLayout
	p.layout(&l, f, src, nil, false)
	shown := func() []string {
		var out []string
		for row := range p.actor.n {
			i := row
			if row > 0 {
				i = p.actor.first + row - 1
			}
			out = append(out, string(src.actor.Line(i)))
		}
		return out
	}
	got := shown()
	for _, want := range []string{"lane\troad 8 side A lane 0", "ahead\tvehicle 170, 12.0 m", "faults\t0:07.64  off-lane"} {
		if !slices.Contains(got, want) {
			t.Errorf("960x600: %q not shown; shown %q", want, got)
		}
	}
	if p.actor.more == 0 || p.actor.n+p.actor.more != src.actor.Len() {
		t.Errorf("960x600: %d lines shown and %d more of %d", p.actor.n, p.actor.more, src.actor.Len())
	}
	if p.actor.r.y1 > l.view.y1 {
		t.Errorf("the panel %+v runs under the timeline at %v", p.actor.r, l.view.y1)
	}
	src.scroll = 100 // scrolled to the end
	p.layout(&l, f, src, nil, false)
	got = shown()
	if p.actor.more != 0 || got[0] != "Actor 234  (hero)" || got[len(got)-1] != "attribute\tvalue" {
		t.Errorf("scrolled to the end: %d more, shown %q", p.actor.more, got)
	}
}

// TestPanelLayoutScales: a large window lays the panels out larger (not
// the laptop's sizes on a 2400x1350 monitor), a small one at the device
// scale, and the device scale multiplies either.
func TestPanelLayoutScales(t *testing.T) {
	for _, tc := range []struct{ w, h, s, want float64 }{
		{960, 600, 1, 1}, {1600, 1000, 1, 1}, {2400, 1350, 1, 1.35}, {3840, 2160, 1, 1.5}, {1920, 1200, 2, 2}, {4800, 2700, 2, 2.7},
	} {
		if got := uiScale(tc.w, tc.h, tc.s); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%gx%g at %g: scale %v, want %v", tc.w, tc.h, tc.s, got, tc.want)
		}
	}
	f, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	src := &fakePanels{}
	actorLines(&src.actor, 4)
	width := func(w, h float64) float64 {
		l := newLayout(w, h, uiScale(w, h, 1))
		f.setScale(l.s)
		var p panelLayout
		p.layout(&l, f, src, nil, false)
		return p.actor.r.w()
	}
	if small, big := width(1600, 1000), width(2400, 1350); big < 1.3*small {
		t.Errorf("actor panel %v px wide at 2400x1350, %v at 1600x1000", big, small)
	}
}

// TestPanelLayoutOffFollowed: the list panel and the actor panel keep off
// the followed actor where narrowing them leaves a usable panel, and the
// list goes under the legend as drawn.
func TestPanelLayoutOffFollowed(t *testing.T) {
	f, faults := openFaultList(t)
	l := newLayout(1280, 800, 1)
	hero := rect{560, 300, 760, 460}
	src := &fakePanels{follow: 7, followed: hero, legend: rect{1000, 10, 1270, 140}}
	src.faults = faults
	actorLines(&src.actor, 4)
	var p panelLayout
	p.layout(&l, f, src, nil, false)
	if p.list.kind != listFaults {
		t.Fatalf("list %v", p.list.kind)
	}
	for _, r := range []rect{p.actor.r, p.list.r} {
		if r.x0 < hero.x1 && hero.x0 < r.x1 && r.y0 < hero.y1 && hero.y0 < r.y1 {
			t.Errorf("panel %+v covers the followed actor %+v", r, hero)
		}
	}
	if p.list.r.y0 < 140 {
		t.Errorf("list at %v, over the legend ending at 140", p.list.r.y0)
	}
}

// TestPanelLayoutNoticesOffFollowed: the notices keep off the followed
// actor: beside the list they would cover it, so they go under the list.
func TestPanelLayoutNoticesOffFollowed(t *testing.T) {
	f, faults := openFaultList(t)
	l := newLayout(960, 600, 1)
	hero := rect{420, 200, 560, 480}
	src := &fakePanels{follow: 7, followed: hero, notices: []app.Notice{{Level: app.Info, Text: "opened recording carla-0.9.13-town01-lanecenter.log: 432 frames, 0:12.53"}, {Level: app.Info, Text: "2 faults found"}}}
	src.faults = faults
	actorLines(&src.actor, 20)
	var p panelLayout
	p.layout(&l, f, src, nil, false)
	if len(p.notices) == 0 {
		t.Fatal("no notice laid out")
	}
	for _, nb := range p.notices {
		if r := nb.r; r.x0 < hero.x1 && hero.x0 < r.x1 && r.y0 < hero.y1 && hero.y0 < r.y1 {
			t.Errorf("notice %+v covers the followed actor %+v", r, hero)
		}
	}
	noOverlap(t, p.all)
}

// TestPanelLayoutLongFaultRows: at 960x600 a fault list whose rows name
// the other actor widens (up to half the window) so that they show
// whole; a row too long even then, on the cursor, is written whole,
// wrapped, at the bottom of the panel, every line within it.
func TestPanelLayoutLongFaultRows(t *testing.T) {
	f, faults := openFaultList(t)
	l := newLayout(960, 600, 1)
	for _, tc := range []struct {
		name   string
		rows   []string
		detail bool
	}{
		{"fits when wider", []string{
			"0:17.95\tcollision  111 tesla.model3\twith 112 mercedes.sprinter",
			"0:01.50\tclose-call  211 ford.mustang\twith 151 nissan.micra",
			"0:34.25\tred-light  211 ford.mustang",
		}, false},
		{"too long even so", []string{
			"0:17.95\tcollision  4294967 carlamotors.european_hgv_trailer\twith 4294968 mitsubishi.fusorosa_minibus_2024",
			"0:34.25\tred-light  211 ford.mustang",
		}, true},
	} {
		src := &fakePanels{}
		src.faults = faults
		fl := src.faults.Lines()
		fl.Reset()
		for _, r := range tc.rows {
			fl.S(r).End()
		}
		var p panelLayout
		p.layout(&l, f, src, nil, false)
		lb := p.list
		if lb.kind != listFaults || lb.rows.N != len(tc.rows) {
			t.Fatalf("%s: list %v with %d rows", tc.name, lb.kind, lb.rows.N)
		}
		if w := lb.r.w(); w > l.w/2 || w < l.px(faultListWidth) {
			t.Errorf("%s: panel %.0f wide, want %.0f to half the window", tc.name, w, l.px(faultListWidth))
		}
		avail := lb.r.w() - 2*l.px(panelPad) - listTextX(&l)
		_, what, with := rowCells(fl.Line(0))
		if fits := rowFits(f.rRegular, what, with, avail); fits == tc.detail {
			t.Errorf("%s: the first row fits %v in %.0f", tc.name, fits, avail)
		}
		if got := len(lb.detailLines) > 0; got != tc.detail {
			t.Fatalf("%s: detail %q", tc.name, lb.detailLines)
		}
		if !tc.detail {
			continue
		}
		whole := strings.ReplaceAll(strings.ReplaceAll(tc.rows[0][strings.IndexByte(tc.rows[0], '\t')+1:], "\t", " "), "  ", " ")
		if got := strings.Join(lb.detailLines, " "); got != whole {
			t.Errorf("%s: detail %q, want %q", tc.name, got, whole)
		}
		d := lb.detail
		if d.y0 < lb.rows.Top+float64(lb.rows.N)*lb.rows.RowH || d.y1 > lb.r.y1 || d.x1 > lb.r.x1 {
			t.Errorf("%s: detail %+v not under the rows inside the panel %+v", tc.name, d, lb.r)
		}
		for _, line := range lb.detailLines {
			if w := f.rRegular.width(line); w > d.w() {
				t.Errorf("%s: detail line %q %.0f wide in %.0f", tc.name, line, w, d.w())
			}
		}
	}
}

// TestPanelLayoutLeaderboardWhy: under the leaderboard's rules a fault
// list with no rows is as wide as its line saying why (a hero hit while
// standing), up to half the window, so the reason is not cut.
func TestPanelLayoutLeaderboardWhy(t *testing.T) {
	f, faults := openFaultList(t)
	l := newLayout(1400, 900, 1)
	src := &fakePanels{}
	src.faults = faults
	src.faults.Lines().Reset()
	why := "none for 22 tesla.model3 (hit while standing at 46.00 s: not counted)"
	src.lb.S("Leaderboard 2.0, penalty 1.00: 22's infractions  ").End().S(why).End()
	var p panelLayout
	p.layout(&l, f, src, nil, false)
	if p.list.kind != listFaults {
		t.Fatalf("list %v", p.list.kind)
	}
	if avail, need := p.list.r.w()-2*l.px(panelPad), f.rRegular.width(why); avail < need {
		t.Errorf("the line with no rows needs %.0f, the panel gives %.0f", need, avail)
	}
}

// openFaultList returns the fonts and an app's fault list opened (with
// no rows), for the list panel's layout tests.
func openFaultList(t *testing.T) (*fonts, app.List) {
	t.Helper()
	f, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	a := app.New(settings.Settings{}, nil)
	a.Apply(input.ToggleFaults())
	a.Tick()
	return f, *a.FaultList()
}
