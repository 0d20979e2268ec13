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
func EstimateSamples(rec *scene.Recording) int64 { return vehicleFrames(rec.Lives()) }

// vehicleFrames is the frames the vehicles among lives live.
func vehicleFrames(lives []scene.Life) int64 {
	var total int64
	for _, l := range lives {
		if strings.HasPrefix(l.Blueprint, "vehicle.") {
			total += int64(l.Frames)
		}
	}
	return total
}
