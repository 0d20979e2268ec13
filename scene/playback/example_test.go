package playback_test

import (
	"fmt"

	"github.com/mm2carla/viewer/scene/playback"
)

// The game loop's use of the clock: apply the tick's commands, advance by
// one fixed tick, then look up the frame to show.
func Example() {
	// Frame start times from the recording's FrameStart packets; the last
	// frame's Duration is -1, so the recording ends at 0.3 s.
	clock, err := playback.New([]float64{0, 0.1, 0.2, 0.3}, -1)
	if err != nil {
		panic(err)
	}
	clock.Apply(playback.SetSpeed(0.5))
	clock.Apply(playback.Play())
	for range 30 { // half a second of wall time at 60 updates a second
		clock.Tick(1.0 / 60)
	}
	fmt.Printf("t=%.2f frame=%d playing=%v\n", clock.Time(), clock.Frame(), clock.Playing())

	clock.Apply(playback.StepForward())
	fmt.Printf("t=%.2f frame=%d playing=%v\n", clock.Time(), clock.Frame(), clock.Playing())
	// Output:
	// t=0.25 frame=2 playing=true
	// t=0.30 frame=3 playing=false
}

func ExampleTimeline() {
	tl := playback.Timeline{X: 20, Width: 600, Start: 0, End: 15.88}
	fmt.Printf("click at x=320 -> %.2f s\n", tl.TimeAt(320))
	marks := tl.Ticks(80) // labels at least 80 px apart
	for i := range marks.N {
		fmt.Printf("%s@%.0f ", playback.FormatTime(marks.At(i), playback.TickDecimals(marks.Step)), tl.XAt(marks.At(i)))
	}
	fmt.Println()
	// Output:
	// click at x=320 -> 7.94 s
	// 0:00@20 0:05@209 0:10@398 0:15@587
}
