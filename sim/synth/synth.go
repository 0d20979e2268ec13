// Package synth generates large synthetic CARLA recordings with the
// recorder Writer. Real recordings are small (the two test files are
// 0.3 and 1.7 MB); benchmarks of the decoder, the index and the scene
// engine need hundreds of megabytes with many actors, and deterministic
// content, which this package provides without a CARLA server.
//
// It stands on the sim floor (README "Layout") and needs only
// format/recorder; the benchmarks and tests of the floors below (format,
// scene) import it from their tests, which may cross floors.
//
// Frame, the packets of one frame in the order CARLA writes them, is
// shared with sim/demo, the other generator of synthetic recordings (the
// demo traffic), so that the two lay out their frames one way.
package synth

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/mm2carla/viewer/format/recorder"
)

// Config says what to generate.
type Config struct {
	Vehicles, Walkers, TrafficLights int
	Hz                               float64 // frames per second; 20 when 0
	// Frames is the number of frames to write. When it is 0, frames are
	// written until the file reaches TargetBytes: the last frame is the
	// one expected (from the size of the frame before it) to cross it.
	Frames      int
	TargetBytes int64
	// Churn replaces vehicles and walkers throughout the recording (each
	// lives about 30 s), so that EventAdd and EventDel appear in every
	// part of the file, as they do in traffic simulations.
	Churn bool
	Seed  int64
}

// Recording constants: CARLA's header and the first actor ids.
const (
	date        = 1700000000
	mapName     = "Town10HD_Opt"
	spectatorID = 1
	lifetime    = 30.0 // seconds, mean actor life under Churn
)

// Write writes a recording for cfg to w. The same cfg always gives the same
// bytes.
func Write(w io.Writer, cfg Config) error {
	if cfg.Hz == 0 {
		cfg.Hz = 20
	}
	switch {
	case cfg.Vehicles < 0 || cfg.Walkers < 0 || cfg.TrafficLights < 0:
		return errors.New("synth: negative actor count")
	case cfg.Vehicles+cfg.Walkers+cfg.TrafficLights > math.MaxUint16-1:
		return errors.New("synth: too many actors for one packet")
	case cfg.Hz < 0 || math.IsNaN(cfg.Hz) || math.IsInf(cfg.Hz, 0):
		return fmt.Errorf("synth: bad rate %g Hz", cfg.Hz)
	case cfg.Frames <= 0 && cfg.TargetBytes <= 0:
		return errors.New("synth: neither Frames nor TargetBytes")
	}
	rw, err := recorder.NewWriter(w, recorder.Header{Version: 1, Magic: recorder.Magic, Date: date, Map: mapName}, recorder.Layout{})
	if err != nil {
		return err
	}
	g := newGen(cfg)
	var prevSize int64
	for frame := 1; ; frame++ {
		start := rw.Offset()
		last := cfg.Frames > 0 && frame == cfg.Frames ||
			cfg.Frames <= 0 && frame > 1 && start+prevSize >= cfg.TargetBytes
		if err := g.frame(rw, frame, last); err != nil {
			return err
		}
		prevSize = rw.Offset() - start
		if last {
			break
		}
	}
	return rw.Flush()
}
