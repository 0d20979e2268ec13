package citygen

import (
	"math/rand/v2"
	"slices"
)

// A plan is the city before geometry: which intersections and roads exist,
// where they run and how traffic uses them.
type plan struct {
	cfg   Config
	rng   *rand.Rand
	rows  []gridLine // rows[j]: the horizontal line z = -j*BlockSize
	cols  []gridLine // cols[i]: the vertical line x = i*BlockSize
	nodes []node
	edges []edge
}

// gridLine is a whole street across the city: its roads share lane count
// and direction, as an avenue does.
type gridLine struct {
	lanes  int
	oneWay bool
	flow   int // one-way only: +1 traffic runs towards higher i (or j), -1 lower
	tram   bool
	train  bool
}

// A node is an intersection of the grid.
type node struct {
	i, j   int
	center vec
	edges  []int // indices into plan.edges, in no particular order
}

// An edge is a road. from is the node at its start (section 0), to the
// node at its end; -1 marks a free end, whose position is then fromPos
// or toPos.
type edge struct {
	from, to int
	fromPos  vec // node centre, or the free end
	toPos    vec
	vertical bool // runs along a column
	line     int  // index into rows or cols
	lanesA   int
	lanesB   int
	tram     bool
	train    bool
	bow      float64 // signed bow amplitude as a share of the road length; 0 = straight
	dropped  bool
	grid     bool // between two intersections (not an edge stub)
}

// newPlan lays out the grid, the edge roads, and drops roads to reach
// cfg.Roads. The order of random draws is fixed, so a seed gives one city.
func newPlan(cfg Config) *plan {
	p := &plan{cfg: cfg, rng: rand.New(rand.NewPCG(uint64(cfg.Seed), 0x6d6d32636974790a))}
	p.rows = p.lines(cfg.BlocksY+1, cfg.Tram)
	p.cols = p.lines(cfg.BlocksX+1, false)
	if cfg.Train {
		p.cols[cfg.BlocksX/2].train = true
	}
	p.layNodes()
	p.layGrid()
	p.layStubs()
	p.drop()
	p.compact()
	p.orient()
	p.bend()
	return p
}

// lines draws lane counts and one-way flags for n parallel grid lines. The
// two outermost lines are always two-way, so that every intersection has
// a way in and a way out; so is the tram's middle line.
func (p *plan) lines(n int, tram bool) []gridLine {
	ls := make([]gridLine, n)
	for k := range ls {
		l := &ls[k]
		l.lanes = p.cfg.MinLanes + p.rng.IntN(p.cfg.MaxLanes-p.cfg.MinLanes+1)
		l.flow = 1 - 2*p.rng.IntN(2)
		ow := p.rng.Float64() < p.cfg.OneWayFraction
		l.tram = tram && k == (n-1)/2
		l.oneWay = ow && k > 0 && k < n-1 && !l.tram
	}
	return ls
}

func (p *plan) layNodes() {
	nx, ny := p.cfg.BlocksX+1, p.cfg.BlocksY+1
	b := float64(p.cfg.BlockSize)
	p.nodes = make([]node, nx*ny)
	for j := range ny {
		for i := range nx {
			p.nodes[j*nx+i] = node{i: i, j: j, center: vec{float64(i) * b, 0, -float64(j) * b}}
		}
	}
}

func (p *plan) nodeAt(i, j int) int { return j*(p.cfg.BlocksX+1) + i }

// layGrid adds a road between every pair of neighbouring intersections,
// running towards higher i (rows) or higher j (columns).
func (p *plan) layGrid() {
	for j := range p.cfg.BlocksY + 1 {
		for i := range p.cfg.BlocksX {
			p.addEdge(p.nodeAt(i, j), p.nodeAt(i+1, j), vec{}, vec{}, false, j)
		}
	}
	for i := range p.cfg.BlocksX + 1 {
		for j := range p.cfg.BlocksY {
			p.addEdge(p.nodeAt(i, j), p.nodeAt(i, j+1), vec{}, vec{}, true, i)
		}
	}
}

// layStubs adds dead-end roads half a block long leaving the city from
// every third intersection along each side and from both ends of each
// side, so traffic can appear and leave at the map's edges.
func (p *plan) layStubs() {
	bx, by := p.cfg.BlocksX, p.cfg.BlocksY
	half := float64(p.cfg.BlockSize) / 2
	pick := func(k, n int) bool { return k%3 == 0 || k == n }
	for j := range by + 1 {
		if !pick(j, by) {
			continue
		}
		w, e := p.nodeAt(0, j), p.nodeAt(bx, j)
		p.addEdge(-1, w, p.nodes[w].center.add(vec{-half, 0, 0}), vec{}, false, j)
		p.addEdge(e, -1, vec{}, p.nodes[e].center.add(vec{half, 0, 0}), false, j)
	}
	for i := range bx + 1 {
		if !pick(i, bx) {
			continue
		}
		s, n := p.nodeAt(i, 0), p.nodeAt(i, by)
		p.addEdge(-1, s, p.nodes[s].center.add(vec{0, 0, half}), vec{}, true, i)
		p.addEdge(n, -1, vec{}, p.nodes[n].center.add(vec{0, 0, -half}), true, i)
	}
}

// addEdge appends a road running from -> to along a line, taking the
// line's lanes; a one-way line puts all of them on the side that drives
// with its flow.
func (p *plan) addEdge(from, to int, fromPos, toPos vec, vertical bool, line int) {
	var l gridLine
	if vertical {
		l = p.cols[line]
	} else {
		l = p.rows[line]
	}
	e := edge{from: from, to: to, fromPos: fromPos, toPos: toPos, vertical: vertical, line: line,
		lanesA: l.lanes, lanesB: l.lanes, tram: l.tram, train: l.train, grid: from >= 0 && to >= 0}
	if from >= 0 {
		e.fromPos = p.nodes[from].center
	}
	if to >= 0 {
		e.toPos = p.nodes[to].center
	}
	if l.oneWay {
		if l.flow > 0 {
			e.lanesA = 0
		} else {
			e.lanesB = 0
		}
	}
	p.edges = append(p.edges, e)
}

// drop removes inner roads, in a seeded random order, until cfg.Roads is
// reached. A road may go only if both its intersections keep at least 3
// roads and every intersection can still reach every other one driving
// legally, so no vehicle is ever trapped. It may stop short of cfg.Roads.
func (p *plan) drop() {
	excess := len(p.edges) - p.cfg.Roads
	if p.cfg.Roads == 0 || excess <= 0 {
		return
	}
	p.linkNodes()
	order := p.rng.Perm(len(p.edges))
	for _, k := range order {
		if excess == 0 {
			break
		}
		e := &p.edges[k]
		if !e.grid || e.tram || e.train || !p.inner(e.from) || !p.inner(e.to) ||
			p.degree(e.from) < 4 || p.degree(e.to) < 4 {
			continue
		}
		e.dropped = true
		if !p.stronglyConnected() {
			e.dropped = false
			continue
		}
		excess--
	}
}

func (p *plan) inner(n int) bool {
	nd := p.nodes[n]
	return nd.i > 0 && nd.j > 0 && nd.i < p.cfg.BlocksX && nd.j < p.cfg.BlocksY
}

func (p *plan) degree(n int) int {
	d := 0
	for _, k := range p.nodes[n].edges {
		if !p.edges[k].dropped {
			d++
		}
	}
	return d
}

// linkNodes records at each node the edges that meet there.
func (p *plan) linkNodes() {
	for n := range p.nodes {
		p.nodes[n].edges = p.nodes[n].edges[:0]
	}
	for k, e := range p.edges {
		if e.from >= 0 {
			p.nodes[e.from].edges = append(p.nodes[e.from].edges, k)
		}
		if e.to >= 0 {
			p.nodes[e.to].edges = append(p.nodes[e.to].edges, k)
		}
	}
}

// stronglyConnected reports whether, over the roads not dropped, traffic
// can drive from node 0 to every node and back.
func (p *plan) stronglyConnected() bool {
	return p.reachesAll(false) && p.reachesAll(true)
}

// reachesAll walks the legal driving directions (reversed if back) from
// node 0 and reports whether it visits every node.
func (p *plan) reachesAll(back bool) bool {
	seen := make([]bool, len(p.nodes))
	stack := []int{0}
	seen[0] = true
	count := 1
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, k := range p.nodes[n].edges {
			e := &p.edges[k]
			if e.dropped || !e.grid {
				continue
			}
			fwd, rev := e.lanesB > 0, e.lanesA > 0 // from->to, to->from
			if back {
				fwd, rev = rev, fwd
			}
			next := -1
			if e.from == n && fwd {
				next = e.to
			} else if e.to == n && rev {
				next = e.from
			}
			if next >= 0 && !seen[next] {
				seen[next] = true
				count++
				stack = append(stack, next)
			}
		}
	}
	return count == len(p.nodes)
}

// compact removes dropped edges and relinks the nodes.
func (p *plan) compact() {
	p.edges = slices.DeleteFunc(p.edges, func(e edge) bool { return e.dropped })
	p.linkNodes()
}

// orient reverses about a third of the roads, so that both directions of
// storage occur in every city as they do in retail maps. A reversed road
// swaps its ends and its sides; traffic flows the same way.
func (p *plan) orient() {
	for k := range p.edges {
		if p.rng.IntN(3) != 0 {
			continue
		}
		e := &p.edges[k]
		e.from, e.to = e.to, e.from
		e.fromPos, e.toPos = e.toPos, e.fromPos
		e.lanesA, e.lanesB = e.lanesB, e.lanesA
	}
}

// bend gives a share cfg.Curvy of the roads between intersections a
// gentle sideways bow; its amplitude is fixed here and limited when the
// geometry is built.
func (p *plan) bend() {
	for k := range p.edges {
		e := &p.edges[k]
		draw := p.rng.Float64()
		amp := 0.06 + 0.06*p.rng.Float64()
		sign := float64(1 - 2*p.rng.IntN(2))
		if e.grid && draw < p.cfg.Curvy {
			e.bow = sign * amp // a fraction of the road's length
		}
	}
}
