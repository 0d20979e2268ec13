package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Painter's order for LayerObjects beyond centre depth.
//
// Sorting boxes by the depth of their centres alone is wrong whenever two
// boxes of different sizes stand side by side: a 16 m truck's centre may
// be farther than a car's while the truck's front end, beside the car, is
// nearer. Two disjoint convex solids always have a separating plane, and
// the one on the eye's side of it can hide the other but never be hidden
// by it. So after the depth sort, every pair of primitives whose screen
// rectangles overlap and whose occluders (oriented boxes bounding them)
// are separated gets an edge "paint the far one first"; a topological
// sort that prefers the depth order keeps all those edges. Pairs that
// interpenetrate, and primitives without an occluder, keep the depth
// order. Any box containing a primitive gives sound answers: a plane that
// separates the container separates its content.

// occluder is an oriented box bounding a depth-sorted primitive.
type occluder struct {
	c    mgl64.Vec3
	half [3]float64
	axes [3]mgl64.Vec3
}

// separationEps lets boxes that touch (a lamp on a body) count as
// separated by their common face.
const separationEps = 1e-6

// inFront compares two occluders seen from eye: +1 when a can hide b and
// b cannot hide a (paint b first), -1 for the reverse, 0 when neither can
// hide the other or the boxes interpenetrate.
func inFront(a, b *occluder, eye mgl64.Vec3) int {
	d := b.c.Sub(a.c)
	try := func(l mgl64.Vec3) (int, bool) {
		ll := l.Dot(l)
		if ll < 1e-12 {
			return 0, false
		}
		ra, rb := a.radius(l), b.radius(l)
		ca, cb := 0.0, d.Dot(l) // a's centre at 0 along l
		if math.Abs(cb-ca) < ra+rb-separationEps*math.Sqrt(ll) {
			return 0, false // not separating
		}
		e := eye.Sub(a.c).Dot(l)
		if cb < ca { // put a below b along the axis
			ca, cb, e = -ca, -cb, -e
		}
		switch {
		case e <= ca+ra: // the eye is on a's side of every plane in the gap
			return 1, true
		case e >= cb-rb:
			return -1, true
		}
		return 0, true
	}
	for i := range 3 {
		if r, ok := try(a.axes[i]); ok {
			return r
		}
		if r, ok := try(b.axes[i]); ok {
			return r
		}
	}
	for i := range 3 {
		for j := range 3 {
			if r, ok := try(a.axes[i].Cross(b.axes[j])); ok {
				return r
			}
		}
	}
	return 0
}

// radius is the half length of o's projection on l (in units of |l|).
func (o *occluder) radius(l mgl64.Vec3) float64 {
	return math.Abs(o.axes[0].Dot(l))*o.half[0] + math.Abs(o.axes[1].Dot(l))*o.half[1] +
		math.Abs(o.axes[2].Dot(l))*o.half[2]
}

// aabbOccluder is the occluder of an axis-aligned box.
func aabbOccluder(b AABB) occluder {
	h := b.Max.Sub(b.Min).Mul(0.5)
	return occluder{c: b.Center(), half: [3]float64{h[0], h[1], h[2]}, axes: [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}
}

// The pass's budget a frame. Pairs whose rectangles overlap are few in a
// street scene (a jam of 1,000 cars seen from low down, BenchmarkOcclusionJam,
// visits 21,600 pairs and tests 2,350), but all of them when many boxes
// stand in one place: 2,000 cars spawned at one point (a hostile
// recording) made 60 million visits and 2 million tests, 1.7 s a frame.
// Past either budget the pass stops looking, and the primitives keep the
// depth order for the pairs it did not reach: that window now draws a
// frame in about 30 ms under Xvfb. The jam uses a sixth of the budget.
const (
	maxPairVisits = 1 << 17
	maxPairTests  = 1 << 14
)

// orderer holds the buffers of the occlusion pass, reused every frame.
type orderer struct {
	visits, tests int // this frame's, against the budget
	grid          screenGrid
	edges         [][2]int32 // (behind, front) in ranks
	start         []int32    // CSR: out-edges of rank r are adj[start[r]:start[r+1]]
	adj           []int32
	fill          []int32
	indeg         []int32
	heap          []int32
	held          int // earliestHeld's cursor
	out           []prim
}

// order reorders prims (already back to front by depth) so that no
// primitive is painted before one it hides, as far as their occluders
// tell. meta is indexed by prim.seq; occ holds the occluders it refers to.
func (o *orderer) order(prims []prim, meta []primMeta, occ []occluder, eye mgl64.Vec3, vp Viewport) {
	if len(prims) < 2 {
		return
	}
	o.collect(prims, meta, occ, eye, vp)
	if len(o.edges) == 0 {
		return
	}
	o.buildGraph(len(prims))
	o.sort(prims)
}

// collect finds the constrained pairs: only primitives whose screen
// rectangles overlap can hide one another, and a screenGrid finds those.
// A pair sharing several cells is tested once, in the cell holding the
// top-left corner of the rectangles' intersection.
func (o *orderer) collect(prims []prim, meta []primMeta, occ []occluder, eye mgl64.Vec3, vp Viewport) {
	o.edges = o.edges[:0]
	o.visits, o.tests = 0, 0
	o.grid.reset(vp)
	for i := range prims {
		if o.visits >= maxPairVisits || o.tests >= maxPairTests {
			return
		}
		mi := &meta[prims[i].seq]
		if mi.occ < 0 {
			continue
		}
		c0, r0, c1, r1 := o.grid.span(mi.rect)
		for y := r0; y <= r1; y++ {
			for x := c0; x <= c1; x++ {
				cell := o.grid.at(x, y)
				o.visits += len(*cell)
				for _, j := range *cell {
					o.pair(int32(i), j, mi, &meta[prims[j].seq], occ, eye, x, y)
				}
				*cell = append(*cell, int32(i))
			}
		}
	}
}

// pair adds the edge between primitives i and j (ranks) when their
// rectangles overlap, cell (x, y) is where the pair is tested, and their
// occluders tell which one can hide the other.
func (o *orderer) pair(i, j int32, mi, mj *primMeta, occ []occluder, eye mgl64.Vec3, x, y int) {
	a, b := mi.rect, mj.rect
	if !a.Overlaps(b) {
		return
	}
	if cellIndex(max(a.MinX, b.MinX), o.grid.cols) != x || cellIndex(max(a.MinY, b.MinY), o.grid.rows) != y {
		return // tested in another cell
	}
	o.tests++
	switch inFront(&occ[mi.occ], &occ[mj.occ], eye) {
	case 1: // i hides j: j first
		o.edges = append(o.edges, [2]int32{j, i})
	case -1:
		o.edges = append(o.edges, [2]int32{i, j})
	}
}

// buildGraph turns the edge list into adjacency arrays and in-degrees.
func (o *orderer) buildGraph(n int) {
	o.start = resizeZero(o.start, n+1)
	o.indeg = resizeZero(o.indeg, n)
	for _, e := range o.edges {
		o.start[e[0]+1]++
		o.indeg[e[1]]++
	}
	for i := range n {
		o.start[i+1] += o.start[i]
	}
	o.adj = resizeZero(o.adj, len(o.edges))
	o.fill = append(o.fill[:0], o.start[:n]...)
	for _, e := range o.edges {
		o.adj[o.fill[e[0]]] = e[1]
		o.fill[e[0]]++
	}
}

// sort is Kahn's topological sort taking, among the primitives free to
// go, the one earliest in depth order. Most primitives take part in no
// edge, so the free ones are found by a cursor walking the depth order;
// only those an edge held back wait in the heap once freed. A cycle
// (possible with three or more long boxes) is broken at its earliest
// primitive.
func (o *orderer) sort(prims []prim) {
	n := len(prims)
	o.heap, o.out, o.held = o.heap[:0], o.out[:0], 0
	next := 0 // the cursor: ranks before it are out or wait in the heap
	for len(o.out) < n {
		for next < n && o.indeg[next] != 0 {
			next++ // held back (> 0: freed later into the heap) or out (< 0)
		}
		var r int32
		switch {
		case len(o.heap) > 0 && (next == n || o.heap[0] < int32(next)):
			r = o.pop()
		case next < n:
			r = int32(next)
		default: // a cycle: free its earliest primitive
			r = o.earliestHeld()
		}
		o.out = append(o.out, prims[r])
		o.indeg[r] = -1 // out
		for _, s := range o.adj[o.start[r]:o.start[r+1]] {
			if o.indeg[s] > 0 {
				o.indeg[s]--
				if o.indeg[s] == 0 && s < int32(next) {
					o.push(s) // the cursor has passed it
				}
			}
		}
	}
	copy(prims, o.out)
}

// earliestHeld returns the first rank still held back by an edge. A rank
// once free never is held again, so its cursor only moves forward.
func (o *orderer) earliestHeld() int32 {
	for o.held < len(o.indeg) && o.indeg[o.held] <= 0 {
		o.held++
	}
	return int32(o.held) // < len while primitives remain
}

// push and pop make o.heap a binary min-heap of ranks.
func (o *orderer) push(r int32) {
	h := append(o.heap, r)
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if h[p] <= h[i] {
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
	o.heap = h
}

func (o *orderer) pop() int32 {
	h := o.heap
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l, s := 2*i+1, i
		if l < len(h) && h[l] < h[s] {
			s = l
		}
		if l+1 < len(h) && h[l+1] < h[s] {
			s = l + 1
		}
		if s == i {
			break
		}
		h[i], h[s] = h[s], h[i]
		i = s
	}
	o.heap = h
	return top
}

// resizeZero returns s with length n, all zero, reusing its storage.
func resizeZero(s []int32, n int) []int32 {
	if cap(s) < n {
		s = make([]int32, n)
	}
	s = s[:n]
	clear(s)
	return s
}
