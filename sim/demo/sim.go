package demo

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/mm2carla/viewer/format/recorder"
)

// Population and timing of a run.
const (
	frameRate      = 20    // frames a second, as the recording's clock
	vehiclesTarget = 100   // vehicles kept alive on a city the size of the default one
	walkersTarget  = 64    // walkers on such a city
	maxActors      = 200   // at most this many of each on a big map
	laneShare      = 30.0  // metres of lane per vehicle at most
	townVehicles   = 60    // vehicles on a CARLA town of usual size
	townLaneShare  = 70.0  // metres of lane per vehicle at most on a town: its junctions are closer, with lanes of 11 m between some, and denser traffic jams past the 30 s the check calls blocked (at 60 m, Town02 seed 2 had 6 cars standing 30 s or more, Town10HD seed 3 had 6)
	walkShare      = 25.0  // metres of sidewalk per walker at most
	bigLaneShare   = 180.0 // metres of lane per vehicle on a big map
	bigWalkShare   = 250.0 // metres of sidewalk per walker on a big map
	seedTries      = 40    // random places tried per vehicle or walker at the start
	crashAfter     = 15.0  // s: the staged crash is looked for from then on
	heroLane       = 42.0  // m: the shortest lane the hero starts on
	heroBehind     = 22.0  // m between the hero and the car set to follow it
	heroNear       = 12.0  // m before a red light's line a hero starts at the nearest on a town (heroRun)
	heroSpare      = 4.0   // m to spare when it stops there
	rollStart      = 0.6   // share of its lane's limit a car starts at where the lane ahead is open
	heroDrive      = 0.9   // the hero keeps to 90 % of the limit
	shadowDrive    = 1.05  // its follower drives a little faster, to keep up
)

// sim is one simulation run. Actors are kept in slices indexed by their
// spawn order; dead ones stay (with alive false) so indices never move.
type sim struct {
	net   *network
	rng   *rand.Rand
	src   *rand.PCG // rng's source, copied to draw ahead without drawing (peekNext)
	dt    float64
	t     float64 // seconds since the first frame
	steps int

	veh     []vehicle
	walkers []walker
	alive   int // vehicles alive
	target  int // vehicles wanted alive
	hero    int32
	sensor  uint32 // collision sensor actor id (0: none)
	nextID  uint32
	entries []int // lanes where traffic enters
	trail   []int // per lane: the movement the hero last took from it, -1
	crash   crash
	rogue   rogue

	orderBuf []int32

	ev events // what happened in the current frame, for the recording
}

// newSim prepares a run on net.
func newSim(net *network, seed int64, rogue bool, plan int) *sim {
	src := rand.NewPCG(uint64(seed), 0x6d6d32747266630a)
	s := &sim{net: net, dt: 1.0 / frameRate, hero: -1, rng: rand.New(src), src: src}
	for j := range net.junctions {
		if c := net.cycle(j); c > 0 {
			net.junctions[j].offset = s.rng.Float64() * c
		}
	}
	total := 0.0
	for i := range net.lanes {
		total += net.lanes[i].path.length()
		if net.lanes[i].entry {
			s.entries = append(s.entries, i)
		}
	}
	if net.fair {
		s.target = population(total, townVehicles, townLaneShare, bigLaneShare)
	} else {
		s.target = population(total, vehiclesTarget, laneShare, bigLaneShare)
	}
	s.trail = make([]int, len(net.lanes))
	for i := range s.trail {
		s.trail[i] = -1
	}
	s.crash = crash{after: crashAfter, follower: -1}
	s.rogue = newRogue(rogue, seed, plan)
	return s
}

// population is how many actors a map with total metres of lanes (or
// sidewalks) gets: the usual number, more on a big map, fewer on a small
// one so that they still fit.
func population(total float64, usual int, small, big float64) int {
	return min(int(total/small), max(usual, int(total/big)), maxActors)
}

// step advances the world by one frame: every vehicle plans from the
// same snapshot, then all move, so the order of vehicles does not decide
// who touches whom.
func (s *sim) step() {
	s.steps++
	s.t = float64(s.steps) / frameRate // the recording's clock, exactly
	s.crash.look(s)
	s.rogueLook()
	order := s.order()
	for _, vi := range order {
		s.plan(vi)
	}
	for _, vi := range order {
		s.move(vi)
	}
	s.index()
	s.crash.check(s)
	s.rogueAfter()
	for i := range s.walkers {
		s.walk(&s.walkers[i])
	}
	s.spawn()
	for _, vi := range order {
		if s.veh[vi].alive {
			s.pose(vi)
		}
	}
}

// order lists the living vehicles in spawn order (in a buffer reused
// from frame to frame).
func (s *sim) order() []int32 {
	s.orderBuf = s.orderBuf[:0]
	for i := range s.veh {
		if s.veh[i].alive {
			s.orderBuf = append(s.orderBuf, int32(i))
		}
	}
	return s.orderBuf
}

// byLength draws indices of lanes or sidewalks with chances in proportion
// to their lengths, so that actors scattered over them are spread evenly.
type byLength struct {
	cum []float64 // cumulative length
}

func newByLength(n int, length func(i int) float64) byLength {
	b := byLength{cum: make([]float64, n)}
	total := 0.0
	for i := range b.cum {
		total += length(i)
		b.cum[i] = total
	}
	return b
}

// total returns the length of them all.
func (b byLength) total() float64 {
	if len(b.cum) == 0 {
		return 0
	}
	return b.cum[len(b.cum)-1]
}

// draw returns a random index (there must be at least one).
func (b byLength) draw(rng *rand.Rand) int {
	i, _ := slices.BinarySearch(b.cum, rng.Float64()*b.total())
	return min(i, len(b.cum)-1)
}

// index rebuilds the per-lane and per-movement vehicle lists.
func (s *sim) index() {
	n := s.net
	for i := range n.lanes {
		n.lanes[i].veh = n.lanes[i].veh[:0]
	}
	for i := range n.moves {
		n.moves[i].veh = n.moves[i].veh[:0]
	}
	for i := range s.veh {
		v := &s.veh[i]
		if !v.alive {
			continue
		}
		if v.onMove {
			n.moves[v.seg].veh = append(n.moves[v.seg].veh, int32(i))
		} else {
			n.lanes[v.seg].veh = append(n.lanes[v.seg].veh, int32(i))
		}
	}
}

// newID returns the next actor id.
func (s *sim) newID() uint32 {
	s.nextID++
	return s.nextID
}

// Roles of vehicles.
const (
	roleAmbient = iota
	roleHero
	roleShadow // follows the hero's way, so that someone comes up behind it
	roleRogue  // commits the staged faults (rogue.go)
)

// addVehicle puts a vehicle on lane l at s with speed v and records its
// spawn.
func (s *sim) addVehicle(l int, at, speed float64, bp *vehicleBlueprint, color string, role int) int32 {
	ext := extentOf(bp)
	vi := int32(len(s.veh))
	s.veh = append(s.veh, vehicle{id: s.newID(), bp: bp, color: color, hl: ext[0], hw: ext[1], alive: true,
		hero: role == roleHero, shadow: role == roleShadow, rogue: role == roleRogue,
		seg: l, s: at, v: speed, drive: 0.85 + 0.2*s.rng.Float64(), hold: -1, prev: -1, stopAt: -1, waitFrom: -1})
	s.alive++
	s.veh[vi].next = s.chooseNext(vi, l)
	s.pose(vi)
	s.spawned(vi)
	return vi
}

// destroy removes vi from the map, giving back what it holds.
func (s *sim) destroy(vi int32) {
	v := &s.veh[vi]
	for _, m := range [2]int{v.hold, v.prev} {
		if m >= 0 {
			s.release(vi, m)
		}
	}
	v.hold, v.prev, v.alive = -1, -1, false
	for i := range s.net.lanes {
		if s.net.lanes[i].claim == vi {
			s.net.lanes[i].claim = -1
		}
	}
	s.alive--
	s.ev.dels = append(s.ev.dels, v.id)
	if v.hero && s.sensor != 0 {
		s.ev.dels = append(s.ev.dels, s.sensor)
		s.sensor = 0
	}
	for j := range s.net.junctions {
		q := &s.net.junctions[j].queue
		*q = slices.DeleteFunc(*q, func(e int32) bool { return e == vi })
	}
}

// seedVehicles scatters the starting traffic over the lanes: the hero
// first, on a long lane inside the city, with the car that will follow
// its way some 20 m behind it, then the others anywhere there is room.
func (s *sim) seedVehicles() {
	n := s.net
	if len(n.lanes) == 0 {
		return
	}
	lanes := newByLength(len(n.lanes), func(i int) float64 { return n.lanes[i].path.length() })
	randomLane := func() int { return lanes.draw(s.rng) }
	var perm []int
	if n.fair {
		perm = s.rng.Perm(len(n.lanes))
	}
	for try := range len(perm) + seedTries {
		l := 0
		if try < len(perm) {
			l = perm[try]
		} else {
			l = randomLane()
		}
		ln := &n.lanes[l]
		if ln.entry || ln.trap || ln.path.length() < heroLane {
			continue
		}
		at := heroBehind + 6 + s.rng.Float64()*(ln.path.length()-heroBehind-16)
		if try < len(perm) {
			// On a town, first look for a light that will be red when the
			// staged crash is first looked for, and start the hero close
			// to it: Town04's highways never stop the hero else. Where the
			// hero so drives through the light before it turns (and then
			// meets no chance of the staged crash), the run is made again
			// with the hero further back (network.heroFar, RecordTown).
			if ln.approach < 0 || n.approaches[ln.approach].kind != approachLight {
				continue
			}
			sig := n.signalOf(ln.approach, crashAfter+1)
			if sig.state != recorder.LightRed || sig.left < 4 {
				continue
			}
			at = ln.path.length() - heroNear
			if n.heroFar {
				at = ln.path.length() - heroRun(rollStart*ln.speed, heroDrive*ln.speed, crashAfter+1-sig.elapsed-yellowTime)
			}
			if at < heroBehind+6 {
				continue
			}
		}
		s.hero = s.addVehicle(l, at, 0, &vehicleBlueprints[0], "255,255,255", roleHero)
		bp, color := pickVehicle(s.rng)
		sh := s.addVehicle(l, at-heroBehind, 0, bp, color, roleShadow)
		s.veh[s.hero].drive, s.veh[sh].drive = heroDrive, shadowDrive
		s.index()
		break
	}
	for len(s.veh) < s.target {
		bp, color := pickVehicle(s.rng)
		hl := extentOf(bp)[0]
		placed := false
		for range seedTries {
			l := randomLane()
			ln := &n.lanes[l]
			at := hl + 1 + s.rng.Float64()*(ln.path.length()-2*hl-8)
			if at < hl+1 || !s.clear(l, at, hl, 6) {
				continue
			}
			s.addVehicle(l, at, 0, bp, color, roleAmbient)
			s.index()
			placed = true
			break
		}
		if !placed {
			break
		}
	}
	// Start them rolling where the lane ahead is open.
	for i := range s.veh {
		v := &s.veh[i]
		if gap, _ := s.leader(int32(i)); gap > 30 && n.lanes[v.seg].path.length()-v.s-v.hl > 40 {
			v.v = rollStart * n.lanes[v.seg].speed
		}
	}
	if s.rogue.on {
		s.addRogue()
	}
}

// heroRun is how far before a light's line the hero starts when it is
// to start far (network.heroFar), so that,
// driving off at up to v0 (see seedVehicles' rolling start) and cruising
// at vmax, it is still short of the line when the light turns yellow
// after ty seconds, far enough to stop for it comfortably. Starting 12 m
// before a light that was still green, the hero drove through it at
// once and on Town04's highways never stood again (seeds 2 and 3 had no
// staged collision).
func heroRun(v0, vmax, ty float64) float64 {
	if ty <= 0 || vmax <= 0 {
		return heroNear
	}
	v0 = min(v0, vmax)
	v, run := v0+accMax*ty, 0.0
	if v < vmax {
		run = (v0 + v) / 2 * ty
	} else {
		t1 := (vmax - v0) / accMax
		v, run = vmax, (v0+vmax)/2*t1+vmax*(ty-t1)
	}
	return max(heroNear, run+v*v/(2*comfBrake)+heroSpare)
}

// clear reports whether a car of half length hl centred at s on lane l
// keeps at least gap metres from every car on the lane.
func (s *sim) clear(l int, at, hl, gap float64) bool {
	for _, j := range s.net.lanes[l].veh {
		u := &s.veh[j]
		if math.Abs(u.s-at) < hl+u.hl+gap {
			return false
		}
	}
	for _, m := range s.net.lanes[l].out {
		for _, j := range s.net.moves[m].veh {
			if s.net.lanes[l].path.length()+s.veh[j].s-s.veh[j].hl < at+hl+gap {
				return false
			}
		}
	}
	return true
}

// spawn brings new traffic in at the map's edges while fewer vehicles
// than wanted are alive: one car at the start of an entry lane with room.
func (s *sim) spawn() {
	if s.alive >= s.target || len(s.entries) == 0 {
		return
	}
	first := s.rng.IntN(len(s.entries))
	for k := range s.entries {
		if s.alive >= s.target {
			return
		}
		l := s.entries[(first+k)%len(s.entries)]
		bp, color := pickVehicle(s.rng)
		hl := extentOf(bp)[0]
		at := hl + 0.5
		if s.net.lanes[l].path.length() < 2*hl+roomGap || s.net.lanes[l].closed {
			continue
		}
		free := math.Inf(1)
		for _, j := range s.net.lanes[l].veh {
			free = min(free, s.veh[j].s-s.veh[j].hl)
		}
		if free < 2*hl+8 {
			continue
		}
		speed := 0.7 * s.net.lanes[l].speed
		if !math.IsInf(free, 1) {
			speed = min(speed, math.Sqrt(2*comfBrake*max(free-2*hl-jamGap-4, 0)))
		}
		s.addVehicle(l, at, speed, bp, color, roleAmbient)
		s.index()
	}
}
