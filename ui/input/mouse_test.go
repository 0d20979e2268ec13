package input

import (
	"math"
	"slices"
	"testing"
)

// tick is one tick of mouse state and the commands it should produce.
type tick struct {
	x, y        float64
	left, right bool
	wheel       float64
	want        []Command
}

// bar is the test timeline: 10 s over x 100..600, y 500..520; the plots
// are 20 s over x 10..210, y 300..400.
func withBar(s *Snapshot) {
	s.Timeline.X, s.Timeline.Width, s.Timeline.Start, s.Timeline.End = 100, 500, 0, 10
	s.TimelineY, s.TimelineHeight = 500, 20
	s.Plot.X, s.Plot.Width, s.Plot.Start, s.Plot.End = 10, 200, 0, 20
	s.PlotY, s.PlotHeight = 300, 100
}

func TestMouse(t *testing.T) {
	for _, tc := range []struct {
		name  string
		ticks []tick
	}{
		{"click selects at the press point", []tick{
			{x: 200, y: 200, left: true},
			{x: 202, y: 203, left: true},
			{x: 203, y: 202, want: []Command{Select(200, 200)}},
			{x: 203, y: 202},
		}},
		{"moving exactly the slop is still a click", []tick{
			{x: 200, y: 200, left: true},
			{x: 204, y: 200, want: []Command{Select(200, 200)}},
		}},
		{"left drag orbits from the press point, then by deltas", []tick{
			{x: 200, y: 200, left: true},
			{x: 203, y: 200, left: true},
			{x: 205, y: 199, left: true, want: []Command{Orbit(5, -1)}},
			{x: 205, y: 199, left: true},
			{x: 215, y: 190, left: true, want: []Command{Orbit(10, -9)}},
			{x: 215, y: 190, want: nil}, // release: no click after a drag
			{x: 230, y: 190},            // moving with the button up does nothing
		}},
		{"a drag that returns to the press point is no click", []tick{
			{x: 200, y: 200, left: true},
			{x: 210, y: 200, left: true, want: []Command{Orbit(10, 0)}},
			{x: 200, y: 200, left: true, want: []Command{Orbit(-10, 0)}},
			{x: 200, y: 200},
		}},
		{"movement on the release tick still counts", []tick{
			{x: 200, y: 200, left: true},
			{x: 220, y: 200, want: []Command{Orbit(20, 0)}},
		}},
		{"right drag pans", []tick{
			{x: 300, y: 300, right: true},
			{x: 300, y: 310, right: true, want: []Command{Pan(0, 10)}},
			{x: 290, y: 310, right: true, want: []Command{Pan(-10, 0)}},
			{x: 290, y: 310},
		}},
		{"right click does nothing", []tick{
			{x: 300, y: 300, right: true},
			{x: 300, y: 300},
		}},
		{"both buttons at once", []tick{
			{x: 300, y: 300, left: true, right: true},
			{x: 310, y: 300, left: true, right: true, want: []Command{Orbit(10, 0), Pan(10, 0)}},
			{x: 310, y: 300, right: true},
			{x: 320, y: 300, right: true, want: []Command{Pan(10, 0)}},
		}},
		{"wheel zooms toward the cursor", []tick{
			{x: 640, y: 360, wheel: 1, want: []Command{Zoom(1, 640, 360)}},
			{x: 10, y: 20, wheel: -2.5, want: []Command{Zoom(-2.5, 10, 20)}},
		}},
		{"wheel while dragging", []tick{
			{x: 200, y: 200, left: true},
			{x: 210, y: 200, left: true, wheel: 1, want: []Command{Orbit(10, 0), Zoom(1, 210, 200)}},
		}},
		{"press on the timeline scrubs", []tick{
			{x: 350, y: 510, left: true, want: []Command{Scrub(5)}},
			{x: 350, y: 515, left: true}, // vertical movement: same time
			{x: 400, y: 515, left: true, want: []Command{Scrub(6)}},
			{x: 102, y: 515, want: []Command{Scrub(0.04)}}, // release tick moved too
			{x: 150, y: 515},
		}},
		{"a click on the timeline scrubs, never selects", []tick{
			{x: 600, y: 500, left: true, want: []Command{Scrub(10)}},
			{x: 600, y: 500},
		}},
		{"scrubbing off the bar clamps to its ends", []tick{
			{x: 120, y: 510, left: true, want: []Command{Scrub(0.4)}},
			{x: 900, y: 300, left: true, want: []Command{Scrub(10)}},
			{x: -50, y: 300, left: true, want: []Command{Scrub(0)}},
			{x: -50, y: 300},
		}},
		{"an orbit dragged across the timeline keeps orbiting", []tick{
			{x: 350, y: 450, left: true},
			{x: 350, y: 510, left: true, want: []Command{Orbit(0, 60)}},
			{x: 360, y: 510, left: true, want: []Command{Orbit(10, 0)}},
			{x: 360, y: 510},
		}},
		{"right press on the timeline pans", []tick{
			{x: 350, y: 510, right: true},
			{x: 360, y: 510, right: true, want: []Command{Pan(10, 0)}},
		}},
		{"a click on a plot seeks (a PlotScrub: the app keeps the actor in view), never selects", []tick{
			{x: 60, y: 350, left: true, want: []Command{PlotScrub(5)}},
			{x: 60, y: 350, left: false},
		}},
		{"a drag on a plot follows with the plot's times, off it too", []tick{
			{x: 110, y: 310, left: true, want: []Command{PlotScrub(10)}},
			{x: 160, y: 330, left: true, want: []Command{PlotScrub(15)}},
			{x: 400, y: 600, left: true, want: []Command{PlotScrub(20)}},
			{x: 400, y: 600},
		}},
		{"just below the plots is the scene", []tick{
			{x: 60, y: 401, left: true},
			{x: 60, y: 401, want: []Command{Select(60, 401)}},
		}},
		{"just outside the bar is the scene", []tick{
			{x: 350, y: 499, left: true},
			{x: 350, y: 499, want: []Command{Select(350, 499)}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMapper()
			for i, tk := range tc.ticks {
				s := &Snapshot{Mouse: Mouse{X: tk.x, Y: tk.y, Left: tk.left, Right: tk.right, Wheel: tk.wheel}}
				withBar(s)
				if got := m.Update(s, nil); !slices.Equal(got, tk.want) {
					t.Errorf("tick %d: got %v, want %v", i, got, tk.want)
				}
			}
		})
	}
}

func TestMouseNoTimeline(t *testing.T) {
	// Without a bar (zero width) a press anywhere is an ordinary click.
	m := NewMapper()
	m.Update(&Snapshot{Mouse: Mouse{X: 0, Y: 0, Left: true}}, nil)
	if got, want := m.Update(&Snapshot{Mouse: Mouse{X: 0, Y: 0}}, nil), []Command{Select(0, 0)}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestWheelNaN(t *testing.T) {
	s := &Snapshot{}
	s.Mouse.Wheel = math.NaN()
	if got := NewMapper().Update(s, nil); len(got) != 0 {
		t.Errorf("NaN wheel gave %v", got)
	}
}
