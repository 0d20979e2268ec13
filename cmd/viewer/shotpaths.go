package main

import (
	"context"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// A shot of a recording shows what the window shows once its lane and
// fault pass is done: the fault marks, and the trail of the selected (or
// followed) actor. It runs the same pass as `viewer check` and the
// window (pipeline.Analyze, on pipeline.LaneMap's choice of map), so that
// a fault the window lists can be looked at in a PNG, and hands the
// result to scenedraw as the window does (scenedraw.Paths).

// shotPaths runs the lane association and fault pass over sc's recording,
// on its map when there is one (else collisions and blocked spans only),
// and returns what scenedraw draws of it; nil without a recording or
// with --paths=false.
func shotPaths(sc *shotScene, sp shotSpec, st *scene.State) (*scenedraw.Paths, error) {
	if sc.rec == nil || sp.noPaths || sc.pathless {
		return nil, nil
	}
	trail := trailActor(sp, st)
	lm := sc.laneMap()
	an, err := pipeline.Analyze(context.Background(), sc.rec, lm, pipeline.Options{
		Thresholds: faults.Defaults(), Only: shotActors(sc.rec, lm, trail)})
	if err != nil {
		return nil, fileErr(sc.recName, err)
	}
	return &scenedraw.Paths{Assoc: an.Assoc, Actor: trail, Past: scenedraw.DefaultTrail, Future: scenedraw.DefaultTrail,
		Faults: an.Faults.Faults, Current: -1}, nil
}

// shotActors are the vehicles a shot's pass keeps tracks of: on a map,
// every one (nil: the lane rules look at them all); without one, only the
// trail's actor and the actors of the collisions and blocked spans, which
// give the same faults (pipeline.Options.Only) at a fraction of the cost:
// 1 GiB of recording without a map took 3.8 s to shoot with the whole
// pass.
func shotActors(rec *scene.Recording, lm lanes.Map, trail uint32) []uint32 {
	if lm != nil {
		return nil
	}
	ids := append([]uint32{}, lanes.EventActors(rec)...) // not nil: none is none, not all
	if trail != 0 {
		ids = append(ids, trail)
	}
	return ids
}

// trailActor is the actor whose trail a shot draws, as in the window: the
// selected one, else the followed one (the hero for follow:hero), else
// none.
func trailActor(sp shotSpec, st *scene.State) uint32 {
	switch {
	case sp.selected != 0:
		return sp.selected
	case sp.view.kind != "follow":
		return 0
	case sp.view.follow != 0:
		return sp.view.follow
	}
	if h := st.Hero(); h != nil {
		return h.ID
	}
	return 0
}
