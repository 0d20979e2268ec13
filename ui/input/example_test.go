package input_test

import (
	"fmt"

	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
)

// One game-loop Update: map the tick's input to commands, send clock
// commands to the clock, then advance the clock by one tick.
func Example() {
	clock, err := playback.New([]float64{0, 0.05, 0.1, 0.15, 0.2}, -1)
	if err != nil {
		panic(err)
	}
	var mapper input.Mapper
	var cmds []input.Command

	update := func(s *input.Snapshot) {
		cmds = mapper.Update(s, cmds[:0])
		for _, c := range cmds {
			if cc, ok := c.ClockCommand(); ok {
				clock.Apply(cc)
			} else {
				fmt.Println("app:", c) // camera, layers, overlays...
			}
		}
		clock.Tick(1.0 / 60)
	}

	var s input.Snapshot
	s.Held[input.KeyRight] = 1 // Right went down: one frame forward
	s.Held[input.KeyDigit7] = 1
	update(&s)
	fmt.Printf("t=%.2f frame=%d\n", clock.Time(), clock.Frame())

	s = input.Snapshot{}
	s.Held[input.KeyG] = 1 // G, then type 0.15 and Enter
	update(&s)
	s = input.Snapshot{Runes: []rune("0.15")}
	update(&s)
	fmt.Printf("prompt: %q\n", mapper.Entry().Text)
	s = input.Snapshot{}
	s.Held[input.KeyEnter] = 1
	update(&s)
	fmt.Printf("t=%.2f frame=%d\n", clock.Time(), clock.Frame())
	// Output:
	// app: ToggleLayer(grid)
	// t=0.05 frame=1
	// prompt: "0.15"
	// t=0.15 frame=3
}

func ExampleBindings() {
	for _, b := range input.Bindings()[:4] {
		fmt.Printf("%-26s %s\n", b.Keys, b.Action)
	}
	// Output:
	// Space                      play / pause
	// Left / Right               one frame back / forward
	// Ctrl+Left / Ctrl+Right     10 s back / forward
	// Shift+Left / Shift+Right   1 s back / forward
}
