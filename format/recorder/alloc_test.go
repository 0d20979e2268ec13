package recorder

import (
	"bytes"
	"testing"
)

// TestNextAllocs checks that, once warm, Next allocates nothing for the
// packets CARLA writes every frame: Position above all, but also lights,
// animations, kinematics, wheels and bones (whose names repeat).
func TestNextAllocs(t *testing.T) {
	const frames, actors = 400, 50
	var buf bytes.Buffer
	w, err := NewWriter(&buf, sampleHeader, Layout{})
	if err != nil {
		t.Fatal(err)
	}
	pos := &Positions{Records: make([]Position, actors)}
	anim := &VehicleAnimations{Records: make([]VehicleAnimation, actors)}
	lights := &TrafficLightStates{Records: make([]TrafficLightState, 10)}
	walkers := &WalkerAnimations{Records: make([]WalkerAnimation, 5)}
	vlights := &VehicleLights{Records: make([]VehicleLight, actors)}
	kin := &KinematicsList{Records: make([]Kinematics, actors)}
	wheels := &VehicleWheelsList{Records: []VehicleWheels{{ID: 1, Wheels: make([]WheelState, 4)}}}
	bones := &WalkerBonesList{Records: []WalkerBones{{ID: 2, Bones: []Bone{{Name: "crl_root"}, {Name: "crl_hips__C"}}}}}
	for i := range frames {
		for j := range pos.Records {
			pos.Records[j] = Position{ID: uint32(j), Location: Vec3{float64(i), float64(j), 0}}
		}
		for _, p := range []Packet{&FrameStart{Frame: uint64(i + 1)}, pos, anim, lights, walkers, vlights, kin,
			wheels, bones, &PlatformTime{Seconds: float64(i)}, &FrameEnd{}} {
			if err := w.Write(p); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	next := func() {
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 * 11 { // warm up: three frames
		next()
	}
	if n := testing.AllocsPerRun(300*11, next); n != 0 {
		t.Errorf("Next allocates %v times per packet, want 0", n)
	}
	positions := 0
	onlyPositions := func() {
		for {
			p, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			if p.ID() == IDPosition {
				positions++
				return
			}
		}
	}
	if n := testing.AllocsPerRun(50, onlyPositions); n != 0 || positions == 0 {
		t.Errorf("%v allocations per Position packet, want 0", n)
	}
}
