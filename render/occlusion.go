package render

import (
	"cmp"
	"math"
	"slices"
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
	c    Vec3
	half [3]float64
	axes [3]Vec3
}

// separationEps lets boxes that touch (a lamp on a body) count as
// separated by their common face.
const separationEps = 1e-6

// inFront compares two occluders seen from eye: +1 when a can hide b and
// b cannot hide a (paint b first), -1 for the reverse, 0 when neither can
// hide the other or the boxes interpenetrate.
func inFront(a, b *occluder, eye Vec3) int {
	d := b.c.Sub(a.c)
	try := func(l Vec3) (int, bool) {
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
func (o *occluder) radius(l Vec3) float64 {
	return math.Abs(o.axes[0].Dot(l))*o.half[0] + math.Abs(o.axes[1].Dot(l))*o.half[1] +
		math.Abs(o.axes[2].Dot(l))*o.half[2]
}

// aabbOccluder is the occluder of an axis-aligned box.
func aabbOccluder(b AABB) occluder {
	h := b.Max.Sub(b.Min).Scale(0.5)
	return occluder{c: b.Center(), half: [3]float64{h.X, h.Y, h.Z}, axes: [3]Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}
}

// orderer holds the buffers of the occlusion pass, reused every frame.
type orderer struct {
	byX   []xKey     // primitives with an occluder, by screen MinX
	edges [][2]int32 // (behind, front) in ranks
	start []int32    // CSR: out-edges of rank r are adj[start[r]:start[r+1]]
	adj   []int32
	fill  []int32
	indeg []int32
	heap  []int32
	out   []prim
}

// order reorders prims (already back to front by depth) so that no
// primitive is painted before one it hides, as far as their occluders
// tell. occ holds the occluders the prims refer to.
func (o *orderer) order(prims []prim, occ []occluder, eye Vec3) {
	if len(prims) < 2 {
		return
	}
	o.collect(prims, occ, eye)
	if len(o.edges) == 0 {
		return
	}
	o.buildGraph(len(prims))
	o.sort(prims)
}

// xKey is a primitive's rank keyed by the left edge of its rectangle.
type xKey struct {
	minX float64
	rank int32
}

// collect finds the constrained pairs with a sweep over screen x: only
// primitives whose rectangles overlap can hide one another.
func (o *orderer) collect(prims []prim, occ []occluder, eye Vec3) {
	o.byX, o.edges = o.byX[:0], o.edges[:0]
	for i := range prims {
		if prims[i].occ >= 0 {
			o.byX = append(o.byX, xKey{prims[i].rect.MinX, int32(i)})
		}
	}
	slices.SortFunc(o.byX, func(a, b xKey) int { return cmp.Compare(a.minX, b.minX) })
	for k, ki := range o.byX {
		i := ki.rank
		pi := &prims[i]
		for _, kj := range o.byX[k+1:] {
			if kj.minX >= pi.rect.MaxX {
				break
			}
			j := kj.rank
			pj := &prims[j]
			if pj.rect.MinY >= pi.rect.MaxY || pi.rect.MinY >= pj.rect.MaxY {
				continue
			}
			switch inFront(&occ[pi.occ], &occ[pj.occ], eye) {
			case 1: // i hides j: j first
				o.edges = append(o.edges, [2]int32{j, i})
			case -1:
				o.edges = append(o.edges, [2]int32{i, j})
			}
		}
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
// go, the one earliest in depth order. A cycle (possible with three or
// more long boxes) is broken at its earliest primitive.
func (o *orderer) sort(prims []prim) {
	n := len(prims)
	o.heap = o.heap[:0]
	for r := range n {
		if o.indeg[r] == 0 {
			o.push(int32(r))
		}
	}
	o.out = o.out[:0]
	next := 0 // the earliest rank that may not be out yet
	for len(o.out) < n {
		if len(o.heap) == 0 {
			for o.indeg[next] < 0 {
				next++
			}
			o.indeg[next] = 0
			o.push(int32(next))
		}
		r := o.pop()
		o.out = append(o.out, prims[r])
		o.indeg[r] = -1 // out
		for _, s := range o.adj[o.start[r]:o.start[r+1]] {
			if o.indeg[s] > 0 {
				o.indeg[s]--
				if o.indeg[s] == 0 {
					o.push(s)
				}
			}
		}
	}
	copy(prims, o.out)
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
