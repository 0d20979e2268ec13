package synth

import "github.com/mm2carla/viewer/format/recorder"

// Frame is the packets of one frame of a synthetic recording, in the
// order CARLA 0.9.13 writes them. A generator fills its records, then
// Write writes the frame; the same Frame serves every frame of a run, so
// that writing hundreds of megabytes allocates little.
//
// Both generators of synthetic recordings write their frames through it:
// this package's Write, for benchmarks, and sim/demo's demo traffic. How a
// frame is laid out in a CARLA file is then written once, and a recording
// from either reads the way the real files do.
type Frame struct {
	Start         recorder.FrameStart
	Add           recorder.EventAdd
	Del           recorder.EventDel
	Parent        recorder.EventParent
	Collisions    recorder.Collisions
	Positions     recorder.Positions
	Lights        recorder.TrafficLightStates
	VehicleAnims  recorder.VehicleAnimations
	WalkerAnims   recorder.WalkerAnimations
	VehicleLights recorder.VehicleLights
	Kinematics    recorder.KinematicsList
	Boxes         recorder.BoundingBoxes
	Platform      recorder.PlatformTime
	// Physics and LightTimes are written only when they hold records:
	// CARLA writes them when actors appear (light times in the first
	// frame), not every frame.
	Physics    recorder.PhysicsControls
	LightTimes recorder.TrafficLightTimes
	end        recorder.FrameEnd
}

// Write writes the frame to w: FrameStart, the events, the per-frame
// packets, and FrameEnd. As in the real files, every packet but Physics
// and LightTimes is written even when it is empty.
func (f *Frame) Write(w *recorder.Writer) error {
	packets := [...]recorder.Packet{&f.Start, &f.Add, &f.Del, &f.Parent, &f.Collisions, &f.Positions, &f.Lights,
		&f.VehicleAnims, &f.WalkerAnims, &f.VehicleLights, &f.Kinematics, &f.Boxes, &f.Platform, &f.Physics,
		&f.LightTimes, &f.end}
	for _, p := range packets {
		if p == &f.Physics && len(f.Physics.Records) == 0 || p == &f.LightTimes && len(f.LightTimes.Records) == 0 {
			continue
		}
		if err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}
