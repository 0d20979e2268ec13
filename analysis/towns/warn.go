package towns

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// A map that is not the recording's town shows its vehicles floating off
// the roads and silently drops the lane faults. Two checks say so: by
// name, for a map the user gave that is another CARLA town than the
// header names (a Town05 run opened with Town01.xodr), and by the
// vehicles, for any map on which most driving positions fall off the
// roads (a renamed file, a custom map, another edition).

// Mismatch returns a warning when the map the user gave (mapFile, a path
// or a name) is another CARLA town than the one the recording's header
// names (headerMap), naming both; "" when they agree or either name is
// not a CARLA town's (TownNN, TownNNHD: the check by the vehicles,
// OffRoads, judges those). Town05_Opt.xodr and town05.xodr are Town05.
func Mismatch(headerMap, mapFile, recName string) string {
	town := TownName(headerMap)
	file := filepath.Base(strings.ReplaceAll(mapFile, `\`, "/"))
	given := strings.TrimSuffix(file, filepath.Ext(file))
	tn, thd, ok1 := carlaTown(town)
	gn, ghd, ok2 := carlaTown(given)
	if !ok1 || !ok2 || (tn == gn && thd == ghd) {
		return ""
	}
	return fmt.Sprintf("map %s is not %s, the town %s was recorded on: its vehicles will be off the roads and their lane faults missing; give %s.xodr, or no map for the one found or built in",
		file, town, recName, baseTown(town))
}

// MovingSpeed is the speed (m/s) from which a vehicle drives: a parked or
// waiting vehicle may stand anywhere, on or off a road.
const MovingSpeed = 0.5

// minMoving is how many samples of moving vehicles it takes to judge a
// map by them: a few seconds of one vehicle.
const minMoving = 50

// OffRoads counts, of the samples of vehicles moving at MovingSpeed or
// more in the association, how many there are and how many lie off the
// map (on no road and in no intersection). Both are 0 without a map.
func OffRoads(a *lanes.Association) (off, moving int) {
	if a == nil || a.Map == nil {
		return 0, 0
	}
	var s lanes.Sample
	for i := range a.Tracks {
		t := &a.Tracks[i]
		for j := range t.Len() {
			if t.Speed(j) < MovingSpeed {
				continue
			}
			t.Read(j, &s)
			moving++
			if s.Place == lanes.OffMap {
				off++
			}
		}
	}
	return off, moving
}

// OffRoadsAt counts as OffRoads does over the vehicles of one moment, st,
// placed on the lane map m: for a command that shows one moment (`viewer
// state`) and runs no lane pass, which judges the map by the vehicles it
// shows. Both are 0 without a map.
func OffRoadsAt(m lanes.Map, st *scene.State) (off, moving int) {
	if m == nil || st == nil {
		return 0, 0
	}
	for i := range st.Actors {
		a := &st.Actors[i]
		if !a.Kind.IsVehicle() || a.Velocity.Len() < MovingSpeed {
			continue
		}
		moving++
		if lanes.Locate(m, a.World.Location, a.Velocity, a.World.Rotation.Yaw).Place == lanes.OffMap {
			off++
		}
	}
	return off, moving
}

// OffRoadsWarning returns a warning when most driving positions of the
// recording recName fall off the roads of the map mapName: more than half
// of at least minMoving samples of moving vehicles, as OffRoads counts
// them (apart, so that the count runs with the lane pass, off the UI's
// goroutine); "" otherwise.
func OffRoadsWarning(off, moving int, mapName, recName string) string {
	if moving < minMoving || 2*off <= moving {
		return ""
	}
	return fmt.Sprintf("%d%% of the driving positions of %s (%d of %d) are off the roads of %s: is it the map the run was recorded on?",
		100*off/moving, recName, off, moving, mapName)
}
