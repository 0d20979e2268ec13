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
// carry meaning now, grouped in columns: road-end rules and lane markings
// (with a map), light states and events, actor kinds, trail speeds and
// fault marks. It lists only what the frame drew (the draw code notes each
// meaningful colour it uses in Renderer.seen): a street with three cars
// and a green light shows a handful of rows, not forty. Greys (road,
// sidewalk, intersection, pole, grid) are not listed: they read as what
// they are.

// legendKey names a legend row whose colour the frame may or may not use;
// legendAlways rows are listed whenever their column is.
type legendKey uint8

const (
	legendAlways legendKey = iota
	legendRed
	legendYellow
	legendGreen
	legendOff
	legendBrake
	legendFlash
	legendHero
	legendKind0  // + scene.Kind
	legendSpeed0 = legendKind0 + legendKey(scene.KindSpectator) + 1
	legendFault0 = legendSpeed0 + legendKey(len(speedColors))
	legendGhost  = legendFault0 + legendKey(faults.LaneChange) + 1
)

// The map's rows: road-end rules, lane markings, OpenDRIVE's marks.
const (
	legendRuleLight = legendGhost + 1 + iota
	legendRuleStop
	legendRuleAlways
	legendRuleNever
	legendSideA
	legendSideB
	legendCentre
	legendTram
	legendTrain
	legendMarkWhite
	legendMarkYellow
	legendArrow
	legendLamp
	numLegendKeys
)

// legendSeen is the set of legend rows the frame drew.
type legendSeen [numLegendKeys]bool

func (s *legendSeen) on(k legendKey) {
	if k < numLegendKeys {
		s[k] = true
	}
}

// light notes a recorded light state drawn.
func (s *legendSeen) light(st recorder.LightState) {
	switch st {
	case recorder.LightRed:
		s.on(legendRed)
	case recorder.LightYellow:
		s.on(legendYellow)
	case recorder.LightGreen:
		s.on(legendGreen)
	case recorder.LightOff:
		s.on(legendOff)
	}
}

// actor notes an actor drawn: the hero, else its kind.
func (s *legendSeen) actor(a *scene.Actor) {
	if a.Hero {
		s.on(legendHero)
		return
	}
	s.on(legendKind0 + legendKey(a.Kind))
}

// fault notes a fault mark drawn.
func (s *legendSeen) fault(k faults.Kind) { s.on(legendFault0 + legendKey(k)) }

type legendEntry struct {
	text   string
	color  render.Color
	shaped bool // a fault mark's shape instead of a square swatch
	shape  Shape
	key    legendKey
}

type legendColumn struct {
	title   string
	entries []legendEntry
}

// faultEntry is a fault kind's legend row: its mark's shape and colour.
func faultEntry(k faults.Kind) legendEntry {
	return legendEntry{text: k.String(), color: FaultColor(k), shaped: true, shape: FaultShape(k), key: legendFault0 + legendKey(k)}
}

// kindEntry is an actor kind's legend row.
func kindEntry(text string, k scene.Kind) legendEntry {
	return legendEntry{text: text, color: kindColor(k), key: legendKind0 + legendKey(k)}
}

// speedEntry is the trail's speed bin i.
func speedEntry(text string, i int) legendEntry {
	return legendEntry{text: text, color: speedColors[i], key: legendSpeed0 + legendKey(i)}
}

var legendColumns = [...]legendColumn{
	{"road end rule", []legendEntry{
		{text: "traffic light", color: ruleColor(bai.RuleTrafficLight), key: legendRuleLight},
		{text: "stop sign", color: ruleColor(bai.RuleStopSign), key: legendRuleStop},
		{text: "always stop", color: ruleColor(bai.RuleAlwaysStop), key: legendRuleAlways},
		{text: "never stop", color: ruleColor(bai.RuleNeverStop), key: legendRuleNever},
	}},
	{"markings", []legendEntry{
		{text: "side A lane", color: colSideA, key: legendSideA},
		{text: "side B lane", color: colSideB, key: legendSideB},
		{text: "centre line", color: colCentre, key: legendCentre},
		{text: "tram rail", color: colTram, key: legendTram},
		{text: "train rail", color: colTrain, key: legendTrain},
	}},
	{"OpenDRIVE", []legendEntry{
		{text: "white mark", color: colMarkWhite, key: legendMarkWhite},
		{text: "yellow mark", color: colMarkYellow, key: legendMarkYellow},
		{text: "travel arrow", color: colArrow, key: legendArrow},
		{text: "lamp, no actor", color: colLampUnknown, key: legendLamp},
	}},
	{"lights, events", []legendEntry{
		{text: "red", color: lightColor(recorder.LightRed), key: legendRed},
		{text: "yellow", color: lightColor(recorder.LightYellow), key: legendYellow},
		{text: "green", color: lightColor(recorder.LightGreen), key: legendGreen},
		{text: "off", color: lightColor(recorder.LightOff), key: legendOff},
		{text: "brake light", color: colBrake, key: legendBrake},
		{text: "collision flash", color: colFlash, key: legendFlash},
	}},
	{"actors", []legendEntry{
		{text: "hero", color: colHero, key: legendHero},
		kindEntry("car", scene.KindCar),
		kindEntry("truck, bus", scene.KindTruck),
		kindEntry("bike", scene.KindBike),
		kindEntry("walker", scene.KindWalker),
		kindEntry("prop", scene.KindProp),
		kindEntry("sensor", scene.KindSensor),
		kindEntry("other", scene.KindOther),
		{text: "run B (ghost)", color: GhostColor, key: legendGhost},
	}},
	{"trail, faults", []legendEntry{
		speedEntry("< 10 km/h", 0),
		speedEntry("10-30 km/h", 1),
		speedEntry("30-50 km/h", 2),
		speedEntry("> 50 km/h", 3),
		faultEntry(faults.OffLane),
		faultEntry(faults.WrongWay),
		faultEntry(faults.RedLight),
		faultEntry(faults.StopSign),
		faultEntry(faults.CloseCall),
		faultEntry(faults.Collision),
		faultEntry(faults.Blocked),
	}},
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
		l.colWidth[i] = w
	}
	l.ok = true
}

// shows reports whether row e of column c is listed: when the last frame
// drew its colour.
func (r *Renderer) shows(c *legendColumn, e *legendEntry) bool {
	return e.key != legendAlways && r.seen[e.key]
}

// rule notes a road-end rule's colour drawn.
func (s *legendSeen) rule(r bai.Rule) {
	switch r {
	case bai.RuleTrafficLight:
		s.on(legendRuleLight)
	case bai.RuleStopSign:
		s.on(legendRuleStop)
	case bai.RuleAlwaysStop:
		s.on(legendRuleAlways)
	case bai.RuleNeverStop:
		s.on(legendRuleNever)
	}
}

// rowsOf returns how many rows column c lists now.
func (r *Renderer) rowsOf(c *legendColumn) int {
	n := 0
	for i := range c.entries {
		if r.shows(c, &c.entries[i]) {
			n++
		}
	}
	return n
}

// legendMaxW is the largest share of the viewport's width the legend's
// columns fill before they wrap into another band under the first.
const legendMaxW = 0.45

// legendBox is where the legend panel goes in vp with the rows the last
// frame and the map call for, and its row height; ok is false only when
// there is nothing to list. The columns wrap into bands so that a narrow
// window still gets its legend (the 8 key always shows it).
func (r *Renderer) legendBox(vp render.Viewport) (box render.Rect, rowH float64, ok bool) {
	if r.meas == nil {
		return box, 0, false
	}
	if !r.legend.ok {
		r.legend.measure(r.meas)
	}
	s := vp.DeviceScale()
	asc, desc := r.meas.LineMetrics()
	rowH = math.Ceil(asc+desc) + 2*placerPad*s
	r.shortNow = r.short
	if r.short {
		return r.shortBox(vp, rowH)
	}
	maxW := max(legendMaxW*vp.Width, 0)
	w, bandW, bandRows, rows := 0.0, 0.0, 0, 0
	for i := range legendColumns {
		c := &legendColumns[i]
		n := r.rowsOf(c)
		if n == 0 {
			continue
		}
		cw := (legendSwatch+4)*s + r.legend.colWidth[i]
		if bandW > 0 && bandW+legendColGap*s+cw > maxW {
			w, rows = max(w, bandW), rows+bandRows // a new band
			bandW, bandRows = 0, 0
		}
		if bandW > 0 {
			bandW += legendColGap * s
		}
		bandW += cw
		bandRows = max(bandRows, n+1)
	}
	w, rows = max(w, bandW), rows+bandRows
	if rows == 0 {
		return box, 0, false
	}
	w += 2 * legendInset * s
	h := 2*legendInset*s + float64(rows)*rowH
	if h > legendMaxH*vp.Height {
		r.shortNow = true // too tall whole: collapsed, not hidden
		return r.shortBox(vp, rowH)
	}
	x0, y0 := max(vp.Width-legendMargin*s-w, 0), legendMargin*s
	return render.Rect{MinX: x0, MinY: y0, MaxX: x0 + w, MaxY: y0 + h}, rowH, true
}

// legendMaxH is the largest share of the viewport's height the whole
// legend takes; a taller one is drawn collapsed (a row a column).
const legendMaxH = 0.4

// LegendRect returns the screen rectangle the legend takes in vp when the
// Legend layer is on, as the last frame drew it, and false when there is
// none. Framing can leave it free (FrameTop); a window lays its panels
// out around it.
func (r *Renderer) LegendRect(vp render.Viewport, st *scene.State) (render.Rect, bool) {
	b, _, ok := r.legendBox(vp)
	return b, ok
}

// drawLegend draws the panel, or nothing when legendBox says so.
func (r *Renderer) drawLegend(dl *render.DrawList, v *render.View) {
	box, rowH, ok := r.legendBox(v.Viewport)
	if !ok {
		return
	}
	s := v.Viewport.DeviceScale()
	dl.Rect2D(render.LayerOverlay, box.MinX, box.MinY, box.MaxX, box.MaxY, colPanel)
	// The whole panel is kept free of the scene's labels, not only its
	// texts: a label in the gap under a short column was drawn over it.
	dl.AddLabel(render.Label{Box: box, Reserve: true})
	if r.shortNow {
		r.drawShort(dl, box, rowH, s)
		return
	}
	x0 := box.MinX + legendInset*s
	maxW := max(legendMaxW*v.Viewport.Width, 0)
	x, top, bandRows := x0, box.MinY+legendInset*s, 0
	for i := range legendColumns {
		c := &legendColumns[i]
		n := r.rowsOf(c)
		if n == 0 {
			continue
		}
		cw := (legendSwatch+4)*s + r.legend.colWidth[i]
		if x > x0 && x-x0+cw > maxW { // the same wrap as legendBox
			x, top, bandRows = x0, top+float64(bandRows)*rowH, 0
		}
		bandRows = max(bandRows, n+1)
		y := top
		r.legendText(dl, x, y, rowH, c.title, colLegendTitle, s)
		for j := range c.entries {
			e := &c.entries[j]
			if !r.shows(c, e) {
				continue
			}
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
		x += cw + legendColGap*s
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

// The collapsed legend (Options.LegendShort): a row a column, its title
// in a column of titles, then the swatches of its rows.

// shortSwatches is how many swatches a collapsed column shows at most.
const shortSwatches = 12

// shortBox is legendBox for the collapsed legend.
func (r *Renderer) shortBox(vp render.Viewport, rowH float64) (box render.Rect, _ float64, ok bool) {
	s := vp.DeviceScale()
	titleW, sw, rows := 0.0, 0, 0
	for i := range legendColumns {
		c := &legendColumns[i]
		if n := r.rowsOf(c); n > 0 {
			titleW = max(titleW, r.meas.MeasureString(c.title))
			sw = max(sw, min(n, shortSwatches))
			rows++
		}
	}
	if rows == 0 {
		return box, 0, false
	}
	w := 2*legendInset*s + titleW + 4*s + float64(sw)*(legendSwatch+3)*s
	h := 2*legendInset*s + float64(rows)*rowH
	x0, y0 := max(vp.Width-legendMargin*s-w, 0), legendMargin*s
	return render.Rect{MinX: x0, MinY: y0, MaxX: x0 + w, MaxY: y0 + h}, rowH, true
}

// drawShort draws the collapsed legend in box.
func (r *Renderer) drawShort(dl *render.DrawList, box render.Rect, rowH, s float64) {
	titleW := 0.0
	for i := range legendColumns {
		if c := &legendColumns[i]; r.rowsOf(c) > 0 {
			titleW = max(titleW, r.meas.MeasureString(c.title))
		}
	}
	x0, y := box.MinX+legendInset*s, box.MinY+legendInset*s
	sw := legendSwatch * s
	for i := range legendColumns {
		c := &legendColumns[i]
		if r.rowsOf(c) == 0 {
			continue
		}
		r.legendText(dl, x0, y, rowH, c.title, colLegendTitle, s)
		x, n := x0+titleW+4*s, 0
		for j := range c.entries {
			e := &c.entries[j]
			if !r.shows(c, e) || n == shortSwatches {
				continue
			}
			n++
			sy := y + (rowH-sw)/2
			if e.shaped {
				DrawShape(dl, e.shape, x+sw/2, sy+sw/2, sw*0.62, e.color)
			} else {
				dl.Rect2D(render.LayerOverlay, x, sy, x+sw, sy+sw, e.color)
			}
			x += sw + 3*s
		}
		y += rowH
	}
}
