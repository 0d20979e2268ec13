package app

import (
	"math"
	"slices"
	"strconv"

	"github.com/mm2carla/viewer/analysis/compare"
	"github.com/mm2carla/viewer/analysis/faults"
)

// How far run B's actors are from run A's: the actor inspector shows the
// selected actor's divergence, the distance between where it is in A and
// where its match is in B at the clock's time; the timeline shows the
// largest divergence of any actor over time and where each actor first
// diverges by more than the threshold. Until the matching is done (see
// comparejob.go) an actor matches B's actor of the same id and blueprint.

// DefaultDivergence is the divergence threshold (m) by default.
const DefaultDivergence = 1.0

// DivergenceThreshold returns the threshold (m) past which an actor is
// marked as diverging.
func (a *App) DivergenceThreshold() float64 { return a.cmp.threshold }

// divergenceOf is the threshold remembered in s, or the default.
func divergenceOf(s float64) float64 {
	if s > 0 && s < 1e6 {
		return s
	}
	return DefaultDivergence
}

// pairAt returns the index of the matched pair (compare.Matching.Pairs)
// of A's actor id living at A's frame f, or -1.
func (c *comparison) pairAt(id uint32, f int) int {
	m := c.work.matching
	if m == nil {
		return -1
	}
	for k, p := range m.Pairs {
		if act := &m.A.Actors[p.A]; act.ID == id && act.First <= f && f <= act.Last() {
			return k
		}
	}
	return -1
}

// MatchB returns the id in run B of A's actor id at the clock's time.
func (a *App) MatchB(id uint32) (uint32, bool) {
	st, b := a.State(), a.CompareState()
	if st == nil || b == nil || id == 0 {
		return 0, false
	}
	if m := a.cmp.work.matching; m != nil {
		k := a.cmp.pairAt(id, a.Recording().FrameAt(a.rp.clock.Time()))
		if k < 0 {
			return 0, false
		}
		return m.B.Actors[m.Pairs[k].B].ID, true
	}
	act, other := st.Actor(id), b.Actor(id)
	if act == nil || other == nil || act.Blueprint != other.Blueprint {
		return 0, false
	}
	return id, true
}

// MatchA returns the id in run A of B's actor id at the clock's time:
// MatchB's inverse.
func (a *App) MatchA(id uint32) (uint32, bool) {
	st, b := a.State(), a.CompareState()
	if st == nil || b == nil || id == 0 {
		return 0, false
	}
	if m := a.cmp.work.matching; m != nil {
		f := a.Recording().FrameAt(a.rp.clock.Time())
		for _, p := range m.Pairs {
			if m.B.Actors[p.B].ID != id {
				continue
			}
			if act := &m.A.Actors[p.A]; act.First <= f && f <= act.Last() {
				return act.ID, true
			}
		}
		return 0, false
	}
	act, other := st.Actor(id), b.Actor(id)
	if act == nil || other == nil || act.Blueprint != other.Blueprint {
		return 0, false
	}
	return id, true
}

// pickActor returns the actor under pixel x, y in the run the scene
// shows, as an id of run A (the selection is always A's): with B only, a
// B actor picks its match in A, and one without a match picks nothing.
func (a *App) pickActor(x, y float64) (uint32, bool) {
	main, _ := a.ShownStates()
	if main == nil {
		return 0, false
	}
	id, ok := a.sel.picker.PickActor(a.View(), main, x, y)
	if !ok || main == a.State() {
		return id, ok
	}
	return a.MatchA(id)
}

// Divergence returns the distance in metres between A's actor id and its
// match in B at the clock's time, with the match's id; ok is false when
// it has no match there, or the match is not in B at that moment.
func (a *App) Divergence(id uint32) (metres float64, bID uint32, ok bool) {
	bID, ok = a.MatchB(id)
	if !ok {
		return 0, 0, false
	}
	pb := a.CompareState().Actor(bID)
	if pb == nil {
		return 0, bID, false
	}
	pa := a.State().Actor(id)
	return pa.World.Location.Sub(pb.World.Location).Len(), bID, true
}

// actorDivergence writes the actor panel's line on run B.
func (a *App) actorDivergence(l *Lines, id uint32) {
	if a.CompareState() == nil {
		return
	}
	d, bID, ok := a.Divergence(id)
	switch {
	case ok && a.showingB(): // the panel is B's actor: say how far A's is
		l.S("vs run A").Tab().F(d, 2).S(" m from A's ").U(uint64(id)).End()
	case ok:
		l.S("vs run B").Tab().F(d, 2).S(" m from B's ").U(uint64(bID)).End()
	case bID != 0:
		l.S("vs run B").Tab().S("B's ").U(uint64(bID)).S(" is not there now").End()
	case a.cmp.work.matching != nil:
		l.Kv("vs run B", "no match in B")
	default:
		l.Kv("vs run B", "no actor of this id in B now")
	}
}

// compareStatus writes the status line's part on comparing: what shows
// and B's offset.
func (c *comparison) status(l *Lines) {
	if c.res == nil {
		return
	}
	l.S("  |  showing ").S(c.runs.String())
	if c.offset != 0 {
		l.buf = appendOffset(append(l.buf, ", B's clock "...), c.offset)
	}
}

// Strip is the timeline's strip of the largest divergence: per pixel
// column of the bar, the largest divergence (m) of any matched actor at
// the frames of A in that column, and the largest of all.
type Strip struct {
	Cols []float64
	Peak float64

	of         *compare.Divergence // the divergence, width and span it was made for
	w          int
	start, end float64
}

// DivergenceStrip returns the strip for a bar width pixels wide over the
// clock's span (nil until the matching is done). It is rebuilt only when
// one of those changes.
func (a *App) DivergenceStrip(width int) *Strip {
	d, s := a.cmp.work.div, &a.cmp.work.strip
	if d == nil || a.rp.clock == nil || width <= 0 {
		return nil
	}
	start, end := a.rp.clock.Start(), a.rp.clock.End()
	if s.of == d && s.w == width && s.start == start && s.end == end {
		return s
	}
	s.of, s.w, s.start, s.end, s.Peak = d, width, start, end, 0
	s.Cols = slices.Grow(s.Cols[:0], width)[:width]
	clear(s.Cols)
	span := max(end-start, 1e-9)
	col := func(t float64) int { return min(max(int((t-start)/span*float64(width)), 0), width-1) }
	for i, t := range d.Times {
		// A frame holds from its time to the next frame's: every column
		// it covers gets its value, so the strip has no gaps.
		x0, x1 := col(t), col(t)
		if i+1 < len(d.Times) {
			x1 = max(col(d.Times[i+1])-1, x0)
		}
		for x := x0; x <= x1; x++ {
			s.Cols[x] = max(s.Cols[x], d.Max[i])
		}
		s.Peak = max(s.Peak, d.Max[i])
	}
	return s
}

// DivergenceMark is where one matched actor first diverges by more than
// the threshold.
type DivergenceMark struct {
	Time     float64 // on the clock (A's time)
	A, B     uint32  // the actor's id in each run
	Distance float64 // its divergence then (m)
	pair     int     // its index in the matching's Pairs
	frame    int     // A's frame
}

// FirstDivergences returns, for every matched actor that ever diverges by
// more than the threshold, where it first does (nil until the matching is
// done). The list is rebuilt only when the divergence or the threshold
// changes; read-only.
func (a *App) FirstDivergences() []DivergenceMark { return a.cmp.firstDivergences() }

func (c *comparison) firstDivergences() []DivergenceMark {
	w := &c.work
	d := w.div
	if d == nil {
		return nil
	}
	if w.firstsOf == d && w.firstsThresh == c.threshold {
		return w.firsts
	}
	w.firstsOf, w.firstsThresh, w.firsts = d, c.threshold, w.firsts[:0]
	m := d.M
	for k, p := range m.Pairs {
		f := d.FirstOver(k, c.threshold)
		if f < 0 {
			continue
		}
		act := &m.A.Actors[p.A]
		w.firsts = append(w.firsts, DivergenceMark{Time: d.Times[f], A: act.ID, B: m.B.Actors[p.B].ID,
			Distance: d.Pairs[k].D[f-act.First], pair: k, frame: f})
	}
	return w.firsts
}

// FaultsB returns run B's faults, times on B's own clock (nil until its
// pass is done; read-only). AClock puts them on the window's clock.
func (a *App) FaultsB() []faults.Fault {
	if r := a.cmp.work.faults; r != nil {
		return r.Faults
	}
	return nil
}

// AClock is the clock's time (A's) at which run B shows its own time tb:
// BTime's inverse.
func (a *App) AClock(tb float64) float64 {
	rec, b := a.Recording(), a.CompareRecording()
	if rec == nil || b == nil {
		return tb
	}
	return tb - b.Times()[0] + rec.Times()[0] - a.cmp.offset
}

// appendCompareEvents appends the moments [ and ] stop at while
// comparing: where each actor first diverges, and B's faults.
func (a *App) appendCompareEvents(times []float64) []float64 {
	for _, m := range a.FirstDivergences() {
		times = append(times, m.Time)
	}
	for _, f := range a.FaultsB() {
		times = append(times, a.AClock(f.Start))
	}
	return times
}

// stepDivergence moves the threshold by steps of a quarter metre, within
// 0.25 m to 20 m.
func (a *App) stepDivergence(steps float64) {
	v := math.Round((a.cmp.threshold+0.25*steps)*4) / 4
	v = min(max(v, 0.25), 20)
	if v != a.cmp.threshold {
		a.cmp.threshold = v
		a.settingsGen++
		a.setClockEvents()
	}
	a.notify(Info, "diverging: more than "+strconv.FormatFloat(v, 'f', -1, 64)+" m from run A")
}
