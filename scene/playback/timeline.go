package playback

import "math"

// Timeline maps between time and the x pixel of a horizontal timeline bar,
// for drawing the play head and tick marks and for turning a click or a
// drag on the bar into a time. It is a plain value: the UI builds one from
// the bar's layout and the clock's Start and End each frame.
type Timeline struct {
	X, Width   float64 // the bar's left edge and width, in pixels
	Start, End float64 // the times at the left and right edges
}

// valid reports whether the bar has a width and a span to map.
func (tl Timeline) valid() bool {
	return tl.Width > 0 && tl.End > tl.Start && finite(tl.Width) && finite(tl.End-tl.Start)
}

// XAt returns the pixel x of time t, which is clamped to [Start, End] so a
// play head never leaves the bar. A degenerate bar puts everything at X.
func (tl Timeline) XAt(t float64) float64 {
	if !tl.valid() || math.IsNaN(t) {
		return tl.X
	}
	t = min(max(t, tl.Start), tl.End)
	return tl.X + (t-tl.Start)/(tl.End-tl.Start)*tl.Width
}

// TimeAt returns the time under pixel x, clamped to [Start, End] so a drag
// that leaves the bar scrubs to the nearest end. A degenerate bar (or a
// NaN x) gives Start.
func (tl Timeline) TimeAt(x float64) float64 {
	if !tl.valid() || math.IsNaN(x) {
		return tl.Start
	}
	t := tl.Start + (x-tl.X)/tl.Width*(tl.End-tl.Start)
	return min(max(t, tl.Start), tl.End)
}

// tickSteps are the label spacings, in seconds, a timeline may use: round
// numbers on a clock face (no 0.3 s or 7 s steps) so m:ss labels read well.
func tickSteps() [19]float64 {
	return [19]float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30,
		60, 120, 300, 600, 900, 1800, 3600}
}

// TickStep returns the smallest round step (see tickSteps; past an hour,
// doublings of an hour) whose marks are at least minSpacing pixels apart.
// It returns 0 for a degenerate bar, which has no ticks.
func (tl Timeline) TickStep(minSpacing float64) float64 {
	if !tl.valid() {
		return 0
	}
	pps := tl.Width / (tl.End - tl.Start) // pixels per second
	minSpacing = max(minSpacing, 1)       // bounds the number of ticks by the width
	for _, s := range tickSteps() {
		if s*pps >= minSpacing {
			return s
		}
	}
	s := 3600.0
	for s*pps < minSpacing {
		s *= 2
	}
	return s
}

// TickMarks are the tick marks of a timeline: N marks at the multiples of
// Step within [Start, End]. It is a value with an index, not an iterator,
// so drawing the marks every frame allocates nothing:
//
//	marks := tl.Ticks(60)
//	for i := range marks.N {
//		x := tl.XAt(marks.At(i))
//		...
//	}
type TickMarks struct {
	Step  float64 // seconds between marks; 0 when there are none
	N     int     // number of marks
	first float64 // index of the first mark, a whole number: mark i is (first+i)*Step
	inv   float64 // 1/Step for fractional steps, else 0
}

// Ticks returns the marks at the multiples of TickStep(minSpacing) that lie
// within [Start, End], both ends included.
func (tl Timeline) Ticks(minSpacing float64) TickMarks {
	step := tl.TickStep(minSpacing)
	if step == 0 {
		return TickMarks{}
	}
	// The slack keeps an end that is an exact multiple, such as 12 s with a
	// 1 s step, from being lost to rounding in the division.
	first := math.Ceil(tl.Start/step - 1e-9)
	last := math.Floor(tl.End/step + 1e-9)
	m := TickMarks{Step: step, N: int(last-first) + 1, first: first}
	if step < 1 {
		m.inv = math.Round(1 / step) // exact for every fractional tickStep
	}
	return m
}

// At returns the time of mark i, 0 <= i < N. It is computed from the index,
// not by repeated addition, so marks do not drift; a fractional step
// divides by the whole number 1/Step, so the third tenth is 0.3 (the same
// float as a frame time written 0.3), not 0.30000000000000004.
func (m TickMarks) At(i int) float64 {
	k := m.first + float64(i)
	if m.inv != 0 {
		return k / m.inv
	}
	return k * m.Step
}

// TickDecimals returns how many decimals a label needs to tell marks step
// seconds apart: 0 for whole seconds, 1 for tenths, 2 for hundredths.
func TickDecimals(step float64) int {
	switch {
	case step >= 1 || step <= 0:
		return 0
	case step >= 0.1:
		return 1
	default:
		return 2
	}
}
