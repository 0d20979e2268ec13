package main

import (
	"context"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/ui/app"
)

// A shot of a recording shows what the window shows once its lane and
// fault pass is done: the fault marks, and the trail of the selected (or
// followed) actor. It runs the same pass as `viewer check` and the
// window, so that a fault the window lists can be looked at in a PNG, and
// hands the result to scenedraw as the window does (scenedraw.Paths).

// shotPaths runs the lane association and fault pass over sc's recording,
// on its map when there is one (else collisions and blocked spans only),
// and returns what scenedraw draws of it; nil without a recording or
// with --paths=false.
func shotPaths(sc *shotScene, sp shotSpec, st *scene.State) (*scenedraw.Paths, error) {
	if sc.rec == nil || sp.noPaths || sc.pathless {
		return nil, nil
	}
	a, err := lanes.Associate(context.Background(), sc.rec, sc.laneMap(), nil)
	if err != nil {
		return nil, fileErr(sc.recName, err)
	}
	r := faults.Find(a, sc.rec.Events(), faults.Defaults())
	return &scenedraw.Paths{Assoc: a, Actor: trailActor(sp, st), Past: app.DefaultTrail, Future: app.DefaultTrail,
		Faults: r.Faults, Current: -1}, nil
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
