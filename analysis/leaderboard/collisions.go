package leaderboard

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// The facts of scenario_runner's CollisionTest (atomic_criteria.py, see
// the package comment):
//
//   - the collision sensor reports the hero's contacts, every tick of a
//     contact; a report is ignored while its other actor is the one last
//     counted and no more than MAX_ID_TIME (5 s) have passed since, and
//     while the hero has not yet gone farther than COLLISION_RADIUS (5 m)
//     from where it was at the last counted one (whoever it hit);
//   - nor is it counted while the hero moves slower than EPSILON
//     (0.1 m/s): it is not the hero's fault; such a report changes
//     nothing;
//   - a counted collision is 'static' or 'traffic' in the other's type
//     (not 'sidewalk'): COLLISION_STATIC (collisions_layout); else
//     'vehicle': COLLISION_VEHICLE; else 'walker': COLLISION_PEDESTRIAN;
//     else it is counted (and remembered for the rules above) without an
//     event, so the statistics manager never sees it;
//   - a hit of the world (actor id 0 in CARLA) is remembered by place
//     only.
const (
	collisionRadius = 5.0 // m
	collisionIDTime = 5.0 // s
	collisionSpeed  = 0.1 // m/s
)

// hit is one tick of contact between the hero and another actor, of
// the recorded collision event ev (its index among the hero's).
type hit struct {
	t     float64
	other uint32
	ev    int
}

// collisions judges the hero's recorded contacts. A recorded collision
// event spans the frames its pair stayed in contact; the sensor reports
// each of those frames, so each of the hero's samples in the span is a
// report. It also returns when each recorded collision began that
// counted for nothing only because the hero stood (below
// collisionSpeed at every report not ignored otherwise): a user who
// sees the hero hit and no infraction is told why.
func collisions(tr *lanes.Track, events []scene.Event) ([]Infraction, []float64) {
	names := map[uint32]string{}
	var hits []hit
	var starts []float64 // each of the hero's collision events' start
	for _, e := range events {
		switch {
		case e.Kind == scene.EventSpawn:
			names[e.Actor] = e.Blueprint
		case e.Kind == scene.EventCollision && (e.Actor == tr.ID || e.Other == tr.ID):
			other := e.Other
			if other == tr.ID {
				other = e.Actor
			}
			first, end := tr.Span(e.Time, e.End())
			for i := first; i < end; i++ {
				hits = append(hits, hit{tr.Time(i), other, len(starts)})
			}
			starts = append(starts, e.Time)
		}
	}
	slices.SortStableFunc(hits, func(x, y hit) int { return cmp.Compare(x.t, y.t) })
	var out []Infraction
	var c collisionState
	counted, stood := make([]bool, len(starts)), make([]bool, len(starts))
	for _, h := range hits {
		f, v := c.report(tr, h, names[h.other])
		if v == withEvent {
			out = append(out, f)
		}
		counted[h.ev] = counted[h.ev] || v >= countedOnly
		stood[h.ev] = stood[h.ev] || v == ignoredStanding
	}
	var standing []float64
	for i, t := range starts {
		if stood[i] && !counted[i] {
			standing = append(standing, t)
		}
	}
	return out, standing
}

// collisionState is what CollisionTest remembers of its last counted
// collision.
type collisionState struct {
	id      uint32 // the other actor, 0 when forgotten or none
	hasID   bool
	t       float64
	loc     mgl64.Vec3
	hasLoc  bool
	checked int // the hero's samples up to here were seen by the radius rule
}

// verdict is what a report comes to.
type verdict uint8

const (
	ignored         verdict = iota // by the actor or the radius rule
	ignoredStanding                // only because the hero stood
	countedOnly                    // counted (remembered), with no event
	withEvent                      // counted, with an event: an infraction
)

// report judges one report: the infraction when it is counted with an
// event.
func (c *collisionState) report(tr *lanes.Track, h hit, typ string) (Infraction, verdict) {
	i := max(tr.Index(h.t), 0)
	// The criterion's update, each tick: forget the place once the hero
	// is farther than the radius from it, the actor after MAX_ID_TIME.
	if c.hasLoc {
		for ; c.checked <= i; c.checked++ {
			if ground(tr.Pos(c.checked).Sub(c.loc)) > collisionRadius {
				c.hasLoc = false
				break
			}
		}
	}
	if c.hasID && h.t-c.t > collisionIDTime {
		c.hasID = false
	}
	pos := tr.Pos(i)
	switch {
	case c.hasID && c.id == h.other:
		return Infraction{}, ignored
	case c.hasLoc && ground(pos.Sub(c.loc)) <= collisionRadius:
		return Infraction{}, ignored
	case tr.Speed(i) < collisionSpeed:
		return Infraction{}, ignoredStanding
	}
	c.t, c.loc, c.hasLoc, c.checked = h.t, pos, true, i
	if h.other != World {
		c.id, c.hasID = h.other, true
	}
	if h.other == World {
		typ = "static.world" // CARLA reports the map's own geometry as a static actor
	}
	var k Kind
	switch {
	case (strings.Contains(typ, "static") || strings.Contains(typ, "traffic")) && !strings.Contains(typ, "sidewalk"):
		k = CollisionLayout
	case strings.Contains(typ, "vehicle"):
		k = CollisionVehicle
	case strings.Contains(typ, "walker"):
		k = CollisionPedestrian
	default:
		return Infraction{}, countedOnly
	}
	id := int64(h.other)
	if h.other == World {
		id = 0
	}
	return Infraction{Kind: k, Time: h.t, Location: pos, Other: h.other, OtherType: typ,
		Message: fmt.Sprintf("Agent collided against object with type=%s and id=%d at %s", typ, id, at(pos))}, withEvent
}

// ground is a vector's length on the ground.
func ground(v mgl64.Vec3) float64 { return mgl64.Vec2{v[0], v[1]}.Len() }
