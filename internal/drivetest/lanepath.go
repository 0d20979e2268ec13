package drivetest

import "github.com/mm2carla/viewer/scene"

// LanePath is the centre of road network rn's lane with OpenDRIVE id on
// road r, through every lane section, in its direction of travel: the
// file's lane itself, for scripts that drive a lane of a CARLA town and
// for tests that measure along it.
func LanePath(rn *scene.RoadNet, r, id int) Path {
	var p Path
	for _, li := range rn.Roads[r].Lanes {
		if l := &rn.Lanes[li]; l.ID == id {
			for _, c := range l.Center {
				if len(p) == 0 || p[len(p)-1] != c { // a lane section starts where the last ended
					p = append(p, c)
				}
			}
		}
	}
	if id > 0 { // left lanes drive against s
		for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
			p[i], p[j] = p[j], p[i]
		}
	}
	return p
}
