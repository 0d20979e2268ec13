package app

import (
	"math"
	"strconv"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene/playback"
)

// The plots under the inspector: the selected vehicle's speed, lateral
// offset from its lane and heading error over the whole recording, one
// band each, with the playhead and its faults shaded; while comparing,
// its match in run B over it, on one scale. A recording has
// far more samples than a plot has pixels, so each pixel column keeps the
// lowest and highest value in it, computed once per selection and width,
// never per frame. Clicking or dragging on them seeks (the window puts
// their area in the input snapshot; PlotArea.TimeAt is the rule).

// Series is one plot.
type Series uint8

// The plotted series, top to bottom.
const (
	SeriesSpeed   Series = iota // km/h
	SeriesOffset                // m, + left of the lane's direction
	SeriesHeading               // deg, + counter-clockwise of the lane's direction
	NumSeries
)

var seriesNames = [NumSeries]string{"speed km/h", "lane offset m", "heading error deg"}

// seriesUnits are each series' unit after a value, and seriesDecimals
// the decimals it is written with.
var (
	seriesUnits    = [NumSeries]string{" km/h", " m", "°"}
	seriesDecimals = [NumSeries]int{1, 2, 1}
)

// AppendValue writes value v of series s with its unit ("12.3 km/h").
func (s Series) AppendValue(b []byte, v float64) []byte {
	if s >= NumSeries {
		return strconv.AppendFloat(b, v, 'g', 4, 64)
	}
	if s != SeriesSpeed && v >= 0 {
		b = append(b, '+')
	}
	b = strconv.AppendFloat(b, v, 'f', seriesDecimals[s], 64)
	return append(b, seriesUnits[s]...)
}

// String returns the plot's title.
func (s Series) String() string {
	if s < NumSeries {
		return seriesNames[s]
	}
	return "Series(?)"
}

// PlotArea is where the window lays the plots' bands out, device pixels,
// and the times at their left and right edges.
type PlotArea struct {
	X0, Y0, X1, Y1 float64
	Start, End     float64
}

// Timeline returns the area's x-to-time mapping.
func (p PlotArea) Timeline() playback.Timeline {
	return playback.Timeline{X: p.X0, Width: p.X1 - p.X0, Start: p.Start, End: p.End}
}

// TimeAt returns the time under pixel x, y, or false when it is not on
// the plots.
func (p PlotArea) TimeAt(x, y float64) (float64, bool) {
	if !(p.X1 > p.X0) || x < p.X0 || x > p.X1 || y < p.Y0 || y > p.Y1 {
		return 0, false
	}
	return p.Timeline().TimeAt(x), true
}

// Plot is the columns of every series for one track and width.
type Plot struct {
	track *lanes.Track
	width int
	start float64
	end   float64
	lo    [NumSeries][]float32
	hi    [NumSeries][]float32
	// Min and Max are each series' range over the track, widened so
	// that a flat line sits in the middle of its band.
	Min, Max [NumSeries]float64
	noMap    bool            // the association has no map: no lanes
	empty    [NumSeries]bool // the series has no value at all
	// While comparing, the selected actor's match in run B, its times
	// moved by shiftB onto the clock, plotted over A's (ColumnB).
	trackB   *lanes.Track
	shiftB   float64
	loB, hiB [NumSeries][]float32
}

// HasB reports whether run B's match of the actor is plotted too.
func (p *Plot) HasB() bool { return p.track != nil && p.trackB != nil }

// ColumnB is Column for run B's match of the actor.
func (p *Plot) ColumnB(s Series, c int) (lo, hi float64, ok bool) {
	if !p.HasB() || s >= NumSeries || c < 0 || c >= p.width {
		return 0, 0, false
	}
	l, h := p.loB[s][c], p.hiB[s][c]
	if l > h {
		return 0, 0, false
	}
	return float64(l), float64(h), true
}

// Note returns what to write instead of series s's range when it has no
// value: "no map open" for the lane series of an association without a
// map, "never in a lane" when the vehicle was on no lane, "unknown" for a
// speed never recorded as a number; "" when it has values.
func (p *Plot) Note(s Series) string {
	switch {
	case s >= NumSeries || !p.empty[s]:
		return ""
	case p.noMap && s != SeriesSpeed:
		return "no map open"
	case s == SeriesSpeed:
		return "unknown"
	}
	return "never in a lane"
}

func (p *Plot) reset() { p.track, p.trackB, p.width = nil, nil, 0 }

// Width returns the number of columns (0: nothing to plot).
func (p *Plot) Width() int {
	if p.track == nil {
		return 0
	}
	return p.width
}

// Column returns the lowest and highest value of series s in column c;
// false when the track has no value there.
func (p *Plot) Column(s Series, c int) (lo, hi float64, ok bool) {
	if p.track == nil || s >= NumSeries || c < 0 || c >= p.width {
		return 0, 0, false
	}
	l, h := p.lo[s][c], p.hi[s][c]
	if l > h {
		return 0, 0, false
	}
	return float64(l), float64(h), true
}

// Plot returns the selected vehicle's plot, width columns wide over the
// recording's span (Width 0 when there is none: no selection, no
// association yet, or not a vehicle).
func (a *App) Plot(width int) *Plot {
	p := &a.an.plots
	if a.an.assoc == nil || a.rp.clock == nil || a.sel.actor == 0 || width <= 0 {
		p.reset()
		return p
	}
	tr := a.an.assoc.TrackAt(a.sel.actor, a.rp.clock.Time())
	if tr == nil {
		tracks := a.an.assoc.TracksOf(a.sel.actor)
		if len(tracks) == 0 {
			p.reset()
			return p
		}
		tr = &a.an.assoc.Tracks[tracks[0]]
	}
	trB, shift := a.plotB()
	if tr != p.track || width != p.width || p.start != a.rp.clock.Start() || p.end != a.rp.clock.End() ||
		trB != p.trackB || shift != p.shiftB {
		p.trackB, p.shiftB = trB, shift
		p.build(tr, width, a.rp.clock.Start(), a.rp.clock.End(), a.an.assoc.Map != nil)
	}
	return p
}

// plotB returns the track in run B of the selected actor's match, and
// how far B's times move onto the clock; nil while not comparing, with
// no match, or before B's lanes are found.
func (a *App) plotB() (*lanes.Track, float64) {
	as := a.cmp.work.faultsAssoc
	id, ok := a.MatchB(a.sel.actor)
	if as == nil || !ok {
		return nil, 0
	}
	tb := a.BTime(a.rp.clock.Time())
	tr := as.TrackAt(id, tb)
	if tr == nil {
		tracks := as.TracksOf(id)
		if len(tracks) == 0 {
			return nil, 0
		}
		tr = &as.Tracks[tracks[0]]
	}
	return tr, a.AClock(0)
}

// build fills the columns of tr over [start, end]; hasMap says whether
// its association placed it on a map.
func (p *Plot) build(tr *lanes.Track, width int, start, end float64, hasMap bool) {
	p.track, p.width, p.start, p.end, p.noMap = tr, width, start, end, !hasMap
	for s := range NumSeries {
		p.lo[s] = resizeF(p.lo[s], width, float32(math.Inf(1)))
		p.hi[s] = resizeF(p.hi[s], width, float32(math.Inf(-1)))
		p.Min[s], p.Max[s] = math.Inf(1), math.Inf(-1)
	}
	tl := playback.Timeline{Width: float64(width), Start: start, End: end}
	p.fill(tr, 0, tl, &p.lo, &p.hi)
	if p.trackB != nil {
		for s := range NumSeries {
			p.loB[s] = resizeF(p.loB[s], width, float32(math.Inf(1)))
			p.hiB[s] = resizeF(p.hiB[s], width, float32(math.Inf(-1)))
		}
		p.fill(p.trackB, p.shiftB, tl, &p.loB, &p.hiB) // one scale for both runs
	}
	p.scale()
}

// scale sets each band's range from the values found (Min, Max): speed
// from 0, offset and heading error around 0, each to what it reaches.
func (p *Plot) scale() {
	for s := range NumSeries {
		p.empty[s] = !(p.Min[s] <= p.Max[s])
	}
	p.Min[SeriesSpeed], p.Max[SeriesSpeed] = 0, plotRange(p, SeriesSpeed, 10)
	m := plotRange(p, SeriesOffset, 0.5)
	p.Min[SeriesOffset], p.Max[SeriesOffset] = -m, m
	m = plotRange(p, SeriesHeading, 5)
	if !p.empty[SeriesHeading] && max(-p.Min[SeriesHeading], p.Max[SeriesHeading]) > WrongWayHeading {
		m = 180 // wrong-way: the whole circle, so that it reads as such
	}
	p.Min[SeriesHeading], p.Max[SeriesHeading] = -m, m
}

// WrongWayHeading is the heading error (deg) past which a vehicle drives
// against its lane: a heading plot that reaches it keeps the whole
// ±180° scale; one that does not is scaled to what it reaches, so that a
// drift of a few degrees is not a flat line.
const WrongWayHeading = 90

// plotRange is the top of series s's band: the largest value (absolute)
// it reaches rounded up to a round number, at least least; least for a
// series without values.
func plotRange(p *Plot, s Series, least float64) float64 {
	if p.empty[s] {
		return least
	}
	return NiceCeil(max(math.Abs(p.Min[s]), math.Abs(p.Max[s]), least))
}

// NiceCeil rounds v > 0 up to 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a
// power of ten, the plots' round ranges (fine enough that a band is at
// least two thirds full).
func NiceCeil(v float64) float64 {
	if !(v > 0) || math.IsInf(v, 0) {
		return v
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range [...]float64{1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10} {
		if v <= m*p*(1+1e-9) {
			return m * p
		}
	}
	return 10 * p
}

// ValueAt returns series s's value at time t: that of the track's last
// sample at or before t (its first before it starts); false with no
// value there (standing, not in a lane, off the track).
func (p *Plot) ValueAt(s Series, t float64) (float64, bool) {
	tr := p.track
	if tr == nil || s >= NumSeries || tr.Len() == 0 || t < tr.Start()-0.5 || t > tr.End()+0.5 {
		return 0, false
	}
	i := max(tr.Index(t), 0)
	var v float64
	if s == SeriesSpeed {
		v = tr.Speed(i) * 3.6
	} else {
		_, off, _, _, herr, ok := tr.InLane(i)
		if !ok {
			return 0, false
		}
		v = off
		if s == SeriesHeading {
			v = herr
		}
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}

// fill adds every sample of tr, its times moved by shift, to the columns
// lo and hi (A's or B's) and to the series' ranges.
func (p *Plot) fill(tr *lanes.Track, shift float64, tl playback.Timeline, lo, hi *[NumSeries][]float32) {
	w := len(lo[0])
	for i := range tr.Len() {
		c := min(max(int(tl.XAt(tr.Time(i)+shift)), 0), w-1)
		p.add(lo, hi, SeriesSpeed, c, tr.Speed(i)*3.6)
		if _, off, _, _, herr, ok := tr.InLane(i); ok {
			p.add(lo, hi, SeriesOffset, c, off)
			p.add(lo, hi, SeriesHeading, c, herr)
		}
	}
}

func (p *Plot) add(lo, hi *[NumSeries][]float32, s Series, c int, v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return
	}
	f := float32(v)
	lo[s][c] = min(lo[s][c], f)
	hi[s][c] = max(hi[s][c], f)
	p.Min[s], p.Max[s] = min(p.Min[s], v), max(p.Max[s], v)
}

func resizeF(s []float32, n int, v float32) []float32 {
	if cap(s) < n {
		s = make([]float32, n)
	}
	s = s[:n]
	for i := range s {
		s[i] = v
	}
	return s
}
