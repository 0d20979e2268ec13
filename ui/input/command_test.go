package input

import (
	"testing"

	"github.com/mm2carla/viewer/scene/playback"
)

func TestCommandString(t *testing.T) {
	for _, tc := range []struct {
		cmd  Command
		want string
	}{
		{Command{}, "None"},
		{Clock(playback.Jump(-1)), "Clock(Jump(-1))"},
		{Clock(playback.GoTo(90.5)), "Clock(GoTo(90.5))"},
		{Scrub(4.25), "Scrub(4.25)"},
		{FollowNext(), "FollowNext"},
		{FollowPrev(), "FollowPrev"},
		{FollowSelected(), "FollowSelected"},
		{FrameAll(), "FrameAll"},
		{ToggleView(), "ToggleView"},
		{ToggleLayer(LayerIntersections), "ToggleLayer(intersections)"},
		{ClearSelection(), "ClearSelection"},
		{ToggleHelp(), "ToggleHelp"},
		{HelpScroll(-1), "HelpScroll(-1)"},
		{OpenFile(), "OpenFile"},
		{OpenFolder(), "OpenFolder"},
		{ChooserFolder(), "ChooserFolder"},
		{Orbit(3, -2), "Orbit(3,-2)"},
		{Pan(0.5, 1), "Pan(0.5,1)"},
		{Zoom(1, 400, 300), "Zoom(1,400,300)"},
		{Select(7, 8), "Select(7,8)"},
		{Command{Kind: 99}, "Kind(99)"},
		{ToggleLayer(9), "ToggleLayer(Layer(9))"},
	} {
		if got := tc.cmd.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
	for k := range numKinds {
		if k.String() == "" {
			t.Errorf("kind %d has no name", k)
		}
	}
}

func TestClockCommand(t *testing.T) {
	for _, tc := range []struct {
		cmd    Command
		want   playback.Command
		wantOK bool
	}{
		{Clock(playback.StepBack()), playback.StepBack(), true},
		{Clock(playback.SetLoopRange(1, 2)), playback.SetLoopRange(1, 2), true},
		{Scrub(3.5), playback.GoTo(3.5), true},
		{FrameAll(), playback.Command{}, false},
		{Orbit(1, 1), playback.Command{}, false},
		{Command{}, playback.Command{}, false},
	} {
		got, ok := tc.cmd.ClockCommand()
		if got != tc.want || ok != tc.wantOK {
			t.Errorf("%v.ClockCommand() = %v, %v; want %v, %v", tc.cmd, got, ok, tc.want, tc.wantOK)
		}
	}
}

// TestZeroMapper: the zero Mapper works like NewMapper's.
func TestZeroMapper(t *testing.T) {
	var m Mapper
	got := m.Update(tap(none, KeySpace), nil)
	if len(got) != 1 || got[0] != Clock(playback.TogglePlay()) {
		t.Errorf("zero Mapper: %v", got)
	}
}

// TestUpdateNoAllocations: a tick with keys, repeat, a drag and the wheel
// allocates nothing when the caller reuses its command slice.
func TestUpdateNoAllocations(t *testing.T) {
	m := NewMapper()
	s := tap(shift, KeyRight, KeySpace, KeyDigit3)
	s.Held[KeyUp] = 25
	s.Mouse = Mouse{X: 100, Y: 100, Left: true, Wheel: 1}
	withBar(s)
	buf := make([]Command, 0, 16)
	x := 100.0
	n := testing.AllocsPerRun(200, func() {
		x += 7
		s.Mouse.X = x
		buf = m.Update(s, buf[:0])
	})
	if n != 0 {
		t.Errorf("Update allocates %v times per tick, want 0", n)
	}
	if len(buf) != 6 { // Jump, TogglePlay, SpeedUp, layer, Orbit, Zoom
		t.Errorf("last tick gave %v", buf)
	}
}
