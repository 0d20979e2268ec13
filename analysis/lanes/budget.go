package lanes

import (
	"strings"

	"github.com/mm2carla/viewer/scene"
)

// SampleBytes is what one vehicle sample of an Association takes.
const SampleBytes = 32

// EstimateSamples returns about how many samples Associate would keep for
// rec: the frames every vehicle lives, from the recording's spawn and
// destroy events (a vehicle is an actor whose blueprint starts with
// "vehicle."), without reading a frame. A window can so decline a pass
// whose memory would not fit (an 8 GiB recording of 500 cars holds about
// 94 million samples, 3 GB).
func EstimateSamples(rec *scene.Recording) int64 {
	n := len(rec.Times())
	spawned := map[uint32]int{}
	var total int64
	for _, e := range rec.Events() {
		if !strings.HasPrefix(e.Blueprint, "vehicle.") {
			continue
		}
		switch e.Kind {
		case scene.EventSpawn:
			if f, ok := spawned[e.Actor]; ok { // spawned again without a destroy
				total += int64(e.Frame - f)
			}
			spawned[e.Actor] = e.Frame
		case scene.EventDestroy:
			if f, ok := spawned[e.Actor]; ok {
				total += int64(e.Frame - f)
				delete(spawned, e.Actor)
			}
		}
	}
	for _, f := range spawned {
		total += int64(n - f)
	}
	return total
}
