package demo

import (
	"bytes"
	"errors"
	"io"
	"maps"
	"slices"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

// frameOrder is the packet order of a CARLA 0.9.13 frame recorded with
// additional data; PhysicsControl and TrafficLightTime come only in
// frames that add vehicles or lights.
var frameOrder = []recorder.PacketID{recorder.IDFrameStart, recorder.IDEventAdd, recorder.IDEventDel,
	recorder.IDEventParent, recorder.IDCollision, recorder.IDPosition, recorder.IDTrafficLight,
	recorder.IDVehicleAnimation, recorder.IDWalkerAnimation, recorder.IDVehicleLight, recorder.IDKinematics,
	recorder.IDBoundingBox, recorder.IDPlatformTime, recorder.IDPhysicsControl, recorder.IDTrafficLightTime,
	recorder.IDFrameEnd}

// TestPacketsPerFrame: every frame has CARLA's packets in CARLA's order,
// with a record for every actor that needs one; spawn-time packets come
// with each spawn.
func TestPacketsPerFrame(t *testing.T) {
	_, logBytes, _, _ := defaultBuild(t)
	rd, err := recorder.NewReader(bytes.NewReader(logBytes))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[uint32]recorder.ActorType{}
	var lights []uint32
	var ids []recorder.PacketID
	per := map[recorder.PacketID][]uint32{} // actor ids with a record in this frame
	spawned := map[uint32]bool{}            // vehicles added in this frame
	frame, lastPlatform := 0, -1.0
	for {
		p, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID())
		switch q := p.(type) {
		case *recorder.FrameStart:
			frame++
			ids, per, spawned = ids[:1], map[recorder.PacketID][]uint32{}, map[uint32]bool{}
		case *recorder.EventAdd:
			for _, a := range q.Actors {
				kinds[a.ID] = a.Type
				switch a.Type {
				case recorder.ActorTrafficLight:
					lights = append(lights, a.ID)
				case recorder.ActorVehicle:
					spawned[a.ID] = true
				}
			}
		case *recorder.EventDel:
			for _, id := range q.IDs {
				delete(kinds, id)
			}
		case *recorder.Positions:
			per[p.ID()] = recordIDs(per[p.ID()], q.Records, func(r *recorder.Position) uint32 { return r.ID })
		case *recorder.TrafficLightStates:
			per[p.ID()] = recordIDs(per[p.ID()], q.Records, func(r *recorder.TrafficLightState) uint32 { return r.ID })
		case *recorder.VehicleAnimations:
			per[p.ID()] = recordIDs(per[p.ID()], q.Records, func(r *recorder.VehicleAnimation) uint32 { return r.ID })
		case *recorder.WalkerAnimations:
			per[p.ID()] = recordIDs(per[p.ID()], q.Records, func(r *recorder.WalkerAnimation) uint32 { return r.ID })
		case *recorder.VehicleLights:
			per[p.ID()] = recordIDs(per[p.ID()], q.Records, func(r *recorder.VehicleLight) uint32 { return r.ID })
		case *recorder.KinematicsList:
			per[p.ID()] = recordIDs(per[p.ID()], q.Records, func(r *recorder.Kinematics) uint32 { return r.ID })
		case *recorder.BoundingBoxes:
			per[p.ID()] = recordIDs(per[p.ID()], q.Records, func(r *recorder.Box) uint32 { return r.ID })
		case *recorder.PlatformTime:
			if q.Seconds <= lastPlatform {
				t.Fatalf("frame %d: platform time %g after %g", frame, q.Seconds, lastPlatform)
			}
			lastPlatform = q.Seconds
		case *recorder.PhysicsControls:
			for _, r := range q.Records {
				per[p.ID()] = append(per[p.ID()], r.ID)
				if len(r.Wheels) != 4 || !r.Wheels[0].HasPosition || r.Mass <= 0 || len(r.Gears) == 0 {
					t.Errorf("frame %d: physics of %d: %d wheels, 48-byte %v, mass %g", frame, r.ID, len(r.Wheels), len(r.Wheels) > 0 && r.Wheels[0].HasPosition, r.Mass)
				}
			}
		case *recorder.TrafficLightTimes:
			for _, r := range q.Records {
				per[p.ID()] = append(per[p.ID()], r.ID)
				if r.Green <= 0 || r.Yellow <= 0 || r.Red <= 0 {
					t.Errorf("light %d times %+v", r.ID, r)
				}
			}
		case *recorder.FrameEnd:
			checkFrame(t, frame, ids, per, kinds, spawned, lights)
		}
	}
	if frame != 2401 {
		t.Fatalf("%d frames", frame)
	}
}

// recordIDs appends the actor ids of a packet's records to ids.
func recordIDs[T any](ids []uint32, recs []T, id func(*T) uint32) []uint32 {
	for i := range recs {
		ids = append(ids, id(&recs[i]))
	}
	return ids
}

// checkFrame checks one frame's packet order and records.
func checkFrame(t *testing.T, frame int, ids []recorder.PacketID, per map[recorder.PacketID][]uint32,
	kinds map[uint32]recorder.ActorType, spawned map[uint32]bool, lights []uint32) {
	t.Helper()
	want := slices.DeleteFunc(slices.Clone(frameOrder), func(id recorder.PacketID) bool {
		return id == recorder.IDPhysicsControl && len(spawned) == 0 || id == recorder.IDTrafficLightTime && frame != 1
	})
	if !slices.Equal(ids, want) {
		t.Fatalf("frame %d packets %v, want %v", frame, ids, want)
	}
	var vehicles, walkers, moving []uint32
	for id, k := range kinds {
		switch k {
		case recorder.ActorVehicle:
			vehicles = append(vehicles, id)
			moving = append(moving, id)
		case recorder.ActorWalker:
			walkers = append(walkers, id)
			moving = append(moving, id)
		case recorder.ActorOther:
			moving = append(moving, id)
		}
	}
	same := func(id recorder.PacketID, want []uint32) {
		got := slices.Sorted(slices.Values(per[id]))
		if !slices.Equal(got, slices.Sorted(slices.Values(want))) {
			t.Fatalf("frame %d: %v has records for %d actors, want %d", frame, id, len(got), len(want))
		}
	}
	same(recorder.IDPosition, moving)
	same(recorder.IDVehicleAnimation, vehicles)
	same(recorder.IDVehicleLight, vehicles)
	same(recorder.IDWalkerAnimation, walkers)
	same(recorder.IDKinematics, append(slices.Clone(vehicles), walkers...))
	same(recorder.IDTrafficLight, lights)
	same(recorder.IDPhysicsControl, slices.Collect(maps.Keys(spawned)))
	if frame == 1 {
		same(recorder.IDTrafficLightTime, lights)
	}
	for id := range spawned {
		if !slices.Contains(per[recorder.IDBoundingBox], id) {
			t.Fatalf("frame %d: vehicle %d added without a bounding box", frame, id)
		}
	}
}
