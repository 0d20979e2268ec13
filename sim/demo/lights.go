package demo

import (
	"math"

	"github.com/mm2carla/viewer/format/recorder"
)

// Phase lengths of working lights, seconds. Each phase of an
// intersection (an approach and the one opposite it, see addPhases) in
// turn gets green then yellow, and every light stays red for allRed
// before the next phase turns green, so crossing flows alternate with a
// clearance between them. The green is longer than CARLA's default
// 10 s: in it the first car of each lane must get through even after a
// car turning across its way, both starting from rest, has cleared it
// (about 7 s with the conservative sweeps of conflict.go); with 8 s the
// first car of a lane could lose whole greens and stand over 30 s, which
// `viewer check` reports as blocked.
const (
	greenTime  = 12.0
	yellowTime = 3.0
	allRedTime = 1.0
	phaseTime  = greenTime + yellowTime + allRedTime
	blinkTime  = 0.5 // half period of a light that does not work (blinks yellow)
)

// signal is a light's state at one instant.
type signal struct {
	state   recorder.LightState
	elapsed float64 // seconds in state
	left    float64 // seconds until the state changes
}

// cycle returns the duration of junction j's light cycle (0 if its
// lights do not work).
func (n *network) cycle(j int) float64 { return float64(n.junctions[j].phases) * phaseTime }

// signalOf returns the state of the light of approach a at time t. An
// approach without a working light is always green: it is regulated by
// its rule instead.
func (n *network) signalOf(a int, t float64) signal {
	ap := &n.approaches[a]
	if ap.kind != approachLight {
		return signal{state: recorder.LightGreen, left: math.Inf(1)}
	}
	c := n.cycle(ap.junction)
	u := math.Mod(t+n.junctions[ap.junction].offset, c)
	start := float64(ap.phase) * phaseTime
	d := math.Mod(u-start+c, c) // seconds since this approach turned green
	switch {
	case d < greenTime:
		return signal{recorder.LightGreen, d, greenTime - d}
	case d < greenTime+yellowTime:
		return signal{recorder.LightYellow, d - greenTime, greenTime + yellowTime - d}
	}
	return signal{recorder.LightRed, d - greenTime - yellowTime, c - d}
}

// postSignal returns what the light post k shows at time t: its
// approach's phase, or a blinking yellow where the lights do not work.
func (n *network) postSignal(k int, t float64) signal {
	a := n.lights[k].approach
	if a >= 0 && n.approaches[a].kind == approachLight {
		return n.signalOf(a, t)
	}
	half := math.Mod(t, 2*blinkTime)
	if half < blinkTime {
		return signal{recorder.LightYellow, half, blinkTime - half}
	}
	return signal{recorder.LightOff, half - blinkTime, 2*blinkTime - half}
}

// postTimes returns the green, yellow and red durations of light post k
// for its TrafficLightTime record.
func (n *network) postTimes(k int) (g, y, r float64) {
	a := n.lights[k].approach
	if a < 0 || n.approaches[a].kind != approachLight {
		return 0, blinkTime, 0
	}
	return greenTime, yellowTime, n.cycle(n.approaches[a].junction) - greenTime - yellowTime
}
