package compare

import (
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/scene"
)

// Divergence is how far apart the two actors of every matched pair are
// at each of A's frames, on one clock (see the package comment). It is
// worked out once for an offset, so that the window can look it up every
// frame for nothing; changing the offset means a new Divergence, which
// costs a pass over the pairs' samples, not over the files.
type Divergence struct {
	M      *Matching
	Offset float64   // s: B's time = B's start + (A's time - A's start) + Offset
	Times  []float64 // A's frame times
	// Max is the largest divergence of any pair at each of A's frames,
	// for the timeline's strip (0 where no pair lives in both runs).
	Max   []float64
	Pairs []PairDivergence // as M.Pairs
}

// PairDivergence is one pair's divergence over time.
type PairDivergence struct {
	// D is the distance (m) between the two actors at each of A's
	// frames the A actor lives in (from its First on); NaN where the B
	// actor does not live at that moment, so an actor spawned later or
	// destroyed earlier in one run only diverges while both exist.
	D []float64
	// Peak is the largest divergence, at A's frame PeakFrame (-1 when the
	// two never live at the same moment).
	Peak      float64
	PeakFrame int
}

// Diverge measures every pair of m with B shifted by offset seconds.
func Diverge(m *Matching, offset float64) *Divergence {
	d := &Divergence{M: m, Offset: offset, Times: m.A.Times, Max: make([]float64, len(m.A.Times)),
		Pairs: make([]PairDivergence, len(m.Pairs))}
	for k, p := range m.Pairs {
		pd := d.measure(p)
		first := m.A.Actors[p.A].First
		for i, v := range pd.D {
			if v > d.Max[first+i] {
				d.Max[first+i] = v
			}
		}
		d.Pairs[k] = pd
	}
	return d
}

// measure samples one pair at the A actor's frames.
func (d *Divergence) measure(p Pair) PairDivergence {
	x := &d.M.A.Actors[p.A]
	pd := PairDivergence{D: make([]float64, x.Len()), PeakFrame: -1}
	for i := range x.Len() {
		f, pa := x.First+i, x.Pos(i)
		pb, ok := d.bAt(p.B, d.bTime(d.Times[f]))
		if !ok {
			pd.D[i] = math.NaN()
			continue
		}
		pd.D[i] = pa.Sub(pb).Len()
		if pd.PeakFrame < 0 || pd.D[i] > pd.Peak {
			pd.Peak, pd.PeakFrame = pd.D[i], f
		}
	}
	return pd
}

// bTime is the time in B of the moment at A's time t.
func (d *Divergence) bTime(t float64) float64 { return d.M.bTime(t, d.Offset) }

// bAt returns where B's actor j is at B's time t: between two frames it
// lives in, on the line between them (as the viewer draws it), unless it
// jumped farther than scene.TeleportDistance, when it is at the nearer.
func (d *Divergence) bAt(j int, t float64) (mgl64.Vec3, bool) {
	y, times := &d.M.B.Actors[j], d.M.B.Times
	k := sort.SearchFloat64s(times, t) // first frame at or after t
	if k < len(times) && times[k] == t {
		return y.at(k)
	}
	if k == 0 || k == len(times) {
		return mgl64.Vec3{}, false
	}
	p0, ok0 := y.at(k - 1)
	p1, ok1 := y.at(k)
	if !ok0 || !ok1 {
		return mgl64.Vec3{}, false
	}
	a := (t - times[k-1]) / (times[k] - times[k-1])
	if p1.Sub(p0).Len() > scene.TeleportDistance {
		if a < 0.5 {
			return p0, true
		}
		return p1, true
	}
	return p0.Add(p1.Sub(p0).Mul(a)), true
}

// at returns the actor's position at frame f, if it lives then.
func (a *Actor) at(f int) (mgl64.Vec3, bool) {
	if f < a.First || f > a.Last() {
		return mgl64.Vec3{}, false
	}
	return a.Pos(f - a.First), true
}

// At returns pair k's divergence at A's time t, on the line between
// the two frames around t, and false while the two do not both live.
func (d *Divergence) At(k int, t float64) (float64, bool) {
	x, pd := &d.M.A.Actors[d.M.Pairs[k].A], &d.Pairs[k]
	f := sort.SearchFloat64s(d.Times, t) // first frame at or after t
	if f < len(d.Times) && d.Times[f] == t {
		return pd.value(x, f)
	}
	if f == 0 || f == len(d.Times) {
		return 0, false
	}
	v0, ok0 := pd.value(x, f-1)
	v1, ok1 := pd.value(x, f)
	if !ok0 || !ok1 {
		return 0, false
	}
	a := (t - d.Times[f-1]) / (d.Times[f] - d.Times[f-1])
	return v0 + (v1-v0)*a, true
}

func (pd *PairDivergence) value(x *Actor, f int) (float64, bool) {
	if f < x.First || f > x.Last() || math.IsNaN(pd.D[f-x.First]) {
		return 0, false
	}
	return pd.D[f-x.First], true
}

// FirstOver returns A's frame at which pair k's divergence first exceeds
// threshold metres, or -1.
func (d *Divergence) FirstOver(k int, threshold float64) int {
	first := d.M.A.Actors[d.M.Pairs[k].A].First
	for i, v := range d.Pairs[k].D {
		if v > threshold { // NaN never is
			return first + i
		}
	}
	return -1
}

// Locations returns where pair k's two actors are at A's frame f (world
// metres), and false while they do not both live.
func (d *Divergence) Locations(k int, f int) (a, b mgl64.Vec3, ok bool) {
	p := d.M.Pairs[k]
	a, ok = d.M.A.Actors[p.A].at(f)
	if !ok {
		return a, b, false
	}
	b, ok = d.bAt(p.B, d.bTime(d.Times[f]))
	return a, b, ok
}
