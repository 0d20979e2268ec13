package app

import (
	"math"
	"testing"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// TestRealTimeAtAnyFrameRate: at 1x, 10 s of wall time play 10 s of the
// recording whatever the frame rate the window reaches (issue 26: at 7
// frames a second, ticks of a fixed 1/60 s played 7.8 s in 10.4 s). The
// elapsed time is the test's input, so the test needs no wall clock.
func TestRealTimeAtAnyFrameRate(t *testing.T) {
	for _, fps := range []float64{60, 144, 30, 7, 2.5, 1, 0.5} {
		a := New(settings.Settings{}, nil)
		a.SetViewport(testVP)
		a.Open(loader.BytesSource("run.log", testrec.Bytes(15*testrec.Hz)))
		settle(t, a)
		a.Advance(30) // half a minute idle before the key: none of it plays
		a.Apply(input.Clock(playback.Play()))
		a.Advance(30)
		start := a.Clock().Time()
		if start > 1.0/TPS+1e-9 {
			t.Fatalf("%v fps: the tick that started playing moved the clock to %v, want at most one tick", fps, start)
		}
		n := int(math.Round(10 * fps))
		for range n {
			a.Advance(1 / fps)
		}
		played := a.Clock().Time() - start
		if math.Abs(played-10) > 0.2 { // 2%
			t.Errorf("%v fps: 10 s of wall time played %.3f s of the recording", fps, played)
		}
	}
}

// TestAdvanceCapsAStall: one stall longer than MaxStep (the window
// dragged, the machine suspended) plays MaxStep, not the whole stall.
func TestAdvanceCapsAStall(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("run.log", testrec.Bytes(15*testrec.Hz)))
	settle(t, a)
	a.Apply(input.Clock(playback.Play()))
	a.Tick()
	before := a.Clock().Time()
	a.Advance(60)
	if got := a.Clock().Time() - before; math.Abs(got-MaxStep) > 1e-9 {
		t.Errorf("a minute's stall played %v s, want MaxStep %v", got, MaxStep)
	}
}
