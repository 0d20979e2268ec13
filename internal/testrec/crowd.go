package testrec

import (
	"bytes"

	"github.com/mm2carla/viewer/format/recorder"
)

// Crowd returns a recording whose first frame spawns vehicles cars (ids
// from 100) that then live, never moving, through frames frames holding
// nothing else: a few bytes a frame whose events claim vehicles*frames
// samples of a lane pass. Real recordings write a position for every
// actor in every frame; a file like this is how a hostile one asks for
// gigabytes.
func Crowd(vehicles, frames int) []byte {
	var b bytes.Buffer
	w, err := recorder.NewWriter(&b, recorder.Header{Version: 1, Map: MapName, Date: Date}, recorder.Layout{})
	if err != nil {
		panic(err)
	}
	adds := make([]recorder.ActorAdd, vehicles)
	for i := range adds {
		adds[i] = recorder.ActorAdd{ID: uint32(100 + i), Type: recorder.ActorVehicle, Description: "vehicle.audi.tt"}
	}
	for f := range max(frames, 1) {
		dur := 1.0 / Hz
		if f == frames-1 {
			dur = -1
		}
		w.Write(&recorder.FrameStart{Frame: uint64(f + 1), Duration: dur, Elapsed: float64(f) / Hz})
		if f == 0 {
			w.Write(&recorder.EventAdd{Actors: adds})
		}
		w.Write(&recorder.FrameEnd{})
	}
	if err := w.Flush(); err != nil {
		panic(err)
	}
	return b.Bytes()
}
