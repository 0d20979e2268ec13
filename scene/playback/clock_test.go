package playback

import (
	"math"
	"testing"
)

// fixture frames: irregular steps, all exact in binary, so tests compare
// times with == instead of tolerances. The recording ends at 10.
var fixtureElapsed = []float64{0, 0.5, 1, 1.5, 2, 3, 4, 6, 8, 10}

func newFixture(t *testing.T) *Clock {
	t.Helper()
	c, err := New(fixtureElapsed, -1)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// state is everything observable about a clock, compared as one value.
type state struct {
	T        float64
	Playing  bool
	Speed    float64
	Reversed bool
	Loop     bool
	Ranged   bool
	A, B     float64
}

func stateOf(c *Clock) state {
	a, b, ok := c.LoopRange()
	return state{c.Time(), c.Playing(), c.Speed(), c.Reversed(), c.Looping(), ok, a, b}
}

func TestNewRejects(t *testing.T) {
	for _, tc := range []struct {
		name    string
		elapsed []float64
	}{
		{"empty", nil},
		{"NaN", []float64{0, math.NaN()}},
		{"+Inf", []float64{0, math.Inf(1)}},
		{"-Inf", []float64{math.Inf(-1), 0}},
		{"backwards", []float64{0, 1, 0.5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if c, err := New(tc.elapsed, -1); err == nil {
				t.Fatalf("New(%v) = %+v, want an error", tc.elapsed, c)
			}
		})
	}
}

func TestNewEnd(t *testing.T) {
	for _, tc := range []struct {
		name         string
		elapsed      []float64
		lastDuration float64
		start, end   float64
	}{
		{"finished recording ends on last frame", []float64{0, 0.5, 1}, -1, 0, 1},
		{"patched last duration extends the end", []float64{0, 0.5, 1}, 0.25, 0, 1.25},
		{"zero last duration", []float64{0, 0.5, 1}, 0, 0, 1},
		{"NaN last duration is ignored", []float64{0, 0.5, 1}, math.NaN(), 0, 1},
		{"infinite last duration is ignored", []float64{0, 0.5, 1}, math.Inf(1), 0, 1},
		{"non-zero first frame", []float64{2, 3}, -1, 2, 3},
		{"single frame", []float64{7}, -1, 7, 7},
		{"repeated times are allowed", []float64{0, 1, 1, 2}, -1, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := New(tc.elapsed, tc.lastDuration)
			if err != nil {
				t.Fatal(err)
			}
			if c.Start() != tc.start || c.End() != tc.end {
				t.Errorf("span = [%v, %v], want [%v, %v]", c.Start(), c.End(), tc.start, tc.end)
			}
			want := state{T: tc.start, Speed: 1}
			if got := stateOf(c); got != want {
				t.Errorf("initial state = %+v, want %+v", got, want)
			}
			if c.Frames() != len(tc.elapsed) || tc.elapsed[c.Frame()] != tc.start {
				t.Errorf("Frames() = %d, Frame() = %d, want %d frames, shown one starting at %v", c.Frames(), c.Frame(), len(tc.elapsed), tc.start)
			}
		})
	}
}

func TestNewCopiesElapsed(t *testing.T) {
	e := []float64{0, 1, 2}
	c, err := New(e, -1)
	if err != nil {
		t.Fatal(err)
	}
	e[1] = 5
	c.Apply(GoTo(1))
	if c.Frame() != 1 {
		t.Errorf("Frame() = %d after the caller changed its slice, want 1", c.Frame())
	}
}

func TestFrame(t *testing.T) {
	c, err := New([]float64{0, 0.5, 1, 1, 2}, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		t    float64
		want int
	}{
		{0, 0}, {0.25, 0}, {0.5, 1}, {0.999, 1},
		{1, 3},                               // two frames start at 1: the later one is shown
		{1.5, 3}, {2, 4}, {2.4, 4}, {2.5, 4}, // 2.5 is the end, still the last frame
	} {
		c.Apply(GoTo(tc.t))
		if got := c.Frame(); got != tc.want {
			t.Errorf("Frame() at %v = %d, want %d", tc.t, got, tc.want)
		}
	}
}

// TestApply checks each command from a few starting states. setup runs
// first; want is the whole state after cmd.
func TestApply(t *testing.T) {
	at := func(time float64) []Command { return []Command{GoTo(time)} }
	playingAt := func(time float64) []Command { return []Command{GoTo(time), Play()} }
	for _, tc := range []struct {
		name  string
		setup []Command
		cmd   Command
		want  state
	}{
		{"None", at(3), Command{}, state{T: 3, Speed: 1}},
		{"unknown op", at(3), Command{Op: numOps + 3}, state{T: 3, Speed: 1}},

		{"Play", at(3), Play(), state{T: 3, Playing: true, Speed: 1}},
		{"Play at end rewinds", at(10), Play(), state{T: 0, Playing: true, Speed: 1}},
		{"Play reversed at start rewinds to end", []Command{Reverse()}, Play(), state{T: 10, Playing: true, Speed: 1, Reversed: true}},
		{"Play reversed at end stays", []Command{Reverse(), ToEnd()}, Play(), state{T: 10, Playing: true, Speed: 1, Reversed: true}},
		{"Pause", playingAt(3), Pause(), state{T: 3, Speed: 1}},
		{"Pause when paused", at(3), Pause(), state{T: 3, Speed: 1}},
		{"TogglePlay starts", at(3), TogglePlay(), state{T: 3, Playing: true, Speed: 1}},
		{"TogglePlay stops", playingAt(3), TogglePlay(), state{T: 3, Speed: 1}},
		{"TogglePlay at end rewinds", at(10), TogglePlay(), state{T: 0, Playing: true, Speed: 1}},
		{"Reverse", playingAt(3), Reverse(), state{T: 3, Playing: true, Speed: 1, Reversed: true}},
		{"Reverse twice", []Command{GoTo(3), Reverse()}, Reverse(), state{T: 3, Speed: 1}},

		{"StepForward from frame start", at(3), StepForward(), state{T: 4, Speed: 1}},
		{"StepForward mid-frame", at(4.5), StepForward(), state{T: 6, Speed: 1}},
		{"StepForward pauses", playingAt(1), StepForward(), state{T: 1.5, Speed: 1}},
		{"StepForward at end", at(10), StepForward(), state{T: 10, Speed: 1}},
		{"StepForward from start", nil, StepForward(), state{T: 0.5, Speed: 1}},
		{"StepBack from frame start", at(3), StepBack(), state{T: 2, Speed: 1}},
		{"StepBack mid-frame goes before the shown frame", at(4.5), StepBack(), state{T: 3, Speed: 1}},
		{"StepBack pauses", playingAt(1), StepBack(), state{T: 0.5, Speed: 1}},
		{"StepBack at start", nil, StepBack(), state{T: 0, Speed: 1}},
		{"StepBack within first frame", at(0.25), StepBack(), state{T: 0, Speed: 1}},
		{"StepBack at end", at(10), StepBack(), state{T: 8, Speed: 1}},

		{"Jump +0.1", at(3), Jump(0.1), state{T: 3.1, Speed: 1}},
		{"Jump -0.1", at(3), Jump(-0.1), state{T: 2.9, Speed: 1}},
		{"Jump +1", at(3), Jump(1), state{T: 4, Speed: 1}},
		{"Jump -1", at(3), Jump(-1), state{T: 2, Speed: 1}},
		{"Jump +10 clamps to end", at(3), Jump(10), state{T: 10, Speed: 1}},
		{"Jump -10 clamps to start", at(3), Jump(-10), state{T: 0, Speed: 1}},
		{"Jump keeps playing", playingAt(3), Jump(1), state{T: 4, Playing: true, Speed: 1}},
		{"Jump NaN ignored", at(3), Jump(math.NaN()), state{T: 3, Speed: 1}},
		{"Jump Inf ignored", at(3), Jump(math.Inf(1)), state{T: 3, Speed: 1}},
		{"GoTo", at(3), GoTo(7.25), state{T: 7.25, Speed: 1}},
		{"GoTo before start", at(3), GoTo(-5), state{T: 0, Speed: 1}},
		{"GoTo past end", at(3), GoTo(50), state{T: 10, Speed: 1}},
		{"GoTo NaN ignored", at(3), GoTo(math.NaN()), state{T: 3, Speed: 1}},
		{"GoTo keeps playing", playingAt(3), GoTo(1), state{T: 1, Playing: true, Speed: 1}},
		{"ToStart", playingAt(3), ToStart(), state{T: 0, Playing: true, Speed: 1}},
		{"ToEnd", at(3), ToEnd(), state{T: 10, Speed: 1}},

		{"SpeedUp", nil, SpeedUp(), state{Speed: 2}},
		{"SpeedDown", nil, SpeedDown(), state{Speed: 0.5}},
		{"SpeedUp at max", []Command{SetSpeed(64)}, SpeedUp(), state{Speed: 64}},
		{"SpeedDown at min", []Command{SetSpeed(0.05)}, SpeedDown(), state{Speed: 0.05}},
		{"SpeedUp between rungs", []Command{SetSpeed(3)}, SpeedUp(), state{Speed: 4}},
		{"SpeedDown between rungs", []Command{SetSpeed(3)}, SpeedDown(), state{Speed: 2}},
		{"SetSpeed", nil, SetSpeed(0.25), state{Speed: 0.25}},
		{"SetSpeed above max clamps", nil, SetSpeed(1000), state{Speed: 64}},
		{"SetSpeed below min clamps", nil, SetSpeed(0.001), state{Speed: 0.05}},
		{"SetSpeed zero ignored", nil, SetSpeed(0), state{Speed: 1}},
		{"SetSpeed negative ignored", nil, SetSpeed(-2), state{Speed: 1}},
		{"SetSpeed NaN ignored", nil, SetSpeed(math.NaN()), state{Speed: 1}},

		{"ToggleLoop on", nil, ToggleLoop(), state{Speed: 1, Loop: true}},
		{"ToggleLoop off", []Command{ToggleLoop()}, ToggleLoop(), state{Speed: 1}},
		{"SetLoopRange", nil, SetLoopRange(2, 4), state{Speed: 1, Ranged: true, A: 2, B: 4}},
		{"SetLoopRange reversed bounds", nil, SetLoopRange(4, 2), state{Speed: 1, Ranged: true, A: 2, B: 4}},
		{"SetLoopRange clamps", nil, SetLoopRange(-3, 30), state{Speed: 1, Ranged: true, A: 0, B: 10}},
		{"SetLoopRange empty clears", []Command{SetLoopRange(2, 4)}, SetLoopRange(3, 3), state{Speed: 1}},
		{"SetLoopRange outside clears", []Command{SetLoopRange(2, 4)}, SetLoopRange(20, 30), state{Speed: 1}},
		{"SetLoopRange NaN ignored", []Command{SetLoopRange(2, 4)}, SetLoopRange(math.NaN(), 3), state{Speed: 1, Ranged: true, A: 2, B: 4}},
		{"SetLoopRange keeps time", at(7), SetLoopRange(2, 4), state{T: 7, Speed: 1, Ranged: true, A: 2, B: 4}},
		{"ClearLoopRange", []Command{SetLoopRange(2, 4)}, ClearLoopRange(), state{Speed: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newFixture(t)
			for _, s := range tc.setup {
				c.Apply(s)
			}
			c.Apply(tc.cmd)
			if got := stateOf(c); got != tc.want {
				t.Errorf("after %v then %v:\n got %+v\nwant %+v", tc.setup, tc.cmd, got, tc.want)
			}
		})
	}
}

// TestStepWalksEveryFrame steps through the whole fixture both ways and
// checks each step lands exactly on a frame start and shows that frame.
func TestStepWalksEveryFrame(t *testing.T) {
	c := newFixture(t)
	for i := 1; i < len(fixtureElapsed); i++ {
		c.Apply(StepForward())
		if c.Time() != fixtureElapsed[i] || c.Frame() != i {
			t.Fatalf("step %d forward: time %v frame %d, want %v frame %d", i, c.Time(), c.Frame(), fixtureElapsed[i], i)
		}
	}
	for i := len(fixtureElapsed) - 2; i >= 0; i-- {
		c.Apply(StepBack())
		if c.Time() != fixtureElapsed[i] || c.Frame() != i {
			t.Fatalf("step back to %d: time %v frame %d, want %v", i, c.Time(), c.Frame(), fixtureElapsed[i])
		}
	}
}

// TestStepSpecialFrames covers repeated frame times and a last frame with
// a duration, where the end is not a frame start.
func TestStepSpecialFrames(t *testing.T) {
	c, err := New([]float64{0, 1, 1, 2}, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		from float64
		cmd  Command
		want float64
	}{
		{0, StepForward(), 1}, // skips over the repeated start in one step
		{1, StepForward(), 2},
		{2, StepForward(), 2.5}, // last frame: to the end
		{2.5, StepForward(), 2.5},
		{2, StepBack(), 1},
		{1.5, StepBack(), 0},
		{1, StepBack(), 0},
		{2.5, StepBack(), 1}, // the end shows frame 3 (starts at 2): back to 1
	} {
		c.Apply(GoTo(tc.from))
		c.Apply(tc.cmd)
		if c.Time() != tc.want {
			t.Errorf("%v from %v: time %v, want %v", tc.cmd, tc.from, c.Time(), tc.want)
		}
	}
}

func TestSpeedLadder(t *testing.T) {
	want := []float64{0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64}
	c := newFixture(t)
	for range 20 {
		c.Apply(SpeedDown())
	}
	var up []float64
	for range 20 {
		up = append(up, c.Speed())
		if c.Speed() == MaxSpeed {
			break
		}
		c.Apply(SpeedUp())
	}
	if !equalFloats(up, want) {
		t.Errorf("walking up the ladder: %v, want %v", up, want)
	}
	var down []float64
	for range 20 {
		down = append(down, c.Speed())
		if c.Speed() == MinSpeed {
			break
		}
		c.Apply(SpeedDown())
	}
	for i, j := 0, len(down)-1; i < j; i, j = i+1, j-1 {
		down[i], down[j] = down[j], down[i]
	}
	if !equalFloats(down, want) {
		t.Errorf("walking down the ladder (reversed): %v, want %v", down, want)
	}
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestEvents(t *testing.T) {
	c := newFixture(t)
	// Unsorted, repeated, out of range and NaN times: only 1, 3.5, 8 stay.
	c.SetEvents([]float64{8, 3.5, math.NaN(), 1, -1, 3.5, 11, math.Inf(1)})
	for _, tc := range []struct {
		name        string
		from        float64
		cmd         Command
		want        float64
		wantPlaying bool
	}{
		{"next from start", 0, NextEvent(), 1, false},
		{"next from an event is strictly after", 1, NextEvent(), 3.5, false},
		{"next between events", 2, NextEvent(), 3.5, false},
		{"next past last event does nothing", 9, NextEvent(), 9, true},
		{"next on last event does nothing", 8, NextEvent(), 8, true},
		{"prev from end", 10, PrevEvent(), 8, false},
		{"prev from an event is strictly before", 3.5, PrevEvent(), 1, false},
		{"prev between events", 5, PrevEvent(), 3.5, false},
		{"prev before first event does nothing", 0.5, PrevEvent(), 0.5, true},
		{"prev on first event does nothing", 1, PrevEvent(), 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Play first: Play at the end would rewind.
			c.Apply(ToStart())
			c.Apply(Play())
			c.Apply(GoTo(tc.from))
			c.Apply(tc.cmd)
			if c.Time() != tc.want || c.Playing() != tc.wantPlaying {
				t.Errorf("time %v playing %v, want %v playing %v", c.Time(), c.Playing(), tc.want, tc.wantPlaying)
			}
		})
	}
}

func TestEventsNone(t *testing.T) {
	c := newFixture(t)
	c.Apply(GoTo(4))
	c.Apply(NextEvent())
	c.Apply(PrevEvent())
	if c.Time() != 4 {
		t.Errorf("with no events the time moved to %v", c.Time())
	}
}

func TestCommandString(t *testing.T) {
	for _, tc := range []struct {
		cmd  Command
		want string
	}{
		{Command{}, "None"},
		{Play(), "Play"},
		{Jump(-1), "Jump(-1)"},
		{Jump(0.1), "Jump(0.1)"},
		{GoTo(90.5), "GoTo(90.5)"},
		{SetSpeed(0.25), "SetSpeed(0.25)"},
		{SetLoopRange(2, 5.5), "SetLoopRange(2,5.5)"},
		{PrevEvent(), "PrevEvent"},
		{Command{Op: 200}, "Op(200)"},
	} {
		if got := tc.cmd.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
	for op := OpNone; op < numOps; op++ {
		if op.String() == "" {
			t.Errorf("op %d has no name", op)
		}
	}
}
