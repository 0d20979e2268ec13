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
	only := make(map[uint32]struct{}, len(ids))
	for _, id := range ids {
		only[id] = struct{}{}
	}
	p, err := newPass(rec, nil, only)
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
