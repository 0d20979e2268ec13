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
	trail := trailActor(sp, st)
	a, err := shotAssociation(sc, trail)
	if err != nil {
		return nil, fileErr(sc.recName, err)
	}
	r := faults.Find(a, sc.rec.Events(), faults.Defaults())
	return &scenedraw.Paths{Assoc: a, Actor: trail, Past: app.DefaultTrail, Future: app.DefaultTrail,
		Faults: r.Faults, Current: -1}, nil
}

// shotAssociation is the pass a shot needs: on a map, every vehicle's
// (the lane rules look at them all); without one, only the tracks of the
// trail's actor and of the collisions' and blocked spans' actors, which
// give the same faults (lanes.AssociateOnly) at a fraction of the cost:
// 1 GiB of recording without a map took 3.8 s to shoot with the whole pass.
func shotAssociation(sc *shotScene, trail uint32) (*lanes.Association, error) {
	if m := sc.laneMap(); m != nil {
		return lanes.Associate(context.Background(), sc.rec, m, nil)
	}
	ids := lanes.EventActors(sc.rec)
	if trail != 0 {
		ids = append(ids, trail)
	}
	return lanes.AssociateOnly(context.Background(), sc.rec, ids, nil)
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
