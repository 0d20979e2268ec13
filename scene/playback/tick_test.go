package playback

import (
	"math"
	"math/rand/v2"
	"testing"
)

const dt = 1.0 / 60 // one game-loop tick

// TestTick runs setup commands, then ticks ticks of size step, and checks
// the state. Steps are binary fractions (0.25, 0.5) so the expected times
// are exact.
func TestTick(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup []Command
		step  float64
		ticks int
		want  state
	}{
		{"paused does not move", []Command{GoTo(3)}, 0.5, 4, state{T: 3, Speed: 1}},
		{"forward", []Command{GoTo(3), Play()}, 0.5, 4, state{T: 5, Playing: true, Speed: 1}},
		{"forward at 2x", []Command{GoTo(3), SetSpeed(2), Play()}, 0.5, 4, state{T: 7, Playing: true, Speed: 2}},
		{"forward at 0.25x", []Command{GoTo(3), SetSpeed(0.25), Play()}, 0.5, 4, state{T: 3.5, Playing: true, Speed: 0.25}},
		{"reverse", []Command{GoTo(3), Reverse(), Play()}, 0.5, 4, state{T: 1, Playing: true, Speed: 1, Reversed: true}},
		{"stops at end", []Command{GoTo(9), Play()}, 0.25, 3, state{T: 9.75, Playing: true, Speed: 1}},
		{"pauses on end", []Command{GoTo(9), Play()}, 0.25, 4, state{T: 10, Speed: 1}},
		{"pauses on end with overshoot", []Command{GoTo(9), SetSpeed(64), Play()}, 0.25, 1, state{T: 10, Speed: 64}},
		{"reverse pauses on start", []Command{GoTo(1), Reverse(), Play()}, 0.5, 5, state{T: 0, Speed: 1, Reversed: true}},
		{"loop wraps at end carrying overshoot", []Command{GoTo(9.5), ToggleLoop(), Play()}, 0.75, 1, state{T: 0.25, Playing: true, Speed: 1, Loop: true}},
		{"loop wraps exactly at end", []Command{GoTo(9.5), ToggleLoop(), Play()}, 0.5, 1, state{T: 0, Playing: true, Speed: 1, Loop: true}},
		{"loop wraps many lengths", []Command{GoTo(9.5), ToggleLoop(), SetSpeed(16), Play()}, 1.5, 1, state{T: 3.5, Playing: true, Speed: 16, Loop: true}},
		{"reverse loop wraps at start", []Command{GoTo(0.5), ToggleLoop(), Reverse(), Play()}, 0.75, 1, state{T: 9.75, Playing: true, Speed: 1, Reversed: true, Loop: true}},
		{"range wraps at B", []Command{GoTo(3.5), SetLoopRange(2, 4), Play()}, 0.75, 1, state{T: 2.25, Playing: true, Speed: 1, Ranged: true, A: 2, B: 4}},
		{"range wraps many lengths", []Command{GoTo(3.5), SetLoopRange(2, 4), SetSpeed(64), Play()}, 0.25, 1, state{T: 3.5, Playing: true, Speed: 64, Ranged: true, A: 2, B: 4}},
		{"range entered from before", []Command{GoTo(0), SetLoopRange(2, 4), Play()}, 0.5, 9, state{T: 2.5, Playing: true, Speed: 1, Ranged: true, A: 2, B: 4}},
		{"past the range plays on to the end", []Command{GoTo(5), SetLoopRange(2, 4), Play()}, 1, 6, state{T: 10, Speed: 1, Ranged: true, A: 2, B: 4}},
		{"past the range with whole loop", []Command{GoTo(9), SetLoopRange(2, 4), ToggleLoop(), Play()}, 0.5, 10, state{T: 2, Playing: true, Speed: 1, Loop: true, Ranged: true, A: 2, B: 4}},
		{"range ending at the end wins over stopping", []Command{GoTo(9.5), SetLoopRange(8, 10), Play()}, 1, 1, state{T: 8.5, Playing: true, Speed: 1, Ranged: true, A: 8, B: 10}},
		{"reverse range wraps at A", []Command{GoTo(2.5), SetLoopRange(2, 4), Reverse(), Play()}, 0.75, 1, state{T: 3.75, Playing: true, Speed: 1, Reversed: true, Ranged: true, A: 2, B: 4}},
		{"reverse before the range plays on to start", []Command{GoTo(1), SetLoopRange(2, 4), Reverse(), Play()}, 0.5, 3, state{T: 0, Speed: 1, Reversed: true, Ranged: true, A: 2, B: 4}},
		{"negative dt ignored", []Command{GoTo(3), Play()}, -0.5, 2, state{T: 3, Playing: true, Speed: 1}},
		{"NaN dt ignored", []Command{GoTo(3), Play()}, math.NaN(), 2, state{T: 3, Playing: true, Speed: 1}},
		{"infinite dt ignored", []Command{GoTo(3), Play()}, math.Inf(1), 2, state{T: 3, Playing: true, Speed: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newFixture(t)
			for _, s := range tc.setup {
				c.Apply(s)
			}
			for range tc.ticks {
				c.Tick(tc.step)
			}
			if got := stateOf(c); got != tc.want {
				t.Errorf("after %v and %d ticks of %v:\n got %+v\nwant %+v", tc.setup, tc.ticks, tc.step, got, tc.want)
			}
		})
	}
}

// TestTickRealRate plays one second at 60 ticks a second: the time is one
// second on (to rounding) and the frame is the one starting at 1.
func TestTickRealRate(t *testing.T) {
	c := newFixture(t)
	c.Apply(Play())
	for range 60 {
		c.Tick(dt)
	}
	if math.Abs(c.Time()-1) > 1e-12 {
		t.Errorf("after 60 ticks time = %v, want 1", c.Time())
	}
	// 600 ticks in all covers the 10 s recording and pauses on its end.
	for range 540 {
		c.Tick(dt)
	}
	if c.Time() != 10 || c.Playing() || c.Frame() != len(fixtureElapsed)-1 {
		t.Errorf("after 600 ticks: time %v playing %v frame %d", c.Time(), c.Playing(), c.Frame())
	}
}

// TestTickSingleFrame: a one-frame recording has nothing to play; looping
// it must neither divide by zero nor leave the span.
func TestTickSingleFrame(t *testing.T) {
	for _, loop := range []bool{false, true} {
		c, err := New([]float64{5}, -1)
		if err != nil {
			t.Fatal(err)
		}
		if loop {
			c.Apply(ToggleLoop())
		}
		c.Apply(Play())
		c.Tick(dt)
		if c.Time() != 5 || c.Playing() != loop {
			t.Errorf("loop=%v: time %v playing %v", loop, c.Time(), c.Playing())
		}
	}
}

// randomCommand draws any command, with operands that include the awkward
// ones: out of range, negative, NaN, infinite.
func randomCommand(r *rand.Rand) Command {
	operands := []float64{-20, -1, -0.1, 0, 0.1, 0.5, 1, 3, 10, 64, 200, math.NaN(), math.Inf(1), math.Inf(-1)}
	pick := func() float64 {
		if r.IntN(3) == 0 {
			return operands[r.IntN(len(operands))]
		}
		return r.Float64()*14 - 2
	}
	return Command{Op: Op(r.IntN(int(numOps) + 1)), A: pick(), B: pick()}
}

// run drives a clock with a seeded random sequence of commands and ticks,
// checking the invariants after each step, and returns the states seen.
func run(t *testing.T, seed uint64, steps int) []state {
	r := rand.New(rand.NewPCG(seed, 1))
	c, err := New([]float64{0, 0.04, 0.09, 0.1, 0.1, 0.5, 1.25, 3, 3.01, 7}, -1)
	if err != nil {
		t.Fatal(err)
	}
	c.SetEvents([]float64{0.1, 1, 2.5, 6.99})
	seen := make([]state, 0, steps)
	for i := range steps {
		if r.IntN(3) == 0 {
			c.Apply(randomCommand(r))
		} else {
			c.Tick(dt)
		}
		s := stateOf(c)
		if !(s.T >= c.Start() && s.T <= c.End()) {
			t.Fatalf("seed %d step %d: time %v outside [%v, %v]", seed, i, s.T, c.Start(), c.End())
		}
		if !(s.Speed >= MinSpeed && s.Speed <= MaxSpeed) {
			t.Fatalf("seed %d step %d: speed %v", seed, i, s.Speed)
		}
		if s.Ranged && !(c.Start() <= s.A && s.A < s.B && s.B <= c.End()) {
			t.Fatalf("seed %d step %d: loop range [%v, %v]", seed, i, s.A, s.B)
		}
		if f := c.Frame(); f < 0 || f >= c.Frames() || c.elapsed[f] > s.T || f+1 < c.Frames() && c.elapsed[f+1] <= s.T {
			t.Fatalf("seed %d step %d: frame %d does not contain time %v", seed, i, f, s.T)
		}
		seen = append(seen, s)
	}
	return seen
}

// TestRandomSequences is the property test: any sequence of commands and
// ticks keeps the clock within bounds, and the same sequence replays to
// bit-identical states.
func TestRandomSequences(t *testing.T) {
	steps := 20000
	if testing.Short() {
		steps = 2000
	}
	for seed := range uint64(20) {
		a := run(t, seed, steps)
		b := run(t, seed, steps)
		for i := range a {
			if a[i] != b[i] && !(math.IsNaN(a[i].T) && math.IsNaN(b[i].T)) {
				t.Fatalf("seed %d step %d: replay differs: %+v vs %+v", seed, i, a[i], b[i])
			}
		}
	}
}

// TestRangeLoopHolds: once playback is inside a loop range it never
// leaves it, at any speed and either direction.
func TestRangeLoopHolds(t *testing.T) {
	for _, speed := range []float64{MinSpeed, 1, 7, MaxSpeed} {
		for _, rev := range []bool{false, true} {
			c := newFixture(t)
			c.Apply(SetLoopRange(3, 3.5))
			c.Apply(GoTo(3.2))
			c.Apply(SetSpeed(speed))
			if rev {
				c.Apply(Reverse())
			}
			c.Apply(Play())
			for i := range 5000 {
				c.Tick(dt)
				if c.Time() < 3 || c.Time() > 3.5 || !c.Playing() {
					t.Fatalf("speed %v reversed %v tick %d: time %v playing %v", speed, rev, i, c.Time(), c.Playing())
				}
			}
		}
	}
}

// TestNoAllocations guards the per-tick path: the game loop calls these
// 60 times a second.
func TestNoAllocations(t *testing.T) {
	c := newFixture(t)
	c.SetEvents([]float64{1, 5})
	c.Apply(ToggleLoop())
	c.Apply(Play())
	cmds := []Command{Jump(0.1), SpeedUp(), StepForward(), NextEvent(), TogglePlay(), SetLoopRange(1, 9)}
	n := testing.AllocsPerRun(100, func() {
		for _, cmd := range cmds {
			c.Apply(cmd)
		}
		c.Tick(dt)
		_ = c.Frame()
	})
	if n != 0 {
		t.Errorf("Apply+Tick+Frame allocate %v times per run, want 0", n)
	}
}
