package scenedraw

import (
	"math"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// The legend is a panel in the top-right corner listing the colours that
// carry meaning, in columns: road-end rules and lane markings (with a
// map), light states and events, and actor kinds (with a recording).
// Columns that do not apply to what is shown are left out. Greys (road,
// sidewalk, intersection, pole, grid) are not listed: they read as what
// they are.

type legendEntry struct {
	text   string
	color  render.Color
	shaped bool // a fault mark's shape instead of a square swatch
	shape  Shape
}

type legendColumn struct {
	title   string
	entries []legendEntry
	forMap  bool // shown with a map; else with a recording
	// forPaths: shown while trails or fault marks are drawn (Paths).
	forPaths bool
	// ghost: the column ends with ghostEntry while a second run is
	// drawn as ghosts (Options.Ghost).
	ghost bool
	// forNet: shown with an OpenDRIVE map (SetRoads).
	forNet bool
}

// ghostEntry is the legend row of a compared run's ghosts, and ghostRows
// the rows of the column that ends with it.
var (
	ghostEntry = legendEntry{text: "run B (ghost)", color: GhostColor}
	ghostRows  = func() []legendEntry {
		for _, c := range legendColumns {
			if c.ghost {
				return append(c.entries[:len(c.entries):len(c.entries)], ghostEntry)
			}
		}
		return nil
	}()
)

// faultEntry is a fault kind's legend row: its mark's shape and colour.
func faultEntry(k faults.Kind) legendEntry {
	return legendEntry{text: k.String(), color: FaultColor(k), shaped: true, shape: FaultShape(k)}
}

var legendColumns = [...]legendColumn{
	{"road end rule", []legendEntry{
		{text: "traffic light", color: ruleColor(bai.RuleTrafficLight)},
		{text: "stop sign", color: ruleColor(bai.RuleStopSign)},
		{text: "always stop", color: ruleColor(bai.RuleAlwaysStop)},
		{text: "never stop", color: ruleColor(bai.RuleNeverStop)},
	}, true, false, false, false},
	{"markings", []legendEntry{
		{text: "side A lane", color: colSideA},
		{text: "side B lane", color: colSideB},
		{text: "centre line", color: colCentre},
		{text: "tram rail", color: colTram},
		{text: "train rail", color: colTrain},
	}, true, false, false, false},
	{"OpenDRIVE", []legendEntry{
		{text: "white mark", color: colMarkWhite},
		{text: "yellow mark", color: colMarkYellow},
		{text: "travel arrow", color: colArrow},
		{text: "lamp, no actor", color: colLampUnknown},
	}, false, false, false, true},
	{"lights, events", []legendEntry{
		{text: "red", color: lightColor(recorder.LightRed)},
		{text: "yellow", color: lightColor(recorder.LightYellow)},
		{text: "green", color: lightColor(recorder.LightGreen)},
		{text: "off", color: lightColor(recorder.LightOff)},
		{text: "brake light", color: colBrake},
		{text: "collision flash", color: colFlash},
	}, false, false, false, false},
	{"actors", []legendEntry{
		{text: "hero", color: colHero},
		{text: "car", color: kindColor(scene.KindCar)},
		{text: "truck, bus", color: kindColor(scene.KindTruck)},
		{text: "bike", color: kindColor(scene.KindBike)},
		{text: "walker", color: kindColor(scene.KindWalker)},
		{text: "prop", color: kindColor(scene.KindProp)},
		{text: "sensor", color: kindColor(scene.KindSensor)},
	}, false, false, true, false},
	{"trail, faults", []legendEntry{
		{text: "< 10 km/h", color: speedColors[0]},
		{text: "10-30 km/h", color: speedColors[1]},
		{text: "30-50 km/h", color: speedColors[2]},
		{text: "> 50 km/h", color: speedColors[3]},
		faultEntry(faults.OffLane),
		faultEntry(faults.WrongWay),
		faultEntry(faults.RedLight),
		faultEntry(faults.StopSign),
		faultEntry(faults.CloseCall),
		faultEntry(faults.Collision),
		faultEntry(faults.Blocked),
	}, false, true, false, false},
}

var colLegendTitle = render.RGB(0x9a, 0xa0, 0xa8)

// The label placer's padding and gap in logical pixels (package render's
// labelPlacer). Legend texts are anchored so that the placer's first
// choice, the spot up and to the right of the anchor, is where the text
// belongs, which reserves that spot against other labels; Finish then
// pins them there whatever the placer chose.
const (
	placerPad = 2
	placerGap = 3
)

// pinnedLabel is a label that must sit at an exact spot: its index in the
// draw list's labels, the text's left end and the top of its box.
type pinnedLabel struct {
	idx      int
	x, top   float64
	w, h     float64
	baseline float64
}

// Legend geometry in logical pixels.
const (
	legendMargin = 10
	legendInset  = 8
	legendSwatch = 9
	legendColGap = 14
)

// legendLayout caches the text widths the legend is laid out with.
type legendLayout struct {
	ok       bool
	colWidth [len(legendColumns)]float64 // text widths, device pixels
}

func (l *legendLayout) measure(m render.TextMeasurer) {
	for i, c := range legendColumns {
		w := m.MeasureString(c.title)
		for _, e := range c.entries {
			w = max(w, m.MeasureString(e.text))
		}
		if c.ghost {
			w = max(w, m.MeasureString(ghostEntry.text))
		}
		l.colWidth[i] = w
	}
	l.ok = true
}

// shows reports whether column c applies: map columns with a map that
// has roads, the others with a recording's state.
func (r *Renderer) shows(c *legendColumn, st *scene.State) bool {
	if c.forPaths {
		return r.pathLegend
	}
	if c.forNet {
		return r.net != nil
	}
	if c.forMap {
		return len(r.cache.roads) > 0
	}
	return st != nil
}

// entriesOf returns the rows column c shows now: its entries, and the
// ghosts' row while a second run is drawn.
func (r *Renderer) entriesOf(c *legendColumn) []legendEntry {
	if c.ghost && r.ghostLegend {
		return ghostRows
	}
	return c.entries
}

// The largest share of the viewport's width and height the legend may
// take; a smaller viewport shows the scene without it (at 1280x720 the
// four columns take about a third of the width and a quarter of the
// height).
const (
	legendMaxW = 0.5
	legendMaxH = 0.42
)

// legendBox is where the legend panel goes in vp with the columns st
// and the map call for, and its row height; ok is false when it is not
// drawn (no column applies, or it would not leave room for the scene).
func (r *Renderer) legendBox(vp render.Viewport, st *scene.State) (box render.Rect, rowH float64, ok bool) {
	if r.meas == nil {
		return box, 0, false
	}
	if !r.legend.ok {
		r.legend.measure(r.meas)
	}
	s := vp.DeviceScale()
	asc, desc := r.meas.LineMetrics()
	rowH = math.Ceil(asc+desc) + 2*placerPad*s
	w, rows := 2*legendInset*s-legendColGap*s, 0
	for i := range legendColumns {
		if c := &legendColumns[i]; r.shows(c, st) {
			w += (legendSwatch+4)*s + r.legend.colWidth[i] + legendColGap*s
			rows = max(rows, len(r.entriesOf(c))+1)
		}
	}
	h := 2*legendInset*s + float64(rows)*rowH
	if rows == 0 || w > legendMaxW*vp.Width || h > legendMaxH*vp.Height {
		return box, 0, false
	}
	x0, y0 := vp.Width-legendMargin*s-w, legendMargin*s
	return render.Rect{MinX: x0, MinY: y0, MaxX: x0 + w, MaxY: y0 + h}, rowH, true
}

// LegendRect returns the screen rectangle the legend takes in vp when the
// Legend layer is on and st is drawn, and false when there is none.
// Framing can leave it free (FrameTop).
func (r *Renderer) LegendRect(vp render.Viewport, st *scene.State) (render.Rect, bool) {
	b, _, ok := r.legendBox(vp, st)
	return b, ok
}

// drawLegend draws the panel, or nothing when legendBox says so.
func (r *Renderer) drawLegend(dl *render.DrawList, v *render.View, st *scene.State) {
	box, rowH, ok := r.legendBox(v.Viewport, st)
	if !ok {
		return
	}
	s := v.Viewport.DeviceScale()
	x0, y0 := box.MinX, box.MinY
	dl.Rect2D(render.LayerOverlay, x0, y0, box.MaxX, box.MaxY, colPanel)
	x := x0 + legendInset*s
	for i := range legendColumns {
		c := &legendColumns[i]
		if !r.shows(c, st) {
			continue
		}
		y := y0 + legendInset*s
		r.legendText(dl, x, y, rowH, c.title, colLegendTitle, s)
		for _, e := range r.entriesOf(c) {
			y += rowH
			sw := legendSwatch * s
			sy := y + (rowH-sw)/2
			if e.shaped {
				DrawShape(dl, e.shape, x+sw/2, sy+sw/2, sw*0.62, e.color)
			} else {
				dl.Rect2D(render.LayerOverlay, x, sy, x+sw, sy+sw, e.color)
			}
			r.legendText(dl, x+sw+4*s, y, rowH, e.text, colLabel, s)
		}
		x += (legendSwatch+4)*s + r.legend.colWidth[i] + legendColGap*s
	}
}

// legendText adds a label whose text starts at x in the row whose top is
// y (rowH high).
func (r *Renderer) legendText(dl *render.DrawList, x, y, rowH float64, text string, col render.Color, s float64) {
	pad, gap := placerPad*s, placerGap*s
	asc, _ := r.meas.LineMetrics()
	r.pinned = append(r.pinned, pinnedLabel{
		idx: len(dl.Labels()), x: x, top: y,
		w: r.meas.MeasureString(text) + 2*pad, h: rowH, baseline: y + pad + asc,
	})
	dl.AddLabel(render.Label{
		X: x - pad - gap, Y: y + rowH + gap,
		Text: text, Color: col, Priority: math.MaxInt32,
	})
}

// pin puts the pinned labels exactly where they belong.
func (r *Renderer) pin(dl *render.DrawList) {
	ls := dl.Labels()
	s := dl.View().Viewport.DeviceScale()
	for _, p := range r.pinned {
		if p.idx >= len(ls) {
			continue
		}
		l := &ls[p.idx]
		l.Placed = true
		l.Box = render.Rect{MinX: p.x - placerPad*s, MinY: p.top, MaxX: p.x - placerPad*s + p.w, MaxY: p.top + p.h}
		l.TextX, l.Baseline = p.x, p.baseline
		l.TextTop = p.top + placerPad*s
	}
}
