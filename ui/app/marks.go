package app

import (
	"math"
	"sort"

	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
)

// MarkKind is a row of marks on the timeline.
type MarkKind uint8

// The timeline's mark kinds, drawn in this order (collisions on top).
const (
	MarkBlocked   MarkKind = iota // actors standing still (spans, not instants)
	MarkLight                     // a traffic light changed state
	MarkSpawn                     // an actor was added
	MarkDestroy                   // an actor was removed
	MarkCollision                 // two actors started touching
	NumMarkKinds
)

// Marks are the timeline's event marks counted per pixel column: a long
// recording has thousands of light changes and spawns, far more than the
// bar has pixels, so each column says how many of each kind fall in it and
// the window draws one line per busy column (thin, its strength growing
// with the count). They are rebuilt only when the recording or the bar's
// width changes, never per frame.
type Marks struct {
	cols  [NumMarkKinds][]uint32
	peak  [NumMarkKinds]uint32
	src   []scene.Event // the events counted (compared by identity)
	spans []scene.Event // the blocked spans counted (compared by identity)
	tl    playback.Timeline
	total [NumMarkKinds]int
}

// MarkOf returns the timeline row marking events of kind k, or false
// for events without a mark (attachments).
func MarkOf(k scene.EventKind) (MarkKind, bool) {
	switch k {
	case scene.EventCollision:
		return MarkCollision, true
	case scene.EventSpawn:
		return MarkSpawn, true
	case scene.EventDestroy:
		return MarkDestroy, true
	case scene.EventLight:
		return MarkLight, true
	case scene.EventBlocked:
		return MarkBlocked, true
	}
	return 0, false
}

// Update recounts the marks if the events, the blocked spans, the time
// span or the width (pixels, the bar's width) changed since the last call.
// A blocked span counts in every column it covers: the count there is how
// many actors stand still at once.
func (m *Marks) Update(events, blocked []scene.Event, start, end float64, width int) {
	width = max(width, 0)
	tl := playback.Timeline{Width: float64(width), Start: start, End: end}
	if m.tl == tl && sameSlice(m.src, events) && sameSlice(m.spans, blocked) && len(m.cols[0]) == width {
		return
	}
	m.tl, m.src, m.spans = tl, events, blocked
	for k := range m.cols {
		m.cols[k] = resizeZero(m.cols[k], width)
		m.peak[k], m.total[k] = 0, 0
	}
	if width == 0 {
		return
	}
	for i := range events {
		k, ok := MarkOf(events[i].Kind)
		if !ok || k == MarkBlocked { // spans: counted from blocked
			continue
		}
		c := m.Column(events[i].Time)
		m.cols[k][c]++
		m.peak[k] = max(m.peak[k], m.cols[k][c])
		m.total[k]++
	}
	for i := range blocked {
		e := &blocked[i]
		for c := m.Column(e.Time); c <= m.Column(e.Time+e.Duration); c++ {
			m.cols[MarkBlocked][c]++
			m.peak[MarkBlocked] = max(m.peak[MarkBlocked], m.cols[MarkBlocked][c])
		}
		m.total[MarkBlocked]++
	}
}

// Width returns the number of columns.
func (m *Marks) Width() int { return len(m.cols[0]) }

// Column returns the column a time falls in (clamped to the bar).
func (m *Marks) Column(t float64) int {
	w := len(m.cols[0])
	if w == 0 {
		return 0
	}
	c := int(math.Floor(m.tl.XAt(t)))
	return min(max(c, 0), w-1)
}

// Count returns how many marks of kind k fall in column c.
func (m *Marks) Count(k MarkKind, c int) int {
	if k >= NumMarkKinds || c < 0 || c >= len(m.cols[k]) {
		return 0
	}
	return int(m.cols[k][c])
}

// Strength returns how strongly to draw column c of kind k, in (0, 1]
// for a busy column (0 when empty): a single event already shows clearly,
// and the busiest column is full strength.
func (m *Marks) Strength(k MarkKind, c int) float32 {
	n := m.Count(k, c)
	if n == 0 {
		return 0
	}
	p := m.peak[k]
	if p <= 1 {
		return 1
	}
	return float32(0.45 + 0.55*math.Log1p(float64(n-1))/math.Log1p(float64(p-1)))
}

// Total returns the number of events (blocked spans) of kind k.
func (m *Marks) Total(k MarkKind) int {
	if k >= NumMarkKinds {
		return 0
	}
	return m.total[k]
}

func sameSlice(a, b []scene.Event) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

func resizeZero(s []uint32, n int) []uint32 {
	if cap(s) < n {
		return make([]uint32, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// EventsAround returns the recording's marked and unmarked events whose
// time is within [t0, t1], as a slice of Recording.Events (read-only; no
// copy). Events are in file order, so their frames never decrease: the
// range is found by binary search on the frames that start in [t0, t1].
func (a *App) EventsAround(t0, t1 float64) []scene.Event {
	rec := a.Recording()
	if rec == nil || !(t1 >= t0) {
		return nil
	}
	ev := rec.Events()
	times := rec.Times()
	first := sort.SearchFloat64s(times, t0) // the first frame starting at or after t0
	last := rec.FrameAt(t1)                 // the last frame starting at or before t1
	if first > last {
		return nil
	}
	i := sort.Search(len(ev), func(i int) bool { return ev[i].Frame >= first })
	j := sort.Search(len(ev), func(i int) bool { return ev[i].Frame > last })
	return ev[i:j]
}
