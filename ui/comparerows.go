package ui

import (
	"math"
	"strconv"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene/playback"
)

// The timeline's rows of a comparison, under the tick labels: the strip
// of the largest divergence of any matched actor over time, with a mark
// where each actor first diverges past the threshold, and run B's faults
// (A's stay in the row above the bar). All in the ghosts' tint, so that
// what is B's reads as B's.

// compareRows draws the strip and B's fault row, labelled on the left.
func (h *hudText) compareRows(g *Game, tl playback.Timeline) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	strip := l.strip
	if strip.w() <= 0 {
		return
	}
	ov.rect(0, strip, colTrack)
	lx, lw := l.px(36), l.timeline.x0+l.px(timelineLeft-44)
	h.scratch = append(h.scratch[:0], "B: divergence"...)
	s := g.app.DivergenceStrip(int(strip.w()))
	if s != nil {
		h.scratch = strconv.AppendFloat(append(h.scratch, " ≤ "...), s.Peak, 'f', 1, 64)
		h.scratch = append(h.scratch, " m"...)
	}
	ov.run(0, h.scratch, lx, textTop(f.small, strip.y0, strip.y1), f.rSmall, lw-lx, colTextDim)
	ov.str(0, "B: faults", lx, textTop(f.small, l.faultsB.y0-l.px(2), l.faultsB.y1+l.px(2)), f.rSmall, lw-lx, colTextDim)
	// A's faults keep their row above the bar: say whose it is.
	const aFaults = "A: faults"
	ax := l.bar.x0 - l.px(8) - f.rSmall.width(aFaults)
	ov.str(0, aFaults, ax, textTop(f.small, l.bar.y0-l.px(11), l.bar.y0), f.rSmall, 0, colTextDim)
	if s == nil {
		return
	}
	h.divergenceColumns(g, s.Cols, s.Peak)
	h.firstDivergenceMarks(g, tl)
	h.faultRowB(g, tl)
}

// divergenceColumns draws a column per pixel as tall as its divergence
// on a log scale (the strip's height is the larger of the peak and twice
// the threshold: one actor hundreds of metres off must not flatten the
// metres where runs begin to part), strong past the threshold, faint
// under it; and a dim line at the threshold.
func (h *hudText) divergenceColumns(g *Game, cols []float64, peak float64) {
	l, ov := &g.lay, &g.ov
	strip := l.strip
	th := g.app.DivergenceThreshold()
	top := max(peak, 2*th)
	for x, v := range cols {
		if !(v > 0) {
			continue
		}
		y := strip.y1 - strip.h()*min(logScale(v, top), 1)
		col := scenedraw.GhostColor.WithAlpha(0.45)
		if v > th {
			col = scenedraw.GhostColor
		}
		x0 := strip.x0 + float64(x)
		ov.rect(0, rect{x0, math.Floor(y), x0 + 1, strip.y1}, col)
	}
	ty := math.Round(strip.y1 - strip.h()*logScale(th, top))
	ov.rect(0, rect{strip.x0, ty, strip.x1, ty + math.Max(1, l.s)}, colTextDim.WithAlpha(0.5))
}

// firstDivergenceMarks draws a downward triangle over the strip where
// each actor first diverges past the threshold.
func (h *hudText) firstDivergenceMarks(g *Game, tl playback.Timeline) {
	l, ov := &g.lay, &g.ov
	y, k := l.strip.y0, l.px(4)
	for _, m := range g.app.FirstDivergences() {
		x := tl.XAt(m.Time)
		ov.tri(0, x-k, y-k, x+k, y-k, x, y+k*0.5, colTitle)
		ov.rect(0, rect{x - l.px(0.5), y, x + l.px(0.5), l.strip.y1}, colTitle.WithAlpha(0.6))
	}
}

// faultRowB draws run B's faults as faultRow draws A's, on the clock.
func (h *hudText) faultRowB(g *Game, tl playback.Timeline) {
	l, ov, a := &g.lay, &g.ov, g.app
	r := l.faultsB
	w := math.Max(2, l.px(2))
	for _, f := range a.FaultsB() {
		x0 := math.Floor(tl.XAt(a.AClock(f.Start)))
		col := scenedraw.FaultColor(f.Kind)
		ov.rect(0, rect{x0, r.y0, x0 + w, r.y1}, col)
		ov.rect(0, rect{x0, r.y1 - w, max(tl.XAt(a.AClock(f.End)), x0+w), r.y1}, col.WithAlpha(0.7))
	}
}

// logScale is where v falls between 0 and top on a log(1+v) scale.
func logScale(v, top float64) float64 { return math.Log1p(v) / math.Log1p(top) }

// maxTipCompare bounds the tooltip's lines on the comparison.
const maxTipCompare = 4

// compareTipLines adds to the timeline's tooltip the actors that first
// diverge, and B's faults that start, within slop seconds of t.
func (h *hudText) compareTipLines(g *Game, t, slop float64) {
	a := g.app
	n := 0
	line := func() bool {
		h.tipLine(render.Color{})
		n++
		return n < maxTipCompare
	}
	for _, m := range a.FirstDivergences() {
		if math.Abs(m.Time-t) > slop {
			continue
		}
		h.tip = strconv.AppendUint(append(h.tip, "diverges  "...), uint64(m.A), 10)
		h.tip = strconv.AppendUint(append(h.tip, " from B's "...), uint64(m.B), 10)
		h.tip = strconv.AppendFloat(append(h.tip, " by "...), m.Distance, 'f', 1, 64)
		h.tip = append(h.tip, " m"...)
		if !line() {
			return
		}
	}
	for _, f := range a.FaultsB() {
		if math.Abs(a.AClock(f.Start)-t) > slop {
			continue
		}
		h.tip = append(append(h.tip, "B: "...), f.Kind.String()...)
		h.tip = strconv.AppendUint(append(h.tip, "  "...), uint64(f.Actor), 10)
		if !line() {
			return
		}
	}
}
