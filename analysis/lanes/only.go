package lanes

import (
	"context"

	"github.com/mm2carla/viewer/scene"
)

// AssociateOnly is Associate without a map, keeping only the tracks of the
// vehicles whose ids are in ids: the others get none and cost the pass
// little beyond reading the frames. It is for a picture of a recording
// without a map that needs a few tracks (a shot's trail, the actors of
// its collisions and blocked spans): without a map every fault Find lists
// concerns its own actors' tracks alone, so Find gives on it what it
// gives on the whole association. (With a map the lane rules, the close
// calls above all, look at every vehicle.)
func AssociateOnly(ctx context.Context, rec *scene.Recording, ids []uint32, progress func(done, total int64)) (*Association, error) {
	return AssociateActors(ctx, rec, nil, ids, progress)
}

// AssociateActors is Associate keeping only the tracks of the vehicles
// whose ids are in ids, placed on m (which may be nil): the samples of a
// few vehicles (`viewer track`) at a fraction of the whole pass's cost.
// With a map, Find on it misses the close calls with the vehicles left
// out.
func AssociateActors(ctx context.Context, rec *scene.Recording, m Map, ids []uint32, progress func(done, total int64)) (*Association, error) {
	only := make(map[uint32]struct{}, len(ids))
	for _, id := range ids {
		only[id] = struct{}{}
	}
	p, err := newPass(rec, m, only)
	if err != nil {
		return nil, err
	}
	return p.associate(ctx, progress)
}

// EventActors returns the ids of the actors of rec's collisions and
// blocked spans: the tracks Find needs of an association without a map.
func EventActors(rec *scene.Recording) []uint32 {
	var ids []uint32
	for _, e := range rec.Events() {
		switch e.Kind {
		case scene.EventCollision:
			ids = append(ids, e.Actor, e.Other)
		case scene.EventBlocked:
			ids = append(ids, e.Actor)
		}
	}
	return ids
}

// sampled reports whether the pass samples vehicle id.
func (p *pass) sampled(id uint32) bool {
	if p.only == nil {
		return true
	}
	_, ok := p.only[id]
	return ok
}
