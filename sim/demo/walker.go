package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/scene"
)

// sidewalk is a sidewalk centre curve (Start -> End of its road) open to
// pedestrians, with, at each end, the sidewalk end round the block corner
// a walker may continue on (index*2 + end, or -1).
type sidewalk struct {
	path path
	road int
	link [2]int
}

// Walking constants.
const (
	keepRight   = 0.6  // m right of the sidewalk centre, so walkers pass each other
	maxHop      = 20.0 // m: the longest walk across a corner to the next sidewalk
	continueOdd = 0.7  // chance of walking on round the corner rather than turning back
	walkerZ     = 0.94 // m: a walker's location is its capsule centre, above the ground
)

// addWalks collects the sidewalks pedestrians may use and links their
// ends across block corners: at an intersection, an end continues to the
// nearest sidewalk end of another road, if it is near; walking to it
// never crosses a carriageway because the nearest end is round the same
// corner.
func (n *network) addWalks(m *scene.Map) {
	for r := range m.Roads {
		road := &m.Roads[r]
		for _, side := range [2]*scene.Side{&road.SideA, &road.SideB} {
			if side.AmbientTypes != bai.AmbientAll && side.AmbientTypes != bai.AmbientPedsOnly {
				continue
			}
			for _, c := range side.Sidewalks {
				if p := newPath(c); p.ok() {
					n.walks = append(n.walks, sidewalk{path: p, road: r, link: [2]int{-1, -1}})
				}
			}
		}
	}
	junctionOf := func(w *sidewalk, end int) int {
		if end == 0 {
			return m.Roads[w.road].Start.Intersection
		}
		return m.Roads[w.road].End.Intersection
	}
	point := func(w *sidewalk, end int) mgl64.Vec3 {
		if end == 0 {
			return w.path.first()
		}
		return w.path.last()
	}
	for i := range n.walks {
		for end := range 2 {
			j := junctionOf(&n.walks[i], end)
			if j < 0 {
				continue
			}
			p := point(&n.walks[i], end)
			best := maxHop
			for k := range n.walks {
				if n.walks[k].road == n.walks[i].road {
					continue
				}
				for e := range 2 {
					if junctionOf(&n.walks[k], e) != j {
						continue
					}
					if d := point(&n.walks[k], e).Sub(p).Len(); d < best {
						best, n.walks[i].link[end] = d, 2*k+e
					}
				}
			}
		}
	}
}

// walker is a pedestrian on a sidewalk, or stepping from one spot to
// another: round a corner to the next sidewalk, or across its own
// sidewalk when it turns back (walkers keep to their right).
type walker struct {
	id    uint32
	bp    *walkerBlueprint
	walk  int     // sidewalk
	s     float64 // along the sidewalk
	dir   float64 // +1 towards its End, -1 towards its Start
	speed float64 // m/s

	step     bool       // stepping from stepFrom to the spot (walk, s, dir)
	stepFrom mgl64.Vec3 // where the step began
	stepDone float64    // metres walked of it
	pos      mgl64.Vec3
	yaw      float64
	moving   mgl64.Vec3 // velocity of the last step, m/s
}

// seedWalkers puts pedestrians on the sidewalks, walking either way.
func (s *sim) seedWalkers() {
	n := s.net
	if len(n.walks) == 0 {
		return
	}
	walks := newByLength(len(n.walks), func(i int) float64 { return n.walks[i].path.length() })
	count := population(walks.total(), walkersTarget, walkShare, bigWalkShare)
	for range count {
		i := walks.draw(s.rng)
		w := walker{id: s.newID(), bp: &walkerBlueprints[s.rng.IntN(len(walkerBlueprints))], walk: i,
			s: s.rng.Float64() * n.walks[i].path.length(), dir: 1, speed: 1.0 + 0.6*s.rng.Float64()}
		if s.rng.IntN(2) == 0 {
			w.dir = -1
		}
		s.place(&w)
		s.walkers = append(s.walkers, w)
		s.walkerSpawned(&s.walkers[len(s.walkers)-1])
	}
}

// walk moves a walker one step: along its sidewalk, round a corner, or
// back the way it came at a dead end.
func (s *sim) walk(w *walker) {
	old := w.pos
	d := w.speed * s.dt
	if w.step {
		w.stepDone += d
		if w.stepDone >= s.spot(w.walk, w.s, w.dir).Sub(w.stepFrom).Len() {
			w.step = false
		}
	} else {
		sw := &s.net.walks[w.walk]
		w.s += w.dir * d
		if w.s < 0 || w.s > sw.path.length() {
			end := 0
			if w.s > 0 {
				end = 1
			}
			w.s = min(max(w.s, 0), sw.path.length())
			w.step, w.stepFrom, w.stepDone = true, w.pos, 0
			if link := sw.link[end]; link >= 0 && s.rng.Float64() < continueOdd {
				w.walk, w.s, w.dir = link/2, 0, 1
				if link%2 == 1 {
					w.s, w.dir = s.net.walks[w.walk].path.length(), -1
				}
			} else {
				w.dir = -w.dir
			}
		}
	}
	s.place(w)
	w.moving = w.pos.Sub(old).Mul(1 / s.dt)
}

// spot is where a walker at s on sidewalk walk, heading dir, stands:
// keepRight metres right of the centre curve.
func (s *sim) spot(walk int, at, dir float64) mgl64.Vec3 {
	p, h := s.net.walks[walk].path.at(at)
	return p.Add(rightOf(mgl64.Vec3{dir * math.Cos(h), dir * math.Sin(h), 0}).Mul(keepRight))
}

// place sets a walker's position and heading from its state.
func (s *sim) place(w *walker) {
	to := s.spot(w.walk, w.s, w.dir)
	pos, dir := to, mgl64.Vec3{}
	if w.step {
		l := to.Sub(w.stepFrom).Len()
		if l > 0 {
			pos, dir = scene.Lerp(w.stepFrom, to, min(w.stepDone/l, 1)), unit(flat(to.Sub(w.stepFrom)))
		}
	} else {
		_, h := s.net.walks[w.walk].path.at(w.s)
		dir = mgl64.Vec3{w.dir * math.Cos(h), w.dir * math.Sin(h), 0}
	}
	if dir != (mgl64.Vec3{}) {
		w.yaw = math.Atan2(dir[1], dir[0])
	}
	w.pos = pos
}
