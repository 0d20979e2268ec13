package input

import "github.com/mm2carla/viewer/scene/playback"

// Snapshot is the input of one tick, filled by the window layer from
// Ebitengine (or by a test by hand). It holds only what the hardware
// reports; the Mapper keeps whatever must be remembered between ticks.
type Snapshot struct {
	// Held is how many ticks each key has been held down: 0 when up, 1 on
	// the tick it went down, 2 on the next, and so on, which is exactly
	// what inpututil.KeyPressDuration reports. Key repeat is computed from
	// it, so repeat timing follows ticks, not wall time.
	Held [NumKeys]int

	// The modifier keys held this tick (on macOS the window layer should
	// report Command as Ctrl).
	Shift, Ctrl, Alt bool

	// Runes are the characters typed this tick (ebiten.AppendInputChars);
	// only the go-to-time entry reads them.
	Runes []rune

	Mouse Mouse

	// Timeline maps x to time on the timeline bar; the bar spans
	// [Timeline.X, Timeline.X+Timeline.Width] by [TimelineY,
	// TimelineY+TimelineHeight] on screen. A left press inside it scrubs
	// instead of orbiting. A zero Width means there is no bar.
	Timeline                  playback.Timeline
	TimelineY, TimelineHeight float64

	// Plot maps x to time on the inspector's plots, which span
	// [Plot.X, Plot.X+Plot.Width] by [PlotY, PlotY+PlotHeight]: a left
	// press there seeks and a drag follows, as on the timeline. A zero
	// Width means no plot shows.
	Plot              playback.Timeline
	PlotY, PlotHeight float64
}

// Mouse is the mouse state of one tick.
type Mouse struct {
	X, Y        float64 // cursor position in pixels
	Left, Right bool    // buttons held down this tick
	Wheel       float64 // vertical wheel offset this tick; positive is away from the user
}

// onTimeline reports whether pixel x, y is on the timeline bar.
func (s *Snapshot) onTimeline(x, y float64) bool {
	tl := s.Timeline
	return tl.Width > 0 && s.TimelineHeight > 0 &&
		x >= tl.X && x <= tl.X+tl.Width && y >= s.TimelineY && y <= s.TimelineY+s.TimelineHeight
}

// onPlot reports whether pixel x, y is on the plots.
func (s *Snapshot) onPlot(x, y float64) bool {
	p := s.Plot
	return p.Width > 0 && s.PlotHeight > 0 &&
		x >= p.X && x <= p.X+p.Width && y >= s.PlotY && y <= s.PlotY+s.PlotHeight
}

// mods returns the held modifiers as a set.
func (s *Snapshot) mods() mods { return modsOf(s.Shift, s.Ctrl, s.Alt) }
