package citygen

import "github.com/mm2carla/viewer/format/bai"

// Generate builds the city cfg describes. The same Config always gives
// the same map on one CPU architecture (compilers for some others fuse
// multiply-adds, which can change the last bit of a coordinate).
// It fails only for configurations that cannot give a valid map (see
// Config). It may keep more roads than cfg.Roads when no more can be
// dropped safely.
func Generate(cfg Config) (*bai.Map, error) {
	cfg = cfg.withDefaults()
	if err := cfg.check(); err != nil {
		return nil, err
	}
	b := newBuilder(newPlan(cfg))
	m := &bai.Map{Roads: make([]bai.Road, len(b.edges))}
	for k := range b.edges {
		m.Roads[k] = b.road(k)
	}
	m.Intersections = b.intersections(m.Roads)
	nRooms := b.assignRooms(m.Roads)
	m.Culling = b.culling(m.Roads, m.Intersections, nRooms)
	return m, nil
}
